/**
 * Applying for a job, as applicants do it: the openings on /careers and their own pages, the form with
 * JavaScript on (enhanced: checks, progress, messages beside the fields) and off (plain post and redirect),
 * against the real submit-application function on the local stand-in, and the application arriving in /admin.
 * The network is touched only to simulate a failure (route.abort) or a slow phone connection (throttling).
 * Tests tagged @saves store an application; playwright.config.ts runs them after all others (the dashboard's
 * tests count rows), so running this file alone runs its dependencies too, unless with `--no-deps`.
 */
import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { APPLICATION_MESSAGES } from '../../supabase/functions/_shared/application.ts';
import { MIN_CONFIRM_MS } from '../../supabase/functions/_shared/formPost.ts';
import { loadContent } from '../../src/content/loader.ts';
import { openJobs } from '../../src/content/content.ts';
import { expectNotSentPage, expectThanksPage, openAsAPersonWould, seriousViolations } from './formPages.ts';

const content = await loadContent();
const jobs = openJobs(content);
const job = jobs.find((j) => j.slug === 'companion-caregiver')!;
/** The function the form posts to: on the stand-in the site was built for (VITE_SUPABASE_URL, or the default one). */
const FUNCTION = /^https?:\/\/[^/]+\/functions\/v1\/submit-application$/;
const PHONE = content.site.phone;

