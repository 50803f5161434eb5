/**
 * Tests tagged @desktop or @phone run only in that project (playwright.config.ts).
 * The header's Services menu opens without JavaScript: on hover and on keyboard focus (desktop), in the Menu disclosure (phone). */
import { expect, test } from '@playwright/test';

test('the Services menu opens on hover and on keyboard focus', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/meal-preparation');
  const submenu = page.getByRole('list', { name: 'Popular services' });
  await expect(submenu).toBeHidden();
  await page.getByRole('link', { name: 'Services', exact: true }).hover();
  await expect(submenu.getByRole('link')).toHaveCount(6);
  await page.mouse.move(0, 600);
  await expect(submenu).toBeHidden();
  await page.getByRole('link', { name: 'Services', exact: true }).focus();
  await expect(submenu).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Show popular services')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(submenu.getByRole('link').first()).toBeFocused();
});

test('the Services menu opens on a tap of its chevron and stays open', { tag: '@desktop' }, async ({ page }) => {
  await page.goto('/about');
  const submenu = page.getByRole('list', { name: 'Popular services' });
  await page.getByLabel('Show popular services').click();
  await page.mouse.move(0, 600);
  await page.locator('body').evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(submenu).toBeVisible();
  await submenu.getByRole('link', { name: 'Companionship' }).click();
  await expect(page).toHaveURL('/companionship');
});

test('on a phone the Menu button reveals every link, and the phone number is one tap away', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/housekeeping');
  await expect(page.getByRole('link', { name: /Call us at/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByText('Menu', { exact: true }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Careers' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Personal Care' })).toBeVisible();
});
