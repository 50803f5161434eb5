/**
 * No person filed as spam for having no JavaScript (issue 40, item 7; DESIGN.md decision 26), in a browser with
 * JavaScript off: the real contact form and the real application form of the built site, posted by the browser
 * itself to the functions on the stand-in. The function answers with its own page, "One more step", showing what was
 * written and one button; the press, after a person's moment of reading, lands on the thanks page, the request is
 * a real one, and the reply to the sender arrives in the mail catcher (tests/e2e/stack.ts), once (a second press or a
 * replay: tests/unit/confirmWithoutScript.test.ts).
 * The page is checked as a person meets it (one heading, the button reached by keyboard, axe) and pictured at both
 * screen widths (testInfo.outputPath: confirm-375.png and confirm-1280.png).
 * Tagged @saves: the dashboard's other tests count the requests. Each post goes from an address of its own
 * (postFromOwnAddress), as the functions take 5 an hour from one.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import type { CaughtMail } from '../../scripts/mail-catcher/server.ts';
import { loadContent } from '../../src/content/loader.ts';
import { openJobs } from '../../src/content/content.ts';
import { HELD_REASON, MIN_CONFIRM_MS } from '../../supabase/functions/_shared/formPost.ts';
import { service } from './dashboard.ts';
import { consentBox, postFromOwnAddress, seriousViolations } from './formPages.ts';

const content = await loadContent();
const AGENCY = content.site.name;
const job = openJobs(content).find((j) => j.slug === 'companion-caregiver')!;

test.use({ javaScriptEnabled: false });

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Every e-mail the stand-in sent to the browser tests' mail catcher. */
async function inbox(): Promise<CaughtMail[]> {
  return (await (await fetch(`${process.env.E2E_MAIL_URL}/api/messages`)).json()) as CaughtMail[];
}

/** The stored record of a table by a column's value: its id, stage and spam reason. */
async function stored(table: 'inquiries' | 'job_applications', column: string, value: string) {
  const { data, error } = await service().from(table).select('id, stage, spam_reason').eq(column, value);
  expect(error).toBeNull();
  return data as Array<{ id: string; stage: string; spam_reason: string | null }>;
}

/**
 * axe's serious findings on the page's markup. axe is a script, and this browser runs none: the same HTML is
 * checked in a page of its own with scripts on (the page has none of its own to run either way).
 */
async function seriousViolationsOf(browser: Browser, page: Page): Promise<string[]> {
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  try {
    const copy = await context.newPage();
    await copy.setContent(await page.content());
    return await seriousViolations(copy);
  } finally {
    await context.close();
  }
}

/**
 * The page the function answered with, as a person meets it: the agency, one heading, what they wrote, one button
 * reached by keyboard; axe finds nothing serious. Pictured, full page, at this screen's width.
 */
async function expectConfirmPage(browser: Browser, page: Page, noun: 'request' | 'application', written: string[], picture: string) {
  const title = `One more step: send your ${noun}`;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const shown = Date.now();
  await expect(page).toHaveTitle(`${title} | ${AGENCY}`);
  await expect(page.getByRole('banner')).toHaveText(AGENCY);
  await expect(page.getByRole('heading')).toHaveCount(2);
  await expect(page.getByRole('main')).toContainText('it is not sent yet');
  for (const words of written) await expect(page.getByRole('definition').filter({ hasText: words })).toBeVisible();
  const button = page.getByRole('button', { name: `Send my ${noun}` });
  await expect(page.getByRole('button')).toHaveCount(1);
  await expect(page.getByRole('link', { name: `Back to the ${AGENCY} website` })).toBeVisible();
  // The page came from the function itself, not the site.
  expect(new URL(page.url()).pathname).toMatch(/^\/functions\/v1\/submit-(inquiry|application)$/);
  // By keyboard: the button is the first thing Tab reaches.
  await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.screenshot({ path: test.info().outputPath(picture), fullPage: true });
  expect(await seriousViolationsOf(browser, page)).toEqual([]);
  return { button, shown };
}

