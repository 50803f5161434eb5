/**
 * How the dashboard's lists and sign-in page are laid out, at 1280 px (a table) and 375 px (a card per record):
 * what screenshots showed going wrong (row lines off, a View button that moved, a sideways-scrolling table,
 * e-mail addresses broken mid-word, a sign-in page without the agency's name). Nothing here stores a record:
 * a long address is put into the list's answer on its way to the browser.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { formChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { service, showStage, signIn, stageButton } from './dashboard.ts';
import { consentGiven } from './formPages.ts';

const AGENCY = (parse(readFileSync(new URL('../../content/site.yaml', import.meta.url), 'utf8')) as { name: string }).name;
// No hyphen: the only sensible places to wrap it are after the '@' and before a dot.
const LONG_EMAIL = 'margaretelizabeth.fitzgeraldmontgomery@visitingnurses.southeasternconnecticut.homecare.example.com';

/** Signs in and shows a list; `every` chooses the 'All' stage filter, so closed records are laid out too. */
async function openList(page: Page, view: 'applications' | 'inquiries' = 'applications', every = false) {
  await signIn(page, undefined, undefined, view === 'inquiries' ? '/admin?view=inquiries' : '/admin');
  await expect(page.getByRole('heading', { name: view === 'inquiries' ? /^Contact requests \(\d+\)$/ : /^Applications \(\d+\)$/ })).toBeVisible();
  await expect(page.getByText(`Loading ${view}...`)).toBeHidden();
  if (every) await showStage(page, view, 'All');
}

/** The newest application becomes 'Longmail Tester' with a very long address, in the list's answer only. */
async function withLongEmail(page: Page) {
  await page.route(
    (url) => url.pathname.endsWith('/rest/v1/job_applications') && url.searchParams.has('order'),
    async (route) => {
      const response = await route.fetch();
      const rows = (await response.json()) as Array<Record<string, unknown>>;
      Object.assign(rows[0]!, { first_name: 'Longmail', last_name: 'Tester', email: LONG_EMAIL });
      await route.fulfill({ response, json: rows });
    },
  );
}

/** Where the text of `element` moves to a new line: the characters either side of each break, as 'a|b'. */
function lineBreaks(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const chars: Array<{ char: string; top: number }> = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (rect) chars.push({ char: text[i]!, top: rect.top });
      }
    }
    return chars.slice(1).flatMap((c, i) => (c.top > chars[i]!.top + 2 ? [`${chars[i]!.char}|${c.char}`] : []));
  });
}

/** An address wraps (so the check means something), only after '@' or '-' or before '.', and stays inside `box`. */
async function expectSensibleWrap(address: Locator, box: Locator) {
  const breaks = await lineBreaks(address);
  expect(breaks.length).toBeGreaterThan(0);
  for (const at of breaks) expect(at, `a line break at ${at}`).toMatch(/^[@-]\||\|\.$/);
  const [inner, outer] = [(await address.boundingBox())!, (await box.boundingBox())!];
  expect(inner.x).toBeGreaterThanOrEqual(outer.x);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
}

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('on a wide screen', { tag: '@desktop' }, () => {
  test('both lists are real tables, every cell a table cell, and each row’s bottom borders line up', async ({ page }) => {
    await openList(page, 'applications', true);
    for (const view of ['applications', 'inquiries'] as const) {
      if (view === 'inquiries') {
        await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Inquiries' }).click();
        await expect(page.getByText('Loading inquiries...')).toBeHidden();
        await expect(page.getByRole('columnheader', { name: 'Who needs care' })).toBeVisible();
        // Every record, a closed stage (set in lighter type) among them.
        await showStage(page, 'inquiries', 'All');
      }
      const table = page.getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveText(
        view === 'inquiries'
          ? ['Name', 'Who needs care', 'Town', 'Stage', 'Owner', 'Waiting', 'Submitted', 'Actions']
          : ['Name', 'Position', 'Experience', 'Stage', 'Owner', 'Submitted', 'Actions'],
      );
      const rows = await table.locator('tbody tr').evaluateAll((trs) =>
        trs.map((tr) => [...tr.children].map((td) => ({ display: getComputedStyle(td).display, bottom: td.getBoundingClientRect().bottom, border: getComputedStyle(td).borderBottomWidth }))),
      );
      expect(rows.length).toBeGreaterThan(5);
      for (const cells of rows) {
        expect(cells.map((c) => c.display)).toEqual(cells.map(() => 'table-cell'));
        expect(new Set(cells.map((c) => c.border)).size).toBe(1);
        const bottoms = cells.map((c) => c.bottom);
        expect(Math.max(...bottoms) - Math.min(...bottoms)).toBeLessThan(0.5);
      }
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    }
  });

  test('View sits in the same place on every row, with a resume to download or without', async ({ page }) => {
    await openList(page, 'applications', true);
    const rows = page.locator('tbody tr');
    const withResume = rows.filter({ has: page.getByRole('button', { name: /^Download resume of / }) });
    const without = rows.filter({ hasNot: page.getByRole('button', { name: /^Download resume of / }) });
    expect(await withResume.count()).toBeGreaterThan(0);
    expect(await without.count()).toBeGreaterThan(0);
    const lefts = await rows.getByRole('button', { name: /^View details of / }).evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);
  });

  test('a long e-mail address wraps after its @ or before a dot, inside its cell and in the dialog', async ({ page }) => {
    await withLongEmail(page);
    await openList(page);
    const row = page.locator('tbody tr', { hasText: 'Longmail Tester' });
    await expectSensibleWrap(row.locator('.contact'), row.locator('td').first());
    await row.getByRole('button', { name: 'View details of Longmail Tester' }).click();
    const email = page.getByRole('dialog').getByRole('link', { name: LONG_EMAIL });
    await expect(email).toHaveAttribute('href', `mailto:${LONG_EMAIL}`);
    await expectSensibleWrap(email, page.getByRole('dialog'));
  });
});

