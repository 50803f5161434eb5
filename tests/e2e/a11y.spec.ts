/** axe on every public route (the unlisted thank-you pages too), and on the 404 page, at 1280 and 375 px (the two projects). */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { loadContent } from '../../src/content/loader.ts';
import { distinctRoutes, publicRoutes } from '../../src/routes.ts';

// The tests are listed before the site is built, so the routes come from the content, and one test checks
// that the built sitemap lists exactly these.
const all = publicRoutes(await loadContent());
const sitemapRoutes = all.filter((route) => !route.noindex).map((route) => route.path);
// Every page, the unlisted ones (thanks, not-sent) too (one contact page with a service ticked), and the 404 page.
const routes = [...distinctRoutes(all).map((route) => route.path), '/no-such-page'];

test('the sitemap lists every public route', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((match) => match[1]!);
  expect(listed.sort()).toEqual([...sitemapRoutes].sort());
  // 9 fixed pages (privacy and reviews included), the 2 open jobs and 31 services.
  expect(listed.length).toBe(9 + 2 + 31);
});

for (const path of routes) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
