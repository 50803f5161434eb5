/** Every fixed page as a visitor meets it: its content, its links, one h1, no JavaScript, and axe. */
import { expect, test } from '@playwright/test';

const FIXED = ['/', '/services', '/all-services', '/locations', '/contact', '/about', '/careers', '/privacy'];
const PHONE = 'tel:+18605550142';

test('home: hero, Request Information card, 8 services, about with values, contact section', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Care That Feels Like Family');
  const card = page.getByRole('heading', { name: 'Request Information' }).locator('..');
  await expect(card.getByRole('link', { name: 'Call (860) 555-0142' })).toHaveAttribute('href', PHONE);
  await expect(card.getByRole('link', { name: 'care@example.com' })).toHaveAttribute('href', 'mailto:care@example.com');
  await expect(card).toContainText('We reply within the hour when we are open, or in the first hour we next open');
  await expect(card.getByRole('form', { name: 'Request Information' })).toBeVisible();
  await expect(page.locator('#services').getByRole('listitem')).toHaveCount(8);
  await expect(page.locator('#about').getByRole('heading', { level: 3 })).toHaveText('Our Core Values');
  await expect(page.locator('#about').getByRole('heading', { level: 4 })).toHaveText(['Compassion', 'Dependability', 'Dignity', 'Integrity']);
  await expect(page.locator('#contact')).toContainText('Sunday: Emergency calls only');
});

test('home: Get Started and the hero buttons scroll to their sections', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '#contact');
  await page.getByRole('link', { name: 'Explore services' }).click();
  await expect(page).toHaveURL(/#services$/);
  await expect(page.locator('#services-heading')).toBeInViewport();
  await page.getByRole('link', { name: 'Get in touch' }).click();
  await expect(page).toHaveURL(/#contact$/);
  await expect(page.locator('#contact-heading')).toBeInViewport();
});

test('Get Started leads to /contact from a page without a contact section', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute('href', '/contact');
});

test('/services: the six reasons, the 8-service grid, a way to all services, the phone', async ({ page }) => {
  await page.goto('/services');
  await expect(page.locator('#why-choose').getByRole('heading', { level: 3 })).toHaveText([
    'Licensed and Insured Caregivers', 'Personalized Care Plans', 'Background-Checked Staff',
    'Flexible Scheduling', 'Compassionate Approach', 'Family Communication',
  ]);
  await expect(page.locator('#services ul').first().getByRole('link')).toHaveCount(8);
  await expect(page.getByRole('link', { name: 'View all services' })).toHaveAttribute('href', '/all-services');
  await expect(page.getByRole('link', { name: 'Call (860) 555-0142' })).toHaveAttribute('href', PHONE);
  await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
});

