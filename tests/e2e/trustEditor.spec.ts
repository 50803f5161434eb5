/**
 * Issue 42's "Done when", walked as a new office manager would, with no terminal: in a copy of the project, `npm start`
 * runs (its own ports) and the content editor (/admin/content/) is used as in contentEditor.spec.ts. A review added
 * with its consent on record is on the home page's "What Families Say" and on its service's page; its consent date
 * removed, the save is refused in plain words and the pages keep the last good version; a caregiver added with a
 * photograph and its words is on About; the office's new street is in every footer, on /contact and in the home
 * page's LocalBusiness. Before any change, axe finds nothing on the pages that show this content.
 */
import AxeBuilder from '@axe-core/playwright';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { bar, chooseOption, editorStack, expectLive, openEditor as openEditorAt, openEntry, publish, publishAndBuild } from './contentEditorSteps.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const stack = editorStack();
const file = stack.file;
const openEditor = (page: Page, hash = '') => openEditorAt(page, stack.site, hash);

// The new review: newer than every demo review, so first on the home page; about a service on the home page's grid.
const quote = 'The office found us a caregiver who speaks Polish with my grandmother. They play cards every Thursday and she looks forward to it all week.';
const reviewer = { name: 'Ewa K.', relation: 'Granddaughter of a client', town: 'Berlin' };
const service = { slug: 'companionship', title: 'Companionship' };

/** The served page, in a tab of its own beside the editor. */
async function served(page: Page, route: string) {
  const tab = await page.context().newPage();
  await tab.goto(`${stack.site}${route}`);
  return tab;
}

