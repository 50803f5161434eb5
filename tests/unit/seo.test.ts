/** The head builder, the structured data and the sitemap, on the real content. */
import { afterEach, describe, expect, test } from 'vitest';
import { loadContent } from '../../src/content/loader.ts';
import { officeHoursText } from '../../src/content/office.ts';
import { siteOrigin } from '../../src/env.ts';
import { buildHead, jsonForScript } from '../../src/seo/head.ts';
import { breadcrumbJsonLd, jobPostingJsonLd, organizationJsonLd, serviceJsonLd } from '../../src/seo/jsonLd.ts';
import { shortDescription } from '../../src/seo/shortDescription.ts';
import { structuredDataProblems } from '../../src/seo/structuredDataRules.ts';
import { robotsTxt, sitemapXml } from '../../src/seo/sitemap.ts';
import { contentErrorAfter } from './contentFixture.ts';

const content = await loadContent();
const { site } = content;
const meal = content.services.find((s) => s.slug === 'meal-preparation')!;
const origin = 'https://care.example.org';

afterEach(() => {
  delete process.env.SITE_URL;
});

describe('the head builder', () => {
  const head = buildHead({ title: meal.title, description: meal.description, keywords: meal.keywords, path: '/meal-preparation', jsonLd: [{ a: 1 }] }, site, origin);

  test('writes the title with the agency name, description, keywords and an absolute canonical link', () => {
    expect(head).toContain('<title>Meal Preparation Services in Connecticut | Hearthside Home Care</title>');
    expect(head).toContain(`<meta name="description" content="${meal.description}">`);
    expect(head).toContain('<meta name="keywords" content="meal preparation for seniors, in-home meal help Connecticut');
    expect(head).toContain('<link rel="canonical" href="https://care.example.org/meal-preparation">');
  });

  test('writes Open Graph and Twitter tags with an absolute share image', () => {
    for (const tag of [
      '<meta property="og:title" content="Meal Preparation Services in Connecticut | Hearthside Home Care">',
      '<meta property="og:url" content="https://care.example.org/meal-preparation">',
      '<meta property="og:type" content="website">',
      '<meta property="og:image" content="https://care.example.org/og-image.png">',
      '<meta name="twitter:card" content="summary_large_image">',
    ]) expect(head).toContain(tag);
    expect(head).not.toContain('robots');
  });

  test('asks robots not to index a noindex page', () => {
    expect(buildHead({ title: 'x', description: 'y', keywords: [], path: '/x', noindex: true }, site, origin)).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  test('escapes text so content cannot inject markup', () => {
    const evil = buildHead({ title: '"><script>alert(1)</script>', description: 'a & b', keywords: [], path: '/x' }, site, origin);
    expect(evil).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Hearthside Home Care</title>');
    expect(evil).toContain('content="a &amp; b"');
    expect(jsonForScript({ text: '</script><script>alert(1)</script>' })).toBe('{"text":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}');
  });
});

describe('structured data', () => {
  test('describes a service with its provider, serviceType and a 100 km circle over Connecticut', () => {
    expect(serviceJsonLd(meal, site, origin)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Service',
      name: 'Meal Preparation',
      description: meal.description,
      serviceType: 'Meal preparation',
      url: 'https://care.example.org/meal-preparation',
      provider: { '@type': 'LocalBusiness', '@id': 'https://care.example.org/#organization', name: 'Hearthside Home Care', url: 'https://care.example.org/', telephone: '+18605550142', email: 'care@example.com' },
      areaServed: {
        '@type': 'State',
        name: 'Connecticut',
        geo: { '@type': 'GeoCircle', geoMidpoint: { '@type': 'GeoCoordinates', latitude: 41.6219, longitude: -72.7457 }, geoRadius: 100000 },
      },
    });
  });

  test("describes a job at its own page's address, where it can be applied for directly", () => {
    const job = content.jobs.find((j) => j.slug === 'companion-caregiver')!;
    const posting = jobPostingJsonLd(job, site, origin);
    expect(posting).toMatchObject({ '@type': 'JobPosting', title: 'Companion Caregiver', url: 'https://care.example.org/careers/companion-caregiver', directApply: true, validThrough: `${job.validThrough}T23:59:59-05:00` });
    expect(posting.description).toContain('<p>Responsibilities:</p><ul><li>');
  });

  test('gives no salary for a job without pay, and the pay a job file gives as a baseSalary', () => {
    const job = content.jobs.find((j) => j.slug === 'companion-caregiver')!;
    expect(jobPostingJsonLd(job, site, origin)).not.toHaveProperty('baseSalary');
    expect(jobPostingJsonLd({ ...job, pay: { min: 18, max: 22, per: 'HOUR', currency: 'USD' } }, site, origin)).toMatchObject({
      baseSalary: { '@type': 'MonetaryAmount', currency: 'USD', value: { '@type': 'QuantitativeValue', minValue: 18, maxValue: 22, unitText: 'HOUR' } },
    });
    expect(jobPostingJsonLd({ ...job, pay: { min: 45000, per: 'YEAR', currency: 'USD' } }, site, origin)).toMatchObject({
      baseSalary: { '@type': 'MonetaryAmount', currency: 'USD', value: { '@type': 'QuantitativeValue', value: 45000, unitText: 'YEAR' } },
    });
  });

  test('gives a service page the trail Home > Services > the service, in absolute addresses', () => {
    expect(breadcrumbJsonLd('/services', { name: meal.card.title, path: meal.canonicalPath }, origin)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://care.example.org/' },
        { '@type': 'ListItem', position: 2, name: 'Services', item: 'https://care.example.org/services' },
        { '@type': 'ListItem', position: 3, name: 'Meal Preparation', item: 'https://care.example.org/meal-preparation' },
      ],
    });
  });

  test('shortens a long text to a search description at a word, with an ellipsis', () => {
    expect(shortDescription('Short enough.')).toBe('Short enough.');
    const long = shortDescription(`${'Caregivers help clients at home, '.repeat(8)}every day.`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/ [a-z]+…$/);
  });

  test('describes the agency as a local business in Connecticut', () => {
    const org = organizationJsonLd(site, origin);
    expect(org).toMatchObject({ '@type': 'LocalBusiness', name: 'Hearthside Home Care', telephone: '+18605550142', address: { addressRegion: 'CT', addressCountry: 'US' } });
  });

  test("gives the office hours the pages show, leaving out Sunday's emergency calls only", () => {
    expect(organizationJsonLd(site, origin)).toMatchObject({
      openingHoursSpecification: [
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '18:00' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '15:00' },
      ],
    });
    expect(site.officeHours.map((line) => `${line.days.display}: ${officeHoursText(line)}`)).toEqual(['Monday - Friday: 8:00 am - 6:00 pm', 'Saturday: 9:00 am - 3:00 pm', 'Sunday: Emergency calls only']);
  });

  test('gives the state as the address: a street comes only from an office families may visit (content/offices/)', () => {
    expect((organizationJsonLd(site, origin) as unknown as { address: object }).address).toEqual({ '@type': 'PostalAddress', addressRegion: 'CT', addressCountry: 'US' });
  });

  test('refuses an address in site.yaml, saying where it lives now, so the footer, /contact and the data cannot disagree', async () => {
    const message = await contentErrorAfter((copy) => copy.edit('site.yaml', /^forms:$/m, 'address:\n  street: 100 Example Road\n  town: Berlin\n  zip: "06037"\nforms:'));
    expect(message).toContain('The field "address" is no longer used: the office\'s address has a file of its own now, content/offices/<office>.yaml, with whether families may visit, its hours and its Google profile (docs/reviews-and-consent.md, "People, the office and awards"). Move the street, town and ZIP code there and delete this block  (content/site.yaml, line');
  }, 30_000);

  test('gives no opening hours when the office is closed every day it lists', () => {
    const closed = { ...site, officeHours: [{ days: { display: 'Sunday', dayOfWeek: ['Sunday' as const] }, closed: 'Closed' }] };
    expect(organizationJsonLd(closed, origin)).not.toHaveProperty('openingHoursSpecification');
  });
});

