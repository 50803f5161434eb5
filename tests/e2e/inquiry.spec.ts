/**
 * Asking for care through the contact card, as a family does it: the site's own form on the home page and
 * /contact (with the shipped placeholder HubSpot ids: nothing of HubSpot's loads), sent with JavaScript on
 * (checked first, the function's messages beside the fields) and off (a plain post and a redirect), against the
 * real submit-inquiry function on the local stand-in; the consent to store a request's health details, without
 * which nothing is sent (the form's own check, then the function's, with JavaScript on and off), and which the
 * stored request keeps; the request arriving in /admin; and, on the second site
 * built with HubSpot ids (tests/e2e/providerSite.ts), the provider's form replacing the own one only when its
 * script answers in time, served by a stub through page.route (the real host is never reached).
 * Tests tagged @saves store a request. The function accepts 5 an hour from one address and every test runs
 * from 127.0.0.1, so this file stores 5 in a full run: JavaScript on from each screen (as fast as autofill
 * allows), sent at a script's speed once on the desktop (suspected spam, moved back in /admin), JavaScript off
 * once on the desktop (its hidden field filled, as a password manager may) and once from the 375 px phone for
 * the dashboard.
 */
import { expect, test, type Browser, type Locator, type Page, type Route } from '@playwright/test';
import { INQUIRY_LIMITS, INQUIRY_MESSAGES } from '../../supabase/functions/_shared/inquiry.ts';
import { loadContent } from '../../src/content/loader.ts';
import { inquiryChoicesFrom } from '../../src/forms/formChoices.ts';
import { embedScriptUrl, READY_WITHIN_MS } from '../../src/forms/mountProviderForm.ts';
import { service, showStage, signIn } from './dashboard.ts';
import { HELD_REASON, MIN_FILL_MS } from '../../supabase/functions/_shared/formPost.ts';
import { consentBox, expectNotSentPage, expectThanksPage, openAsAPersonWould, seriousViolations } from './formPages.ts';
import { PROVIDER_IDS } from './providerSite.ts';
import type { CaughtMail } from '../../scripts/mail-catcher/server.ts';

const content = await loadContent();
const choices = inquiryChoicesFrom(content);
const PHONE = content.site.phone;
const FUNCTION = /^https?:\/\/[^/]+\/functions\/v1\/submit-inquiry$/;
const HUBSPOT = /hsforms\.(net|com)|hubspot\.com/;
const CARDS = ['/', '/contact'] as const;

interface Family {
  name: string;
  phone: string;
  email: string;
  careFor: string;
  town: string;
  service: string;
  message: string;
  callTime: string;
  /** Whether they tick the consent box (they do, unless a test says otherwise). */
  consent: boolean;
}

function family(overrides: Partial<Family> = {}): Family {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    name: `Helen Kowalski-${unique}`,
    phone: '(860) 555-0177',
    email: `helen.${unique}@example.com`,
    careFor: 'A parent',
    town: 'Wethersfield',
    service: 'Companionship',
    message: 'My father lives alone since March.\n\nHe would like company in the afternoons.',
    callTime: 'Morning (8 am - noon)',
    consent: true,
    ...overrides,
  };
}

const form = (page: Page) => page.locator('#inquiry-form');
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const summary = (page: Page) => page.locator('#inquiry-summary');
const errorOf = (page: Page, name: string) => page.locator(`#inquiry-${name}-error`);
const send = (page: Page) => form(page).getByRole('button', { name: 'Send request' });

async function fill(page: Page, f: Family) {
  await field(page, 'Your name').fill(f.name);
  await field(page, 'Phone').fill(f.phone);
  await field(page, 'E-mail').fill(f.email);
  await form(page).getByRole('radio', { name: f.careFor }).check();
  await field(page, 'Town (optional)').fill(f.town);
  await form(page).getByText(/^Show the \d+ services$/).click();
  await form(page).getByRole('checkbox', { name: f.service, exact: true }).check();
  await field(page, 'Message (optional)').fill(f.message);
  await field(page, 'Best time to call (optional)').selectOption({ label: f.callTime });
  if (f.consent) await consentBox(form(page)).check();
}