test('axe finds nothing on the home page, /reviews, /about and a service page with the demo reviews, people and office', { tag: '@desktop' }, async ({ page }) => {
  for (const route of ['/', '/reviews', '/about', `/${service.slug}`]) {
    await page.goto(`${stack.site}${route}`);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${route} ${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});

test('a review added with its consent on record is on the home page, newest first, and on its service\'s page', { tag: '@desktop' }, async ({ page }) => {
  await openEditor(page);
  await page.getByRole('link', { name: 'Reviews', exact: true }).click();
  await page.getByRole('link', { name: 'Create entry of type Review' }).click();
  await expect(page).toHaveURL(/#\/collections\/reviews\/new$/);

  await page.getByLabel('Words of the review', { exact: true }).fill(quote);
  await page.getByLabel('Name', { exact: true }).fill(reviewer.name);
  await page.getByLabel('Relation', { exact: true }).fill(reviewer.relation);
  await page.getByLabel('Town (optional)', { exact: true }).fill(reviewer.town);
  await chooseOption(page, page.getByLabel('Services (optional)', { exact: true }), service.title);
  const dates = page.getByLabel('Date', { exact: true });
  await dates.nth(0).fill('2026-11-20');
  await chooseOption(page, page.getByLabel('Where it was given', { exact: true }), 'card');
  // The consent on record: the same words, the date the reviewer agreed, how, and what it covers.
  await page.getByLabel('Words', { exact: true }).fill(quote);
  await dates.nth(1).fill('2026-11-24');
  await chooseOption(page, page.getByLabel('How', { exact: true }), 'signed form');
  await page.getByLabel('Covers', { exact: true }).fill('this website');
  // No connection to the agency: "none", as the field starts.
  await expect(page.getByText('none', { exact: true })).toBeVisible();
  await publishAndBuild(page);
  await expectLive(page);

  const saved = readdirSync(file('reviews')).filter((name) => name.startsWith('ewa-k'));
  expect(saved).toHaveLength(1);

  const home = await served(page, '/');
  const band = home.getByRole('region', { name: 'What Families Say' });
  await expect(band.getByRole('listitem').first()).toContainText(quote);
  await expect(band.getByRole('listitem').first()).toContainText(`${reviewer.relation}, ${reviewer.town}`);
  await expect(band.getByRole('listitem')).toHaveCount(3);

  const servicePage = await served(page, `/${service.slug}`);
  await expect(servicePage.getByRole('region', { name: `What Families Say About Our ${service.title}` }).getByRole('listitem').first()).toContainText(quote);
});

test('the review\'s consent date removed: the save is refused in plain words, and the pages keep the version with its consent', { tag: '@desktop' }, async ({ page }) => {
  const saved = readdirSync(file('reviews')).find((name) => name.startsWith('ewa-k'))!;
  const before = readFileSync(file(`reviews/${saved}`), 'utf8');
  expect(before).toMatch(/^ {2}date: "?2026-11-24"?$/m);
  await openEditor(page);
  await openEntry(page, 'Reviews', new RegExp(`^${reviewer.name}`));
  const consentDate = page.getByLabel('Date', { exact: true }).nth(1);
  await expect(consentDate).toHaveValue('2026-11-24');
  // The date field's own Clear button, beside it.
  await consentDate.locator('xpath=..').getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(consentDate).toHaveValue('');
  await publish(page);

  // Refused in the editor, beside the field, with why the date is asked for (its hint); nothing is written.
  await expect(page.getByText('Date is required.', { exact: true })).toBeVisible();
  await expect(page.getByText('The date the reviewer agreed to publication, YYYY-MM-DD, as the signed form or e-mail kept on file shows it.')).toBeVisible();
  await expect(bar(page)).not.toContainText('Saved. Building the site with your change');
  expect(readFileSync(file(`reviews/${saved}`), 'utf8')).toBe(before);

  // The live pages still show the review with its consent on record, as it was.
  const home = await served(page, '/');
  await expect(home.getByRole('region', { name: 'What Families Say' }).getByRole('listitem').first()).toContainText(quote);

  // Words that differ from the words consented to are the build's to refuse (the editor cannot compare two
  // fields): not on the site, in plain words naming the field and why, and the pages keep the words consented to.
  await openEditor(page);
  await openEntry(page, 'Reviews', new RegExp(`^${reviewer.name}`));
  await expect(page.getByLabel('Date', { exact: true }).nth(1)).toHaveValue('2026-11-24');
  const changed = quote.replace('all week', 'all week long');
  await page.getByLabel('Words of the review', { exact: true }).fill(changed);
  await publishAndBuild(page);
  await expect(bar(page)).toContainText('Not on the site yet.', { timeout: 60_000 });
  await expect(bar(page).locator('.problems')).toContainText('Words of the review: expected exactly the Words of the consent: the reviewer agreed to publish those words and no others');
  await expect(bar(page).locator('.problems')).toContainText(`content/reviews/${saved}`);
  await expect(page.getByRole('button', { name: 'Not on the site yet' })).toBeVisible();
  await home.reload();
  const band = home.getByRole('region', { name: 'What Families Say' });
  await expect(band.getByRole('listitem').first()).toContainText(quote);
  await expect(band.getByText(changed, { exact: false })).toHaveCount(0);

  // Opened again, the entry says it is not on the site; put back as consented, it is live again.
  await openEditor(page);
  await openEntry(page, 'Reviews', new RegExp(`^${reviewer.name}`));
  await expect(bar(page)).toContainText('Not on the site yet.');
  await page.getByLabel('Words of the review', { exact: true }).fill(quote);
  await publishAndBuild(page);
  await expectLive(page);
  await expect(page.getByRole('button', { name: 'Published' })).toBeVisible();
});

test('a caregiver added with a photograph, its words and their consent is on About', { tag: '@desktop' }, async ({ page }) => {
  const picture = test.info().outputPath('grace-n-portrait.png');
  await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 120, g: 160, b: 190 } } }).png().toFile(picture);
  const person = { name: 'Grace N.', role: 'Home health aide', alt: 'Grace N. smiling in a blue cardigan at the office door' };
  await openEditor(page);
  await page.getByRole('link', { name: 'People', exact: true }).click();
  await page.getByRole('link', { name: 'Create entry of type Person' }).click();
  await expect(page).toHaveURL(/#\/collections\/people\/new$/);

  await page.getByLabel('Name', { exact: true }).fill(person.name);
  await page.getByLabel('Role', { exact: true }).fill(person.role);
  await chooseOption(page, page.getByLabel('Group', { exact: true }), 'caregiver');
  await page.getByRole('button', { name: 'Choose an image' }).click();
  await page.locator('input[type="file"]').setInputFiles(picture);
  await expect(page.getByText('grace-n-portrait.png', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Choose selected' }).click();
  await expect(page.getByRole('button', { name: 'Choose selected' })).toBeHidden();
  await page.getByLabel('What the picture shows (alt text)', { exact: true }).fill(person.alt);
  await page.getByLabel('Intro', { exact: true }).fill('I help clients with mornings and with getting out for a walk. I have been a caregiver for nine years.');
  await page.getByLabel('Date', { exact: true }).fill('2026-11-25');
  await chooseOption(page, page.getByLabel('How', { exact: true }), 'signed form');
  await publishAndBuild(page);
  await expectLive(page);
  expect(existsSync(file('images/grace-n-portrait.png'))).toBe(true);
  const saved = readFileSync(file('people/grace-n.yaml'), 'utf8');
  expect(saved).toMatch(/^ {2}src: grace-n-portrait\.png$/m);
  expect(saved).toMatch(/^group: caregiver$/m);

  // Once the box says the save is on the site, About shows the person and their picture at the first load: the box
  // no longer passes the build before a new entry's save for its own (src/editor/main.ts, its hashchange listener),
  // and the live build writes the pictures before it puts the pages in place (scripts/live/liveBuild.ts).
  const about = await served(page, '/about');
  const people = about.getByRole('region', { name: 'The People You Will Meet' });
  const photo = people.getByRole('img', { name: person.alt });
  await expect(people.getByRole('heading', { name: person.name })).toBeVisible();
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(people.getByText(person.role, { exact: true })).toBeVisible();
  await expect(photo).toBeVisible();
});

test('the office\'s new street address, visitors received, is in the footer, on Contact and in the home page\'s LocalBusiness', { tag: '@desktop' }, async ({ page }) => {
  const street = '245 Farmington Avenue, Suite 3';
  await openEditor(page);
  await openEntry(page, 'Offices', /^Berlin office/);
  await page.getByLabel('Street', { exact: true }).fill(street);
  const visitors = page.getByRole('switch', { name: 'Visitors received here', exact: true });
  if (!(await visitors.isChecked())) await visitors.click();
  await expect(visitors).toBeChecked();
  await publishAndBuild(page);
  await expectLive(page);

  for (const route of ['/', '/about', `/${service.slug}`]) {
    const shown = await served(page, route);
    await expect(shown.getByRole('contentinfo'), route).toContainText(street);
  }
  const contact = await served(page, '/contact');
  await expect(contact.getByRole('heading', { name: 'Reach Us' })).toBeVisible();
  await expect(contact.getByRole('region', { name: 'Ways to reach us' })).toContainText(street);

  const home = await served(page, '/');
  const blocks = (await home.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as unknown);
  const nodes = blocks.flatMap((block) => {
    const graph = (block as { '@graph'?: unknown[] })['@graph'];
    return Array.isArray(block) ? block : graph ?? [block];
  }) as Array<{ '@type'?: string; address?: { streetAddress?: string } }>;
  const businesses = nodes.filter((node) => node['@type'] === 'LocalBusiness');
  expect(businesses).toHaveLength(1);
  expect(businesses[0]!.address?.streetAddress).toBe(street);
});
