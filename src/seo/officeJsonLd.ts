/**
 * An office (content/offices/) as schema.org structured data: a LocalBusiness, the type for a non-medical agency
 * (HomeHealthCareService is a medical one). Its street address only where visitors are received, as its Google
 * Business Profile shows it; otherwise the state alone, with the towns it serves as its area. Never a rating or a
 * review: Google shows no review stars for a business's reviews of itself on its own site, and the agency's chosen
 * reviews are not to be presented as a rating.
 */
import type { LocalBusiness, WithContext } from 'schema-dts';
import type { OfficeEntry } from '../content/content.ts';
import type { Site } from '../content/schemas/site.ts';
import { absoluteUrl } from './head.ts';
import { openingHoursSpecification } from './jsonLd.ts';

export function officeJsonLd(office: OfficeEntry, site: Site, origin: string): WithContext<LocalBusiness> {
  const { street, town, state, zip } = office.address;
  const hours = openingHoursSpecification(office.hours);
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${origin}/#office-${office.slug}`,
    name: site.name,
    url: `${origin}/`,
    telephone: office.phone.e164,
    email: site.email,
    image: absoluteUrl(origin, site.shareImage.path),
    address: office.receivesVisitors
      ? { '@type': 'PostalAddress', streetAddress: street, addressLocality: town, addressRegion: state, postalCode: zip, addressCountry: 'US' }
      : { '@type': 'PostalAddress', addressRegion: state, addressCountry: 'US' },
    ...(office.receivesVisitors ? {} : { areaServed: office.towns.map((name) => ({ '@type': 'City' as const, name })) }),
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
    ...(office.googleProfile ? { sameAs: office.googleProfile } : {}),
  };
}