test('/all-services: 30 services under their categories, each link naming its service', async ({ page }) => {
  await page.goto('/all-services');
  const cards = page.locator('main section h3 a');
  await expect(cards).toHaveCount(30);
  for (const text of await cards.allTextContents()) expect(text).not.toMatch(/learn more|read more|click here/i);
  await expect(page.getByRole('heading', { level: 2, name: 'Daily Living' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Mental Wellness' })).toBeVisible();
  await page.getByRole('link', { name: 'Pet Care Assistance' }).click();
  await expect(page).toHaveURL('/pet-care-assistance');
});

test('/locations: four counties with 14, 14, 10 and 10 towns, and the travel policy', async ({ page }) => {
  await page.goto('/locations');
  for (const [county, towns] of [['New Haven County', 14], ['Middlesex County', 14], ['New London County', 10], ['Fairfield County', 10]] as const) {
    const card = page.getByRole('heading', { level: 3, name: county }).locator('..');
    await expect(card.locator('.towns li')).toHaveCount(towns);
  }
  await expect(page.locator('#travel')).toContainText('Connecticut');
});

test('/contact: form card, phone, e-mail, area, office hours, urgent call, three reasons', async ({ page }) => {
  await page.goto('/contact');
  // The site's own form (the shipped HubSpot ids are placeholders: nothing of HubSpot's; tests/e2e/inquiry.spec.ts).
  const card = page.getByRole('heading', { name: 'Request Information' }).locator('..');
  await expect(card.getByRole('form', { name: 'Request Information' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Call (860) 555-0142' })).toHaveAttribute('href', PHONE);
  await expect(page.locator('[data-form-provider]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Office hours' }).locator('..')).toContainText(/Monday - Friday\s*8:00 am - 6:00 pm/);
  await expect(page.getByRole('heading', { name: 'Office hours' }).locator('..')).toContainText(/Sunday\s*Emergency calls only/);
  await expect(page.getByRole('heading', { name: 'Need help urgently?' }).locator('..').getByRole('link')).toHaveAttribute('href', PHONE);
  await expect(page.locator('#why-us').getByRole('heading', { level: 3 })).toHaveCount(3);
});

test('/about: mission, four values, the four statistics, six differentiators', async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('#values').getByRole('heading', { level: 3 })).toHaveText(['Compassion', 'Dependability', 'Dignity', 'Integrity']);
  await expect(page.locator('#numbers dd.value')).toHaveText(['10M+', '90%', '24/7', '100%']);
  await expect(page.locator('#different').getByRole('heading', { level: 3 })).toHaveCount(6);
});

test('/careers: the licence badge, the two openings with links to their pages, and the application form', async ({ page }) => {
  await page.goto('/careers');
  await expect(page.getByText('Connecticut Licensed HCA.0002676')).toBeVisible();
  await expect(page.locator('#openings').getByRole('heading', { level: 3 })).toHaveText(['Care Scheduling Coordinator', 'Companion Caregiver']);
  await expect(page.locator('#companion-caregiver')).toContainText(/Certification is welcome/);
  await expect(page.locator('#companion-caregiver').getByRole('link', { name: 'Read more and apply: Companion Caregiver' })).toHaveAttribute('href', '/careers/companion-caregiver');
  // Each opening's JobPosting data is on its own page (tests/e2e/apply.spec.ts).
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  await expect(page.locator('#apply form')).toHaveAttribute('action', /^https?:\/\/[^/]+\/functions\/v1\/submit-application$/);
});

test('every page has one h1, the phone one tap away, and loads no script but the form script, where a form is', async ({ page }) => {
  let scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
  for (const path of FIXED) {
    scripts = [];
    await page.goto(path);
    await expect(page.locator('h1'), path).toHaveCount(1);
    await expect(page.locator(`header a[href="${PHONE}"]`), path).toBeVisible();
    // The contact card (home, /contact) and the application form (/careers).
    if (['/', '/contact', '/careers'].includes(path)) expect(scripts, path).toEqual([expect.stringMatching(/^\/assets\/forms\.[\w-]+\.js$/)]);
    else expect(scripts, path).toEqual([]);
  }
});

test('every internal link on the fixed pages leads to a page that exists', async ({ page, request }) => {
  const targets = new Set<string>();
  for (const path of FIXED) {
    await page.goto(path);
    for (const href of await page.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname))) targets.add(href);
  }
  expect(targets.size).toBeGreaterThan(35);
  for (const target of targets) expect((await request.get(target)).status(), target).toBe(200);
});

for (const width of [320, 0]) {
  test(`nothing is wider than the screen at ${width || "the project's"} width`, async ({ page }) => {
    if (width) await page.setViewportSize({ width, height: 640 });
    for (const path of [...FIXED, '/post-surgical-recovery', '/24-hour-care', '/careers/companion-caregiver', '/careers/thanks', '/careers/not-sent#rate-limited', '/contact/thanks', '/contact/not-sent#invalid']) {
      await page.goto(path);
      // The contact form's list of services, unfolded.
      if (path === '/') await page.locator('#inquiry-form details').evaluate((details) => ((details as HTMLDetailsElement).open = true));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
}


test('the share image and the icons are served', async ({ page, request }) => {
  await page.goto('/about');
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toBe('https://www.example.com/og-image.png');
  for (const [file, type] of [['/og-image.png', 'image/png'], ['/apple-touch-icon.png', 'image/png'], ['/favicon.svg', 'image/svg+xml']] as const) {
    const response = await request.get(file);
    expect(response.status(), file).toBe(200);
    expect(response.headers()['content-type'], file).toContain(type);
  }
});
