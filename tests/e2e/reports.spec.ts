/**
 * The dashboard's Reports view against the stand-in, with the real supabase-js in chromium, at 375 and 1280 px:
 * requests seeded through the service role with a source of this run's own (so that other tests storing
 * requests meanwhile change nothing asserted here) and moved through their stages, then Reports as staff see
 * it: the counts, the first reply and the sources as chart and table, a change of period, axe, nothing to scroll
 * sideways but the tables wider than a phone, which say so and scroll with the keyboard; plain staff get no
 * download, an admin downloads a table as CSV and the file holds its rows.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { formChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { rangeSlug, thisWeek } from '../../src/admin/reports/periods.ts';
import { formatDuration } from '../../src/admin/format.ts';
import { formatMinutes } from '../../src/admin/reports/reportTables.ts';
import { service, signIn } from './dashboard.ts';
import { consentGiven, seriousViolations } from './formPages.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin-demo-password' };
const sections = (page: Page) => page.getByRole('navigation', { name: 'Dashboard sections' });

/**
 * A table of the report, found by its region's name ('Inquiries: By source, and conversion to client, table', and
 * ', scrolls sideways' after it when it is wider than its card).
 */
const reportTable = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, table(, scrolls sideways)?$`) });
/** The cells of the row headed `label` in that table. */
const rowCells = (page: Page, name: string, label: string) =>
  reportTable(page, name).getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) }).getByRole('cell');

interface Seeded {
  source: string;
  /** The median minutes from arrival to first reply of this week's answered inquiries of the source. */
  medianMinutes: number;
}

/**
 * This week: three inquiries from `source` that arrived up to 90 minutes ago; two moved to Contacted (the first
 * reply), one of them on to Became a client. Twenty days ago (in the last 4 weeks, never this week nor the week before it): one more. And
 * one application from the source, contacted.
 */
async function seed(source: string): Promise<Seeded> {
  const db = service();
  const arrived = new Date(Math.max(thisWeek(new Date()).from.getTime() + 1000, Date.now() - 90 * 60_000)).toISOString();
  const twentyDaysAgo = new Date(Date.now() - 20 * 86_400_000).toISOString();
  const inquiry = (name: string, created_at: string) => ({ name, phone: '(860) 555-0150', care_for: 'myself', town: 'Reportville', source, created_at, ...consentGiven() });
  const stored = await db
    .from('inquiries')
    .insert([inquiry(`Report One ${source}`, arrived), inquiry(`Report Two ${source}`, arrived), inquiry(`Report Three ${source}`, arrived), inquiry(`Report Earlier ${source}`, twentyDaysAgo)])
    .select('id, created_at');
  expect(stored.error).toBeNull();
  const [one, two] = stored.data!;
  for (const id of [one!.id, two!.id]) expect((await db.from('inquiries').update({ stage: 'contacted' }).eq('id', id)).error).toBeNull();
  expect((await db.from('inquiries').update({ stage: 'became-a-client' }).eq('id', one!.id)).error).toBeNull();
  const replied = await db.from('inquiries').select('created_at, first_reply_at').in('id', [one!.id, two!.id]);
  expect(replied.error).toBeNull();
  const minutes = replied.data!.map((row) => (Date.parse(row.first_reply_at as string) - Date.parse(row.created_at as string)) / 60_000);
  const application = await db
    .from('job_applications')
    .insert({
      // Names of this run's own: other tests find records by name, and this file runs in both projects.
      first_name: 'Report',
      last_name: `Applicant ${source}`,
      email: 'report.applicant@example.com',
      phone: '(860) 555-0151',
      position: formChoices.positions[0]!.code,
      experience: 'no-experience',
      availability: 'flexible',
      cover_letter: 'Seeded for the reports test.',
      resume_url: null,
      source,
      created_at: arrived,
    })
    .select('id')
    .single();
  expect(application.error).toBeNull();
  expect((await db.from('job_applications').update({ stage: 'contacted' }).eq('id', application.data!.id)).error).toBeNull();
  return { source, medianMinutes: Math.round(((minutes[0]! + minutes[1]!) / 2) * 10) / 10 };
}

async function openReports(page: Page, email?: string, password?: string) {
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Job Applications' })).toBeVisible();
  await sections(page).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/admin\?view=reports$/);
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeFocused();
  await expect(page.getByText('Loading reports...')).toBeHidden();
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('staff see this week’s inquiries, first reply and sources as chart and table, then the last 4 weeks; no CSV download; axe clean, nothing to scroll sideways', async ({ page }, info) => {
  // Three periods, each read in full, and axe twice: about 27 s on a busy 2-core machine, past the default 30 s in CI.
  test.setTimeout(90_000);
  const { source, medianMinutes } = await seed(`e2e-news-${info.project.name}-${Date.now().toString(36)}`);
  await openReports(page);
  await expect(sections(page).getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('radio', { name: 'This week' })).toBeChecked();

  // The counts: this week's at least the three seeded, each with the week before in words.
  const received = rowCells(page, 'Inquiries: Inquiries received', 'Received').first();
  await expect(received).toHaveText(/^\d+ \(\d+ before\)$/);
  expect(Number((await received.textContent())!.split(' ')[0])).toBeGreaterThanOrEqual(3);
  await expect(rowCells(page, 'Inquiries: Time to first reply', 'Wall-clock time').first()).toHaveText(/^(\d|under).* \(.* before\)$/);

  // The source: three this week, one became a client, its first replies' median; none the week before.
  const bySource = 'Inquiries: By source, and conversion to client';
  await expect(rowCells(page, bySource, source)).toHaveText(['3 (0 before)', '1 (0 before)', '33% (none before)', `${formatMinutes(medianMinutes)} (none before)`]);
  // And as a chart: a bar labelled with the source, its value beside it.
  const chart = page.getByRole('region', { name: bySource, exact: true }).locator('.chart');
  await expect(chart.locator('.bar', { hasText: source }).locator('svg rect')).toHaveCount(2);
  await expect(chart.locator('.bar', { hasText: source }).locator('.value')).toHaveText('3');
  await expect(rowCells(page, 'Job applications: By source', source)).toHaveText(['1 (0 before)', '0 (0 before)', '0% (none before)']);

  // Plain staff download nothing.
  await expect(page.getByRole('button', { name: /^Download CSV/ })).toHaveCount(0);
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  // The last 4 weeks take in the inquiry of twenty days ago.
  await page.getByRole('radio', { name: 'Last 4 weeks' }).check();
  await expect(rowCells(page, bySource, source).first()).toHaveText('4 (0 before)');
  await noSidewaysScroll(page);

  // Two chosen days with nothing of the source: its row is gone; the days are said.
  await page.getByRole('radio', { name: 'Custom' }).check();
  await page.getByLabel('From', { exact: true }).fill('2026-01-05');
  await page.getByLabel('To', { exact: true }).fill('2026-01-11');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByText('Mon, Jan 5, 2026 to Sun, Jan 11, 2026')).toBeVisible();
  await expect(page.getByText('Loading reports...')).toBeHidden();
  await expect(reportTable(page, bySource).getByRole('rowheader', { name: source, exact: true })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('an admin downloads a report table as CSV named by the period, and its rows are the table’s', async ({ page }, info) => {
  const { source, medianMinutes } = await seed(`e2e-csv-${info.project.name}-${Date.now().toString(36)}`);
  await openReports(page, ADMIN.email, ADMIN.password);
  await expect(rowCells(page, 'Inquiries: By source, and conversion to client', source).first()).toHaveText('3 (0 before)');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV: Inquiries, By source, and conversion to client' }).click()]);
  const period = thisWeek(new Date());
  expect(download.suggestedFilename()).toBe(`report-inquiries-by-source-${rangeSlug(period)}.csv`);
  const text = readFileSync((await download.path())!, 'utf8');
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toMatch(/^Source,"Inquiries, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}","Inquiries, /);
  expect(lines).toContain(`${source},3,0,1,0,33.3,,${medianMinutes},`);
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Download ready' }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the period is chosen with the keyboard; a report the server fails shows the error toast and a way to try again', { tag: '@desktop' }, async ({ page }) => {
  await openReports(page);
  await expect(rowCells(page, 'Inquiries: Inquiries received', 'Received').first()).toHaveText(/^\d+ \(\d+ before\)$/);
  // The server fails the next report of inquiries.
  await page.route('**/rest/v1/rpc/report_inquiries', (route) => route.fulfill({ status: 500, json: { code: 'XX000', message: 'The report failed', details: null, hint: null } }));
  const thisWeekRadio = page.getByRole('radio', { name: 'This week' });
  await thisWeekRadio.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Last 4 weeks' })).toBeChecked();
  const toast = page.getByRole('status').filter({ hasText: 'Failed to load the reports' });
  await expect(toast).toContainText('Error');
  await expect(page.locator('[data-variant="destructive"]')).toBeVisible();
  await expect(page.getByText('The reports could not be loaded.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeHidden();
  // Back: the same period loads when asked again.
  await page.unroute('**/rest/v1/rpc/report_inquiries');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(rowCells(page, 'Inquiries: Inquiries received', 'Received').first()).toHaveText(/^\d+ \(\d+ before\)$/);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Inquiries list and Reports say the same first reply: three and a half minutes reads the same in both', { tag: '@desktop' }, async ({ page }, info) => {
  const source = `e2e-agree-${info.project.name}-${Date.now().toString(36)}`;
  const db = service();
  // Arrived 3 min 30 s ago, answered now: the trigger stamps the reply.
  const stored = await db
    .from('inquiries')
    .insert({ name: `Agree ${source}`, phone: '(860) 555-0152', care_for: 'myself', town: 'Agreeville', source, created_at: new Date(Date.now() - 210_000).toISOString(), ...consentGiven() })
    .select('id')
    .single();
  expect(stored.error).toBeNull();
  expect((await db.from('inquiries').update({ stage: 'contacted' }).eq('id', stored.data!.id)).error).toBeNull();
  const replied = await db.from('inquiries').select('created_at, first_reply_at').eq('id', stored.data!.id).single();
  const took = formatDuration(replied.data!.created_at as string, Date.parse(replied.data!.first_reply_at as string));
  expect(took).toMatch(/^[34] min$/);

  await signIn(page, undefined, undefined, '/admin?view=inquiries');
  await expect(page.getByText('Loading inquiries...')).toBeHidden();
  // The list: the record's Waiting column (it is Contacted, so under Open).
  await page.getByLabel('Search inquiries').fill(source);
  await expect(page.locator('tbody tr', { hasText: `Agree ${source}` })).toContainText(`answered in ${took}`);
  // Reports: the same words for the source's median (its one reply).
  const sections = page.getByRole('navigation', { name: 'Dashboard sections' });
  await sections.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByText('Loading reports...')).toBeHidden();
  await expect(rowCells(page, 'Inquiries: By source, and conversion to client', source)).toHaveText(['1 (0 before)', '0 (0 before)', '0% (none before)', `${took} (none before)`]);
});

test('at 375 px a table wider than its card says it scrolls sideways, shows where it is cut, and scrolls with the keyboard', { tag: '@phone' }, async ({ page }, info) => {
  await seed(`e2e-wide-${info.project.name}-${Date.now().toString(36)}`);
  await openReports(page);
  await expect(rowCells(page, 'Inquiries: Inquiries received', 'Received').first()).toHaveText(/^\d+ \(\d+ before\)$/);
  const cut = page.getByRole('region', { name: /, table, scrolls sideways$/ });
  await expect(cut.first()).toBeAttached();
  const regions = await cut.all();
  // The tables of several columns (by owner, by source, the funnel...) are cut on a phone.
  expect(regions.length).toBeGreaterThanOrEqual(3);
  for (const region of regions) {
    // Each says so in words on the page, tied to the region, and is wider than its box, with a shadow at the cut.
    const hint = page.locator(`#${await region.getAttribute('aria-describedby')}`);
    await expect(hint).toBeVisible();
    await expect(hint).toHaveText('↔ Scroll sideways to see more');
    await expect(region).toHaveAttribute('tabindex', '0');
    expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    expect(await region.evaluate((box) => getComputedStyle(box).backgroundImage)).toContain('radial-gradient');
  }
  // A table that fits says nothing of the kind.
  const fits = page.getByRole('region', { name: 'Inquiries: Inquiries received, table', exact: true });
  await expect(fits).toBeVisible();
  await expect(fits).not.toHaveAttribute('tabindex');
  await expect(fits).not.toHaveAttribute('aria-describedby');

  // The keyboard reaches the cut table, and its arrow keys bring the hidden columns into view.
  const first = regions[0]!;
  await first.focus();
  await expect(first).toBeFocused();
  expect(await first.evaluate((box) => box.scrollLeft)).toBe(0);
  const lastHeader = first.getByRole('columnheader').last();
  // Whether the last column's header is wholly inside the scroll area.
  const shown = () =>
    lastHeader.evaluate((header) => header.getBoundingClientRect().right <= header.closest('[role="region"]')!.getBoundingClientRect().right + 1);
  expect(await shown()).toBe(false);
  // Each press scrolls a step (40 px in Chromium), animated: enough steps for any of these tables, then wait.
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(shown).toBe(true);
  expect(await first.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  await expect(first).toBeFocused();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
});
