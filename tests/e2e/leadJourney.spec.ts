/**
 * Issue 31 as a new user tries it, end to end in chromium: a family arrives on a service page from a newsletter's
 * link, goes on to the contact form and sends it with an e-mail address; the reply to them is in the local inbox at
 * once (what was received, when to expect a call, the phone, nothing they wrote); staff find the request by its
 * source, take it and move it to Contacted, then to Became a client; Reports shows this week's first reply and the
 * newsletter's conversion as a chart and as a table, and an admin downloads the table as CSV.
 * The newsletter's name is this run's own (newsletter-<run>), so requests other tests store change nothing here.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { CaughtMail } from '../../scripts/mail-catcher/server.ts';
import { loadContent } from '../../src/content/loader.ts';
import { consentBox, postFromOwnAddress } from './formPages.ts';
import { showStage, signIn } from './dashboard.ts';

const content = await loadContent();
const MAIL = process.env.E2E_MAIL_URL!;
const SERVICE = `/${content.services[0]!.slug}`;
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const SOURCE = `newsletter-${run}`;
const NAME = `Grace Journey-${run}`;
const EMAIL = `grace.${run}@example.com`;

test.describe.configure({ mode: 'serial' });

test('from a newsletter link to the report of its conversion', { tag: ['@saves', '@desktop'] }, async ({ page }) => {
  test.setTimeout(120_000);
  // A visit that began on a service page, from the newsletter's link.
  await postFromOwnAddress(page);
  await page.goto(`${SERVICE}?utm_source=${SOURCE}&utm_medium=email&utm_campaign=winter`);
  await page.getByRole('link', { name: 'Schedule Consultation' }).click();
  await expect(page).toHaveURL(`/contact/for${SERVICE}`);
  await page.waitForFunction(() => {
    const form = document.querySelector<HTMLFormElement>('#inquiry-form');
    return form?.dataset.tokenAt !== undefined && performance.now() - Number(form.dataset.tokenAt) >= 600;
  });
  const form = page.locator('#inquiry-form');
  await form.getByLabel('Your name', { exact: true }).fill(NAME);
  await form.getByLabel('E-mail', { exact: true }).fill(EMAIL);
  await form.getByRole('radio', { name: 'A parent' }).check();
  await form.getByLabel('Message (optional)').fill('My father needs help with meals after his hip surgery.');
  await consentBox(form).check();
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL('/contact/thanks');

  // The reply to the family, in the local inbox at once.
  let reply: CaughtMail | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await fetch(`${MAIL}/api/messages`)).json()) as CaughtMail[];
      reply = messages.find((mail) => mail.to.includes(EMAIL));
      return reply !== undefined;
    }, { timeout: 5_000, message: 'the reply to the family arrives within 5 seconds' })
    .toBe(true);
  await page.goto(MAIL);
  await page.locator(`a[href="/messages/${reply!.id}"]`).click();
  const mail = page.locator('body');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`We have your request - ${content.site.name}`);
  await expect(mail).toContainText('Hello Grace,');
  await expect(mail).toContainText(content.site.phone.display);
  await expect(mail).toContainText(/someone will call you (within the hour|on \w+day, \w+ \d+, by \d+:\d\d [ap]m)/);
  // Nothing of what they wrote but their first name.
  await expect(mail).not.toContainText('hip surgery');
  await expect(mail).not.toContainText('Journey');

  // Staff find it by its source, take it, and call the family back.
  await signIn(page, 'staff@example.com', 'staff-demo-password', '/admin?view=inquiries');
  await page.getByRole('combobox', { name: 'Source', exact: true }).selectOption({ label: SOURCE });
  await page.getByRole('button', { name: `View details of ${NAME}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: NAME });
  await expect(dialog.locator('dt', { hasText: 'Source' }).locator('+ dd')).toHaveText(SOURCE);
  await expect(dialog.locator('dt', { hasText: 'Campaign' }).locator('+ dd')).toHaveText('winter (email)');
  await dialog.getByRole('button', { name: 'Assign to me' }).click();
  await expect(dialog.getByText('You are now the owner.')).toBeVisible();
  const stage = dialog.getByRole('combobox', { name: 'Stage' });
  for (const [option, label] of [['Contacted', 'Contacted'], ['Became a client (closes it)', 'Became a client']] as const) {
    await stage.selectOption({ label: option });
    await dialog.getByRole('button', { name: 'Save stage' }).click();
    await expect(dialog.getByText(`Stage saved: ${label}.`)).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The Waiting column has stopped: it says how long the family waited for the reply (now a client: under All).
  await showStage(page, 'inquiries', 'All');
  await expect(page.locator('tbody tr', { hasText: NAME })).toContainText(/answered in (under 1|\d+) min/);

  // Reports: this week's first reply, and the newsletter's conversion, as a chart and as a table.
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeFocused();
  await expect(page.getByText('Loading reports...')).toBeHidden();
  await expect(page.getByRole('radio', { name: 'This week' })).toBeChecked();
  const table = (name: string) => page.getByRole('region', { name: `${name}, table` });
  const cells = (name: string, row: string) => table(name).getByRole('row').filter({ has: page.getByRole('rowheader', { name: row, exact: true }) }).getByRole('cell');
  // Every request of the week counts here, other tests' too (some are stored backdated): a duration, whatever it is.
  await expect(cells('Inquiries: Time to first reply', 'Wall-clock time').first()).toHaveText(/^(under 1 min|\d+ (days?|h|min)( \d+ (h|min))*) \(/);
  const bySource = 'Inquiries: By source, and conversion to client';
  // Received, became clients (1 of 1: 100%), median first reply.
  await expect(cells(bySource, SOURCE)).toHaveText(['1 (0 before)', '1 (0 before)', '100% (none before)', /min \(none before\)$/]);
  const chart = page.getByRole('region', { name: bySource, exact: true }).locator('.chart');
  await expect(chart.locator('.bar', { hasText: SOURCE }).locator('.value')).toHaveText('1');

  // An admin downloads that table as CSV: the newsletter's row is in it.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, 'admin@example.com', 'admin-demo-password', '/admin?view=reports');
  await expect(page.getByText('Loading reports...')).toBeHidden();
  await expect(cells(bySource, SOURCE).first()).toHaveText('1 (0 before)');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV: Inquiries, By source, and conversion to client' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
  // Source, then this week and the week before: received, became clients, conversion (%), median first reply.
  expect(csv.find((line) => line.startsWith(`${SOURCE},`))).toMatch(new RegExp(`^${SOURCE},1,0,1,0,100,,[\\d.]+,$`));
});
