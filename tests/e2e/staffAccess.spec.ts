/**
 * Offboarding as an admin does it (issue 29, item 2): `npm run staff:add -- <email> --remove` while the colleague
 * has the dashboard open. Their open dashboard loses access on its next request, tells them so and returns to the
 * sign-in form; their session is ended too. Each test makes a colleague of its own (the stack is shared by every
 * spec, so the demo accounts are left as they are).
 */
import { expect, test, type Page } from '@playwright/test';
import { setStaff } from '../../scripts/staff-add.ts';
import { service, signIn } from './dashboard.ts';

const ACCESS_ENDED = 'Your staff access has ended. If you still need it, ask an admin.';

/** A new staff member, signed in with the applications list on screen; their e-mail and password. */
async function colleagueWithDashboard(page: Page, who: string) {
  const email = `${who}.${Date.now()}@example.com`;
  const { password } = await setStaff(service(), email, 'staff');
  await signIn(page, email, password!);
  await expect(page.getByRole('heading', { name: /^Applications \(\d+\)$/ })).toBeVisible();
  return { email, password: password! };
}

test('a colleague removed by an admin sees on their next request that their access has ended, and is back at sign-in', async ({ page }) => {
  const { email, password } = await colleagueWithDashboard(page, 'robin');

  await setStaff(service(), email, false);

  // Their next request: the other list.
  await page.getByRole('link', { name: 'Inquiries' }).click();
  await expect(page.getByRole('status').filter({ hasText: ACCESS_ENDED })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('table')).toBeHidden();

  // Signing in again works, as for anyone with an account, but shows no record.
  await signIn(page, email, password);
  await expect(page.getByText('This account is not a staff account, so no applications are shown.')).toBeVisible();
});

test('a colleague removed by an admin is signed out of the dashboard they reload: their session has ended', async ({ page }) => {
  const { email } = await colleagueWithDashboard(page, 'kim');

  await setStaff(service(), email, false);

  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Your session has ended. Please sign in again.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
