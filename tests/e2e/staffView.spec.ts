/**
 * Staff managed in /admin by an admin (issue 32, item 4), in the browser: the demo admin invites a new member from
 * the Staff view; the invitation arrives in the local inbox; its link lets the member choose a password and opens
 * the dashboard as staff; the admin removes them, and the member's open dashboard is refused on its next request.
 * Plain staff are offered no Staff view. Each test invites members of its own (the stack is shared by every spec).
 */
import { expect, test, type Page } from '@playwright/test';
import type { CaughtMail } from '../../scripts/mail-catcher/server.ts';
import { signIn } from './dashboard.ts';
import { seriousViolations } from './formPages.ts';

const MAIL = process.env.E2E_MAIL_URL!;
const ACCESS_ENDED = 'Your staff access has ended. If you still need it, ask an admin.';
/** The link to set a password, as the invitation's text gives it. */
const linkIn = (mail: CaughtMail) => /Set your password: (\S+)/.exec(mail.text)![1]!;
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function staffView(page: Page) {
  await signIn(page, 'admin@example.com', 'admin-demo-password');
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\?view=staff$/);
  await expect(page.getByRole('heading', { level: 3, name: /^Pat Morgan/ })).toBeVisible();
}

async function invite(page: Page, name: string, email: string) {
  const form = page.getByRole('region', { name: 'Invite a staff member' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Role').selectOption('staff');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${email}. The link in it works for 24 hours.` }).first()).toBeAttached();
}

test('the admin invites a member, who sets a password from the e-mail and works as staff until the admin removes them', { tag: '@desktop' }, async ({ page, browser }) => {
  const name = `Jamie Invited ${unique()}`;
  const email = `jamie.${unique()}@example.com`;
  await staffView(page);
  await invite(page, name, email);
  const member = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
  await expect(member).toContainText('Not yet (invited)');
  await expect(loggedChange(page, `Pat Morgan invited ${name} as staff.`)).toHaveCount(1);

  // The invitee, in a browser of their own, from the local inbox.
  const messages = (await (await fetch(`${MAIL}/api/messages`)).json()) as CaughtMail[];
  const mail = messages.filter((message) => message.to.includes(email));
  expect(mail).toHaveLength(1);
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(MAIL);
  await invitee.locator(`a[href="/messages/${mail[0]!.id}"]`).click();
  await expect(invitee.getByRole('heading', { level: 1 })).toContainText('You are invited to the');
  await invitee.locator('a[href*="/auth/v1/verify"]').first().click();

  await expect(invitee.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeFocused();
  await expect(invitee).toHaveURL(/\/admin$/);
  await invitee.getByLabel('New password').fill('short');
  await invitee.getByLabel('Type it again').fill('short');
  await invitee.getByRole('button', { name: 'Save password and continue' }).click();
  await expect(invitee.getByRole('alert')).toHaveText('Choose a password of at least 8 characters.');
  await invitee.getByLabel('New password').fill('correct horse battery');
  await invitee.getByLabel('Type it again').fill('correct horse battery');
  await invitee.getByRole('button', { name: 'Save password and continue' }).click();
  await expect(invitee.getByRole('heading', { name: /^Applications \(\d+\)$/ })).toBeVisible();
  await expect(invitee.getByRole('banner')).toContainText(email);
  // Staff, not admin: no Staff view.
  await expect(invitee.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Staff' })).toHaveCount(0);

  // The admin sees their first sign-in, then removes them.
  await page.reload();
  await expect(member).not.toContainText('Not yet (invited)');
  await member.getByRole('button', { name: `Remove ${name}` }).click();
  await member.getByRole('button', { name: `Yes, remove ${name}` }).click();
  await expect(member).toContainText('Removed');
  await expect(loggedChange(page, `Pat Morgan removed ${name}.`)).toHaveCount(1);

  // The invitee's open dashboard, on its next request.
  await invitee.getByRole('link', { name: 'Inquiries' }).click();
  await expect(invitee.getByRole('status').filter({ hasText: ACCESS_ENDED })).toBeVisible();
  await expect(invitee.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The link does not work a second time.
  await invitee.goto(linkIn(mail[0]!));
  await expect(invitee.getByRole('status').filter({ hasText: 'This invitation link has expired or has been used already. Ask an admin to invite you again.' })).toBeVisible();
  await invitee.context().close();
});

test('an invitee who closed the page before choosing a password is invited again from their card, and the new link lets them choose it', { tag: '@desktop' }, async ({ page, browser }) => {
  const name = `Robin Closed ${unique()}`;
  const email = `robin.${unique()}@example.com`;
  await staffView(page);
  await invite(page, name, email);
  const mailTo = async () => ((await (await fetch(`${MAIL}/api/messages`)).json()) as CaughtMail[]).filter((message) => message.to.includes(email));
  const first = (await mailTo())[0]!;
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(linkIn(first));
  await expect(invitee.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeFocused();
  await invitee.context().close();

  await page.reload();
  const member = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
  await member.getByRole('button', { name: `Invite ${name} again` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${email}. The link in it works for 24 hours.` }).first()).toBeAttached();
  // The first invitation and this one.
  await expect(loggedChange(page, `Pat Morgan invited ${name} as staff.`)).toHaveCount(2);
  await expect.poll(async () => (await mailTo()).length).toBe(2);
  const second = (await mailTo()).find((message) => message.id !== first.id)!;

  const again = await (await browser.newContext()).newPage();
  await again.goto(linkIn(second));
  await expect(again.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeFocused();
  await again.getByLabel('New password').fill('robin chose this one');
  await again.getByLabel('Type it again').fill('robin chose this one');
  await again.getByRole('button', { name: 'Save password and continue' }).click();
  await expect(again.getByRole('heading', { name: /^Applications \(\d+\)$/ })).toBeVisible();
  await again.context().close();
  // Their own card offers no invitation to themselves.
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: /^Pat Morgan \(you\)/ }) }).getByRole('button', { name: /again$/ })).toHaveCount(0);
});

test('a fourth invitation to one address within the hour is refused with when to try again, beside the form and on the card, and nothing is sent', { tag: '@desktop' }, async ({ page }) => {
  const name = `Sky Thrice ${unique()}`;
  const email = `sky.${unique()}@example.com`;
  const mailTo = async () => ((await (await fetch(`${MAIL}/api/messages`)).json()) as CaughtMail[]).filter((message) => message.to.includes(email));
  await staffView(page);
  await invite(page, name, email);
  const member = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
  for (let n = 2; n <= 3; n++) {
    await member.getByRole('button', { name: `Invite ${name} again` }).click();
    await expect(loggedChange(page, `Pat Morgan invited ${name} as staff.`)).toHaveCount(n);
  }
  await expect.poll(async () => (await mailTo()).length).toBe(3);

  const refusal = /^This address was sent 3 invitations in the past hour\. Try again after \d{1,2}:\d{2} [ap]m\.$/;
  await member.getByRole('button', { name: `Invite ${name} again` }).click();
  await expect(page.getByRole('status', { name: 'Notifications' }).getByText(refusal)).toBeVisible();
  const form = page.getByRole('region', { name: 'Invite a staff member' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByRole('alert')).toHaveText(refusal);
  await expect(loggedChange(page, `Pat Morgan invited ${name} as staff.`)).toHaveCount(3);
  expect(await mailTo()).toHaveLength(3);
});

test('plain staff are offered no Staff view, and the address alone does not show it', { tag: '@desktop' }, async ({ page }) => {
  await signIn(page, 'staff@example.com', 'staff-demo-password', '/admin?view=staff');
  await expect(page.getByRole('heading', { name: /^Applications \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toHaveCount(0);
});

for (const width of [375, 1280]) {
  test(`the Staff view has no serious accessibility finding at ${width} px`, { tag: '@desktop' }, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await staffView(page);
    await page.getByRole('region', { name: 'Members' }).getByRole('button', { name: /^Remove / }).first().click();
    await expect(page.getByRole('group', { name: /^Remove .+\?$/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Changes' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

/**
 * The entry of the Changes log that says `text`. Other tests change the staff at the same time (the stand-in is
 * shared), so the newest entry is not always this test's.
 */
const loggedChange = (page: Page, text: string) => page.getByRole('region', { name: 'Changes' }).getByRole('listitem').filter({ hasText: text });
