/**
 * The site's type and pictures as a visitor gets them: the self-hosted faces (Atkinson Hyperlegible for text,
 * Fraunces for headings) load from the site itself and are the ones used; every hero picture content names
 * loads, holds its space, has its words for screen readers, and sits beside the heading on a wide screen and
 * under it on a phone.
 */
import { expect, test } from '@playwright/test';
import { loadContent } from '../../src/content/loader.ts';
import { distinctRoutes, publicRoutes } from '../../src/routes.ts';

const content = await loadContent();
const routes = distinctRoutes(publicRoutes(content)).map((route) => route.path);

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
    // A service page's hero is its article's header; every other page's, a section.
    const hero = page.locator('main :is(header, section)').first();
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

for (const path of ['/', '/personal-care', '/about']) {
  test(`nothing on the first screen of ${path} moves when the fonts arrive (the stand-in faces are sized like ours)`, async ({ browser }, testInfo) => {
    const { viewport } = testInfo.project.use;
    /** Where the heading, the lead and the top of each section of the page are, in px. */
    const layout = async (blockFonts: boolean) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      if (blockFonts) await page.route('**/*.woff2', (route) => route.abort());
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const boxes = await page.evaluate(() =>
        // A service page's hero is its article's header; every other page's, a section.
        [...document.querySelectorAll('h1, main .lead, main h2, main :is(header, section)')].map((element) => {
          const box = element.getBoundingClientRect();
          return { what: `${element.tagName.toLowerCase()}.${element.className}`, top: Math.round(box.top + scrollY), height: Math.round(box.height) };
        }),
      );
      await context.close();
      return boxes;
    };
    const withFonts = await layout(false);
    const before = await layout(true);
    expect(before.map((box) => box.what)).toEqual(withFonts.map((box) => box.what));
    // What a visitor sees first is where the swap would show (and what Lighthouse counts as layout shift): on the
    // first screen, every heading, lead and section starts within 4 px of where it will be, and keeps its height.
    const firstScreen = withFonts.map((box, index) => ({ box, early: before[index]! })).filter(({ box }) => box.top < viewport!.height);
    expect(firstScreen.length).toBeGreaterThan(2);
    for (const { box, early } of firstScreen) {
      expect(Math.abs(early.top - box.top), `${box.what} starts at ${box.top} px with the fonts, ${early.top} px before them`).toBeLessThanOrEqual(4);
      if (box.top + box.height <= viewport!.height) expect(Math.abs(early.height - box.height), `${box.what} is ${box.height} px tall with the fonts, ${early.height} px before them`).toBeLessThanOrEqual(4);
    }
  });
}
