/**
 * Structured data (schema.org) for search engines: the agency, each service it offers, each job opening, and the
 * trail to each page below the top level. Typed
 * with schema-dts, so a misspelt type or property does not compile; tests/unit/seo.test.ts and build.test.ts check
 * that every block a built page carries parses and has Google's required fields for its type.
 */
import type { BreadcrumbList, JobPosting, LocalBusiness, MonetaryAmount, OpeningHoursSpecification, Service, State, WithContext } from 'schema-dts';

/** The agency as a LocalBusiness node (schema-dts's type also admits subtypes and bare ids). */
type Agency = Extract<LocalBusiness, { '@type': 'LocalBusiness' }>;
import type { JobOpening, ServicePage } from '../content/content.ts';
import type { Site } from '../content/schemas/site.ts';
import { jobPath } from '../routes.ts';
import { absoluteUrl } from './head.ts';

function provider(site: Site, origin: string): Agency {
  return {
    '@type': 'LocalBusiness' as const,
    '@id': `${origin}/#organization`,
    name: site.name,
    url: `${origin}/`,
    telephone: site.phone.e164,
    email: site.email,
  };
}

function areaServed(site: Site): State {
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

export function serviceJsonLd(service: ServicePage, site: Site, origin: string): WithContext<Service> {
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

/**
 * The agency, on the home page while content/offices/ has no office (with one, each office is the local business,
 * src/seo/officeJsonLd.ts): its office hours from site.yaml's `officeHours` (the lines the page shows; a line for
 * days the office is closed gives none), and the state as its address.
 */
export function organizationJsonLd(site: Site, origin: string): WithContext<LocalBusiness> {
  const hours = openingHours(site);
  return {
    '@context': 'https://schema.org',
    ...provider(site, origin),
    description: `${site.claims.careHours}. ${site.registration.label}, registration ${site.registration.number}.`,
    image: absoluteUrl(origin, site.shareImage.path),
    areaServed: areaServed(site),
    address: { '@type': 'PostalAddress', addressRegion: 'CT', addressCountry: 'US' },
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
  };
}

function openingHours(site: Site): OpeningHoursSpecification[] {
  return openingHoursSpecification(site.officeHours);
}

/** Lines of office hours as schema.org reads them; a line for days the office is closed gives none. */
export function openingHoursSpecification(lines: Site['officeHours']): OpeningHoursSpecification[] {
  return lines.flatMap(({ days, opens, closes }) =>
    opens && closes ? [{ '@type': 'OpeningHoursSpecification' as const, dayOfWeek: days.dayOfWeek, opens: opens.time, closes: closes.time }] : [],
  );
}

/**
 * A JobPosting with every property Google requires (title, description, datePosted, hiringOrganization,
 * jobLocation), for the opening's own page; `directApply`: the application form is on that page; `baseSalary`
 * when the job file gives its pay (the figures the page shows).
 */
export function jobPostingJsonLd(job: JobOpening, site: Site, origin: string): WithContext<JobPosting> {
  const list = (items: string[]) => `<ul>${items.map((item) => `<li>${escapeText(item)}</li>`).join('')}</ul>`;
  const description = [
    ...job.description.map((paragraph) => `<p>${escapeText(paragraph)}</p>`),
    `<p>Responsibilities:</p>${list(job.responsibilities)}`,
    `<p>Requirements:</p>${list(job.requirements)}`,
    ...(job.preferred.length ? [`<p>Preferred, not required:</p>${list(job.preferred)}`] : []),
  ].join('');
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description,
    datePosted: job.datePosted,
    validThrough: `${job.validThrough}T23:59:59-05:00`,
    employmentType: job.employmentTypes,
    workHours: job.workHours,
    hiringOrganization: { '@type': 'Organization', name: site.name, sameAs: `${origin}/`, logo: absoluteUrl(origin, '/favicon.svg') },
    jobLocation: {
      '@type': 'Place' as const,
      address: { '@type': 'PostalAddress', ...(job.locality ? { addressLocality: job.locality } : {}), addressRegion: 'CT', addressCountry: 'US' },
    },
    url: absoluteUrl(origin, jobPath(job)),
    directApply: true,
    ...(job.pay ? { baseSalary: baseSalary(job.pay) } : {}),
  };
}

/** The pay a job file gives, as Google reads a salary: one figure, or a range from min to max. */
function baseSalary({ min, max = min, per, currency }: NonNullable<JobOpening['pay']>): MonetaryAmount {
  return {
    '@type': 'MonetaryAmount',
    currency,
    value: { '@type': 'QuantitativeValue', ...(max === min ? { value: min } : { minValue: min, maxValue: max }), unitText: per },
  };
}

/** The menu pages a page below the top level sits under, named as the header menu names them. */
const SECTIONS = { '/services': 'Services', '/careers': 'Careers', '/contact': 'Contact' } as const;
export type BreadcrumbSection = keyof typeof SECTIONS;

/**
 * The trail from the home page to a page below the top level: Home > Services > Personal Care. It follows the
 * menu, not the address: a service's page is /<slug>, but it is one of the Services. Every address is absolute,
 * on the site's canonical origin.
 */
export function breadcrumbJsonLd(section: BreadcrumbSection, page: { name: string; path: string }, origin: string): WithContext<BreadcrumbList> {
  const trail = [{ name: 'Home', path: '/' }, { name: SECTIONS[section], path: section }, page];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(({ name, path }, index) => ({ '@type': 'ListItem' as const, position: index + 1, name, item: absoluteUrl(origin, path) })),
  };
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