/** Everything the family typed is still in the form. */
async function expectKept(page: Page, f: Family) {
  await expect(field(page, 'Your name')).toHaveValue(f.name);
  await expect(field(page, 'Phone')).toHaveValue(f.phone);
  await expect(field(page, 'E-mail')).toHaveValue(f.email);
  await expect(form(page).getByRole('radio', { name: f.careFor })).toBeChecked();
  await expect(field(page, 'Town (optional)')).toHaveValue(f.town);
  // The list of services may be folded away again (after Back).
  await expect(form(page).getByRole('checkbox', { name: f.service, exact: true, includeHidden: true })).toBeChecked();
  await expect(field(page, 'Message (optional)')).toHaveValue(f.message);
  await expect(field(page, 'Best time to call (optional)').locator('option:checked')).toHaveText(f.callTime);
  await expect(consentBox(form(page))).toBeChecked({ checked: f.consent });
}

/** Every request to a HubSpot host the page makes. */
function watchHubSpot(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => HUBSPOT.test(new URL(request.url()).hostname) && seen.push(request.url()));
  return seen;
}

for (const path of CARDS) {
  test(`${path}: the card shows the site's own form with the phone, e-mail and reply promise, and nothing of HubSpot's`, async ({ page }) => {
    const hubspot = watchHubSpot(page);
    await page.goto(path);
    const card = page.getByRole('heading', { name: 'Request Information' }).locator('..');
    await expect(card.getByRole('form', { name: 'Request Information' })).toBeVisible();
    await expect(card.getByRole('link', { name: `Call ${PHONE.display}` })).toHaveAttribute('href', `tel:${PHONE.e164}`);
    await expect(card.getByRole('link', { name: content.site.email })).toHaveAttribute('href', `mailto:${content.site.email}`);
    await expect(card).toContainText(content.site.claims.replyPromise);
    await expect(form(page)).toHaveAttribute('action', FUNCTION);
    await expect(form(page)).toHaveAttribute('method', 'post');
    await expect(form(page)).toHaveClass(/\bph-no-capture\b/);
    await expect(form(page).locator('input[name="page"]')).toHaveValue(path);
    await expect(page.locator('script[src*="hsforms"]')).toHaveCount(0);
    await expect(page.locator('[data-form-provider]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(hubspot).toEqual([]);
    expect(await seriousViolations(page, '#inquiry-form')).toEqual([]);
  });
}

test('every field is labelled, has its native constraints, and is at least 44 px tall with 16 px text', async ({ page }) => {
  await page.goto('/contact');
  const expected: Array<[string, Record<string, string>]> = [
    ['Your name', { autocomplete: 'name', required: '', maxlength: String(INQUIRY_LIMITS.name) }],
    ['Phone', { type: 'tel', autocomplete: 'tel', maxlength: String(INQUIRY_LIMITS.phone) }],
    ['E-mail', { type: 'email', autocomplete: 'email', maxlength: String(INQUIRY_LIMITS.email) }],
    ['Town (optional)', { autocomplete: 'address-level2', maxlength: String(INQUIRY_LIMITS.town) }],
    ['Message (optional)', { maxlength: String(INQUIRY_LIMITS.message) }],
  ];
  for (const [label, attributes] of expected) {
    for (const [name, value] of Object.entries(attributes)) await expect(field(page, label), `${label} ${name}`).toHaveAttribute(name, value);
  }
  // Neither way of replying is required on its own; the group says that one of them is.
  for (const label of ['Phone', 'E-mail', 'Town (optional)', 'Message (optional)', 'Best time to call (optional)']) await expect(field(page, label), label).not.toHaveAttribute('required');
  await expect(form(page).getByRole('group', { name: 'How can we reply?' })).toHaveAccessibleDescription('A phone number, an e-mail address, or both.');
  const careFor = form(page).getByRole('radiogroup', { name: 'Who needs care?' });
  await expect(careFor.getByRole('radio')).toHaveCount(choices.careFor.length);
  for (const radio of await careFor.getByRole('radio').all()) await expect(radio).toHaveAttribute('required', '');
  await expect(field(page, 'Best time to call (optional)')).toHaveValue('');
  await expect(field(page, 'Best time to call (optional)').locator('option')).toHaveText(['Any time', ...choices.callTimes.map((c) => c.label)]);
  // The long list of services is folded away until asked for.
  const services = form(page).getByRole('group', { name: 'Services you are interested in (optional)' });
  await expect(services.getByRole('checkbox').first()).toBeHidden();
  await services.getByText(`Show the ${choices.services.length} services`).click();
  await expect(services.getByRole('checkbox')).toHaveCount(choices.services.length);
  // The consent box: required, unticked, named by its words, described by the line under it (whose link leads to
  // the privacy notice); ticked, it sends the version of those words.
  const consent = content.inquiryForm.consent;
  await expect(consentBox(form(page))).toHaveAttribute('required', '');
  await expect(consentBox(form(page))).not.toBeChecked();
  await expect(consentBox(form(page))).toHaveAttribute('value', consent.version);
  await expect(consentBox(form(page))).toHaveAccessibleDescription(consent.details);
  await expect(form(page).getByRole('link', { name: consent.privacyLink, exact: true })).toHaveAttribute('href', '/privacy');

  const controls = form(page).locator('input:not([type="hidden"]):not([name="website"]), select, textarea, button, summary');
  for (const control of await controls.all()) {
    const box = await control.evaluate((el) => {
      const style = getComputedStyle(el);
      const choice = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
      const target = choice ? el.closest('label')! : el;
      return { name: (el as HTMLInputElement).name || el.textContent, choice, height: target.getBoundingClientRect().height, font: parseFloat(style.fontSize) };
    });
    expect(box.height, `${box.name} height`).toBeGreaterThanOrEqual(44);
    if (!box.choice) expect(box.font, `${box.name} font size`).toBeGreaterThanOrEqual(16);
  }
  await expect(page.locator('#inquiry-website')).toHaveAttribute('tabindex', '-1');
  await expect(page.locator('#inquiry-website')).not.toBeInViewport();
});

test('without a phone number or an e-mail address nothing is sent: the phone field says so and has the focus, and the summary leads to it', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => FUNCTION.test(request.url()) && sent.push(request.method()));
  await page.goto('/');
  const f = family({ phone: '', email: '' });
  await fill(page, f);
  await send(page).click();
  await expect(field(page, 'Phone')).toBeFocused();
  await expect(summary(page)).toContainText('Your Request Was Not Sent');
  await expect(errorOf(page, 'phone')).toHaveText(INQUIRY_MESSAGES.replyWay);
  await expect(field(page, 'Phone')).toHaveAttribute('aria-invalid', 'true');
  await summary(page).getByRole('link', { name: INQUIRY_MESSAGES.replyWay }).click();
  await expect(field(page, 'Phone')).toBeFocused();
  await expectKept(page, f);
  expect(await seriousViolations(page, '#inquiry-form')).toEqual([]);
  // An e-mail address answers it too.
  await field(page, 'E-mail').fill('helen@example.com');
  await expect(errorOf(page, 'phone')).toBeHidden();
  await expect(summary(page)).toBeHidden();
  expect(sent).toEqual([]);
});

