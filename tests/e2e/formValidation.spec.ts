/**
 * An empty or half-filled form sent with JavaScript on, as families and applicants on a phone send it: every
 * wrong field says what to do beside itself (not in the browser's passing bubble, which names the first only),
 * in the words the form's function would answer with for the same answers, linked to its field (aria-invalid,
 * aria-describedby), kept until the field is put right; the focus goes to the first. Nothing is sent, so no
 * request is stored. With JavaScript off the forms keep the browser's own checks (no novalidate in the HTML).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { APPLICATION_MESSAGES, applicationSchema } from '../../supabase/functions/_shared/application.ts';
import { fieldErrors } from '../../supabase/functions/_shared/formFunction.ts';
import { formChoices, inquiryChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { dateInConnecticut } from '../../supabase/functions/_shared/formPost.ts';
import { INQUIRY_FIELDS, INQUIRY_MESSAGES, inquirySchema } from '../../supabase/functions/_shared/inquiry.ts';
import { consentBox, seriousViolations } from './formPages.ts';

const FUNCTION = /\/functions\/v1\/submit-(inquiry|application)$/;

/** Records every post to a form function: none may leave while the form has something to correct. */
function postsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => FUNCTION.test(request.url()) && request.method() === 'POST' && posts.push(request.url()));
  return posts;
}

