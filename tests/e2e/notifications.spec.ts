/**
 * Speed to lead in the browser: the e-mail staff get for a new request (in the mail catcher the stand-in of the
 * browser tests sends to, tests/e2e/stack.ts), its link opening the record in /admin after sign-in; a notification
 * that could not be sent, shown at the top of the dashboard with its reason and sent again; and the reply promise
 * watched on the inquiries list (how long each has waited, the overdue ones counted and filtered).
 *
 * The requests here are stored as the form function stores them (the service role's insert, which writes the
 * outbox row in the same transaction), not posted through the form: inquiry.spec.ts sends the form (and finds its
 * e-mail), and the function takes 5 an hour from one address. The notify function, which pg_cron calls on
 * Supabase, then sends what is due. Tagged @saves: the dashboard's other tests count the inquiries.
 */
import { expect, test, type Page } from '@playwright/test';
import type { CaughtMail } from '../../scripts/mail-catcher/server.ts';
import { notificationSettings } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { API, SERVICE_KEY, service, signIn, stat } from './dashboard.ts';
import { consentGiven, seriousViolations } from './formPages.ts';

const MAIL = process.env.E2E_MAIL_URL!;

/** Stores an inquiry as submit-inquiry does; its id. */
async function storeInquiry(name: string): Promise<string> {
  const { data, error } = await service()
    .from('inquiries')
    .insert({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, phone: '(860) 555-0133', care_for: 'a-parent', message: 'Her memory is failing.', page: '/contact', ...consentGiven() })
    .select('id')
    .single();
  expect(error).toBeNull();
  return data!.id as string;
}

/** What pg_cron does every minute on Supabase: the notify function sends what is due. */
async function runNotify(): Promise<void> {
  const response = await fetch(`${API}/functions/v1/notify`, { method: 'POST', headers: { Authorization: `Bearer ${SERVICE_KEY}` } });
  expect(response.status).toBe(200);
}

async function messagesAbout(id: string): Promise<CaughtMail[]> {
  const messages = (await (await fetch(`${MAIL}/api/messages`)).json()) as CaughtMail[];
  return messages.filter((mail) => mail.text.includes(`record=${id}`));
}

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('the e-mail for a new inquiry arrives in the inbox, says nothing personal, and its link opens the record after sign-in', { tag: ['@saves', '@desktop'] }, async ({ page }) => {
  const name = `Rosa Lindqvist ${unique()}`;
  const id = await storeInquiry(name);
  await runNotify();
  const [mail] = await messagesAbout(id);
  expect(mail).toBeDefined();

  await page.goto(MAIL);
  await expect(page.getByRole('heading', { name: 'Local inbox' })).toBeVisible();
  await page.locator(`a[href="/messages/${mail!.id}"]`).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New inquiry from the website');
  await expect(page.locator('body')).not.toContainText('Rosa');
  await expect(page.locator('body')).not.toContainText('memory');
  await page.getByRole('link', { name: new RegExp(`record=${id}$`) }).click();

  // Not signed in: the sign-in form first, then the record itself.
  await expect(page).toHaveURL(/\/admin\?view=inquiries&record=/);
  await page.getByLabel('Email').fill('staff@example.com');
  await page.getByLabel('Password').fill('staff-demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Her memory is failing.');
  // Closed, the list stays, and a reload does not open it again.
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page).toHaveURL(/\/admin\?view=inquiries$/);
});

