/**
 * One heading case on every page: each h1, h2 and h3 of every public route and the 404 page is in Title Case
 * (src/titleCase.ts), as the spec's own headings are ("Request Information", "What We Provide"); and one outline:
 * a single h1 at its top, a heading in every section. The headings are the same at every width: the desktop
 * project checks them.
 */
import { expect, test } from '@playwright/test';
import { loadContent } from '../../src/content/loader.ts';
import { distinctRoutes, publicRoutes } from '../../src/routes.ts';
import { titleCaseProblems } from '../../src/titleCase.ts';

const routes = [...distinctRoutes(publicRoutes(await loadContent())).map((route) => route.path), '/no-such-page'];

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

/**
 * The outline the W3C HTML checker reads: an h1 is a top-level heading (in no sectioning element inside another:
 * "Consider using the h1 element as a top-level heading only"), and every section and article has a heading of
 * its own, not only in a part nested in it ("Section lacks heading"). Hidden headings count, as they do for it.
 */
function outlineProblems(): string[] {
  const SECTIONING = 'article, aside, nav, section';
  const HEADING = 'h1, h2, h3, h4, h5, h6';
  const name = (element: Element) => `<${element.localName}${element.id ? `#${element.id}` : ''}>`;
  const problems: string[] = [];
  const h1s = [...document.querySelectorAll('h1')];
  if (h1s.length !== 1) problems.push(`${h1s.length} h1 elements, not one`);
  for (const h1 of h1s) {
    const around: Element[] = [];
    for (let element = h1.parentElement?.closest(SECTIONING); element; element = element.parentElement?.closest(SECTIONING)) around.push(element);
    if (around.length > 1) problems.push(`the h1 "${h1.textContent?.trim()}" is inside ${around.reverse().map(name).join(' > ')}`);
  }
  for (const part of document.querySelectorAll('article, section')) {
    const own = [...part.querySelectorAll(HEADING)].some((heading) => heading.closest(SECTIONING) === part);
    if (!own) problems.push(`${name(part)} has no heading of its own`);
  }
  return problems;
}

for (const path of routes) {
  test(`${path} has one h1, at the top of the outline, and a heading in every section`, { tag: '@desktop' }, async ({ page }) => {
    await page.goto(path);
    expect(await page.evaluate(outlineProblems), path).toEqual([]);
  });
}

// The service template used to put its h1 in a <section> of its <article> (a warning on every service page).
for (const path of ['/meal-preparation', '/transportation']) {
  test(`the h1 of ${path} heads the service's article from its header, in no section`, { tag: '@desktop' }, async ({ page }) => {
    await page.goto(path);
    const h1 = page.locator('h1');
    await expect(h1).toHaveCount(1);
    expect(await h1.evaluate((node) => ({ section: node.closest('section') !== null, header: node.closest('header')?.parentElement?.localName }))).toEqual({ section: false, header: 'article' });
    await expect(page.getByRole('article', { name: await h1.innerText() })).toBeVisible();
  });
}
