/** A service page as a visitor meets it, in chromium: its sections, its links, and no JavaScript. */
import { expect, test } from '@playwright/test';
import { inquiryChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';

const consentText = inquiryChoices.consent.text;

test.describe('a service page from the YAML template', () => {
  test('shows the hero, the four features, the eight inclusions, the call card and three benefits', async ({ page }) => {
    await page.goto('/meal-preparation');
    await expect(page).toHaveTitle('Meal Preparation Services in Connecticut | Hearthside Home Care');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meal Preparation');
    await expect(page.getByRole('link', { name: 'Schedule Consultation' })).toHaveAttribute('href', '/contact/for/meal-preparation');

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
  await expect(page.getByRole('link', { name: 'Get Information' })).toHaveAttribute('href', '/contact/for/post-surgical-recovery');
});

/**
 * Schedule Consultation carries the service to the contact form: its box is ticked there, with JavaScript on or
 * off (the page it leads to is built with the tick). What the form sends is observed and stopped there: nothing
 * is stored.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`Schedule Consultation, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('leads to the contact form with the service ticked, and the request names it', async ({ page }) => {
      await page.goto('/meal-preparation');
      await page.getByRole('link', { name: 'Schedule Consultation' }).click();
      await expect(page).toHaveURL('/contact/for/meal-preparation');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/./);
      const form = page.locator('#inquiry-form');
      const ticked = form.getByRole('checkbox', { name: 'Meal Preparation', exact: true });
      // The folded list of services is open, so the tick shows.
      await expect(ticked).toBeVisible();
      await expect(ticked).toBeChecked();
      await expect(form.locator('input[name="services"]:checked')).toHaveCount(1);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

      // What the form sends, read as the function reads it (urlencoded without JavaScript, multipart with it).
      let sent: FormData | undefined;
      await page.route(/\/functions\/v1\/submit-inquiry$/, async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const body = route.request().postDataBuffer() ?? Buffer.alloc(0);
        sent = await new Response(new Uint8Array(body), { headers: { 'content-type': await route.request().headerValue('content-type') ?? '' } }).formData();
        await route.abort();
      });
      await form.getByLabel('Your name').fill('Helen Carter');
      await form.getByLabel('E-mail').fill('helen.carter@example.com');
      await form.getByRole('radio').first().check();
      await form.getByRole('checkbox', { name: consentText, exact: true }).check();
      await form.getByRole('button', { name: 'Send request' }).click();
      await expect.poll(() => sent?.getAll('services')).toEqual(['meal-preparation']);
      expect(sent!.get('page')).toBe('/contact');
    });
  });
}

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
