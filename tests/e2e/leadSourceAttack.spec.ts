/**
 * Issue 39, item 6 (review): lead-source fields written to attack the dashboard, as staff meet them in the real
 * dashboard (chromium, the real supabase-js, the stand-in). A request is stored through the service role with
 * script in its source, landing page and campaign (the form functions keep such text as typed: leadOrigin.test.ts;
 * the database would hold a javascript: landing page from any other writer), with a source of this run's own. Staff
 * filter the list by that source, open the record's dialog and the Reports view: each value is shown as the text
 * it is, no element or handler is made of it, nothing runs, and the landing page is no link.
 */
import { expect, test, type Page } from '@playwright/test';
import { service, showStage, signIn } from './dashboard.ts';
import { consentGiven } from './formPages.ts';

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
/** Sets a flag if it ever runs, as an image's error handler or a script. */
const IMG = `"><img src=x onerror="window.__leadXss=1;alert(1)">${run}`;
const SCRIPT = '<script>window.__leadXss=2;alert(1)</script>';
const JS_URL = 'javascript:window.__leadXss=3;alert(1)';
const name = `Lead Attack ${run}`;

/** Every dialog (alert) the page opens, and whether any attack's flag was set. */
function watch(page: Page) {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  return async () => {
    expect(alerts).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __leadXss?: number }).__leadXss ?? null)).toBeNull();
    expect(await page.locator('[onerror], img[src="x"], a[href^="javascript:" i]').count()).toBe(0);
  };
}

test.beforeAll(async () => {
  const { error } = await service()
    .from('inquiries')
    .insert({ name, phone: '(860) 555-0177', care_for: 'a-parent', town: 'Testville', ...consentGiven(), source: IMG, referrer_host: 'evil.example', landing_page: JS_URL, utm_source: IMG, utm_campaign: SCRIPT, utm_medium: IMG });
  expect(error).toBeNull();
});

test('staff filter by a source written as script, and its dialog shows source, landing page and campaign as text, no link, nothing run', { tag: '@desktop' }, async ({ page }) => {
  const nothingRan = watch(page);
  await signIn(page, 'staff@example.com', 'staff-demo-password', '/admin?view=inquiries');
  await expect(page.getByRole('heading', { name: /^Contact requests \(\d+\)$/ })).toBeVisible();
  await showStage(page, 'inquiries', 'All');
  // The source filter offers it by its text, and keeps the one record.
  await page.getByRole('combobox', { name: 'Source', exact: true }).selectOption({ label: IMG });
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(name);
  await page.getByRole('button', { name: `View details of ${name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  const detail = (term: string) => dialog.locator('dt', { hasText: term }).locator('+ dd');
  await expect(detail('Source')).toHaveText(`${IMG} (came from evil.example)`);
  await expect(detail('Landing page')).toHaveText(JS_URL);
  await expect(detail('Campaign')).toHaveText(`${SCRIPT} (${IMG})`);
  // Text only: no element inside the origin's lines, and the landing page is not a link.
  for (const term of ['Source', 'Landing page', 'Campaign']) await expect(detail(term).locator('*')).toHaveCount(0);
  await nothingRan();
});

test('the Reports view names a source written as script as text, in the chart and the table', { tag: '@desktop' }, async ({ page }) => {
  const nothingRan = watch(page);
  await signIn(page);
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByText('Loading reports...')).toBeHidden();
  const bySource = 'Inquiries: By source, and conversion to client';
  const header = page.getByRole('region', { name: `${bySource}, table` }).getByRole('rowheader', { name: IMG, exact: true });
  await expect(header).toHaveText(IMG);
  await expect(header.locator('*')).toHaveCount(0);
  const bar = page.getByRole('region', { name: bySource, exact: true }).locator('.chart .bar', { hasText: run });
  await expect(bar.locator('.label')).toHaveText(IMG);
  await expect(bar.locator('.label *')).toHaveCount(0);
  await nothingRan();
});