/** A person reads the page before pressing: at least MIN_CONFIRM_MS since it was shown (a press sooner is asked again). */
async function pressAsAPersonWould(page: Page, confirm: { button: ReturnType<Page['getByRole']>; shown: number }) {
  await page.waitForTimeout(Math.max(0, confirm.shown + MIN_CONFIRM_MS + 250 - Date.now()));
  await confirm.button.click();
}

test('a family sends the contact form with JavaScript off, confirms on the page the function answers with, lands on the thanks page and gets the reply', { tag: '@saves' }, async ({ browser, page }) => {
  await postFromOwnAddress(page);
  const name = `Nora Blake-${unique()}`;
  const email = `nora.${unique()}@example.com`;
  await page.goto('/contact');
  const form = page.locator('#inquiry-form');
  await form.getByLabel('Your name', { exact: true }).fill(name);
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByRole('radio', { name: 'A parent' }).check();
  await form.getByLabel('Message (optional)', { exact: true }).fill('My mother would like help with meals and a daily walk, three mornings a week.');
  await consentBox(form).check();
  await form.getByRole('button', { name: 'Send request' }).click();

  const width = page.viewportSize()!.width;
  const confirm = await expectConfirmPage(browser, page, 'request', [name, 'My mother would like help with meals'], `confirm-${width}.png`);
  // Stored at once, held apart: nobody is told of it yet.
  const [held] = await stored('inquiries', 'name', name);
  expect(held).toMatchObject({ stage: 'spam', spam_reason: HELD_REASON });
  expect((await inbox()).filter((mail) => mail.to.includes(email) || mail.text.includes(`record=${held!.id}`))).toEqual([]);

  await pressAsAPersonWould(page, confirm);
  await expect(page).toHaveURL('/contact/thanks');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(content.pages['contact-thanks'].hero.title);
  expect(await stored('inquiries', 'name', name)).toEqual([{ id: held!.id, stage: 'new', spam_reason: null }]);
  // The reply to the family and the staff e-mail, each once.
  await expect.poll(async () => (await inbox()).filter((mail) => mail.to.includes(email)).length, { timeout: 10_000 }).toBe(1);
  await expect.poll(async () => (await inbox()).filter((mail) => mail.text.includes(`record=${held!.id}`)).length, { timeout: 10_000 }).toBe(1);
  const [reply] = (await inbox()).filter((mail) => mail.to.includes(email));
  expect(reply!.subject).toBe(`We have your request - ${AGENCY}`);
  expect(reply!.text).toContain('Hello Nora');
});

test('an applicant sends the careers form with a resume and JavaScript off, confirms, lands on the thanks page and gets the reply', { tag: ['@saves', '@desktop'] }, async ({ browser, page }) => {
  await postFromOwnAddress(page);
  const last = `Okafor-${unique()}`;
  const email = `ada.${unique()}@example.com`;
  await page.goto(`/careers/${job.slug}`);
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('First name').fill('Ada');
  await field('Last name').fill(last);
  await field('E-mail').fill(email);
  await field('Phone').fill('(860) 555-0166');
  await field('Work experience').selectOption({ label: '1 to 3 years' });
  await field('When you can work').selectOption({ label: 'Part time' });
  const pdf = await PDFDocument.create();
  pdf.addPage();
  await field('Resume (optional)').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) });
  await page.getByRole('button', { name: 'Send application' }).click();

  const confirm = await expectConfirmPage(browser, page, 'application', [`Ada ${last}`, job.title, 'Attached (PDF)'], 'confirm-application.png');
  const [held] = await stored('job_applications', 'last_name', last);
  expect(held).toMatchObject({ stage: 'spam', spam_reason: HELD_REASON });

  await pressAsAPersonWould(page, confirm);
  await expect(page).toHaveURL('/careers/thanks');
  expect(await stored('job_applications', 'last_name', last)).toEqual([{ id: held!.id, stage: 'new', spam_reason: null }]);
  await expect.poll(async () => (await inbox()).filter((mail) => mail.to.includes(email)).length, { timeout: 10_000 }).toBe(1);
});