test("the function's refusals show beside their fields, the summary leads to them, and everything typed stays", async ({ page }) => {
  await openAsAPersonWould(page, '/contact');
  // Seven digits pass the browser's format check, not the function's (10 to 15 digits).
  const f = family({ phone: '555-0142' });
  await fill(page, f);
  const answered = page.waitForResponse((response) => FUNCTION.test(response.url()) && response.request().method() === 'POST');
  await send(page).click();
  expect((await answered).status()).toBe(400);
  await expect(summary(page)).toBeFocused();
  await expect(summary(page)).toContainText(INQUIRY_MESSAGES.invalid);
  await expect(summary(page).getByRole('listitem').getByRole('link')).toHaveText([INQUIRY_MESSAGES.phone]);
  await expect(errorOf(page, 'phone')).toHaveText(INQUIRY_MESSAGES.phone);
  await expect(field(page, 'Phone')).toHaveAccessibleDescription(`Include the area code. ${INQUIRY_MESSAGES.phone}`);
  await expect(summary(page).getByRole('link', { name: PHONE.display, exact: true })).toHaveAttribute('href', `tel:${PHONE.e164}`);
  await expectKept(page, f);
  await expect(send(page)).toBeEnabled();
  expect(await seriousViolations(page, '#inquiry-form')).toEqual([]);
  await field(page, 'Phone').fill('(860) 555-0142');
  await expect(errorOf(page, 'phone')).toBeHidden();
  await expect(summary(page)).toBeHidden();
});

