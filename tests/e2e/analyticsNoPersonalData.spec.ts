/**
 * Analytics never carries personal data, whatever is switched on in PostHog's interface. The project's settings
 * (network payloads, console logs …) reach posthog-js in its remote config, without a deploy; here that config has
 * every one of them on (`everythingOnRemoteConfig`). posthog-js records the network only on a site that is not on
 * localhost, so chromium resolves care.test to loopback and the site built with a key (tests/e2e/stack.ts) is
 * opened under that name. A visitor sends the contact form, staff open an application in /admin: every body the
 * page sent to the capture server, decoded, holds none of what was typed or shown, and /admin is not recorded at
 * all. Tagged @desktop: one screen is enough.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/harness/chromium.ts';
import { loadContent } from '../../src/content/loader.ts';
import { embedScriptUrl } from '../../src/forms/mountProviderForm.ts';
import { CAPTURED_PATH, everythingOnRemoteConfig, remoteConfigAnswer, type Captured } from './analytics/captureServer.ts';
import { signIn } from './dashboard.ts';
import { consentBox } from './formPages.ts';
import { PROVIDER_IDS } from './providerSite.ts';

const HOST = 'care.test';
const SITE = `http://${HOST}:${new URL(process.env.E2E_PROVIDER_SITE_URL!).port}`;
const CAPTURE = process.env.E2E_CAPTURE_URL!;
const SITE_PHONE = (await loadContent()).site.phone.display;

test.use({
  baseURL: SITE,
  launchOptions: { ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`] },
});

/** What pages of this site (and no other test's) sent to the capture server, decoded: all of it, and the recordings. */
async function sent(): Promise<{ all: string; recordings: string }> {
  const bodies = ((await (await fetch(`${CAPTURE}${CAPTURED_PATH}`)).json()) as Captured).bodies.filter((body) => body.origin === SITE);
  const text = (list: typeof bodies) => list.map((body) => body.text).join('\n');
  return { all: text(bodies), recordings: text(bodies.filter((body) => body.path.startsWith('/s/'))) };
}

/** A text as a body may hold it: as typed, inside JSON, form-encoded (a form post as recorded), URL-encoded. */
const spellings = (text: string) => [text, JSON.stringify(text).slice(1, -1), new URLSearchParams({ v: text }).toString().slice(2), encodeURIComponent(text)];

/** Every remote config the page asks for is the one of a project with every capture setting on. */
async function everythingOnInPostHog(page: Page) {
  await page.route(`${CAPTURE}/array/**`, (route) => {
    const answer = remoteConfigAnswer(new URL(route.request().url()).pathname, everythingOnRemoteConfig());
    if (!answer) return route.continue();
    return route.fulfill({ contentType: answer.contentType, body: answer.body, headers: { 'Access-Control-Allow-Origin': '*' } });
  });
}

test('nothing typed in the contact form or shown in /admin is sent, with every capture setting on in PostHog @desktop', async ({ page }) => {
  test.slow();
  await everythingOnInPostHog(page);
  // The provider's script blocked: the card keeps the site's own form, which posts to a Supabase function. The
  // stand-in's functions accept only localhost pages, so the function's answer is given here.
  await page.route(embedScriptUrl(PROVIDER_IDS.region), (route) => route.abort('blockedbyclient'));
  await page.route(/\/functions\/v1\/submit-inquiry$/, (route) =>
    route.fulfill({ status: 201, headers: { 'Access-Control-Allow-Origin': '*' }, json: { ok: true, id: 'x', redirect: `${SITE}/contact/thanks` } }),
  );

  await page.goto('/contact');
  // The recorder starts after posthog-js and the remote config; it sends once the page has changed. The form is
  // sent only once it records, so that the network capture, were it on, would see the post.
  await expect.poll(async () => (await page.mouse.wheel(0, 200), (await sent()).recordings), { intervals: [500], timeout: 20_000 }).toContain('Reach Us');
  // A phone written as '(860) 555-0199' would hide a leak: form-encoded it holds '20555-0199', which posthog-js's
  // own heuristics take for a social security number, and it then redacts the whole body.
  const typed = ['Ottoline Brackenbury', 'ottoline.b@example.net', '860-555-0199', 'Sciatica since the spring 4711'];
  const form = page.locator('#inquiry-form');
  await form.getByLabel('Your name', { exact: true }).fill(typed[0]!);
  await form.getByLabel('E-mail', { exact: true }).fill(typed[1]!);
  await form.getByLabel('Phone', { exact: true }).fill(typed[2]!);
  await form.getByLabel('Message (optional)', { exact: true }).fill(typed[3]!);
  await form.getByRole('radio').first().check();
  await consentBox(form).check();
  await form.getByRole('button', { name: 'Send request' }).click();
  await page.waitForURL('**/contact/thanks');

  const askedOnAdmin: string[] = [];
  const onRequest = (request: Request) => new URL(request.frame().url()).pathname === '/admin' && askedOnAdmin.push(request.url());
  page.on('request', onRequest);
  await signIn(page, undefined, undefined, '/admin');
  const view = page.getByRole('button', { name: /^View details of / });
  await expect(view.first()).toBeVisible();
  // posthog-js has read the remote config: the moment it would ask for its recorder. Had it asked, the recorder
  // gets to start before a record is opened, so that it would see the record's request.
  await page.waitForFunction(() => '_POSTHOG_REMOTE_CONFIG' in window);
  const isRecorder = (url: string) => url.startsWith(CAPTURE) && /recorder/.test(url);
  if (askedOnAdmin.some(isRecorder)) await page.waitForFunction(() => (window as { __PosthogExtensions__?: { rrweb?: unknown } }).__PosthogExtensions__?.rrweb);

  // An application with a cover letter: its name, e-mail, phone and letter.
  const dialog = page.getByRole('dialog');
  const letter = dialog.locator('.letter');
  let shown: string[] = [];
  for (let row = 0; !shown.length; row++) {
    await view.nth(row).click();
    await expect(letter).toHaveAttribute('aria-busy', 'false');
    const text = (await letter.textContent())!;
    if (!text.startsWith('No cover letter')) {
      const href = (scheme: string) => dialog.locator(`a[href^="${scheme}:"]`).getAttribute('href');
      const lines = text.split('\n').filter((line) => line.length >= 25);
      shown = [(await dialog.getByRole('heading').first().textContent())!, (await href('mailto'))!.slice(7), (await href('tel'))!.slice(4), ...lines];
    }
    await dialog.getByRole('button', { name: 'Close' }).first().click();
  }
  const listed = await page.locator('tbody tr .contact .part').allTextContents();
  page.off('request', onRequest);

  // Leaving sends what the recorder still holds; the next page's recording shows it arrived.
  await page.goto('/about');
  await expect.poll(async () => (await sent()).recordings, { timeout: 20_000 }).toContain(`${SITE}/about`);
  const { all, recordings } = await sent();
  // The network was recorded on the public pages (the site's own requests, addresses and timings only).
  expect(recordings).toContain('rrweb/network@1');

  const secrets = [...typed, ...shown, ...listed].filter((secret) => secret !== SITE_PHONE);
  expect(listed.length, 'the list shows e-mail addresses').toBeGreaterThan(0);
  expect(secrets.filter((secret) => spellings(secret).some((spelling) => all.includes(spelling))), 'sent to analytics').toEqual([]);
  expect(askedOnAdmin.filter(isRecorder), '/admin fetched the recorder').toEqual([]);
  expect(recordings, 'a recording of /admin').not.toContain(`${SITE}/admin`);
});
