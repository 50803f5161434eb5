/**
 * The real build, run in a copy of the project: every route, the 404 page, the sitemap and robots.txt are
 * written; a new service file becomes a page and a sitemap entry; broken content leaves no dist/ behind.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyProject, type ProjectCopy } from '../../scripts/lib/projectCopy.ts';
import { loadContent } from '../../src/content/loader.ts';
import { FIXED_ROUTES, htmlFileFor, publicRoutes } from '../../src/routes.ts';
import { fixtureService } from './contentFixture.ts';

const SITE_URL = 'https://care.example.org';
let project: ProjectCopy;
let result: ReturnType<ProjectCopy['build']>;
const client = () => path.join(project.dir, 'dist/client');
const read = (file: string) => readFileSync(path.join(client(), file), 'utf8');

beforeAll(() => {
  project = copyProject();
  writeFileSync(path.join(project.dir, 'content/services/foot-care.yaml'), fixtureService);
  result = project.build({ SITE_URL });
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

  test('lists the new page in the sitemap, with SITE_URL as the origin', () => {
    const sitemap = read('sitemap.xml');
    expect(sitemap).toContain('<loc>https://care.example.org/foot-care</loc>');
    expect(sitemap).toContain('<loc>https://care.example.org/</loc>');
    expect(sitemap.match(/<loc>/g)).toHaveLength(FIXED_ROUTES.length + 32);
  });

  test('writes robots.txt that points at the sitemap and keeps crawlers out of /admin', () => {
    expect(read('robots.txt')).toBe('User-agent: *\nDisallow: /admin\n\nSitemap: https://care.example.org/sitemap.xml\n');
  });

  test('writes the 404 page', () => {
    const html = read('404.html');
    expect(html).toContain('Oops! Page not found');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  test('ships no JavaScript file to any public page', () => {
    const pages = readdirSync(client(), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html') && file !== 'admin/index.html');
    expect(pages.length).toBe(FIXED_ROUTES.length + 32 + 1);
    for (const page of pages) {
      const scripts = read(page).match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.filter((tag) => !tag.includes('application/ld+json')), page).toEqual([]);
    }
  });

  test('writes /admin as a noindex shell that loads the dashboard app', () => {
    const html = read('admin/index.html');
    expect(html).toContain('<div id="app-root"></div>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toMatch(/<script[^>]+src="\/assets\/[^"]+\.js"/);
  });
});

describe('a build with broken content', () => {
  test('fails, names the file, line and field, and removes dist/', () => {
    expect(existsSync(client())).toBe(true);
    const file = path.join(project.dir, 'content/services/foot-care.yaml');
    writeFileSync(file, fixtureService.replace(/^serviceType: .*\n/m, '').replace('title: Podiatrist Visits', 'title: [Podiatrist'));
    const broken = project.build({ SITE_URL });
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain('Build failed. Nothing was written to dist/.');
    expect(broken.stderr).toContain('content/services/foot-care.yaml:25:5  the YAML cannot be read: Flow sequence in block collection must be sufficiently indented and end with a ]');
    expect(existsSync(path.join(project.dir, 'dist'))).toBe(false);

    writeFileSync(file, fixtureService.replace(/^serviceType: .*\n/m, ''));
    const missing = project.build({ SITE_URL });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('content/services/foot-care.yaml:2:1  serviceType  expected a string, found nothing (the field is missing)');
  });
});