test('without the consent box ticked nothing is sent: the form is refused before sending, and the message shows beside the box until it is ticked', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => FUNCTION.test(request.url()) && request.method() === 'POST' && sent.push(request.url()));
  await openAsAPersonWould(page, '/contact');
  const f = family({ consent: false });
  await fill(page, f);
  await send(page).click();
  await expect(errorOf(page, 'consent_version')).toHaveText(INQUIRY_MESSAGES.consent_version);
  await expect(consentBox(form(page))).toHaveAttribute('aria-invalid', 'true');
  await expect(consentBox(form(page))).toHaveAccessibleDescription(`${content.inquiryForm.consent.details} ${INQUIRY_MESSAGES.consent_version}`);
  await expectKept(page, f);
  expect(await seriousViolations(page, '#inquiry-form')).toEqual([]);
  await consentBox(form(page)).check();
  await expect(errorOf(page, 'consent_version')).toBeHidden();
  await expect(consentBox(form(page))).not.toHaveAttribute('aria-invalid');
  expect(sent).toEqual([]);
});

test("without consent the function refuses the request too (a browser that skips the check): its message shows beside the box, the summary leads to it, and everything typed stays", async ({ page }) => {
  await openAsAPersonWould(page, '/');
  const f = family({ consent: false });
  await fill(page, f);
  // As a browser that does not check required fields sends it.
  await consentBox(form(page)).evaluate((box) => box.removeAttribute('required'));
  const answered = page.waitForResponse((response) => FUNCTION.test(response.url()) && response.request().method() === 'POST');
  await send(page).click();
  const response = await answered;
  expect(response.status()).toBe(400);
  expect(await response.json()).toEqual({ ok: false, message: INQUIRY_MESSAGES.invalid, errors: { consent_version: INQUIRY_MESSAGES.consent_version } });
  await expect(summary(page)).toBeFocused();
  await expect(summary(page).getByRole('listitem').getByRole('link')).toHaveText([INQUIRY_MESSAGES.consent_version]);
  await expect(errorOf(page, 'consent_version')).toHaveText(INQUIRY_MESSAGES.consent_version);
  await expect(consentBox(form(page))).toHaveAttribute('aria-invalid', 'true');
  await expectKept(page, f);
  // The error shown: the form with its summary and the message beside the box passes axe.
  expect(await seriousViolations(page, '#inquiry-form')).toEqual([]);
  await summary(page).getByRole('link', { name: INQUIRY_MESSAGES.consent_version }).click();
  await expect(consentBox(form(page))).toBeFocused();
  await page.keyboard.press('Space');
  await expect(consentBox(form(page))).toBeChecked();
  await expect(errorOf(page, 'consent_version')).toBeHidden();
  await expect(summary(page)).toBeHidden();
  expect(await storedAs(f.name)).toEqual([]);
});

test('a network failure keeps everything typed and says so, with the phone number', async ({ page }) => {
  await openAsAPersonWould(page, '/');
  await page.route(FUNCTION, (route) => route.abort('connectionreset'));
  const f = family();
  await fill(page, f);
  await send(page).click();
  await expect(summary(page)).toBeFocused();
  await expect(summary(page)).toContainText(INQUIRY_MESSAGES.failed);
  await expect(send(page)).toBeEnabled();
  await expectKept(page, f);
  await expect(page).toHaveURL('/');
});

test('a double click sends the request once', async ({ page }) => {
  await openAsAPersonWould(page, '/contact');
  const posts: string[] = [];
  // Held, then refused: nothing is stored, and the second click comes while the first is on its way.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(FUNCTION, async (route) => {
    posts.push(route.request().method());
    await held;
    await route.fulfill({ status: 500, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify({ ok: false, message: INQUIRY_MESSAGES.failed }) });
  });
  await fill(page, family());
  await send(page).dblclick();
  await expect(form(page).getByRole('status')).toHaveText('Sending your request…');
  await expect(send(page)).toBeDisabled();
  release();
  await expect(summary(page)).toContainText(INQUIRY_MESSAGES.failed);
  expect(posts).toEqual(['POST']);
});

