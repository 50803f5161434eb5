/**
 * The dashboard's Inquiries view against the local stand-in (8 demo inquiries), with the real supabase-js in
 * chromium: switching views by link and by the browser's Back, counts, search, the detail dialog, paging, the
 * loading, empty and error states, and what a non-staff account sees. Expected counts are read from the
 * stand-in at test time, so a test elsewhere that stores an inquiry does not break them. The list shows the open
 * inquiries by default; a test about every inquiry, or about one that may be closed, chooses 'All'.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { inquiryChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { formatDateTime } from '../../src/admin/format.ts';
import { weekOf } from '../../src/admin/reports/periods.ts';
import { API, cellOf, columnCells, holdRequests, openCount, service, showStage, signIn, stageButton, stat } from './dashboard.ts';
import { consentGiven } from './formPages.ts';

const label = (list: ReadonlyArray<{ code: string; label: string }>, code: string) => list.find((c) => c.code === code)!.label;
const sections = (page: Page) => page.getByRole('navigation', { name: 'Dashboard sections' });
const inquiriesHeading = (page: Page) => page.getByRole('heading', { name: 'Inquiries', exact: true });
const listHeading = (page: Page) => page.getByRole('heading', { name: /^Contact requests \(\d+\)$/ });

async function openInquiries(page: Page, email?: string, password?: string) {
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Job Applications' })).toBeVisible();
  await sections(page).getByRole('link', { name: 'Inquiries' }).click();
  await expect(inquiriesHeading(page)).toBeVisible();
  await expect(page.getByText('Loading inquiries...')).toBeHidden();
}

/**
 * Every inquiry, and this week's as Reports count them: created from Monday 00:00 New York time (weekOf, the one
 * week of the dashboard), suspected spam left out.
 */
async function storedCounts() {
  const all = await service().from('inquiries').select('*', { count: 'exact', head: true });
  const spam = await service().from('inquiry_stages').select('code').eq('spam', true).single();
  const { from, to } = weekOf(new Date());
  const week = await service()
    .from('inquiries')
    .select('*', { count: 'exact', head: true })
    .gte('created_at', from.toISOString())
    .lt('created_at', to.toISOString())
    .neq('stage', spam.data!.code as string);
  return { total: all.count!, week: week.count! };
}

