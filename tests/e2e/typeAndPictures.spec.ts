/**
 * The site's type and pictures as a visitor gets them: the self-hosted faces (Atkinson Hyperlegible for text,
 * Fraunces for headings) load from the site itself and are the ones used; every hero picture content names
 * loads, holds its space, has its words for screen readers, and sits beside the heading on a wide screen and
 * under it on a phone.
 */
import { expect, test } from '@playwright/test';
import { loadContent } from '../../src/content/loader.ts';
import { publicRoutes } from '../../src/routes.ts';

const content = await loadContent();
const routes = publicRoutes(content).map((route) => route.path);

const FIXED_PAGES = [['about', '/about'], ['services', '/services'], ['all-services', '/all-services'], ['locations', '/locations'], ['contact', '/contact'], ['careers', '/careers'], ['privacy', '/privacy']] as const;

/** The route of every page whose hero names a picture, with that picture's alt text. */
const heroPictures: Array<{ path: string; alt: string }> = [
  ...content.services.filter((service) => service.hero.image).map((service) => ({ path: service.canonicalPath, alt: service.hero.image!.alt })),
  ...FIXED_PAGES.flatMap(([name, path]) => {
    const image = content.pages[name].hero.image;
    return image ? [{ path, alt: image.alt }] : [];
  }),
];

test('fonts come from the site itself, in the faces the design names', async ({ page, baseURL }) => {
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontRequests.push(request.url());
  });
  for (const path of ['/', '/personal-care', '/contact']) {
    await page.goto(path);
    const faces = await page.evaluate(async () => {
      await document.fonts.ready;
      const h1 = getComputedStyle(document.querySelector('h1')!).fontFamily;
      const body = getComputedStyle(document.body).fontFamily;
      const loaded = [...document.fonts].filter((face) => face.status === 'loaded').map((face) => `${face.family.replace(/"/g, '')} ${face.weight}`);
      return { h1, body, loaded };
    });
    expect(faces.h1).toMatch(/^"?Fraunces"?,/);
    expect(faces.body).toMatch(/^"Atkinson Hyperlegible",/);
    expect(faces.loaded).toEqual(expect.arrayContaining(['Atkinson Hyperlegible 400', 'Fraunces 600']));
  }
  expect(fontRequests.length).toBeGreaterThan(0);
  for (const url of fontRequests) expect(new URL(url).origin).toBe(new URL(baseURL!).origin);
});

test('there are hero pictures to check (every service and the fixed pages name one)', () => {
  expect(heroPictures.length).toBeGreaterThanOrEqual(content.services.length);
});

for (const { path, alt } of heroPictures) {
  test(`the hero picture of ${path} loads, holds its space and sits beside or under the heading`, async ({ page }, testInfo) => {
    await page.goto(path);
    const hero = page.locator('main section').first();
    const picture = hero.getByRole('img', { name: alt, exact: true });
    await expect(picture).toBeVisible();
    // Loaded, with its size written (no shift when it arrives), fetched first.
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(picture).toHaveAttribute('width', /^\d+$/);
    await expect(picture).toHaveAttribute('height', /^\d+$/);
    await expect(picture).toHaveAttribute('fetchpriority', 'high');
    const heading = await hero.locator('h1').boundingBox();
    const box = await picture.boundingBox();
    if (testInfo.project.name === 'phone') {
      expect(box!.y, 'under the heading on a phone').toBeGreaterThan(heading!.y + heading!.height);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    } else {
      expect(box!.x, 'to the right of the heading on a wide screen').toBeGreaterThanOrEqual(heading!.x + heading!.width - 1);
      expect(box!.width).toBeGreaterThan(300);
    }
  });
}

test('every route loads every picture it shows', async ({ page }) => {
  for (const path of routes) {
    await page.goto(path);
    const broken = await page.evaluate(async () => {
      const images = [...document.images];
      // Lazy pictures below the fold too; decode() settles once a picture has loaded or failed.
      for (const img of images) img.loading = 'eager';
      await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
      return images.filter((img) => img.naturalWidth === 0).map((img) => img.currentSrc || img.src);
    });
    expect(broken, path).toEqual([]);
  }
});