test('the not-sent page explains the reason its address names, or a general one, and leads back', async ({ page }) => {
  await expectNotSentPage(page, content, 'contact');
});

test('the thanks page says what happens next, the reply promise and the phone number, and is kept out of search engines', async ({ page }) => {
  await expectThanksPage(page, content, 'contact');
});

/**
 * A staff member at 1280 px, with JavaScript on (a test's options carry over to a new context), signed in and
 * searching the Inquiries list for `name`; `work` gets the page and the rows that match.
 */
async function asStaffSearching(browser: Browser, name: string, work: (admin: Page, row: Locator) => Promise<void>) {
  const staff = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: true });
  try {
    const admin = await staff.newPage();
    await signIn(admin);
    await admin.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Inquiries' }).click();
    await admin.getByLabel('Search inquiries').fill(name);
    await work(admin, admin.locator('tbody tr', { hasText: name }));
  } finally {
    await staff.close();
  }
}

/** The stored inquiry of the family named `name`: its stage and why it was taken for spam, if it was. */
async function storedAs(name: string) {
  const { data, error } = await service().from('inquiries').select('stage, spam_reason').eq('name', name);
  expect(error).toBeNull();
  return data;
}

/** The consent the stored inquiry of the family named `name` keeps: the version of the words, and when. */
async function consentStored(name: string) {
  const { data, error } = await service().from('inquiries').select('consent_version, consented_at').eq('name', name).single();
  expect(error).toBeNull();
  return data as { consent_version: string | null; consented_at: string | null };
}

/**
 * The quickest person: the page appears (its first paint), they tap the name field, pick the browser's autofill
 * suggestion (every field is filled at once, as autofill does it) and tap Send, each at least 200 ms, about the
 * fastest a person reacts, after the last. The wait is for the page's own clock to pass those moments.
 */
async function sendAsFastAsAutofill(page: Page, f: Family) {
  await page.goto('/');
  const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? performance.now());
  await page.waitForFunction((at) => performance.now() >= at, firstPaint + 2 * 200);
  await fill(page, f);
  await page.waitForFunction((at) => performance.now() >= at, firstPaint + 3 * 200);
  await send(page).click();
}

test('with JavaScript on, a request sent as fast as autofill allows is stored as a real one, and /contact/thanks follows', { tag: '@saves' }, async ({ page }) => {
  const f = family();
  const answered = page.waitForResponse((response) => FUNCTION.test(response.url()) && response.request().method() === 'POST');
  const before = Date.now();
  await sendAsFastAsAutofill(page, f);
  const response = await answered;
  expect(response.status()).toBe(201);
  await expect(page).toHaveURL('/contact/thanks');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(content.pages['contact-thanks'].hero.title);
  await expect(page.locator('main').getByText(content.site.claims.replyPromise)).toBeVisible();
  expect(await storedAs(f.name)).toEqual([{ stage: 'new', spam_reason: null }]);
  // With the consent ticked: the version of the words the family agreed to, and when it arrived.
  const consent = await consentStored(f.name);
  expect(consent.consent_version).toBe(content.inquiryForm.consent.version);
  expect(Date.parse(consent.consented_at!)).toBeGreaterThanOrEqual(before - 5000);
  expect(Date.parse(consent.consented_at!)).toBeLessThanOrEqual(Date.now() + 5000);
  // Staff are told within seconds: one e-mail in the inbox, linking to the record, with nothing the family wrote.
  // The answer's body is gone with the page it was sent from: the record is found by the family's name.
  const { data: stored } = await service().from('inquiries').select('id').eq('name', f.name).single();
  const id = stored!.id as string;
  await expect.poll(async () => (await emailsAbout(id)).length, { timeout: 10_000 }).toBe(1);
  const [mail] = await emailsAbout(id);
  expect(mail!.subject).toBe('New inquiry from the website');
  for (const value of [f.name, f.email, f.phone, f.town, 'father']) expect(`${mail!.subject}\n${mail!.text}\n${mail!.html}`).not.toContain(value);
});

