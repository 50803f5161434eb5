/**
 * Layout as a visitor sees it, measured in the browser (boxes and positions, not class names), in both projects
 * (1280 and 375 px) and at the tablet widths named below:
 *   - /all-services: every entry shown, no row of the directory mostly empty, the jump links compact on a phone;
 *   - service pages: the call card names the service as written, in Title Case; one gap between sections;
 *   - the 404 numeral centred; the header one deliberate row (two on a phone) at every width, nothing overlapping.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loadContent } from '../../src/content/loader.ts';

const content = await loadContent();

type Box = { x: number; y: number; width: number; height: number };
async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box (hidden?)`);
  return box;
}

test.describe('/all-services', () => {
  test('shows every directory entry, each a link to its service', async ({ page }) => {
    await page.goto('/all-services');
    const directory = page.getByRole('main');
    for (const entry of content.directory.entries) {
      await expect(directory.getByRole('heading', { level: 3, name: entry.title, exact: true }).getByRole('link')).toBeVisible();
    }
    await expect(directory.getByRole('heading', { level: 3 }).getByRole('link')).toHaveCount(content.directory.entries.length);
    for (const group of content.directory.groups) {
      await expect(directory.getByRole('heading', { level: 2, name: group.name, exact: true })).toBeVisible();
    }
  });

  /**
   * The groups flow in columns, so a group's row is what stands beside it: at the middle of each group, the
   * groups at that height (a panel and the gap under it) must cover at least 60% of the directory's width.
   * And inside each group, each service uses the group's width (no lone card in a row of three).
   */
  async function expectNoMostlyEmptyRow(page: Page) {
    await page.goto('/all-services');
    const groups = page.getByRole('main').locator('section').filter({ has: page.getByRole('heading', { level: 2 }) })
      .filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(groups).toHaveCount(content.directory.groups.length);
    const boxes = await groups.evaluateAll((nodes) => nodes.map((node) => {
      const box = node.getBoundingClientRect();
      const entries = [...node.querySelectorAll('li')].map((li) => li.getBoundingClientRect().width);
      const style = getComputedStyle(node);
      const inner = box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth);
      const name = node.querySelector('h2')!.textContent;
      return { name, left: box.left, right: box.right, top: box.top + scrollY, bottom: box.bottom + scrollY, inner, entries };
    }));
    // The content width of the page's container (the groups' common ancestor right under <main>).
    const main = await groups.first().evaluate((node) => {
      let container = node.parentElement!;
      while (container.parentElement && container.parentElement.tagName !== 'MAIN') container = container.parentElement;
      const box = container.getBoundingClientRect();
      const style = getComputedStyle(container);
      return { left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight) };
    });
    const width = main.right - main.left;
    const gap = 32; // the space between two panels stacked in a column counts as part of the upper one
    const worst = { name: '', covered: 1 };
    for (const group of boxes) {
      const y = (group.top + group.bottom) / 2;
      const spans = boxes.filter((b) => b.top <= y && y <= b.bottom + gap).map((b) => [b.left, b.right] as const).sort((a, b) => a[0] - b[0]);
      let covered = 0;
      let reach = -Infinity;
      for (const [left, right] of spans) {
        covered += Math.max(0, right - Math.max(left, reach));
        reach = Math.max(reach, right);
      }
      if (covered / width < worst.covered) Object.assign(worst, { name: group.name, covered: covered / width });
    }
    expect(worst.covered, `the row of ${worst.name} is ${Math.round(worst.covered * 100)}% filled`).toBeGreaterThanOrEqual(0.6);
    for (const group of boxes) {
      for (const entry of group.entries) expect(entry, 'an entry as wide as its group').toBeGreaterThanOrEqual(group.inner * 0.9);
    }
  }

  test('no row of the directory is mostly empty', async ({ page }) => {
    await expectNoMostlyEmptyRow(page);
  });

  test('no row of the directory is mostly empty on a tablet (820 px)', { tag: '@desktop' }, async ({ page }) => {
    await page.setViewportSize({ width: 820, height: 1180 });
    await expectNoMostlyEmptyRow(page);
  });

  test('on a wide screen every category link shows at once', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/all-services');
    const jump = page.getByRole('navigation', { name: 'Categories' });
    await expect(jump.getByRole('link')).toHaveCount(content.directory.groups.length);
    for (const link of await jump.getByRole('link').all()) await expect(link).toBeVisible();
  });

  test('on a phone the category links take less than half the first screen, and open from the keyboard', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/all-services');
    const viewport = page.viewportSize()!;
    const jump = page.getByRole('navigation', { name: 'Categories' });
    const toggle = page.getByText('Jump to a category');
    await expect(toggle).toBeVisible();
    // What the jump links occupy of the first screen: the toggle and, when shown, the links.
    const visibleHeight = async () => {
      let total = 0;
      for (const locator of [toggle, jump]) {
        const box = (await locator.isVisible()) ? await locator.boundingBox() : null;
        if (box) total += Math.max(0, Math.min(box.y + box.height, viewport.height) - Math.max(box.y, 0));
      }
      return total;
    };
    expect(await visibleHeight()).toBeLessThan(viewport.height / 2);
    const summary = page.locator('summary', { hasText: 'Jump to a category' });
    const size = await boxOf(summary);
    expect(size.height).toBeGreaterThanOrEqual(44);

    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(jump.getByRole('link')).toHaveCount(content.directory.groups.length);
    for (const link of await jump.getByRole('link').all()) await expect(link).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(jump.getByRole('link').first()).toBeFocused();
    await jump.getByRole('link', { name: 'Mental Wellness' }).click();
    await expect(page).toHaveURL(/#mental-wellness$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Mental Wellness' })).toBeInViewport();
  });
});