describe('the structured-data check', () => {
  const job = () => jobPostingJsonLd(content.jobs[0]!, site, origin) as unknown as Record<string, unknown>;

  test('passes every block the site builds', () => {
    const blocks = [
      organizationJsonLd(site, origin),
      ...content.services.flatMap((s) => [serviceJsonLd(s, site, origin), breadcrumbJsonLd('/services', { name: s.card.title, path: s.canonicalPath }, origin)]),
      ...content.jobs.map((j) => jobPostingJsonLd(j, site, origin)),
    ];
    for (const block of blocks) expect(structuredDataProblems(jsonForScript(block))).toEqual([]);
  });

  test.each([['title'], ['description'], ['datePosted'], ['hiringOrganization'], ['jobLocation']])('fails a JobPosting without %s', (field) => {
    const block = job();
    delete block[field];
    expect(structuredDataProblems(JSON.stringify(block))).not.toEqual([]);
  });

  test('fails opening hours with a day that is not one, a time that is not hh:mm, or closing before opening', () => {
    const org = organizationJsonLd(site, origin) as unknown as Record<string, unknown>;
    const withHours = (hours: object) => JSON.stringify({ ...org, openingHoursSpecification: [hours] });
    const spec = { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday'], opens: '08:00', closes: '18:00' };
    expect(structuredDataProblems(withHours({ ...spec, dayOfWeek: 'https://schema.org/Monday' }))).toEqual([]);
    expect(structuredDataProblems(withHours({ ...spec, dayOfWeek: ['Mon'] }))).toEqual(['LocalBusiness openingHoursSpecification[0] has dayOfWeek ["Mon"], not days of the week']);
    expect(structuredDataProblems(withHours({ ...spec, opens: '8:00 am' }))).toEqual(['LocalBusiness openingHoursSpecification[0] has opens "8:00 am", not a time hh:mm']);
    expect(structuredDataProblems(withHours({ ...spec, closes: '07:00' }))).toEqual(['LocalBusiness openingHoursSpecification[0] closes (07:00) before it opens (08:00)']);
    expect(structuredDataProblems(withHours({ dayOfWeek: ['Monday'] }))).toEqual(['LocalBusiness openingHoursSpecification[0] is not an OpeningHoursSpecification']);
  });

  test('passes a baseSalary of one figure or a range, and fails one in no currency, per an unknown unit, or with its range upside down', () => {
    const withSalary = (value: object, currency: unknown = 'USD') => JSON.stringify({ ...job(), baseSalary: { '@type': 'MonetaryAmount', currency, value: { '@type': 'QuantitativeValue', ...value } } });
    expect(structuredDataProblems(withSalary({ minValue: 18, maxValue: 22, unitText: 'HOUR' }))).toEqual([]);
    expect(structuredDataProblems(withSalary({ value: 45000, unitText: 'YEAR' }))).toEqual([]);
    expect(structuredDataProblems(withSalary({ value: 20, unitText: 'HOUR' }, '$'))).toEqual(['JobPosting baseSalary has currency "$", not a currency code such as "USD"']);
    expect(structuredDataProblems(withSalary({ value: 20, unitText: 'HOURLY' }))).toEqual(['JobPosting baseSalary.value has unitText "HOURLY", not one of HOUR, DAY, WEEK, MONTH, YEAR']);
    expect(structuredDataProblems(withSalary({ minValue: 22, maxValue: 18, unitText: 'HOUR' }))).toEqual([
      'JobPosting baseSalary.value has neither a value nor a range from minValue to maxValue (found 22 to 18)',
    ]);
    expect(structuredDataProblems(JSON.stringify({ ...job(), baseSalary: 20 }))).toEqual(['JobPosting baseSalary is not a MonetaryAmount']);
  });

  test('fails a trail of one item, out of order, without a name, or with an address that is not absolute', () => {
    const trail = breadcrumbJsonLd('/careers', { name: 'Companion Caregiver', path: '/careers/companion-caregiver' }, origin);
    const items = trail.itemListElement as unknown as Array<Record<string, unknown>>;
    const withItems = (list: unknown[]) => JSON.stringify({ ...trail, itemListElement: list });
    expect(structuredDataProblems(withItems(items))).toEqual([]);
    expect(structuredDataProblems(withItems(items.slice(0, 1)))).toEqual(['BreadcrumbList has fewer than two items in itemListElement']);
    expect(structuredDataProblems(withItems([items[1], items[0], items[2]]))).toEqual([
      'BreadcrumbList itemListElement[0] has position 2, not 1',
      'BreadcrumbList itemListElement[1] has position 1, not 2',
    ]);
    expect(structuredDataProblems(withItems([items[0], { ...items[1], name: '' }, { ...items[2], item: '/careers/companion-caregiver' }]))).toEqual([
      'BreadcrumbList itemListElement[1] has no name',
      'BreadcrumbList itemListElement[2] has no absolute address in item (found "/careers/companion-caregiver")',
    ]);
    expect(structuredDataProblems(JSON.stringify({ '@context': 'https://schema.org', '@type': 'BreadcrumbList' }))).toEqual(['BreadcrumbList has no itemListElement']);
  });

  test('fails a LocalBusiness without its address, a Service without its provider, an unknown type, and text that is not JSON', () => {
    const { address: _address, ...noAddress } = organizationJsonLd(site, origin) as unknown as Record<string, unknown>;
    expect(structuredDataProblems(JSON.stringify(noAddress))).toEqual(['LocalBusiness has no address.addressRegion', 'LocalBusiness has no address.addressCountry']);
    const { provider: _provider, ...noProvider } = serviceJsonLd(meal, site, origin) as unknown as Record<string, unknown>;
    expect(structuredDataProblems(JSON.stringify(noProvider))).toEqual(['Service has no provider.name']);
    expect(structuredDataProblems(JSON.stringify({ '@context': 'https://schema.org', '@type': 'JobPostng' }))[0]).toMatch(/JobPostng/);
    expect(structuredDataProblems('{"@type": ')[0]).toMatch(/does not parse/);
  });
});

describe('sitemap and robots', () => {
  test('lists indexable routes only, as absolute addresses', () => {
    const xml = sitemapXml([{ path: '/', noindex: false }, { path: '/a', noindex: false }, { path: '/hidden', noindex: true }], origin);
    expect(xml).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>https://care.example.org/</loc></url>\n  <url><loc>https://care.example.org/a</loc></url>\n</urlset>\n');
  });

  test('robots.txt names the sitemap and disallows /admin', () => {
    expect(robotsTxt(origin)).toBe('User-agent: *\nDisallow: /admin\n\nSitemap: https://care.example.org/sitemap.xml\n');
  });
});

describe('SITE_URL', () => {
  test('overrides the content site URL, without a trailing slash', () => {
    process.env.SITE_URL = 'https://www.hearthside.example/';
    expect(siteOrigin(site.siteUrl)).toBe('https://www.hearthside.example');
  });

  test('falls back to content/site.yaml when unset', () => {
    expect(siteOrigin(site.siteUrl)).toBe('https://www.example.com');
  });

  test('fails loudly, naming the variable, when it is not an address', () => {
    process.env.SITE_URL = 'www.example.com';
    expect(() => siteOrigin(site.siteUrl)).toThrow(/SITE_URL/);
  });
});
