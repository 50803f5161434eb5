/**
 * Analytics on the real built site, with the real posthog-js: the second site of tests/e2e/stack.ts is built
 * with an analytics key, its host a capture server that stack.ts runs (tests read what arrived at its
 * /__captured); the first site is built without a key. Each test's browser is new, so its events are the ones
 * with its own distinct_id. Tagged @desktop: the header's full menu, and one screen is enough.
 */
import { expect, test, type Page } from '@playwright/test';
import { POST_SURGICAL_SOURCE } from '../../src/analytics/events.ts';
import { embedScriptUrl } from '../../src/forms/mountProviderForm.ts';
import { loadContent } from '../../src/content/loader.ts';
import { cancelAppLinks } from './analytics/appLinks.ts';
import { CAPTURED_PATH, type Captured, type CapturedEvent } from './analytics/captureServer.ts';
import { API, signIn } from './dashboard.ts';
import { consentBox } from './formPages.ts';
import { PROVIDER_IDS } from './providerSite.ts';

const SITE = process.env.E2E_PROVIDER_SITE_URL!;
const CAPTURE = process.env.E2E_CAPTURE_URL!;
const { phone: PHONE, email: EMAIL } = (await loadContent()).site;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function captured(): Promise<Captured> {
  return (await fetch(`${CAPTURE}${CAPTURED_PATH}`)).json() as Promise<Captured>;
}

/** This browser's id in analytics, once posthog-js has started on the page (it keeps it in localStorage). */
async function visitorId(page: Page): Promise<string> {
  const read = () => page.evaluate(() => (JSON.parse(localStorage.getItem('ph_phc_test_posthog') ?? '{}') as { distinct_id?: string }).distinct_id ?? '');
  await expect.poll(read, { message: 'posthog-js started on the page', timeout: 15_000 }).not.toBe('');
  return read();
}

/** The properties the site set, without the ones posthog-js adds ($current_url, token, distinct_id …). */
function own(event: CapturedEvent): Record<string, unknown> {
  return Object.fromEntries(Object.entries(event.properties).filter(([key]) => !key.startsWith('$') && key !== 'token' && key !== 'distinct_id'));
}

/** What this browser sent: the site's properties of each `name` event, in order. */
async function sent(id: string, name: string): Promise<Record<string, unknown>[]> {
  return (await captured()).events.filter((event) => event.properties.distinct_id === id && event.event === name).map(own);
}

/** Waits until this browser's `name` events are `expected` (poll: they arrive in batches). */
const expectSent = (id: string, name: string, expected: unknown[]) => expect.poll(() => sent(id, name), { message: name, timeout: 15_000 }).toEqual(expected);

/** The provider's script is blocked, so the card keeps the site's own form (what a family with a blocker sees). */
const withoutProvider = (page: Page) => page.route(embedScriptUrl(PROVIDER_IDS.region), (route) => route.abort('blockedbyclient'));

const pageViewed = (path: string, search = '', referrer = 'direct') => ({ path, search, hash: '', url: `${SITE}${path}${search}`, referrer });