/** What the browser would send now (the text parts; the same as the function reads from them). */
async function sentNow(form: Locator): Promise<Array<[string, string]>> {
  return form.evaluate((element: HTMLFormElement) =>
    [...new FormData(element)].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The function's field messages for the contact form as it stands: its schema and its first-message rule. */
async function inquiryErrors(form: Locator): Promise<Record<string, string>> {
  const entries = await sentNow(form);
  const answers = { ...Object.fromEntries(entries), [INQUIRY_FIELDS.services]: entries.filter(([name]) => name === INQUIRY_FIELDS.services).map(([, value]) => value) };
  const parsed = inquirySchema(inquiryChoices).safeParse(answers);
  return parsed.success ? {} : (fieldErrors(parsed.error.issues) as Record<string, string>);
}

/** The function's field messages for the application form as it stands (no resume chosen). */
async function applicationErrors(form: Locator): Promise<Record<string, string>> {
  const parsed = applicationSchema(formChoices, dateInConnecticut(new Date())).safeParse(Object.fromEntries(await sentNow(form)));
  return parsed.success ? {} : (fieldErrors(parsed.error.issues) as Record<string, string>);
}

/**
 * Each field of `errors` shows its message beside it, visibly, marked invalid and described by it (a group of
 * choices is its fieldset); no other field shows one.
 */
async function expectShownBeside(form: Locator, prefix: string, errors: Record<string, string>) {
  for (const [name, message] of Object.entries(errors)) {
    const error = form.locator(`#${prefix}-${name}-error`);
    await expect(error, name).toBeVisible();
    await expect(error, name).toHaveText(message);
    const control = form.locator(`#${prefix}-${name}`);
    await expect(control, name).toHaveAttribute('aria-invalid', 'true');
    await expect(control, name).toHaveAttribute('aria-describedby', new RegExp(`(^| )${prefix}-${name}-error( |$)`));
    await expect(control, name).toHaveAccessibleDescription(new RegExp(`${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  }
  await expect(form.locator('[data-error-for]:visible')).toHaveCount(Object.keys(errors).length);
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(Object.keys(errors).length);
}

test.describe('the contact form', () => {
  const form = (page: Page) => page.locator('#inquiry-form');
  const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });

  test("sent empty, every required field shows the function's message beside it, the focus is on the first, and each goes when its field is put right", async ({ page }) => {
    const posts = postsOf(page);
    await page.goto('/contact');
    // (The form script has run by the time the page has loaded.)
    await form(page).getByRole('button', { name: 'Send request' }).click();

    // The function's answer to the same empty post: the name, a way to reply (at the phone field), who needs care, the consent.
    const expected = await inquiryErrors(form(page));
    expect(expected).toEqual({
      name: INQUIRY_MESSAGES.name,
      phone: INQUIRY_MESSAGES.replyWay,
      care_for: INQUIRY_MESSAGES.care_for,
      consent_version: INQUIRY_MESSAGES.consent_version,
    });
    await expectShownBeside(form(page), 'inquiry', expected);
    await expect(field(page, 'Your name')).toBeFocused();
    // The browser's bubble is not shown: the script checks the form itself.
    await expect(form(page)).toHaveAttribute('novalidate', '');
    expect(await seriousViolations(page)).toEqual([]);

    // Each message stays until its field is right, then goes; the others stay.
    await field(page, 'Your name').fill('Helen Kowalski');
    // An e-mail address begun is a way to reply: the phone field's message goes.
    await field(page, 'E-mail').fill('helen');
    await expectShownBeside(form(page), 'inquiry', { care_for: INQUIRY_MESSAGES.care_for, consent_version: INQUIRY_MESSAGES.consent_version });
    // Sent again: the unfinished address is named too, and has the focus; its message stays until it is whole.
    await form(page).getByRole('button', { name: 'Send request' }).click();
    expect(await inquiryErrors(form(page))).toEqual({ email: INQUIRY_MESSAGES.email, care_for: INQUIRY_MESSAGES.care_for, consent_version: INQUIRY_MESSAGES.consent_version });
    await expectShownBeside(form(page), 'inquiry', await inquiryErrors(form(page)));
    await expect(field(page, 'E-mail')).toBeFocused();
    await page.keyboard.type('@');
    await expect(form(page).locator('#inquiry-email-error')).toHaveText(INQUIRY_MESSAGES.email);
    await expect(field(page, 'E-mail')).toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.type('example.com');
    await form(page).getByRole('radio', { name: 'A parent' }).check();
    await expectShownBeside(form(page), 'inquiry', { consent_version: INQUIRY_MESSAGES.consent_version });
    await consentBox(form(page)).check();
    await expectShownBeside(form(page), 'inquiry', {});
    expect(posts).toEqual([]);
  });
});

test.describe('the application form', () => {
  const form = (page: Page) => page.locator('#application-form');
  const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });

  test("sent empty, every required field shows the function's message beside it, the focus is on the first, and each goes when its field is put right", async ({ page }) => {
    const posts = postsOf(page);
    await page.goto('/careers');
    // (The form script has run by the time the page has loaded.)
    await form(page).getByRole('button', { name: 'Send application' }).click();

    const expected = await applicationErrors(form(page));
    expect(expected).toEqual({
      first_name: APPLICATION_MESSAGES.first_name,
      last_name: APPLICATION_MESSAGES.last_name,
      email: APPLICATION_MESSAGES.email,
      phone: APPLICATION_MESSAGES.phone,
      position: APPLICATION_MESSAGES.position,
      experience: APPLICATION_MESSAGES.experience,
      availability: APPLICATION_MESSAGES.availability,
    });
    await expectShownBeside(form(page), 'apply', expected);
    await expect(field(page, 'First name')).toBeFocused();
    // The browser's bubble is not shown: the script checks the form itself.
    await expect(form(page)).toHaveAttribute('novalidate', '');
    expect(await seriousViolations(page)).toEqual([]);

    const rest = { ...expected };
    await field(page, 'First name').fill('Rosa');
    delete rest.first_name;
    await expectShownBeside(form(page), 'apply', rest);
    // A phone number too short to be one keeps its message; a whole one clears it.
    await field(page, 'Phone').fill('860');
    await expectShownBeside(form(page), 'apply', rest);
    await field(page, 'Phone').fill('(860) 555-0199');
    delete rest.phone;
    await expectShownBeside(form(page), 'apply', rest);
    await field(page, 'Job').selectOption({ index: 1 });
    delete rest.position;
    await expectShownBeside(form(page), 'apply', rest);
    expect(posts).toEqual([]);
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test("both forms keep the browser's own checks: no novalidate in the HTML, and an empty form is not sent", async ({ page }) => {
    const posts = postsOf(page);
    for (const [path, id, button] of [
      ['/contact', 'inquiry-form', 'Send request'],
      ['/careers', 'application-form', 'Send application'],
    ] as const) {
      await page.goto(path);
      const form = page.locator(`#${id}`);
      await expect(form).not.toHaveAttribute('novalidate');
      await form.getByRole('button', { name: button }).click();
      await expect(form.locator('input:invalid, select:invalid, textarea:invalid').first()).toBeFocused();
      await expect(page).toHaveURL(path);
    }
    expect(posts).toEqual([]);
  });
});
