/** A service page as a visitor meets it, in chromium: its sections, its links, and no JavaScript. */
import { expect, test } from '@playwright/test';

test.describe('a service page from the YAML template', () => {
  test('shows the hero, the four features, the eight inclusions, the call card and three benefits', async ({ page }) => {
    await page.goto('/meal-preparation');
    await expect(page).toHaveTitle('Meal Preparation Services in Connecticut | Hearthside Home Care');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meal Preparation');
    await expect(page.getByRole('link', { name: 'Schedule Consultation' })).toHaveAttribute('href', '/contact');

    const provide = page.getByRole('region', { name: 'What We Provide' });
    await expect(provide.getByRole('heading', { level: 3 })).toHaveText([
      'Nutritious, Balanced Meals', 'Cooked to Your Taste', 'Weekly Menu Planning', 'A Tidy Kitchen',
    ]);
    await expect(page.getByRole('region', { name: 'Service Includes' }).getByRole('listitem')).toHaveCount(8);
    await expect(page.getByRole('link', { name: 'Call (860) 555-0142' })).toHaveAttribute('href', 'tel:+18605550142');
    await expect(page.getByRole('region', { name: /Why Families Choose/ }).getByRole('heading', { level: 3 })).toHaveCount(3);
    await expect(page.locator('[data-page-id="meal-preparation"]')).toBeVisible();
  });

  test('loads no script at all: no React, no Emotion runtime', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/companionship');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts).toEqual([]);
    const executable = await page.locator('script:not([type="application/ld+json"])').count();
    expect(executable).toBe(0);
  });

  test('gives search engines Service structured data', async ({ page }) => {
    await page.goto('/housekeeping');
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const service = blocks.map((b) => JSON.parse(b)).find((b) => b['@type'] === 'Service');
    expect(service).toMatchObject({ name: 'Housekeeping', provider: { telephone: '+18605550142' }, areaServed: { name: 'Connecticut' } });
  });
});

test.describe('a service page written in MDX', () => {
  test('adds its own sections below the template', async ({ page }) => {
    await page.goto('/transportation');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What We Provide' })).toBeVisible();
    await expect(page.getByText(/wheelchair/i).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Medical Transport' })).toHaveAttribute('href', '/medical-transport');
  });

  test('says plainly that personal care is non-medical', async ({ page }) => {
    await page.goto('/personal-care');
    await expect(page.getByRole('complementary')).toContainText(/medication/i);
  });
});

test('the post-surgical page ends with Call and Get Information', async ({ page }) => {
  await page.goto('/post-surgical-recovery');
  await expect(page.getByRole('link', { name: 'Call (860) 555-0142' })).toHaveAttribute('href', 'tel:+18605550142');
  await expect(page.getByRole('link', { name: 'Get Information' })).toHaveAttribute('href', '/contact');
});

test('an unknown path answers 404 with the 404 page and a way home', async ({ page }) => {
  const response = await page.goto('/no-such-service');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Oops! Page Not Found');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Care That Feels Like Family');
});


test('no page is wider than the screen', async ({ page }) => {
  for (const path of ['/meal-preparation', '/24-hour-care', '/']) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test('the static server compresses pages, revalidates HTML and serves robots.txt', async ({ request }) => {
  const page = await request.get('/meal-preparation', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(page.status()).toBe(200);
  expect(page.headers()['content-encoding']).toBe('gzip');
  expect(page.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain('Disallow: /admin');
});