test.describe('service pages', () => {
  test('the call card names the service as written, in Title Case', async ({ page }) => {
    for (const [path, heading] of [
      ['/early-dementia-care', "Talk With Us About Early Dementia and Parkinson's Care"],
      ['/24-hour-care', 'Talk With Us About 24-Hour Care'],
      ['/personal-care', 'Talk With Us About Personal Care'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('#cta-heading'), path).toHaveText(heading);
    }
  });

  /** The vertical gaps between the page's blocks, top to bottom: each the same as the others. */
  for (const path of ['/meal-preparation', '/personal-care']) {
    test(`${path}: one gap between sections, from the feature cards to the benefits`, async ({ page }) => {
      await page.goto(path);
      const features = await boxOf(page.getByRole('region', { name: 'What We Provide' }).getByRole('list'));
      const includes = await boxOf(page.getByRole('region', { name: 'Service Includes' }));
      const card = await boxOf(page.locator('#cta-heading').locator('..'));
      const benefits = await boxOf(page.getByRole('region', { name: /Why Families Choose/ }));
      const blocks: Array<[string, Box]> = [['features', features], ['includes', includes]];
      // An MDX page has its own sections between the inclusions and the call card.
      const extra = page.locator('[data-page-id] > div').first().locator(':scope > div');
      if (await extra.count()) blocks.push(['mdx sections', await boxOf(extra)]);
      blocks.push(['call card', card], ['benefits', benefits]);
      const gaps = blocks.slice(1).map(([name, box], index) => {
        const [above, prev] = blocks[index]!;
        return { between: `${above} and ${name}`, gap: Math.round(box.y - (prev.y + prev.height)) };
      });
      const expected = gaps.find((g) => g.between === 'includes and call card' || g.between === 'mdx sections and call card')!.gap;
      expect(expected).toBeGreaterThanOrEqual(40);
      for (const { between, gap } of gaps) expect(Math.abs(gap - expected), `the gap between ${between} (${gap} px; others ${expected} px)`).toBeLessThanOrEqual(2);
    });
  }
});

test('the 404 numeral is centred on the page', async ({ page }) => {
  await page.goto('/no-such-page');
  const heading = await boxOf(page.getByRole('heading', { level: 1 }));
  // The numeral's text itself (its box could be wider than the digits).
  const numeral = await page.getByText('404', { exact: true }).evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    return { x: box.x, width: box.width };
  });
  const centre = heading.x + heading.width / 2;
  expect(Math.abs(numeral.x + numeral.width / 2 - centre)).toBeLessThanOrEqual(2);
  const pageWidth = await page.evaluate(() => document.documentElement.clientWidth);
  expect(Math.abs(centre - pageWidth / 2)).toBeLessThanOrEqual(2);
});

