/**
 * The real build, run in a copy of the project: every route, the 404 page, the sitemap and robots.txt are
 * written; a new service file becomes a page and a sitemap entry; an open job gets a page and a closed or
 * removed one none; only pages with a form load a script; broken content leaves the site built before in place.
 */
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';
import { createStaticServer } from '../../scripts/live/siteServer.ts';
import { loadContent } from '../../src/content/loader.ts';
import { FIXED_ROUTES, UNLISTED_ROUTES, htmlFileFor, publicRoutes } from '../../src/routes.ts';
import { jsonLdBlocks, structuredDataProblems } from '../../src/seo/structuredDataRules.ts';
import { outputManifest } from './buildOutput.ts';
import { fixtureService } from './contentFixture.ts';

/** The origin the copy's site.yaml gives (SITE_URL would make the build a production one: launch.test.ts). */
const SITE_URL = 'https://care.example.org';
let project: ProjectCopy;
let result: ReturnType<ProjectCopy['build']>;
const client = () => path.join(project.dir, 'dist/client');
const read = (file: string) => readFileSync(path.join(client(), file), 'utf8');

/** Gzipped bytes of the scripts a built page loads (JSON-LD is data, not code). */
const scriptsOf = (page: string) => (read(page).match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('application/ld+json'));
const gzippedJs = (tag: string) => gzipSync(readFileSync(path.join(client(), /src="\/([^"]+)"/.exec(tag)![1]!))).length;

beforeAll(() => {
  project = copyProject();
  writeFileSync(path.join(project.dir, 'content/services/foot-care.yaml'), fixtureService);
  // One opening removed, and one whose last day has passed: neither may be built, listed or offered.
  rmSync(path.join(project.dir, 'content/jobs/care-scheduling-coordinator.yaml'));
  // An office address (the shipped site.yaml gives none, only an example in a comment), and the agency's origin.
  const siteFile = path.join(project.dir, 'content/site.yaml');
  writeFileSync(siteFile, readFileSync(siteFile, 'utf8').replace(/^siteUrl: .*$/m, `siteUrl: ${SITE_URL}`));
  // An opening that gives its pay (the shipped ones give none).
  const caregiverFile = path.join(project.dir, 'content/jobs/companion-caregiver.yaml');
  writeFileSync(caregiverFile, `${readFileSync(caregiverFile, 'utf8')}pay:\n  min: 18\n  max: 22\n  per: HOUR\n`);
  const caregiver = readFileSync(path.join(project.dir, 'content/jobs/companion-caregiver.yaml'), 'utf8');
  writeFileSync(
    path.join(project.dir, 'content/jobs/night-companion.yaml'),
    caregiver.replace('title: Companion Caregiver', 'title: Night Companion').replace(/^datePosted: .*$/m, 'datePosted: 2020-01-06').replace(/^validThrough: .*$/m, 'validThrough: 2020-02-28'),
  );
  result = project.build();
});

afterAll(() => project.cleanup());

describe('a build with one new service file', () => {
  test('succeeds', () => {
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.status).toBe(0);
  });

  test('writes an index.html for every public route: the fixed pages and all 32 services', async () => {
    const content = await loadContent(path.join(project.dir, 'content'));
    const routes = publicRoutes(content);
    expect(content.services).toHaveLength(32);
    for (const route of routes) expect(existsSync(path.join(client(), htmlFileFor(route.path))), route.path).toBe(true);
  });

  test('renders the new file through the service template', () => {
    const html = read('foot-care/index.html');
    expect(html).toContain('<title>Foot Care Support at Home | Hearthside Home Care</title>');
    expect(html).toContain('<link rel="canonical" href="https://care.example.org/foot-care">');
    expect(html).toContain('What We Provide');
    expect(html).toContain('Daily foot washing and careful drying');
  });

  test("lists the new page in the sitemap, with site.yaml's siteUrl as the origin", () => {
    const sitemap = read('sitemap.xml');
    expect(sitemap).toContain('<loc>https://care.example.org/foot-care</loc>');
    expect(sitemap).toContain('<loc>https://care.example.org/</loc>');
    expect(sitemap.match(/<loc>/g)).toHaveLength(FIXED_ROUTES.length + 1 + 32);
  });

  test('writes robots.txt that points at the sitemap and keeps crawlers out of /admin', () => {
    expect(read('robots.txt')).toBe('User-agent: *\nDisallow: /admin\n\nSitemap: https://care.example.org/sitemap.xml\n');
  });

  test('writes the 404 page', () => {
    const html = read('404.html');
    expect(html).toContain('Oops! Page Not Found');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  test('gives each open job a page with its JobPosting data, and none to a closed or removed one', () => {
    const html = read('careers/companion-caregiver/index.html');
    expect(html).toContain('<title>Companion Caregiver Job in Connecticut | Hearthside Home Care</title>');
    expect(html).toContain('<link rel="canonical" href="https://care.example.org/careers/companion-caregiver">');
    const postings = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(postings).toMatchObject([{ '@type': 'JobPosting', title: 'Companion Caregiver', url: 'https://care.example.org/careers/companion-caregiver', directApply: true }, { '@type': 'BreadcrumbList' }]);
    expect(html).toMatch(/<option value="companion-caregiver" selected="">Companion Caregiver<\/option>/);
    for (const gone of ['care-scheduling-coordinator', 'night-companion']) {
      expect(existsSync(path.join(client(), `careers/${gone}/index.html`)), gone).toBe(false);
      expect(read('sitemap.xml')).not.toContain(gone);
      expect(read('careers/index.html')).not.toContain(`value="${gone}"`);
    }
    expect(read('sitemap.xml')).toContain('<loc>https://care.example.org/careers/companion-caregiver</loc>');
  });

  test('shows the pay a job file gives in words, and gives it to search engines as the same range', () => {
    const html = read('careers/companion-caregiver/index.html');
    expect(html).toContain('$18–$22 an hour');
    expect(read('careers/index.html')).toContain('$18–$22 an hour');
    const posting = jsonLdBlocks(html).map((block) => JSON.parse(block)).find((block) => block['@type'] === 'JobPosting');
    expect(posting.baseSalary).toEqual({ '@type': 'MonetaryAmount', currency: 'USD', value: { '@type': 'QuantitativeValue', minValue: 18, maxValue: 22, unitText: 'HOUR' } });
  });

  test("shows the address of the office families may visit (content/offices/) in every footer and on /contact, and gives it to search engines", () => {
    const words = '100 Example Road, Suite 2, Berlin, CT 06037';
    for (const page of ['index.html', 'contact/index.html', 'about/index.html', 'meal-preparation/index.html']) {
      expect(/<footer[^]*<\/footer>/.exec(read(page))![0], page).toContain(words);
    }
    expect(/<h2>Reach Us<\/h2>[^]*?<\/ul>/.exec(read('contact/index.html'))![0]).toContain(words);
    const agency = jsonLdBlocks(read('index.html')).map((block) => JSON.parse(block)).find((block) => block['@type'] === 'LocalBusiness');
    expect(agency.address).toEqual({ '@type': 'PostalAddress', streetAddress: '100 Example Road, Suite 2', addressLocality: 'Berlin', postalCode: '06037', addressRegion: 'CT', addressCountry: 'US' });
  });

  test('gives every page below the top level, and every service page, a trail from home on the canonical origin', async () => {
    const content = await loadContent(path.join(project.dir, 'content'));
    const services = new Set(content.services.map((service) => service.canonicalPath));
    const trailOf = (html: string) => jsonLdBlocks(html).map((block) => JSON.parse(block)).filter((block) => block['@type'] === 'BreadcrumbList');
    const trailed: string[] = [];
    // The contact pages with a service ticked are the contact page, which has no trail.
    for (const { path: route } of publicRoutes(content).filter((r) => !r.variantOf)) {
      const html = read(htmlFileFor(route));
      const trails = trailOf(html);
      if (route.split('/').length < 3 && !services.has(route)) {
        expect(trails, route).toEqual([]);
        continue;
      }
      trailed.push(route);
      expect(trails, route).toHaveLength(1);
      const items = trails[0].itemListElement as Array<{ name: string; item: string }>;
      expect(items.map((item) => item.item.startsWith(`${SITE_URL}/`)), route).toEqual([true, true, true]);
      expect(items[0]!.name).toBe('Home');
      expect(items[2]!.item, route).toBe(`${SITE_URL}${route}`);
      // The page above is named as the header menu names it: Services, Careers, Contact.
      const above = new URL(items[1]!.item).pathname;
      expect(html, route).toMatch(new RegExp(`<nav aria-label="Main"[^]*?<a href="${above}"[^>]*>${items[1]!.name}</a>`));
      expect(above, route).toBe(services.has(route) ? '/services' : route.slice(0, route.lastIndexOf('/')));
    }
    expect(trailed).toEqual(expect.arrayContaining(['/foot-care', '/personal-care', '/careers/companion-caregiver', ...UNLISTED_ROUTES]));
    // The job page's visible breadcrumb leads to the page above it in the trail.
    const job = read('careers/companion-caregiver/index.html');
    expect(/<nav aria-label="Breadcrumb"><a href="([^"]+)"/.exec(job)![1]).toBe(new URL(trailOf(job)[0].itemListElement[1].item).pathname);
  });

  test('lists the openings on /careers with links to their pages, and keeps JobPosting data off it', () => {
    const html = read('careers/index.html');
    expect(html).toContain('href="/careers/companion-caregiver"');
    expect(html).not.toContain('application/ld+json');
  });

  test('writes the thanks and not-sent pages as noindex, outside the sitemap, and /privacy inside it', () => {
    for (const route of UNLISTED_ROUTES) {
      expect(read(htmlFileFor(route)), route).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(read('sitemap.xml')).not.toContain(route);
    }
    expect(read('careers/not-sent/index.html')).toMatch(/id="invalid".*id="resume".*id="too-large".*id="rate-limited".*id="failed"/s);
    // Each of submit-inquiry's reasons (it never refuses a resume: there is none).
    expect(read('contact/not-sent/index.html')).toMatch(/id="invalid".*id="too-large".*id="rate-limited".*id="failed"/s);
    expect(read('contact/not-sent/index.html')).not.toContain('id="resume"');
    expect(read('contact/thanks/index.html')).toContain('We reply within the hour when we are open, or in the first hour we next open');
    expect(read('sitemap.xml')).toContain('<loc>https://care.example.org/privacy</loc>');
  });

  test('ships no JavaScript to a page without a form, and only the form script, under 3 KB gzipped, to a page with one', () => {
    // /admin and the content editor (/admin/content/) are staff pages, with scripts of their own.
    const pages = readdirSync(client(), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html') && !file.startsWith('admin/'));
    // The fixed pages, the unlisted ones, the open job, 32 services, a contact page for each of them, and the 404.
    expect(pages.length).toBe(FIXED_ROUTES.length + UNLISTED_ROUTES.length + 1 + 32 + 32 + 1);
    // The contact card (home, /contact, /contact/for/<service>) and the application form (/careers, each job's page).
    const withForm = ['index.html', 'contact/index.html', 'contact/for/foot-care/index.html', 'contact/for/companionship/index.html', 'careers/index.html', 'careers/companion-caregiver/index.html'];
    for (const page of pages.filter((p) => !withForm.includes(p) && !p.startsWith('contact/for/'))) expect(scriptsOf(page), page).toEqual([]);
    const [tag, ...others] = scriptsOf(withForm[5]!);
    expect(others).toEqual([]);
    expect(tag).toMatch(/^<script type="module" src="\/assets\/forms\.[\w-]+\.js">$/);
    for (const page of withForm) expect(scriptsOf(page), page).toEqual([tag]);
    const bytes = gzippedJs(tag!);
    console.log(`Form script: ${bytes} B gzipped; a page with a form loads ${bytes} B of JavaScript, a page without one 0 B.`);
    expect(bytes).toBeLessThanOrEqual(3 * 1024);
    // The forms work without it: plain posts to the Edge Functions.
    const form = /<form id="application-form"[^>]*>/.exec(read(withForm[5]!))![0];
    for (const attribute of ['method="post"', 'enctype="multipart/form-data"', 'action="http://127.0.0.1:54321/functions/v1/submit-application"', 'accept-charset="utf-8"']) {
      expect(form.toLowerCase()).toContain(attribute);
    }
  });

  test("the home page and /contact have the site's own contact form, posting to submit-inquiry, and nothing of HubSpot with the placeholder ids", () => {
    for (const [page, path] of [['index.html', '/'], ['contact/index.html', '/contact']] as const) {
      const html = read(page);
      const form = /<form id="inquiry-form"[^>]*>/.exec(html)![0].toLowerCase();
      for (const attribute of ['method="post"', 'action="http://127.0.0.1:54321/functions/v1/submit-inquiry"', 'accept-charset="utf-8"', 'class="ph-no-capture']) {
        expect(form, page).toContain(attribute);
      }
      // urlencoded: there is no file to send.
      expect(form, page).not.toContain('enctype');
      expect(html, page).toContain(`<input type="hidden" name="page" value="${path}"/>`);
      expect(html.match(/ id="([^"]+)"/g)!.length, `${page}: ids are unique`).toBe(new Set(html.match(/ id="([^"]+)"/g)).size);
      expect(html, page).not.toMatch(/hsforms|data-form-provider|data-provider-target/);
    }
  });

  test('every JSON-LD block on every built page parses, uses a published schema.org type and has its required fields', () => {
    const pages = readdirSync(client(), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    const types: string[] = [];
    for (const page of pages) {
      for (const block of jsonLdBlocks(read(page))) {
        expect(structuredDataProblems(block), page).toEqual([]);
        types.push((JSON.parse(block) as { '@type': string })['@type']);
      }
    }
    // The agency on the home page, the 32 services, and the job pages of this build (one job is closed in it),
    // and a trail on each of the 32 services, the open job and the 4 pages the forms lead to.
    expect(types.filter((type) => type === 'LocalBusiness')).toHaveLength(1);
    expect(types.filter((type) => type === 'Service')).toHaveLength(32);
    expect(types).toContain('JobPosting');
    expect(types.filter((type) => type === 'BreadcrumbList')).toHaveLength(32 + 1 + UNLISTED_ROUTES.length);
  });

  test('writes /admin as a noindex shell that loads the dashboard app', () => {
    const html = read('admin/index.html');
    expect(html).toContain('<div id="app-root"></div>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toMatch(/<script[^>]+src="\/assets\/[^"]+\.js"/);
  });
});

describe('a build with broken content', () => {
  test('fails, names the file, line and field, and leaves the previous site served and untouched', async () => {
    const before = outputManifest(client());
    const server = createStaticServer(client(), () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const file = path.join(project.dir, 'content/services/foot-care.yaml');
      writeFileSync(file, fixtureService.replace(/^serviceType: .*\n/m, '').replace('title: Podiatrist Visits', 'title: [Podiatrist'));
      const broken = project.build();
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain('Build failed. dist/client still holds the previous build, untouched');
      expect(broken.stderr).toContain('The YAML cannot be read at "Title of the 3rd feature": the [ that opens here is never closed');
      expect(broken.stderr).toContain('(content/services/foot-care.yaml, line 25)');
      expect(outputManifest(client())).toBe(before);
      expect(readdirSync(path.join(project.dir, 'dist'))).toEqual(['assets.json', 'client']);
      const page = await fetch(`${base}/foot-care`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Podiatrist Visits');

      writeFileSync(file, fixtureService.replace(/^serviceType: .*\n/m, ''));
      const missing = project.build();
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain('Service type: expected a string, found nothing (the field is missing)  (content/services/foot-care.yaml, line 2)');
      expect((await fetch(`${base}/foot-care`)).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test('with no earlier build, fails without leaving anything to deploy', () => {
    rmSync(path.join(project.dir, 'dist'), { recursive: true, force: true });
    const broken = project.build();
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('Build failed. Nothing was written to dist/.');
    expect(existsSync(client())).toBe(false);
  });
});