/** A real PDF (one page of text); `padTo` adds an attached file of random bytes until it is about that big. */
async function makePdf(text: string, padTo = 0): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  page.drawText(text, { x: 72, y: 700, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  if (padTo) await pdf.attach(randomBytes(padTo), 'portfolio.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await pdf.save());
}

interface Applicant {
  first: string;
  last: string;
  email: string;
  phone: string;
  experience: string;
  availability: string;
  letter: string;
}

function applicant(overrides: Partial<Applicant> = {}): Applicant {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    first: 'Rosa',
    last: `Delgado-${unique}`,
    email: `rosa.${unique}@example.com`,
    phone: '(860) 555-0199',
    experience: '1 to 3 years',
    availability: 'Part time',
    letter: 'I cared for my grandmother for two years.\n\nI would love to help others stay at home.',
    ...overrides,
  };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fill(page: Page, a: Applicant) {
  await field(page, 'First name').fill(a.first);
  await field(page, 'Last name').fill(a.last);
  await field(page, 'E-mail').fill(a.email);
  await field(page, 'Phone').fill(a.phone);
  await field(page, 'Work experience').selectOption({ label: a.experience });
  await field(page, 'When you can work').selectOption({ label: a.availability });
  await page.getByLabel('I have reliable transportation').check();
  await field(page, 'Cover letter (optional)').fill(a.letter);
}

/** Everything the applicant typed is still in the form. */
async function expectKept(page: Page, a: Applicant, resumeName?: string) {
  await expect(field(page, 'First name')).toHaveValue(a.first);
  await expect(field(page, 'Last name')).toHaveValue(a.last);
  await expect(field(page, 'E-mail')).toHaveValue(a.email);
  await expect(field(page, 'Phone')).toHaveValue(a.phone);
  await expect(field(page, 'Job')).toHaveValue(job.slug);
  await expect(field(page, 'Work experience').locator('option:checked')).toHaveText(a.experience);
  await expect(field(page, 'When you can work').locator('option:checked')).toHaveText(a.availability);
  await expect(page.getByLabel('I have reliable transportation')).toBeChecked();
  await expect(page.getByLabel("I have a valid driver's license")).not.toBeChecked();
  await expect(field(page, 'Cover letter (optional)')).toHaveValue(a.letter);
  if (resumeName) expect(await field(page, 'Resume (optional)').evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe(resumeName);
}

const summary = (page: Page) => page.locator('#apply-summary');
/** The summary's links to the fields (it also has the phone number). */
const summaryLinks = (page: Page) => summary(page).getByRole('listitem').getByRole('link');
const errorOf = (page: Page, name: string) => page.locator(`#apply-${name}-error`);

test('/careers lists each opening with a link to its page, and offers the form with a choice of open jobs', async ({ page }) => {
  await page.goto('/careers');
  await expect(page.getByText(content.pages.careers.hero.badge)).toBeVisible();
  await expect(page.locator('#openings').getByRole('heading', { level: 3 })).toHaveText(jobs.map((j) => j.title));
  for (const opening of jobs) {
    const card = page.locator(`#${opening.slug}`);
    await expect(card).toContainText(opening.summary);
    await expect(card).toContainText(opening.workHours);
    await expect(card.getByRole('link', { name: `Read more and apply: ${opening.title}` })).toHaveAttribute('href', `/careers/${opening.slug}`);
  }
  expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
  await expect(field(page, 'Job')).toHaveValue('');
  await expect(field(page, 'Job').locator('option:not([disabled])')).toHaveText(jobs.map((j) => j.title));
  await page.getByRole('link', { name: `Read more and apply: ${job.title}` }).click();
  await expect(page).toHaveURL(`/careers/${job.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(job.title);
});

test('a job page shows the opening in full, its JobPosting data with directApply, its trail, and the form with the job preset', async ({ page }) => {
  await page.goto(`/careers/${job.slug}`);
  await expect(page).toHaveTitle(`${job.title} Job in Connecticut | ${content.site.name}`);
  const canonical = page.locator('link[rel="canonical"]');
  await expect(canonical).toHaveAttribute('href', new RegExp(`^https?://[^/]+/careers/${job.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(job.title);
  for (const [heading, items] of [['What You Will Do', job.responsibilities], ['What You Need', job.requirements], ['Preferred, Not Required', job.preferred]] as const) {
    await expect(page.getByRole('heading', { level: 2, name: heading }).locator('+ ul > li')).toHaveText([...items]);
  }
  await expect(page.locator('main')).toContainText(job.description[0]!);

  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
  expect(blocks.map((block) => block['@type'])).toEqual(['JobPosting', 'BreadcrumbList']);
  const postings = blocks.slice(0, 1);
  expect(postings[0]).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    datePosted: job.datePosted,
    validThrough: `${job.validThrough}T23:59:59-05:00`,
    employmentType: job.employmentTypes,
    workHours: job.workHours,
    directApply: true,
    url: await canonical.getAttribute('href'),
    hiringOrganization: { '@type': 'Organization', name: content.site.name },
    jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressRegion: 'CT', addressCountry: 'US' } },
  });
  expect(postings[0].description).toContain('<li>');
  // The trail search engines read leads through the page the visible breadcrumb leads back to.
  const trail = blocks[1].itemListElement.map((item: { name: string; item: string }) => [item.name, new URL(item.item).pathname]);
  expect(trail).toEqual([['Home', '/'], ['Careers', '/careers'], [job.title, `/careers/${job.slug}`]]);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveAttribute('href', trail[1][1]);

  const form = page.locator('#application-form');
  await expect(form).toHaveAttribute('action', FUNCTION);
  await expect(form).toHaveAttribute('method', 'post');
  await expect(form).toHaveAttribute('enctype', 'multipart/form-data');
  await expect(field(page, 'Job')).toHaveValue(job.slug);
  await expect(form).toContainText(`You are applying for: ${job.title}`);
  await expect(form.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
});

test('every field is labelled, has its native constraints, and is at least 44 px tall with 16 px text', async ({ page }) => {
  await page.goto(`/careers/${job.slug}`);
  const expected: Array<[string, Record<string, string>]> = [
    ['First name', { autocomplete: 'given-name', required: '', maxlength: '80' }],
    ['Last name', { autocomplete: 'family-name', required: '', maxlength: '80' }],
    ['E-mail', { type: 'email', autocomplete: 'email', required: '', maxlength: '254' }],
    ['Phone', { type: 'tel', autocomplete: 'tel', required: '', maxlength: '30' }],
    ['Cover letter (optional)', { maxlength: '5000' }],
    ['Resume (optional)', { type: 'file', accept: 'application/pdf,.pdf' }],
  ];
  for (const [label, attributes] of expected) {
    for (const [name, value] of Object.entries(attributes)) await expect(field(page, label), `${label} ${name}`).toHaveAttribute(name, value);
  }
  for (const label of ['Job', 'Work experience', 'When you can work']) await expect(field(page, label)).toHaveAttribute('required', '');
  await expect(field(page, 'Phone')).toHaveAccessibleDescription('Include the area code.');

  const controls = page.locator('#application-form').locator('input:not([type="hidden"]):not([name="website"]), select, textarea, button');
  for (const control of await controls.all()) {
    const box = await control.evaluate((el) => {
      const style = getComputedStyle(el);
      const target = el instanceof HTMLInputElement && el.type === 'checkbox' ? el.closest('label')! : el;
      return { name: (el as HTMLInputElement).name || el.textContent, height: target.getBoundingClientRect().height, font: parseFloat(style.fontSize) };
    });
    expect(box.height, `${box.name} height`).toBeGreaterThanOrEqual(44);
    if (box.name !== 'has_transportation' && box.name !== 'has_license') expect(box.font, `${box.name} font size`).toBeGreaterThanOrEqual(16);
  }
  // The trap for bots is out of sight, out of the tab order and hidden from assistive technology.
  const trap = page.locator('input[name="website"]');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(trap).toHaveAttribute('autocomplete', 'off');
  await expect(trap).not.toBeInViewport();
  await expect(page.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);
});

test('a resume that is not a PDF, or is larger than 10 MB, is refused at once, before anything is sent', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => FUNCTION.test(request.url()) && sent.push(request.method()));
  await page.goto(`/careers/${job.slug}`);
  const a = applicant();
  await fill(page, a);
  const resume = field(page, 'Resume (optional)');
  await resume.setInputFiles({ name: 'resume.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.from('PK not a pdf') });
  await expect(errorOf(page, 'resume')).toHaveText(APPLICATION_MESSAGES.resumeNotPdf);
  await expect(resume).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(resume).toBeFocused();
  await expect(summary(page).getByRole('link', { name: APPLICATION_MESSAGES.resumeNotPdf })).toBeVisible();

  await resume.setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) });
  await expect(errorOf(page, 'resume')).toHaveText(APPLICATION_MESSAGES.resumeTooLarge);
  await expect(summary(page).getByRole('link', { name: APPLICATION_MESSAGES.resumeNotPdf })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(summary(page).getByRole('link', { name: APPLICATION_MESSAGES.resumeTooLarge })).toBeVisible();
  await expectKept(page, a, 'resume.pdf');
  expect(sent).toEqual([]);
});

