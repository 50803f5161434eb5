/**
 * What families look for, as a visitor meets it: how it works in three steps (home, /services), the questions
 * families ask (home, /contact) opening without a script, the agency's own facts under the home hero, the
 * source under each figure on /about, one story about hours and emergencies, and the home page's contact
 * section using the width of a desktop.
 */
import { expect, test, type Locator } from '@playwright/test';
import { loadContent } from '../../src/content/loader.ts';

const content = await loadContent();
const stepTitles = content.howItWorks.steps.map((step) => step.title);

for (const path of ['/', '/services']) {
  test(`${path}: how it works, in three numbered steps after the services grid`, async ({ page }) => {
    await page.goto(path);
    const section = page.locator('#how-it-works');
    await expect(section.getByRole('heading', { level: 2 })).toHaveText('How It Works');
    await expect(section.locator('ol > li')).toHaveCount(3);
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(stepTitles);
    await expect(section.locator('ol > li').first()).toContainText(/call us/i);
    // After the services grid: the grid's section comes first in the page.
    const order = await page.locator('#services, #how-it-works').evaluateAll((nodes) => nodes.map((node) => node.id));
    expect(order).toEqual(['services', 'how-it-works']);
  });
}

for (const path of ['/', '/contact']) {
  test(`${path}: questions families ask, each answer opening on a tap of its question`, async ({ page }) => {
    await page.goto(path);
    const section = page.locator('#faq');
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(content.faq.heading);
    const questions = section.locator('details');
    await expect(questions).toHaveCount(content.faq.questions.length);
    expect(content.faq.questions.length).toBeGreaterThanOrEqual(6);
    // The question is the summary, not a heading; every answer starts closed.
    await expect(section.locator('summary :is(h1, h2, h3, h4, h5, h6)')).toHaveCount(0);
    await expect(section.getByText(content.faq.questions[0]!.answer)).toBeHidden();
    const pay = questions.filter({ hasText: 'How can we pay' });
    await pay.locator('summary').click();
    await expect(pay.getByRole('listitem')).toHaveText([/^Private pay/, /^Long-term care insurance: ask us/, /^Veterans' benefits: ask us/, /Connecticut Home Care Program for Elders: ask us/]);
    await pay.locator('summary').click();
    await expect(pay.getByRole('listitem').first()).toBeHidden();
  });
}

test('the questions open with the keyboard, and no price is named anywhere in them', async ({ page }) => {
  await page.goto('/contact');
  const cost = page.locator('#faq details').filter({ hasText: 'What does home care cost?' });
  await cost.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(cost).toHaveAttribute('open', '');
  await expect(cost).toContainText('Ask us');
  expect(await page.locator('#faq').textContent()).not.toMatch(/\$\s?\d|\d+\s?dollars/i);
});

test("home: the agency's own facts under the hero, read from the content", async ({ page }) => {
  await page.goto('/');
  const facts = page.getByRole('list', { name: 'Why families trust us' });
  const towns = new Set(content.regions.counties.flatMap((county) => county.towns)).size;
  expect(towns).toBe(48);
  await expect(facts.getByRole('listitem')).toHaveText([
    new RegExp(`^${towns} towns in ${content.regions.counties.length} counties`),
    content.site.claims.careHours,
    new RegExp(`State license ${content.site.registration.number.replace('.', '\\.')}`),
    content.site.claims.replyPromise,
    content.site.claims.backgroundChecked,
  ]);
});

test('/about: a confirmed figure shows where it comes from; one the agency has yet to confirm shows no note to the agency', async ({ page }) => {
  await page.goto('/about');
  const figures = page.locator('#numbers dl > div');
  await expect(figures).toHaveCount(4);
  await expect(figures.filter({ hasText: '90%' }).locator('dd.source')).toContainText(/^Source: AARP/);
  await expect(figures.filter({ hasText: '100%' }).locator('dd.source')).toContainText(/^Source: \S/);
  for (const value of ['10M+', '24/7']) {
    const figure = figures.filter({ hasText: value });
    await expect(figure.locator('dd.value')).toHaveText(value);
    await expect(figure.locator('dd.source')).toHaveCount(0);
  }
  await expect(page.locator('main')).not.toContainText(/confirm|placeholder|No published source/i);
});

test('hours and emergencies tell one story: office hours, and an on-call line at any hour', async ({ page }) => {
  for (const [path, where] of [['/', '#contact'], ['/contact', '#contact']] as const) {
    await page.goto(path);
    await expect(page.locator(where), path).toContainText(/Sunday:?\s*Emergency calls only/);
    await expect(page.locator(where), path).toContainText(content.site.afterHours);
  }
  for (const path of ['/', '/about', '/contact', '/services']) {
    await page.goto(path);
    // "24 hours a day" support would contradict an office closed on Sundays; the on-call line is what answers.
    expect(await page.locator('main').textContent(), path).not.toMatch(/(support|available)[^.]*24 hours a day/i);
  }
  await page.goto('/about');
  await expect(page.locator('#different')).toContainText('our on-call line takes emergency calls at any hour');
});

/** The left and right edges of a box, in CSS pixels. */
const edges = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return { left: box.x, right: box.x + box.width, width: box.width, top: box.y };
};

test('home: the contact section uses the width of a desktop, the words beside the card', { tag: '@desktop' }, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const section = page.locator('#contact');
  const container = await edges(section.locator('.columns'));
  const words = await edges(section.locator('.words'));
  const card = await edges(section.locator('.reach'));
  // Side by side: the card starts where the words end, on the same band of the page.
  expect(card.left).toBeGreaterThan(words.right);
  expect(Math.abs(card.top - words.top)).toBeLessThan(200);
  // The card is no narrow column, and no more than ~35% of the width is left empty beside it.
  expect(card.width / container.width).toBeGreaterThan(0.4);
  // What the words really cover: the span of their lines of text (and the button), not their boxes.
  const inked = await section.locator('.words').evaluate((element) => {
    const rects: DOMRect[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      rects.push(...range.getClientRects());
    }
    return Math.max(...rects.map((rect) => rect.right)) - Math.min(...rects.map((rect) => rect.left));
  });
  expect(1 - (inked + card.width) / container.width).toBeLessThan(0.35);
});

test('home: on a phone the contact section stacks, the card as wide as the page', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/');
  const section = page.locator('#contact');
  const container = await edges(section.locator('.columns'));
  const words = await edges(section.locator('.words'));
  const card = await edges(section.locator('.reach'));
  expect(card.top).toBeGreaterThan(words.top);
  expect(card.width / container.width).toBeGreaterThan(0.95);
  await expect(section.getByRole('link', { name: content.site.phone.display })).toBeVisible();
});