test.describe('on a phone', { tag: '@phone' }, () => {
  test('a long source name among the filter\'s choices keeps the page at the phone\'s width, and a card\'s View opens it', { tag: '@saves' }, async ({ page }) => {
    // The Source filter lists every source the records have: a campaign tag as long as the database keeps (100).
    const source = `autumn-newsletter-${Date.now()}-${'long'.repeat(19)}`.slice(0, 100);
    const db = service();
    expect((await db.from('inquiries').insert({ name: 'Longsource Family', phone: '(860) 555-0160', care_for: 'myself', source, ...consentGiven() })).error).toBeNull();
    const stored = await db.from('job_applications').insert({
      first_name: 'Longsource', last_name: 'Applicant', email: 'longsource@example.com', phone: '(860) 555-0161', position: formChoices.positions[0]!.code,
      experience: 'no-experience', availability: 'flexible', cover_letter: '', resume_url: null, source,
    });
    expect(stored.error).toBeNull();
    await openList(page, 'applications');
    for (const view of ['applications', 'inquiries'] as const) {
      if (view === 'inquiries') {
        await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Inquiries' }).click();
        await expect(page.getByText('Loading inquiries...')).toBeHidden();
      }
      await expect(page.getByRole('combobox', { name: 'Source', exact: true }).locator('option', { hasText: source })).toHaveCount(1);
      await expect(page.getByRole('table')).toHaveCount(0);
      const cards = page.getByRole('list').filter({ has: page.getByRole('heading', { level: 3 }) }).getByRole('listitem');
      // A phone lays the page out wider than its screen when something will not fit (and then scales it down):
      // the layout must stay at the screen's 375 px, and a card's View must open its dialog.
      expect(await page.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).toEqual([375, 375]);
      const name = (await cards.first().getByRole('heading', { level: 3 }).textContent())!;
      await cards.first().getByRole('button', { name: `View details of ${name}` }).click();
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test('each record is a card: the name as its heading, the key facts, View and the resume, nothing scrolls sideways', async ({ page }) => {
    // Every application: Aisha Okafor, found below, may be closed.
    await openList(page, 'applications', true);
    await expect(page.getByRole('table')).toHaveCount(0);
    const list = page.getByRole('list').filter({ has: page.getByRole('heading', { level: 3 }) });
    const cards = list.getByRole('listitem');
    expect(await cards.count()).toBeGreaterThan(5);
    const first = cards.filter({ has: page.getByRole('button', { name: /^Download resume of / }) }).first();
    const name = (await first.getByRole('heading', { level: 3 }).textContent())!;
    await expect(first.locator('dt')).toHaveText(['Position', 'Experience', 'Stage', 'Owner', 'Submitted']);
    await expect(first.getByRole('button', { name: `View details of ${name}` })).toBeVisible();
    await expect(first.getByRole('button', { name: `Download resume of ${name}` })).toBeVisible();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

    // View is in the same place on a card with a resume and on one without.
    const lefts = await cards.getByRole('button', { name: /^View details of / }).evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);
    expect(await cards.filter({ hasNot: page.getByRole('button', { name: /^Download resume of / }) }).count()).toBeGreaterThan(0);

    // A search keeps the name in view: the found card's heading lies wholly inside the screen, nothing cut off
    // at the side. The stage filters now stand between the search and the list, so the card is scrolled to first.
    await page.getByLabel('Search applications').fill('okafor');
    const found = cards.getByRole('heading', { name: 'Aisha Okafor' });
    await found.scrollIntoViewIfNeeded();
    await expect(found).toBeInViewport({ ratio: 1 });
    const box = (await found.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    // The dialog opened from a card gives focus back to that card's View button.
    const view = cards.getByRole('button', { name: 'View details of Aisha Okafor' });
    await view.click();
    await expect(page.getByRole('dialog', { name: 'Aisha Okafor' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(view).toBeFocused();
  });

  test('axe finds no serious or critical violation on the sign-in page, the cards with the filters or the dialog with its history', async ({ page }) => {
    const serious = async () =>
      (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    await page.goto('/admin');
    await expect(page.getByRole('banner')).toHaveText(AGENCY);
    expect(await serious()).toEqual([]);
    await openList(page);
    await expect(stageButton(page, 'applications', 'Open')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Age' })).toBeVisible();
    expect(await serious()).toEqual([]);
    // An application someone has worked, so the history has more than its arrival.
    await showStage(page, 'applications', 'Contacted');
    await page.getByRole('button', { name: /^View details of / }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.letter')).not.toHaveAttribute('aria-busy', 'true');
    await expect(dialog.getByRole('combobox', { name: 'Stage' })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'History, newest first' }).getByRole('listitem').nth(1)).toBeVisible();
    expect(await serious()).toEqual([]);
  });

  test('the inquiries are cards too, with who needs care, the town, the stage, the owner, the wait and the date', async ({ page }) => {
    // Every inquiry: Margaret Doyle may be closed.
    await openList(page, 'inquiries', true);
    await expect(page.getByRole('table')).toHaveCount(0);
    const margaret = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Margaret Doyle' }) });
    await expect(margaret.locator('dt')).toHaveText(['Who needs care', 'Town', 'Stage', 'Owner', 'Waiting', 'Submitted']);
    await expect(margaret).toContainText('margaret.doyle@example.com');
    await expect(margaret.getByRole('button', { name: 'View details of Margaret Doyle' })).toBeVisible();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  });

  test('a long e-mail address wraps after its @ or before a dot, inside its card and in the dialog', async ({ page }) => {
    await withLongEmail(page);
    await openList(page);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Longmail Tester' }) });
    await expectSensibleWrap(card.locator('.contact'), card);
    await card.getByRole('button', { name: 'View details of Longmail Tester' }).click();
    const dialog = page.getByRole('dialog');
    await expectSensibleWrap(dialog.getByRole('link', { name: LONG_EMAIL }), dialog);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  });
});

test('the sign-in page names the agency above the form, and in its title', async ({ page }) => {
  await page.goto('/admin');
  const form = page.getByRole('heading', { level: 1, name: 'Staff sign in' });
  await expect(form).toBeVisible();
  const brand = page.getByRole('banner');
  await expect(brand).toHaveText(AGENCY);
  await expect(page).toHaveTitle(new RegExp(`\\| ${AGENCY}$`));
  const [top, below] = [(await brand.boundingBox())!, (await form.boundingBox())!];
  expect(top.y + top.height).toBeLessThanOrEqual(below.y);
  expect(top.x).toBeGreaterThanOrEqual(0);
  expect(top.x + top.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  // The name, like the form, stays out of recordings with the rest of the app (DESIGN 15).
  await expect(page.locator('#app-root')).toHaveClass(/ph-no-capture/);
});