test("the function's refusals show beside their fields, the summary leads to them, and everything typed stays", async ({ page }) => {
  await openAsAPersonWould(page, `/careers/${job.slug}`);
  expect(await seriousViolations(page)).toEqual([]);
  // Seven digits pass the browser's format check but not the function's (10 to 15 digits); a program renamed
  // .pdf passes the browser's check of the name, but not the function's look at the bytes.
  const a = applicant({ phone: '555-0142' });
  await fill(page, a);
  await field(page, 'Resume (optional)').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ\x90\x00'), randomBytes(2048)]) });
  await page.getByRole('button', { name: 'Send application' }).click();

  await expect(summary(page)).toBeFocused();
  await expect(summary(page)).toContainText('Your Application Was Not Sent');
  await expect(summary(page)).toContainText(APPLICATION_MESSAGES.invalid);
  await expect(summaryLinks(page)).toHaveText([APPLICATION_MESSAGES.phone, APPLICATION_MESSAGES.resumeNotPdf]);
  await expect(errorOf(page, 'phone')).toHaveText(APPLICATION_MESSAGES.phone);
  await expect(field(page, 'Phone')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Phone')).toHaveAccessibleDescription(`Include the area code. ${APPLICATION_MESSAGES.phone}`);
  await expect(errorOf(page, 'resume')).toHaveText(APPLICATION_MESSAGES.resumeNotPdf);
  await expect(summary(page).getByRole('link', { name: PHONE.display, exact: true })).toHaveAttribute('href', `tel:${PHONE.e164}`);
  await expectKept(page, a, 'resume.pdf');
  await expect(page.getByRole('button', { name: 'Send application' })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);

  // The summary's link takes the applicant to the field; correcting it clears its message.
  await summary(page).getByRole('link', { name: APPLICATION_MESSAGES.phone }).click();
  await expect(field(page, 'Phone')).toBeFocused();
  await page.keyboard.type('00');
  await expect(errorOf(page, 'phone')).toBeHidden();
  await expect(field(page, 'Phone')).not.toHaveAttribute('aria-invalid');
  await expect(summaryLinks(page)).toHaveText([APPLICATION_MESSAGES.resumeNotPdf]);
  await field(page, 'Resume (optional)').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: await makePdf('Rosa Delgado') });
  await expect(errorOf(page, 'resume')).toBeHidden();
  await expect(summary(page)).toBeHidden();
});

test('a network failure keeps everything typed and says so, with the phone number', async ({ page }) => {
  await openAsAPersonWould(page, `/careers/${job.slug}`);
  await page.route(FUNCTION, (route) => route.abort('connectionreset'));
  const a = applicant();
  await fill(page, a);
  await field(page, 'Resume (optional)').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: await makePdf('Rosa Delgado') });
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(summary(page)).toBeFocused();
  await expect(summary(page)).toContainText(APPLICATION_MESSAGES.failed);
  await expect(summary(page).getByRole('link', { name: PHONE.display, exact: true })).toHaveAttribute('href', `tel:${PHONE.e164}`);
  await expect(page.locator('[data-progress]')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Send application' })).toBeEnabled();
  await expectKept(page, a, 'cv.pdf');
  expect(page.url()).toContain(`/careers/${job.slug}`);
});

