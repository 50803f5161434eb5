/**
 * One heading case on every page: each h1, h2 and h3 of every public route and the 404 page is in Title Case
 * (src/titleCase.ts), as the spec's own headings are ("Request Information", "What We Provide"). The headings
 * are the same at every width: the desktop project checks them.
 */
import { expect, test } from '@playwright/test';
import { loadContent } from '../../src/content/loader.ts';
import { publicRoutes } from '../../src/routes.ts';
import { titleCaseProblems } from '../../src/titleCase.ts';

const routes = [...publicRoutes(await loadContent()).map((route) => route.path), '/no-such-page'];

for (const path of routes) {
  test(`every heading on ${path} is in Title Case`, { tag: '@desktop' }, async ({ page }) => {
    await page.goto(path);
    // Hidden headings too (a form's error summary, the reasons a not-sent page shows one at a time): each is read at some point.
    const headings = await page.locator('h1, h2, h3').evaluateAll((nodes) => nodes.map((node) => (node.textContent ?? '').replace(/\s+/g, ' ').trim()));
    expect(headings.length, path).toBeGreaterThan(0);
    const wrong = headings.flatMap((heading) => {
      const problems = titleCaseProblems(heading);
      return problems.length ? [`${heading} (${problems.join(', ')})`] : [];
    });
    expect(wrong, path).toEqual([]);
  });
}