/** The e-mails the stand-in sent to the browser tests' mail catcher (tests/e2e/stack.ts) about the record `id`. */
async function emailsAbout(id: string): Promise<CaughtMail[]> {
  const messages = (await (await fetch(`${process.env.E2E_MAIL_URL}/api/messages`)).json()) as CaughtMail[];
  return messages.filter((mail) => mail.text.includes(`record=${id}`));
}

test('a request posted at a script\'s speed gets the same answer, is filed under Spam in /admin with the reason, and staff move it back to New with one button', { tag: ['@saves', '@desktop'] }, async ({ page, browser }) => {
  // As a script does it: the page's form, posted the moment its time token arrives. "At once" is measured on the
  // server's clock, so on a loaded machine one round trip can pass 400 ms: such a post is rightly kept as a real
  // request, and the script tries again (a fresh token, a fresh name), as a flood would.
  await page.goto('/');
  let f = family({ name: `Quick Sender-${Date.now()}` });
  let stored: { stage: string; spam_reason: string | null } | undefined;
  for (let attempt = 1; attempt <= 5 && stored?.stage !== 'spam'; attempt += 1) {
    f = family({ name: `Quick Sender-${Date.now()}-${attempt}` });
    const answer = await page.evaluate(async (name) => {
      const form = document.querySelector<HTMLFormElement>('#inquiry-form')!;
      const data = new FormData(form);
      data.set('name', name);
      data.set('phone', '(860) 555-0177');
      data.set('care_for', (form.querySelector('input[name="care_for"]') as HTMLInputElement).value);
      data.set('consent_version', (form.querySelector('input[name="consent_version"]') as HTMLInputElement).value);
      const { token } = (await (await fetch(`${form.action}?fill-token`, { cache: 'no-store', credentials: 'omit' })).json()) as { token: string };
      data.set('fill_token', token);
      const response = await fetch(form.action, { method: 'POST', body: data, headers: { accept: 'application/json' } });
      return { status: response.status, body: await response.json() };
    }, f.name);
    // The same answer a person gets: nothing tells the script it was noticed.
    expect(answer).toEqual({ status: 201, body: { ok: true, id: expect.any(String), redirect: expect.stringMatching(/\/contact\/thanks$/) } });
    [stored] = (await storedAs(f.name)) ?? [];
    expect(['spam', 'new'], 'a valid post is always stored').toContain(stored?.stage);
  }
  expect(stored?.stage, `sent within ${MIN_FILL_MS} ms of its time token, so filed as spam`).toBe('spam');
  const sentAfter = Number(/^Sent (\d+) ms after the form was ready/.exec(stored?.spam_reason ?? '')?.[1]);
  expect(sentAfter).toBeLessThan(MIN_FILL_MS);

  await asStaffSearching(browser, f.name, async (admin, row) => {
    // Not among the real requests (the list opens on Open ones); apart, under Spam.
    await expect(row).toHaveCount(0);
    await showStage(admin, 'inquiries', 'Spam');
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `View details of ${f.name}` }).click();
    const dialog = admin.getByRole('dialog', { name: f.name });
    await expect(dialog.getByText('Filed as spam.')).toBeVisible();
    await expect(dialog).toContainText(stored!.spam_reason!);
    expect(await seriousViolations(admin, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Not spam: move to New' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Moved back to New.');
    // The button went with the notice; focus is on the stage, which now says New.
    await expect(dialog.getByLabel('Stage', { exact: true })).toBeFocused();
    await expect(dialog.getByLabel('Stage', { exact: true })).toHaveValue('new');
    await expect(dialog.getByText('Filed as spam.')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(row).toHaveCount(0);
    await showStage(admin, 'inquiries', 'Open');
    await expect(row).toHaveCount(1);
    expect(await storedAs(f.name)).toEqual([{ stage: 'new', spam_reason: stored!.spam_reason }]);
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a refused request leads to the not-sent page for its reason, and Back finds what was typed', async ({ page }) => {
    await page.goto('/contact');
    const f = family({ phone: '555-0142' });
    await fill(page, f);
    await send(page).click();
    await expect(page).toHaveURL('/contact/not-sent#invalid');
    await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveText(content.pages['contact-not-sent'].reasons.invalid.heading);
    await page.goBack();
    await expectKept(page, f);
  });

  test('without the consent box ticked the browser refuses the form; sent anyway, the function refuses it, the not-sent page names the box, and Back finds what was typed', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => FUNCTION.test(request.url()) && request.method() === 'POST' && sent.push(request.url()));
    await page.goto('/');
    const f = family({ consent: false });
    await fill(page, f);
    await send(page).click();
    // The browser puts the focus on the box it refuses the form for, and stays on the page.
    await expect(consentBox(form(page))).toBeFocused();
    await expect(page).toHaveURL('/');
    expect(sent).toEqual([]);
    // As a browser that does not check required fields sends it.
    await consentBox(form(page)).evaluate((box) => box.removeAttribute('required'));
    await send(page).click();
    await expect(page).toHaveURL('/contact/not-sent#invalid');
    const reason = content.pages['contact-not-sent'].reasons.invalid;
    await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveText(reason.heading);
    await expect(page.locator('main')).toContainText(reason.body);
    expect(reason.body).toContain('box');
    expect(sent).toHaveLength(1);
    await page.goBack();
    await expectKept(page, f);
    expect(await storedAs(f.name)).toEqual([]);
  });

  test('a request whose hidden field a password manager filled is sent with a plain post, /contact/thanks follows, and it is kept as suspected spam', { tag: ['@saves', '@desktop'] }, async ({ page }) => {
    const f = family();
    await page.goto('/contact');
    await fill(page, f);
    // The field people never see (off-screen, out of the tab order), filled as some password managers do.
    await page.locator('#inquiry-form input[name="website"]').fill('https://helen.example');
    await send(page).click();
    await expect(page).toHaveURL('/contact/thanks');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(content.pages['contact-thanks'].hero.title);
    expect(await storedAs(f.name)).toEqual([{ stage: 'spam', spam_reason: 'The hidden field that people never see was filled in.' }]);
  });

  test('a request sent from the home page on a phone reaches /admin under Inquiries, held under Spam until the family confirms it (no script vouched for it)', { tag: ['@saves', '@phone'] }, async ({ page, browser }) => {
    const f = family({ phone: '', town: 'Old Lyme', careFor: 'A spouse or partner', service: 'Meal Preparation' });
    await page.goto('/');
    await fill(page, f);
    await send(page).click();
    // Without JavaScript no time token was fetched: the function stores the request at once and asks the family to
    // confirm it on a page of its own (noScript.spec.ts presses the button); until then staff find it under Spam.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('One more step: send your request');
    expect(await storedAs(f.name)).toEqual([{ stage: 'spam', spam_reason: HELD_REASON }]);

    await asStaffSearching(browser, f.name, async (admin, row) => {
      await showStage(admin, 'inquiries', 'Spam');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(f.email);
      await expect(row).toContainText(f.careFor);
      await expect(row).toContainText(f.town);
      await row.getByRole('button', { name: `View details of ${f.name}` }).click();
      const dialog = admin.getByRole('dialog', { name: f.name });
      const term = (name: string) => dialog.locator('dt', { hasText: name }).locator('+ dd');
      await expect(term('Phone')).toHaveText('Not given');
      await expect(term('Services')).toHaveText(f.service);
      await expect(term('Best time to call')).toHaveText(f.callTime);
      await expect(term('Sent from')).toHaveText('/');
      await expect(term('Consent to store health details')).toHaveText(new RegExp(`^Given \\w{3} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2}\\s[AP]M \\(wording of ${content.inquiryForm.consent.version.replaceAll('.', '\\.')}\\)$`));
      await expect(dialog.locator('.letter')).toHaveText(f.message);
    });
  });
});

