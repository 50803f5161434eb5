/** axe on every public route the build wrote to the sitemap, and on the 404 page, at 1280 and 375 px (the two projects). */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const sitemap = readFileSync('dist/client/sitemap.xml', 'utf8');
const routes = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((match) => match[1]!);
routes.push('/no-such-page');

test('the sitemap lists every public route', () => {
  // 8 fixed pages (privacy included), the 2 open jobs, 31 services, and the 404 page added above.
  expect(routes.length).toBe(8 + 2 + 31 + 1);
});

for (const path of routes) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