test.describe('the header', () => {
  /** The visible parts of the header bar: the name, Menu or the full menu, the phone and Get Started. */
  async function headerParts(page: Page) {
    const header = page.getByRole('banner');
    const parts: Array<[string, Locator]> = [
      ['name', header.getByRole('link', { name: 'Hearthside Home Care' })],
      ['Menu', header.locator('summary', { hasText: 'Menu' })],
      ['Home', header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })],
      ['Contact', header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' })],
      ['phone', header.getByRole('link', { name: /Call us at/ })],
      ['Get Started', header.getByRole('link', { name: 'Get Started' })],
    ];
    const shown: Array<[string, Box]> = [];
    for (const [name, locator] of parts) if (await locator.isVisible()) shown.push([name, await boxOf(locator)]);
    return shown;
  }

  function expectNoOverlap(parts: Array<[string, Box]>, width: number) {
    for (const [name, box] of parts) {
      expect(box.x, `${name} starts on screen at ${width} px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} ends on screen at ${width} px`).toBeLessThanOrEqual(width);
      expect(box.height, `${name} is a 44 px target`).toBeGreaterThanOrEqual(44);
    }
    for (const [i, [a, boxA]] of parts.entries()) {
      for (const [b, boxB] of parts.slice(i + 1)) {
        const apart = boxA.x + boxA.width <= boxB.x || boxB.x + boxB.width <= boxA.x || boxA.y + boxA.height <= boxB.y || boxB.y + boxB.height <= boxA.y;
        expect(apart, `${a} and ${b} overlap at ${width} px`).toBe(true);
      }
    }
  }

  for (const width of [768, 820, 900, 1024, 1100, 1280, 1440]) {
    test(`is one row at ${width} px`, { tag: '@desktop' }, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/about');
      const parts = await headerParts(page);
      const names = parts.map(([name]) => name);
      expect(names).toEqual(width >= 1280 ? ['name', 'Home', 'Contact', 'phone', 'Get Started'] : ['name', 'Menu', 'phone', 'Get Started']);
      const middles = parts.map(([, box]) => box.y + box.height / 2);
      expect(Math.max(...middles) - Math.min(...middles), `one row at ${width} px`).toBeLessThanOrEqual(2);
      expect((await boxOf(page.getByRole('banner'))).height).toBeLessThanOrEqual(80);
      expectNoOverlap(parts, width);
    });
  }

  for (const width of [320, 360, 375, 414, 600, 700]) {
    test(`is two even rows at ${width} px: the name and Menu, then the phone and Get Started`, { tag: '@desktop' }, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/about');
      const parts = Object.fromEntries(await headerParts(page));
      const { name, Menu: menu, phone } = parts;
      expect(name && menu && phone, `name, Menu and phone shown at ${width} px`).toBeTruthy();
      // Row 1: the name and Menu side by side, at the two edges of the content.
      expect(Math.abs(name!.y + name!.height / 2 - (menu!.y + menu!.height / 2))).toBeLessThanOrEqual(2);
      // Row 2: the phone under the name, left edges aligned; Get Started (when there is room) at the right edge, under Menu.
      expect(phone!.y).toBeGreaterThanOrEqual(name!.y + name!.height);
      expect(Math.abs(phone!.x - name!.x)).toBeLessThanOrEqual(2);
      if (width >= 360) {
        const start = parts['Get Started']!;
        expect(Math.abs(start.y - phone!.y)).toBeLessThanOrEqual(2);
        expect(Math.abs(start.x + start.width - (menu!.x + menu!.width))).toBeLessThanOrEqual(2);
      }
      expectNoOverlap(Object.entries(parts), width);
      expect((await boxOf(page.getByRole('banner'))).height).toBeLessThanOrEqual(130);
    });
  }

  test('on a tablet the Menu opens the full menu under the row', { tag: '@desktop' }, async ({ page }) => {
    await page.setViewportSize({ width: 820, height: 1000 });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await page.getByRole('banner').locator('summary', { hasText: 'Menu' }).click();
    await expect(nav.getByRole('link', { name: 'Careers' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Personal Care' })).toBeVisible();
    const bar = await boxOf(page.getByRole('banner').getByRole('link', { name: 'Get Started' }));
    expect((await boxOf(nav)).y).toBeGreaterThanOrEqual(bar.y + bar.height);
  });
});

// Wide screens only (@desktop): on a phone the fields are one under the other.
test('fields side by side in a form line up: their boxes start at the same height', { tag: '@desktop' }, async ({ page }) => {
  for (const [path, form] of [['/', '#inquiry-form'], ['/careers', '#application-form']] as const) {
    await page.goto(path);
    const pairs = page.locator(`${form} .pair`);
    expect(await pairs.count(), `${path} has fields side by side`).toBeGreaterThan(0);
    for (const pair of await pairs.all()) {
      const tops = await pair.locator('input, select').evaluateAll((controls) => controls.map((control) => Math.round(control.getBoundingClientRect().top)));
      expect(tops.length % 2).toBe(0);
      // Two to a row: the first and second, the third and fourth.
      for (let at = 0; at < tops.length; at += 2) expect(Math.abs(tops[at]! - tops[at + 1]!), `${path}: ${tops[at]} and ${tops[at + 1]} px`).toBeLessThanOrEqual(1);
    }
  }
});