test.describe('analytics on the site built with a key @desktop', () => {
  test.use({ baseURL: SITE });
  test.slow();
  test.beforeEach(({ page }) => cancelAppLinks(page));

  test('each page load sends one $pageview and one page_viewed, a mapped page service_page_viewed; a header link its navigation_clicked', async ({ page }) => {
    await page.goto('/personal-care?from=test');
    await expect(page.locator(`script[src^="/assets/analytics."]`)).toHaveCount(1);
    const id = await visitorId(page);
    await expectSent(id, 'page_viewed', [pageViewed('/personal-care', '?from=test')]);
    await expectSent(id, 'service_page_viewed', [{ service_type: 'personal_care', page_title: 'Personal Care' }]);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL('**/about');
    await expectSent(id, 'navigation_clicked', [{ destination: '/about', source: 'header', current_page: '/personal-care' }]);
    await expectSent(id, 'page_viewed', [pageViewed('/personal-care', '?from=test'), pageViewed('/about', '', `${SITE}/personal-care?from=test`)]);
    expect(await sent(id, '$pageview')).toHaveLength(2);
    expect(await sent(id, 'service_page_viewed')).toHaveLength(1);
  });

  test('the phone, e-mail, Get Started, a service card, View all services and Schedule Consultation send their events', async ({ page }) => {
    await withoutProvider(page);
    await page.goto('/');
    const id = await visitorId(page);
    await page.locator('header').getByRole('link', { name: `Call us at ${PHONE.display}` }).click();
    await page.locator('footer').getByRole('link', { name: EMAIL }).click();
    await page.locator('header').getByRole('link', { name: 'Get Started' }).click();
    await expectSent(id, 'phone_call_clicked', [{ source: 'header', phone_number: PHONE.e164 }]);
    await expectSent(id, 'email_clicked', [{ source: 'footer' }]);
    await expectSent(id, 'get_started_clicked', [{}]);

    await page.locator('#services').getByRole('link', { name: /^Companionship/ }).click();
    await page.waitForURL('**/companionship');
    await expectSent(id, 'service_navigation_clicked', [{ service_type: 'companionship', source: 'service_grid', current_page: '/' }]);
    await page.getByRole('link', { name: 'Schedule Consultation' }).click();
    await page.waitForURL('**/contact/for/companionship');
    await expectSent(id, 'consultation_clicked', [{}]);

    await page.goto('/services');
    await page.getByRole('link', { name: 'View all services' }).click();
    await page.waitForURL('**/all-services');
    await expectSent(id, 'view_all_services_clicked', [{}]);
    await page.locator('main').getByRole('link', { name: 'Meal Preparation', exact: true }).click();
    await page.waitForURL('**/meal-preparation');
    await expectSent(id, 'service_navigation_clicked', [
      { service_type: 'companionship', source: 'service_grid', current_page: '/' },
      { service_type: 'meal-preparation', source: 'directory', current_page: '/all-services' },
    ]);
  });

  test('a click on a link to the next page, made before posthog-js was there, is sent by the next page', async ({ page }) => {
    // On the first page posthog-js never arrives (its first request stays unanswered); on the next one it does.
    let asked!: () => void;
    const held = new Promise<void>((resolve) => (asked = resolve));
    let first = true;
    await page.route('**/assets/start.*', (route) => {
      if (!first) return route.continue();
      first = false;
      asked();
    });
    await page.goto('/about');
    await held;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Careers', exact: true }).click();
    await page.waitForURL('**/careers');
    const id = await visitorId(page);
    await expectSent(id, 'navigation_clicked', [{ destination: '/careers', source: 'header', current_page: '/about' }]);
    expect((await sent(id, 'page_viewed')).map((view) => view.path)).toEqual(['/careers']);
  });

  test(`the post-surgical page's call card sends ${POST_SURGICAL_SOURCE} for the call and the contact form`, async ({ page }) => {
    await page.goto('/post-surgical-recovery');
    const id = await visitorId(page);
    const card = page.locator('section[aria-labelledby="cta-heading"]');
    await card.getByRole('link', { name: `Call ${PHONE.display}` }).click();
    await card.getByRole('link', { name: 'Get Information' }).click();
    await page.waitForURL('**/contact/for/post-surgical-recovery');
    await expectSent(id, 'phone_call_clicked', [{ source: POST_SURGICAL_SOURCE, phone_number: PHONE.e164 }]);
    await expectSent(id, 'contact_form_clicked', [{ source: POST_SURGICAL_SOURCE }]);
  });

  test('the contact form sends form_submitted with each outcome, and nothing it holds', async ({ page }) => {
    await withoutProvider(page);
    let answer: 'fail' | 'refuse' | 'store' = 'fail';
    await page.route(/\/functions\/v1\/submit-inquiry$/, (route) => {
      const headers = { 'Access-Control-Allow-Origin': '*' };
      if (answer === 'fail') return route.abort();
      if (answer === 'refuse') return route.fulfill({ status: 400, headers, json: { ok: false, message: 'Check the form', errors: { name: 'Enter your name' } } });
      return route.fulfill({ status: 201, headers, json: { ok: true, id: 'x', redirect: `${SITE}/contact/thanks` } });
    });
    await page.goto('/contact');
    const id = await visitorId(page);
    const form = page.locator('#inquiry-form');
    await form.getByLabel('Your name', { exact: true }).fill('Ottoline Brackenbury');
    await form.getByLabel('E-mail', { exact: true }).fill('ottoline.b@example.net');
    await form.getByRole('radio').first().check();
    await consentBox(form).check();
    const send = form.getByRole('button', { name: 'Send request' });
    await send.click();
    await expect(page.locator('#inquiry-summary')).toBeVisible();
    answer = 'refuse';
    await send.click();
    await expect(page.locator('#inquiry-name-error')).toHaveText('Enter your name');
    answer = 'store';
    await send.click();
    await page.waitForURL('**/contact/thanks');
    await expectSent(id, 'form_submitted', ['failed', 'invalid', 'sent'].map((outcome) => ({ form: 'inquiry', outcome })));
    expect(JSON.stringify((await captured()).events.filter((event) => event.properties.distinct_id === id))).not.toMatch(/Ottoline|Brackenbury|ottoline\.b/);
  });

  test('the dashboard: a pageview per load and per list, search_performed, admin_action, and resume downloads that succeed or fail', async ({ page }) => {
    await signIn(page, undefined, undefined, '/admin');
    const id = await visitorId(page);
    await expectSent(id, 'page_viewed', [pageViewed('/admin')]);
    await expectSent(id, 'service_page_viewed', [{ service_type: 'admin', page_title: 'Job Applications' }]);

    await expect(page.getByRole('button', { name: /^View details of / }).first()).toBeVisible();
    const search = page.getByLabel('Search applications');
    await search.fill('a');
    const matched = Number(/\((\d+)\)/.exec((await page.locator('#list-heading').textContent()) ?? '')?.[1]);
    await search.fill('');
    await expectSent(id, 'search_performed', [{ query_length: 1, results_count: matched }]);

    await page.getByRole('button', { name: /^View details of / }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => sent(id, 'admin_action')).toEqual([{ action: 'view_application_details', application_id: expect.stringMatching(UUID), position: expect.any(String) }]);

    const download = page.getByRole('button', { name: /^Download resume of / }).first();
    const saved = page.waitForEvent('download');
    await download.click();
    await saved;
    await expect
      .poll(() => sent(id, 'resume_download_success'))
      .toEqual([{ application_id: expect.stringMatching(UUID), file_url: expect.stringMatching(/^[0-9a-f-]{36}\/[0-9a-f-]{36}\.pdf$/) }]);
    await page.route(`${API}/storage/v1/object/**`, (route) => route.abort());
    await download.click();
    await expect(page.getByText('Failed to download resume')).toBeVisible();
    await expect.poll(() => sent(id, 'resume_download_failed')).toEqual([{ application_id: expect.stringMatching(UUID), error_message: expect.any(String) }]);
    expect((await sent(id, 'admin_action')).map((action) => action.action)).toEqual(['view_application_details', 'download_resume', 'download_resume']);

    await page.getByRole('link', { name: 'Inquiries' }).click();
    await expectSent(id, 'page_viewed', [pageViewed('/admin'), pageViewed('/admin', '?view=inquiries')]);
    await page.getByRole('button', { name: /^View details of / }).first().click();
    await expect.poll(async () => (await sent(id, 'admin_action')).at(-1)).toEqual({ action: 'view_inquiry_details', inquiry_id: expect.stringMatching(UUID) });
    await page.keyboard.press('Escape');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Job Applications');
    await expectSent(id, 'page_viewed', [pageViewed('/admin'), pageViewed('/admin', '?view=inquiries'), pageViewed('/admin')]);
    expect(await sent(id, '$pageview')).toHaveLength(3);
    // Not even the file name of a saved resume ('{first}_{last}_resume.pdf') reaches analytics.
    const names = await page.locator('tbody tr .name').allTextContents();
    const events = JSON.stringify((await captured()).events.filter((event) => event.properties.distinct_id === id));
    expect(names.filter((name) => events.includes(name) || events.includes(name.replaceAll(' ', '_')))).toEqual([]);
  });

  test('recordings hold no typed form value and no applicant name or e-mail; the dashboard is not recorded at all', async ({ page }) => {
    await withoutProvider(page);
    await page.goto('/contact');
    const id = await visitorId(page);
    const recorded = async () => JSON.stringify((await captured()).recordings.filter((recording) => recording.distinct_id === id));
    // The recorder starts after posthog-js and the remote config; it sends once the page has changed.
    await expect.poll(async () => (await page.mouse.wheel(0, 200), await recorded()), { intervals: [500], timeout: 20_000 }).toContain('Reach Us');

    const typed = ['Ottoline Brackenbury', 'ottoline.b@example.net', '(860) 555-0199', 'Sciatica since the spring 4711'];
    const form = page.locator('#inquiry-form');
    await form.getByLabel('Your name', { exact: true }).fill(typed[0]!);
    await form.getByLabel('E-mail', { exact: true }).fill(typed[1]!);
    await form.getByLabel('Phone', { exact: true }).fill(typed[2]!);
    await form.getByLabel('Message (optional)', { exact: true }).fill(typed[3]!);

    await signIn(page, undefined, undefined, '/admin');
    const row = page.locator('tbody tr').first();
    const applicant = [(await row.locator('.name').textContent())!, (await row.locator('.contact').textContent())!];
    await row.getByRole('button', { name: /^View details of / }).click();
    await expect(page.getByRole('dialog')).toContainText(applicant[1]!);
    // Leaving the page sends what a recorder would still hold; the next page's recording shows it arrived.
    await page.goto('/about');
    await expect.poll(recorded, { timeout: 20_000 }).toContain(`${SITE}/about`);

    const recording = await recorded();
    expect(recording, 'a recording of /admin').not.toContain(`${SITE}/admin`);
    // The dashboard writes an e-mail address as several text nodes (a line may break after "@" or before "."),
    // so a recording would hold it in pieces: each word before the @ is searched for too (the domain is the
    // site's own example.com, shown on every page).
    const pieces = applicant.flatMap((text) => text.match(/[^\s@.]{5,}(?=[^\s@]*@)/g) ?? []);
    expect(pieces.length, 'the applicant has an e-mail address to look for').toBeGreaterThan(0);
    const secrets = [...typed, ...applicant, ...pieces, 'staff@example.com', 'staff-demo-password'];
    expect(secrets.filter((secret) => recording.includes(secret)), 'found in the recordings').toEqual([]);
    const events = JSON.stringify((await captured()).events.filter((event) => event.properties.distinct_id === id));
    expect(secrets.filter((secret) => events.includes(secret)), 'found in the events').toEqual([]);
  });

  for (const [signal, initScript] of [
    ['Do Not Track', () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })],
    ['Global Privacy Control', () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })],
  ] as const) {
    test(`with ${signal} on, no page and not the dashboard fetches posthog-js or sends anything`, async ({ page }) => {
      await page.addInitScript(initScript);
      const requests = watchRequests(page);
      await page.goto('/');
      await page.locator('header').getByRole('link', { name: `Call us at ${PHONE.display}` }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
      await page.waitForURL('**/about');
      await page.waitForLoadState('networkidle');
      await signIn(page, undefined, undefined, '/admin');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Job Applications');
      await page.waitForLoadState('networkidle');
      // The dashboard's analytics chunk has no name of its own; posthog-js never having stored a visitor shows it never ran.
      expect(requests.filter((url) => url.startsWith(CAPTURE) || /\/assets\/start\./.test(url))).toEqual([]);
      expect(await page.evaluate(() => localStorage.getItem('ph_phc_test_posthog'))).toBeNull();
    });
  }
});

test.describe('the site built without a key @desktop', () => {
  test('ships no analytics code, declares no clicks and makes no analytics request, on public pages and in the dashboard', async ({ page }) => {
    const requests = watchRequests(page);
    for (const path of ['/', '/about', '/post-surgical-recovery', '/contact']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('script[src*="analytics"]'), path).toHaveCount(0);
      await expect(page.locator('[data-track]'), path).toHaveCount(0);
    }
    await signIn(page);
    await page.getByRole('button', { name: /^View details of / }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((url) => url.startsWith(CAPTURE) || /\/assets\/(analytics|start)\./.test(url))).toEqual([]);
  });
});

function watchRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}