test.describe('the Inquiries view', { tag: '@desktop' }, () => {
  test.describe.configure({ mode: 'serial' });

  test('staff switch to Inquiries and see the counts and the open requests after a loading state, and every request under All, newest first', async ({ page }) => {
    const release = await holdRequests(page, '**/rest/v1/inquiries?select=id*');
    await signIn(page);
    const link = sections(page).getByRole('link', { name: 'Inquiries' });
    await expect(sections(page).getByRole('link', { name: 'Job Applications' })).toHaveAttribute('aria-current', 'page');
    await link.click();
    await expect(page).toHaveURL(/\/admin\?view=inquiries$/);
    await expect(link).toHaveAttribute('aria-current', 'page');
    // The switch is announced: focus moves to the new list's heading.
    await expect(inquiriesHeading(page)).toBeFocused();
    await expect(sections(page).getByRole('link', { name: 'Job Applications' })).not.toHaveAttribute('aria-current');
    await expect(page.getByText('Loading inquiries...')).toBeVisible();
    release();

    const { total, week } = await storedCounts();
    expect(total).toBeGreaterThanOrEqual(8);
    // The demo data has closed inquiries (became a client, not a fit): the default 'Open' leaves them out.
    const open = await openCount('inquiries');
    expect(open).toBeLessThan(total);
    await expect(page.getByRole('heading', { name: `Contact requests (${open})` })).toBeVisible();
    await expect(stageButton(page, 'inquiries', 'Open')).toHaveAttribute('aria-pressed', 'true');
    await expect(stat(page, 'Total Inquiries')).toHaveText(String(total));
    await expect(stat(page, 'This Week')).toHaveText(String(week));
    await showStage(page, 'inquiries', 'All');
    await expect(page.getByRole('heading', { name: `Contact requests (${total})` })).toBeVisible();
    const dates = await (await columnCells(page, 'Submitted')).allTextContents();
    expect(dates).toHaveLength(Math.min(total, 50));
    expect(dates.map((d) => Date.parse(d))).toEqual([...dates.map((d) => Date.parse(d))].sort((a, b) => b - a));
    const margaret = page.locator('tbody tr', { has: page.getByText('Margaret Doyle', { exact: true }) });
    await expect(margaret).toContainText('margaret.doyle@example.com');
    await expect(await cellOf(page, margaret, 'Who needs care')).toHaveText(label(inquiryChoices.careFor, 'a-parent'));
    await expect(await cellOf(page, margaret, 'Town')).toHaveText('Hamden');
    await expect(margaret.getByRole('button', { name: 'View details of Margaret Doyle' })).toBeVisible();
  });

  test('searches name, e-mail, phone and town, case-insensitively, by substring', async ({ page }) => {
    await openInquiries(page);
    const { total } = await storedCounts();
    // Every inquiry, closed ones too, so that each count below is over all of them.
    await showStage(page, 'inquiries', 'All');
    const search = page.getByLabel('Search inquiries');
    const countFor = async (term: string) => {
      await search.fill(term);
      return Number(/\((\d+)\)/.exec((await listHeading(page).textContent()) ?? '')![1]);
    };
    expect(await countFor('')).toBe(total);
    expect(await countFor('MARGARET')).toBe(await countFor('margaret'));
    expect(await countFor('margaret')).toBeGreaterThan(0);
    for (const name of await page.locator('tbody .name').allTextContents()) expect(name.toLowerCase()).toContain('margaret');
    expect(await countFor('denise.whitaker@exam')).toBe(1);
    await expect(page.locator('tbody .name')).toHaveText(['Denise Whitaker']);
    expect(await countFor('old saybrook')).toBe(1);
    const withPhone = await countFor('555-01');
    expect(withPhone).toBeGreaterThan(0);
    expect(withPhone).toBeLessThan(total);
    // A caller's number typed as people write it, with the country code or without, finds the same records.
    const caller = await service().from('inquiries').select('phone').neq('phone', '').limit(1).single();
    const digits = (caller.data!.phone as string).replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
    const [area, exchange, line] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
    const byDigits = await countFor(digits);
    expect(byDigits).toBeGreaterThan(0);
    for (const typed of [`+1 ${area} ${exchange} ${line}`, `1-${area}-${exchange}-${line}`, `(${area}) ${exchange}-${line}`, `1${digits}`]) expect(await countFor(typed), typed).toBe(byDigits);
    // The message is not searched: it is not even in the list.
    expect(await countFor('knee replacement')).toBe(0);
    await expect(page.getByText('No inquiries found')).toBeVisible();
    expect(await countFor('')).toBe(total);
  });

  test('shows every detail of an inquiry in a dialog, the message with its line breaks, and gives focus back', async ({ page }) => {
    await openInquiries(page);
    const { data } = await service().from('inquiries').select('*').eq('name', 'Tomás Ferreira').single();
    const row = data as { email: string; phone: string; message: string; services: string[]; consent_version: string; consented_at: string };
    // Wherever Tomás and Denise stand in the workflow (either may be closed).
    await showStage(page, 'inquiries', 'All');
    const view = page.getByRole('button', { name: 'View details of Tomás Ferreira' });
    await view.click();
    const dialog = page.getByRole('dialog', { name: 'Tomás Ferreira' });
    await expect(dialog).toBeVisible();
    const term = (name: string) => dialog.locator('dt', { hasText: name }).locator('+ dd');
    await expect(term('Email').getByRole('link')).toHaveAttribute('href', `mailto:${row.email}`);
    await expect(term('Phone').getByRole('link')).toHaveAttribute('href', `tel:${row.phone}`);
    await expect(term('Who needs care')).toHaveText(label(inquiryChoices.careFor, 'a-parent'));
    await expect(term('Best time to call')).toHaveText(label(inquiryChoices.callTimes, 'evening'));
    await expect(term('Services')).toHaveText(row.services.map((code) => label(inquiryChoices.services, code)).join(', '));
    await expect(term('Town')).toHaveText('Bridgeport');
    await expect(term('Sent from')).toHaveText('/');
    await expect(term('Consent to store health details')).toHaveText(`Given ${formatDateTime(row.consented_at)} (wording of ${inquiryChoices.consent.version})`);
    await expect(dialog.locator('.letter')).toHaveText(row.message);
    expect(await dialog.locator('.letter').evaluate((el) => (el as HTMLElement).innerText)).toContain('\n\n');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(view).toBeFocused();

    // Only an e-mail address, no time, no page: each empty field says so.
    await page.getByLabel('Search inquiries').fill('Denise');
    await page.getByRole('button', { name: 'View details of Denise Whitaker' }).click();
    const denise = page.getByRole('dialog', { name: 'Denise Whitaker' });
    await expect(denise.locator('dt', { hasText: 'Phone' }).locator('+ dd')).toHaveText('Not given');
    await expect(denise.locator('dt', { hasText: 'Best time to call' }).locator('+ dd')).toHaveText('Any time');
    await denise.getByRole('button', { name: 'Close' }).first().click();
    await expect(page.getByRole('button', { name: 'View details of Denise Whitaker' })).toBeFocused();
  });

  test('pages through more than 50 requests, 50 at a time', async ({ page }) => {
    const rows = Array.from({ length: 55 }, (_, i) => ({ name: `Pager ${String(i).padStart(2, '0')}`, phone: '(860) 555-0199', care_for: 'myself', town: 'Pagetown', ...consentGiven() }));
    const { data, error } = await service().from('inquiries').insert(rows).select('id');
    expect(error).toBeNull();
    try {
      await openInquiries(page);
      await page.getByLabel('Search inquiries').fill('pagetown');
      await expect(page.getByRole('heading', { name: 'Contact requests (55)' })).toBeVisible();
      const pager = page.getByRole('navigation', { name: 'Pages of inquiries' });
      await expect(pager).toContainText('Page 1 of 2');
      await expect(page.locator('tbody tr')).toHaveCount(50);
      await pager.getByRole('button', { name: 'Next' }).click();
      await expect(pager).toContainText('Page 2 of 2');
      await expect(page.locator('tbody tr')).toHaveCount(5);
      await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    } finally {
      await service().from('inquiries').delete().in('id', (data ?? []).map((r) => r.id));
    }
  });

  test('shows the load error toast and an empty list when the inquiries cannot be read', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Job Applications' })).toBeVisible();
    // The network fails for the inquiries only; supabase-js retries a failed read three times (1, 2 and 4 s).
    await page.route('**/rest/v1/inquiries*', (route) => route.abort('connectionrefused'));
    await sections(page).getByRole('link', { name: 'Inquiries' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Failed to load inquiries' });
    await expect(toast).toContainText('Error', { timeout: 15_000 });
    await expect(page.locator('[data-variant="destructive"]')).toBeVisible();
    await expect(page.getByText('No inquiries found')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Contact requests (0)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeHidden();
  });

  test('shows the empty state when there is no inquiry yet', async ({ page }) => {
    // The first page is empty, as for a new project: no further page is then read.
    await page.route('**/rest/v1/inquiries?select=id*', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: [], headers: { ...response.headers(), 'content-range': '*/0' } });
    });
    await openInquiries(page);
    await expect(page.getByText('No inquiries found')).toBeVisible();
    await expect(stat(page, 'Total Inquiries')).toHaveText('0');
    await expect(stat(page, 'This Week')).toHaveText('0');
  });

  test('a 401 while reading the inquiries returns to sign-in with the session-ended notice', async ({ page }) => {
    await page.route(`${API}/rest/v1/inquiries?**`, (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' }) }),
    );
    await signIn(page, undefined, undefined, '/admin?view=inquiries');
    await expect(page.getByRole('status').filter({ hasText: 'Your session has ended. Please sign in again.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('the view is in the address: a reload keeps it, Back and Forward move between the views', async ({ page }) => {
    await signIn(page, undefined, undefined, '/admin?view=inquiries');
    await expect(inquiriesHeading(page)).toBeVisible();
    await expect(page.getByLabel('Search inquiries')).toBeVisible();
    await page.reload();
    await expect(inquiriesHeading(page)).toBeVisible();
    await expect(listHeading(page)).toBeVisible();

    await sections(page).getByRole('link', { name: 'Job Applications' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Job Applications' })).toBeVisible();
    await expect(page.getByLabel('Search applications')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\?view=inquiries$/);
    await expect(inquiriesHeading(page)).toBeFocused();
    await expect(sections(page).getByRole('link', { name: 'Inquiries' })).toHaveAttribute('aria-current', 'page');
    await page.goForward();
    await expect(page.getByRole('heading', { name: 'Job Applications' })).toBeVisible();
    // A link still opens in a new tab with its own address.
    await expect(sections(page).getByRole('link', { name: 'Inquiries' })).toHaveAttribute('href', '/admin?view=inquiries');
  });
});

test('axe finds no serious or critical violation on the Inquiries view with its filters and its dialog with its history, and the page never scrolls sideways', async ({ page }) => {
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  await openInquiries(page);
  await expect(listHeading(page)).toBeVisible();
  await expect(stageButton(page, 'inquiries', 'Open')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Owner' })).toBeVisible();
  expect(await serious()).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: /^View details of / }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.letter')).not.toHaveAttribute('aria-busy', 'true');
  // The workflow's controls and the history are part of the dialog axe reads.
  await expect(dialog.getByRole('combobox', { name: 'Stage' })).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'History, newest first' }).getByRole('listitem').first()).toBeVisible();
  expect(await serious()).toEqual([]);
});