test('the not-sent page explains the reason its address names, or a general one, and the way back', async ({ page }) => {
  await expectNotSentPage(page, content, 'careers');
});

test('the thanks page says what happens next, the reply promise and the phone number, and is kept out of search engines', async ({ page }) => {
  await expectThanksPage(page, content, 'careers');
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a refused application leads to the not-sent page for its reason, and Back finds what was typed', async ({ page }) => {
    await page.goto(`/careers/${job.slug}`);
    const a = applicant({ phone: '555-0142' });
    await fill(page, a);
    await page.getByRole('button', { name: 'Send application' }).click();
    await expect(page).toHaveURL('/careers/not-sent#invalid');
    await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveText(content.pages['careers-not-sent'].reasons.invalid.heading);
    await page.goBack();
    await expectKept(page, a);
  });

  test('an application with a PDF resume is sent, and /careers/thanks follows', { tag: '@saves' }, async ({ page }) => {
    await page.goto(`/careers/${job.slug}`);
    await fill(page, applicant());
    await field(page, 'Resume (optional)').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: await makePdf('Resume, sent without JavaScript') });
    await page.getByRole('button', { name: 'Send application' }).click();
    // Without JavaScript the function asks the applicant to confirm on a page of its own (noScript.spec.ts); a person
    // reads it for a moment before pressing.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('One more step: send your application');
    await page.waitForTimeout(MIN_CONFIRM_MS + 250);
    await page.getByRole('button', { name: 'Send my application' }).click();
    await expect(page).toHaveURL('/careers/thanks');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(content.pages['careers-thanks'].hero.title);
    // An applicant is told what the reply to applicants says (not the families' reply promise).
    await expect(page.locator('main').getByText(content.replies.acknowledgement.applicationNext.replace(/\.$/, ''))).toBeVisible();
  });
});

test('with JavaScript on, a 5 MB PDF shows upload progress, /careers/thanks follows, and /admin has the application and its resume', { tag: '@saves' }, async ({ page, browser }) => {
  const pdf = await makePdf('Rosa Delgado, companion caregiver', 5 * 1024 * 1024);
  const a = applicant();
  await openAsAPersonWould(page, `/careers/${job.slug}`);
  // A slow phone connection (about 2 MB/s up), so that the upload takes long enough to be watched.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 2 * 1024 * 1024 });
  await fill(page, a);
  await field(page, 'Resume (optional)').setInputFiles({ name: 'Rosa resume.pdf', mimeType: 'application/pdf', buffer: pdf });
  const send = page.getByRole('button', { name: 'Send application' });
  await send.click();

  await expect(page.getByRole('progressbar', { name: 'Sending your application' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(/^Sending your application: ([1-9]0)%$/);
  await expect(send).toBeDisabled();
  // The stand-in parses 5 MB and stores it in PGlite: slower than Supabase, and slower still on a busy machine.
  await expect(page).toHaveURL('/careers/thanks', { timeout: 30_000 });
  // An applicant is told what the reply to applicants says (not the families' reply promise).
  await expect(page.locator('main').getByText(content.replies.acknowledgement.applicationNext.replace(/\.$/, ''))).toBeVisible();
  await expect(page.getByRole('link', { name: `Call ${content.site.recruitingPhone.display}` })).toBeVisible();

  const staff = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const admin = await staff.newPage();
    await admin.goto('/admin');
    await admin.getByLabel('Email').fill('staff@example.com');
    await admin.getByLabel('Password').fill('staff-demo-password');
    await admin.getByRole('button', { name: 'Sign in' }).click();
    const name = `${a.first} ${a.last}`;
    // Newest first: it is at the top (with --no-deps the other screen's application may be saved just after it).
    await expect(admin.locator('tbody tr .name').first()).toBeVisible();
    expect((await admin.locator('tbody tr .name').allTextContents()).slice(0, 2)).toContain(name);
    const first = admin.locator('tbody tr', { hasText: a.email });
    await expect(first.locator('.name')).toHaveText(name);
    await expect(first).toContainText(job.title);
    await expect(first).toContainText(a.experience);
    await first.getByRole('button', { name: `View details of ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name });
    for (const text of [a.phone, a.availability, 'Available', 'Not Valid']) await expect(dialog).toContainText(text);
    await expect(dialog.locator('.letter')).toHaveText(a.letter);
    await admin.keyboard.press('Escape');
    const [download] = await Promise.all([admin.waitForEvent('download'), first.getByRole('button', { name: `Download resume of ${name}` }).click()]);
    expect(readFileSync(await download.path()).equals(pdf)).toBe(true);
  } finally {
    await staff.close();
  }
});
