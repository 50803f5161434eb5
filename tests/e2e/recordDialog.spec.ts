/**
 * A record's dialog as a person finds it, on a desktop and on a phone, on a demo inquiry with notes (read only):
 * a Close button at its top, in sight when it opens, and one at its bottom, after the history; both reached by
 * keyboard, both closing it with focus back on the View button. The owner is said as a term and its value
 * (a paragraph cannot be named with aria-labelledby: the W3C checker and axe's aria-prohibited-attr), and axe
 * finds nothing to flag or to review about ARIA in the dialog.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { service, showStage, signIn } from './dashboard.ts';

/** A demo inquiry with at least one note: a history longer than its arrival. */
async function notedInquiry(): Promise<string> {
  const { data: noted, error } = await service().from('record_notes').select('inquiry_id').not('inquiry_id', 'is', null).limit(1).single();
  expect(error).toBeNull();
  const { data: inquiry } = await service().from('inquiries').select('name').eq('id', noted!.inquiry_id as string).single();
  return (inquiry as { name: string }).name;
}

async function openDialog(page: Page, name: string): Promise<{ dialog: Locator; view: Locator }> {
  const view = page.getByRole('button', { name: `View details of ${name}`, exact: true });
  await view.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('list', { name: 'History, newest first' }).getByRole('listitem').first()).toBeVisible();
  return { dialog, view };
}

test.beforeEach(async ({ page }) => {
  await signIn(page, 'staff@example.com', 'staff-demo-password', '/admin?view=inquiries');
  await expect(page.getByRole('heading', { name: /^Contact requests \(\d+\)$/ })).toBeVisible();
  await showStage(page, 'inquiries', 'All');
});

test("a record's dialog has a Close button at its top, in sight when it opens, and one at its bottom after the history; both by keyboard", async ({ page }) => {
  const name = await notedInquiry();
  await page.getByLabel('Search inquiries').fill(name);
  let { dialog, view } = await openDialog(page, name);
  const closes = dialog.getByRole('button', { name: 'Close', exact: true });
  await expect(closes).toHaveCount(2);
  const [top, bottom] = [closes.first(), closes.last()];

  // The top one: above the line under the title, in sight as the dialog opens, and where focus starts.
  await expect(top).toBeInViewport();
  await expect(top).toBeFocused();
  const under = (await dialog.getByText(/^Inquiry sent /).boundingBox())!;
  expect((await top.boundingBox())!.y).toBeLessThan(under.y);
  // The bottom one: after the last line of the history, the last thing in the dialog.
  const lastEvent = (await dialog.getByRole('list', { name: 'History, newest first' }).getByRole('listitem').last().boundingBox())!;
  expect((await bottom.boundingBox())!.y).toBeGreaterThanOrEqual(lastEvent.y + lastEvent.height);

  // Shift+Tab from the top goes round to the bottom one, and Tab from there back to the top: each comes into
  // sight as it takes focus. Enter closes.
  await page.keyboard.press('Shift+Tab');
  await expect(bottom).toBeFocused();
  await expect(bottom).toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(top).toBeFocused();
  await expect(top).toBeInViewport();
  await page.keyboard.press('Shift+Tab');
  await expect(bottom).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(view).toBeFocused();

  ({ dialog, view } = await openDialog(page, name));
  await expect(top).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dialog).toBeHidden();
  await expect(view).toBeFocused();
});

test("the dialog says who owns the record as a term and its value, with no ARIA that axe flags or asks to review", async ({ page }) => {
  const name = await notedInquiry();
  await page.getByLabel('Search inquiries').fill(name);
  const { dialog } = await openDialog(page, name);
  const { data } = await service().from('inquiries').select('owner').eq('name', name).single();
  const owner = (data as { owner: string | null }).owner;
  const ownerName = owner ? ((await service().from('staff').select('display_name').eq('user_id', owner).single()).data as { display_name: string }).display_name : 'Nobody yet';
  await expect(dialog.locator('.letter')).not.toHaveAttribute('aria-busy', 'true');
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  const aria = (rules: typeof results.violations) => rules.filter((rule) => rule.id.startsWith('aria-')).map((rule) => `${rule.id}: ${rule.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(aria(results.violations)).toEqual([]);
  expect(aria(results.incomplete)).toEqual([]);
  expect(results.violations.map((rule) => rule.id)).toEqual([]);
  // Nothing named with aria-labelledby that cannot take a name (a paragraph, a span, a div with no role).
  await expect(dialog.locator('p[aria-labelledby], span[aria-labelledby], div:not([role])[aria-labelledby]')).toHaveCount(0);
  await expect(dialog.getByRole('term').filter({ hasText: /^Owner$/ }).locator('+ dd')).toHaveText(new RegExp(`^(You \\()?${ownerName}\\)?$`));
});
