/** Structured data (schema.org) for search engines: the agency, and each service it offers. */
import type { ServicePage } from '../content/loader.ts';
import type { Site } from '../content/schemas/site.ts';
import { absoluteUrl } from './head.ts';

function provider(site: Site, origin: string) {
  return {
    '@type': 'LocalBusiness',
    '@id': `${origin}/#organization`,
    name: site.name,
    url: `${origin}/`,
    telephone: site.phone.e164,
    email: site.email,
  };
}

function areaServed(site: Site) {
  return {
    '@type': 'State',
    name: 'Connecticut',
    geo: {
      '@type': 'GeoCircle',
      geoMidpoint: { '@type': 'GeoCoordinates', latitude: site.geo.latitude, longitude: site.geo.longitude },
      geoRadius: site.geo.radiusMeters,
    },
  };
}

export function serviceJsonLd(service: ServicePage, site: Site, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.card.title,
    description: service.description,
    serviceType: service.serviceType,
    url: absoluteUrl(origin, service.canonicalPath),
    provider: provider(site, origin),
    areaServed: areaServed(site),
  };
}

export function organizationJsonLd(site: Site, origin: string) {
  return {
    '@context': 'https://schema.org',
    ...provider(site, origin),
    description: `${site.claims.careHours}. ${site.registration.label}, registration ${site.registration.number}.`,
    image: absoluteUrl(origin, site.shareImage.path),
    areaServed: areaServed(site),
    address: { '@type': 'PostalAddress', addressRegion: 'CT', addressCountry: 'US' },
  };
}