test('a link to a record that is not there says so', { tag: ['@saves', '@desktop'] }, async ({ page }) => {
  await signIn(page, 'staff@example.com', 'staff-demo-password', '/admin?view=inquiries&record=00000000-0000-4000-8000-00000000dead');
  await expect(page.getByText('The record the link names is not among the inquiries: it may have been erased.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

/**
 * Marks this inquiry's notification failed, as the sender does when the mail service refuses the address: the
 * staff e-mail's, or (`reply`) the instant reply to the sender's.
 */
async function failNotificationOf(id: string, reason: string, which: 'staff' | 'reply' = 'staff'): Promise<void> {
  const client = service();
  const claimed = await client.rpc('claim_notifications', { p_limit: 100, p_lease_seconds: 1 });
  expect(claimed.error).toBeNull();
  const rows = claimed.data as Array<{ id: string; record_id: string }>;
  // The one row asked for: the staff e-mail's or the reply to the sender's (acknowledgement); the other is put back.
  const replies = new Set(((await client.from('notification_outbox').select('id').eq('acknowledgement', true)).data ?? []).map((row: { id: string }) => row.id));
  for (const row of rows) {
    // Others' rows (a form post's, claimed in the same breath) are put back to be sent on the next run.
    const mine = row.record_id === id && replies.has(row.id) === (which === 'reply');
    const marked = await client.rpc('notification_outcome', { p_id: row.id, p_error: mine ? reason : 'put back by a test', p_permanent: mine });
    expect(marked.error).toBeNull();
  }
  expect(rows.some((row) => row.record_id === id)).toBe(true);
}

test('a notification that could not be sent is shown at the top with its reason, opens its record, and is sent again', { tag: ['@saves', '@desktop'] }, async ({ page }) => {
  const name = `Poison Test ${unique()}`;
  const id = await storeInquiry(name);
  const reason = 'The mail service answered 422: Invalid `to` field: intake@agency.invalid cannot receive mail.';
  await failNotificationOf(id, reason);

  await signIn(page);
  const trouble = page.getByRole('complementary', { name: /notifications? could not be sent$/ });
  await expect(trouble).toBeVisible();
  const item = trouble.getByRole('listitem').filter({ hasText: reason });
  await expect(item).toContainText('New inquiry');
  await expect(item).toContainText('(1 try)');
  expect(await seriousViolations(page, 'aside')).toEqual([]);

  await item.getByRole('link', { name: 'Open the record' }).click();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await page.keyboard.press('Escape');

  await item.getByRole('button', { name: 'Send again' }).click();
  await expect(trouble.getByRole('listitem').filter({ hasText: reason })).toHaveCount(0);
  await runNotify();
  await expect.poll(async () => (await messagesAbout(id)).length).toBe(1);
});

test('a reply to the family that could not be sent is shown as such at the top, and sent again to their address', { tag: ['@saves', '@desktop'] }, async ({ page }) => {
  const name = `Reply Failure ${unique()}`;
  const id = await storeInquiry(name);
  const address = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const reason = `The mail service answered 422: Invalid \`to\` field: ${unique()} cannot receive mail.`;
  await failNotificationOf(id, reason, 'reply');

  await signIn(page);
  const trouble = page.getByRole('complementary', { name: /notifications? could not be sent$/ });
  const item = trouble.getByRole('listitem').filter({ hasText: reason });
  await expect(item).toContainText('Reply to the family');
  expect(await seriousViolations(page, 'aside')).toEqual([]);

  await item.getByRole('button', { name: 'Send again' }).click();
  await expect(trouble.getByRole('listitem').filter({ hasText: reason })).toHaveCount(0);
  await runNotify();
  const replies = async () => ((await (await fetch(`${MAIL}/api/messages`)).json()) as CaughtMail[]).filter((mail) => mail.to.includes(address));
  await expect.poll(async () => (await replies()).length).toBe(1);
  expect((await replies())[0]!.text).not.toContain('memory');
});

/** The inquiries at the first stage sent longer ago than the reply promise: what the dashboard calls overdue. */
async function overdueCount(): Promise<number> {
  const since = new Date(Date.now() - notificationSettings.replyWithinHours * 3_600_000).toISOString();
  const { count, error } = await service().from('inquiries').select('*', { count: 'exact', head: true }).eq('stage', 'new').lt('created_at', since);
  expect(error).toBeNull();
  return count!;
}

async function inquiries(page: Page, path = '/admin?view=inquiries') {
  await signIn(page, 'staff@example.com', 'staff-demo-password', path);
  await expect(page.getByRole('heading', { name: /^Contact requests \(\d+\)$/ })).toBeVisible();
}

test('the inquiries list shows how long each has waited, counts the overdue ones and shows only them on request', { tag: '@saves' }, async ({ page }) => {
  const overdue = await overdueCount();
  // The demo data has inquiries nobody answered for days: the promise is broken somewhere to be seen.
  expect(overdue).toBeGreaterThan(0);
  await inquiries(page);
  await expect(stat(page, 'Overdue')).toHaveText(String(overdue));
  // Three counts side by side would be wider than a phone: they wrap, and nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByText(`${overdue} ${overdue === 1 ? 'inquiry is' : 'inquiries are'} overdue: still New after ${notificationSettings.replyWithinHours} hours.`)).toBeVisible();
  const only = page.getByRole('button', { name: 'Show only overdue' });
  await only.click();
  await expect(only).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: `Contact requests (${overdue})` })).toBeVisible();
  // Every record shown says it is overdue, in words.
  const shown = page.locator('tbody tr, ul.records > li');
  await expect(shown).toHaveCount(Math.min(overdue, 50));
  for (const row of await shown.all()) await expect(row).toContainText('Overdue ·');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the digest e-mail\'s link opens the inquiries with only the overdue ones shown', { tag: ['@saves', '@desktop'] }, async ({ page }) => {
  const overdue = await overdueCount();
  await inquiries(page, '/admin?view=inquiries&overdue=1');
  await expect(page.getByRole('button', { name: 'Show only overdue' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: `Contact requests (${overdue})` })).toBeVisible();
});

test('replies past the hourly cap are held at the top for staff; an admin sends one, which arrives, and drops another, which never does', { tag: ['@saves', '@desktop'] }, async ({ page }) => {
  const sent = `Held Sent ${unique()}`;
  const dropped = `Held Dropped ${unique()}`;
  // A first request, whose reply a cap of one an hour may still let through; the two after it are held whatever
  // the other tests' replies have spent of the hour.
  await storeInquiry(`Held First ${unique()}`);
  const [sentId, droppedId] = [await storeInquiry(sent), await storeInquiry(dropped)];
  const address = (name: string) => `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  // A sender's claim with a cap of one an hour, claiming nothing: it only holds.
  const capped = await service().rpc('claim_notifications', { p_limit: 0, p_lease_seconds: 60, p_more_than: null, p_within_minutes: null, p_replies_per_hour: 1 });
  expect(capped.error).toBeNull();

  // Plain staff see the held replies and their records, and are told an admin decides.
  await signIn(page);
  const held = page.getByRole('complementary', { name: 'Replies held: unusual volume' });
  await expect(held).toBeVisible();
  await expect(held).toContainText('an admin can send the replies');
  await expect(held.getByRole('button')).toHaveCount(0);
  const itemOf = (id: string) => held.getByRole('listitem').filter({ has: page.locator(`a[href*="${id}"]`) });
  await expect(itemOf(sentId)).toContainText('Reply to a family, request sent');
  expect(await seriousViolations(page, 'aside')).toEqual([]);
  await itemOf(droppedId).getByRole('link', { name: 'Open the record' }).click();
  await expect(page.getByRole('dialog', { name: dropped })).toBeVisible();
  await page.keyboard.press('Escape');

  // An admin sends one and drops the other.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, 'admin@example.com', 'admin-demo-password');
  await itemOf(sentId).getByRole('button', { name: /^Send the reply to a family/ }).click();
  await expect(held.getByRole('status')).toHaveText('1 reply will be sent within a minute.');
  await expect(itemOf(sentId)).toHaveCount(0);
  await itemOf(droppedId).getByRole('button', { name: /^Drop the reply to a family/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'dropped' })).toHaveText('1 reply was dropped: it will not be sent.');
  await expect(itemOf(droppedId)).toHaveCount(0);
  // The first request's reply, and other tests' held meanwhile, are sent, not lost.
  const rest = held.getByRole('button', { name: /^Send all/ });
  if (await rest.isVisible()) await rest.click();
  await expect(held).toHaveCount(0);

  await runNotify();
  const repliesTo = async (to: string) => ((await (await fetch(`${MAIL}/api/messages`)).json()) as CaughtMail[]).filter((mail) => mail.to.includes(to));
  await expect.poll(async () => (await repliesTo(address(sent))).length).toBe(1);
  expect(await repliesTo(address(dropped))).toEqual([]);
});