/** HubSpot's embed script, as a stub: renders a small form into the target and says it is ready. */
const HUBSPOT_STUB = `window.hbspt = { forms: { create(options) {
  window.hubspotCreated = { region: options.region, portalId: options.portalId, formId: options.formId, target: options.target };
  const form = document.createElement('form');
  form.setAttribute('aria-label', 'HubSpot contact form');
  form.innerHTML = '<label>Work e-mail <input name="email" type="email"></label> <button type="submit">Submit</button>';
  document.querySelector(options.target).append(form);
  options.onFormReady(form);
} } };`;

const fulfillStub = (route: Route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: HUBSPOT_STUB });

/** Holds HubSpot's script: the returned function answers it (with the stub), as late as a test likes. */
async function holdScript(page: Page): Promise<{ requested: Promise<void>; answer: () => Promise<void> }> {
  let route!: Route;
  let requested!: () => void;
  const seen = new Promise<void>((resolve) => (requested = resolve));
  await page.route(embedScriptUrl(PROVIDER_IDS.region), (r) => {
    route = r;
    requested();
  });
  return { requested: seen, answer: () => fulfillStub(route) };
}

const providerForm = (page: Page) => page.getByRole('form', { name: 'HubSpot contact form' });
/** HubSpot's (stub) script has run and made its form. Polled from here: a test may have stopped the page's clock. */
const created = (page: Page) => expect.poll(() => page.evaluate(() => 'hubspotCreated' in window)).toBe(true);

test.describe('with HubSpot ids configured', () => {
  test.use({ baseURL: process.env.E2E_PROVIDER_SITE_URL });

  for (const path of CARDS) {
    test(`${path}: the provider's form, once ready, takes the own form's place; the phone and e-mail stay`, async ({ page }) => {
      await page.route(embedScriptUrl(PROVIDER_IDS.region), fulfillStub);
      await page.goto(path);
      await expect(providerForm(page)).toBeVisible();
      await expect(form(page)).toBeHidden();
      const card = page.getByRole('heading', { name: 'Request Information' }).locator('..');
      await expect(card.getByRole('link', { name: `Call ${PHONE.display}` })).toBeVisible();
      await expect(card).toContainText(content.site.claims.replyPromise);
      expect(await page.evaluate(() => (window as unknown as { hubspotCreated: object }).hubspotCreated)).toEqual({ ...PROVIDER_IDS, target: '#inquiry-provider' });
      await expect(page.locator('script[src="https://js-na2.hsforms.net/forms/embed/v2.js"]')).toHaveCount(1);
    });
  }

  test('a blocked script leaves the own form in place and usable, with no empty box', async ({ page }) => {
    let asked = false;
    await page.route(embedScriptUrl(PROVIDER_IDS.region), (route) => {
      asked = true;
      return route.abort('blockedbyclient');
    });
    await page.goto('/');
    await expect(page.locator('script[src*="hsforms.net"]')).toHaveCount(1);
    await expect.poll(() => asked).toBe(true);
    await expect(form(page)).toBeVisible();
    await expect(page.locator('#inquiry-provider')).toBeHidden();
    await field(page, 'Your name').fill('Helen Kowalski');
    await expect(field(page, 'Your name')).toHaveValue('Helen Kowalski');
  });

  test(`a script that is not ready within ${READY_WITHIN_MS / 1000} s leaves the own form, even if it answers later`, async ({ page }) => {
    await page.clock.install();
    const script = await holdScript(page);
    await page.goto('/contact');
    await script.requested;
    await expect(form(page)).toBeVisible();
    await page.clock.runFor(READY_WITHIN_MS + 1);
    await script.answer();
    await created(page);
    await expect(form(page)).toBeVisible();
    await expect(page.locator('#inquiry-provider')).toBeHidden();
  });

  test('once the visitor has begun with the own form, the provider\'s form, ready later, does not replace it', async ({ page }) => {
    const script = await holdScript(page);
    await page.goto('/');
    await script.requested;
    await field(page, 'Your name').fill('Helen Kowalski');
    await script.answer();
    await created(page);
    await expect(form(page)).toBeVisible();
    await expect(field(page, 'Your name')).toHaveValue('Helen Kowalski');
    await expect(providerForm(page)).toBeHidden();
  });

  test('the script is added only on pages with a form card, and removed when the page is left', async ({ page }) => {
    const hubspot = watchHubSpot(page);
    await page.route(embedScriptUrl(PROVIDER_IDS.region), fulfillStub);
    // /about has no form; /careers loads the form script for its application form, but has no contact card.
    for (const path of ['/about', '/careers']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('script[src*="hsforms"]'), path).toHaveCount(0);
    }
    expect(hubspot).toEqual([]);
    await page.goto('/');
    await expect(providerForm(page)).toBeVisible();
    expect(hubspot).toEqual([embedScriptUrl(PROVIDER_IDS.region)]);
    await page.evaluate(() => dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
    await expect(page.locator('script[src*="hsforms"]')).toHaveCount(0);
  });
});
