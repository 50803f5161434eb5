/**
 * Analytics with the real posthog-js in chromium, its host pointed at a loopback capture server
 * (tests/e2e/analytics/captureServer.ts), on a stand-in site that loads the boot script as the pages will
 * (tests/e2e/analytics/harness.ts). Tagged @desktop: the main config's phone project skips them (one screen is
 * enough); `playwright.analytics.config.ts` runs them alone.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { TRACK_DOM_EVENT } from '../../src/analytics/bridge.ts';
import type { CapturedEvent } from './analytics/captureServer.ts';
import { cancelAppLinks } from './analytics/appLinks.ts';
import { PHONE, startHarness, type Harness } from './analytics/harness.ts';

let harness: Harness;

test.beforeAll(async () => {
  harness = await startHarness();
});

test.afterAll(async () => {
  await harness?.close();
});

test.beforeEach(async ({ page }) => {
  await cancelAppLinks(page);
  harness.capture.clear();
  harness.siteRequests.length = 0;
});

/** The properties the site set, without the ones posthog-js adds ($current_url, token, distinct_id …). */
function own(event: CapturedEvent | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(event?.properties ?? {}).filter(([key]) => !key.startsWith('$') && key !== 'token' && key !== 'distinct_id'));
}

function named(name: string): CapturedEvent[] {
  return harness.capture.events.filter((event) => event.event === name);
}

const arrived = (...names: string[]) => harness.capture.waitFor(names.join(', '), () => names.every((name) => named(name).length > 0));

/** Load, the browser idle (when the boot script asks for the chunk), then no request for half a second. */
async function settle(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined))));
  await page.waitForLoadState('networkidle');
}

const chunkRequested = () => harness.siteRequests.some((path) => harness.build.files.slice(1).some((file) => path === `/${file}`));

test.describe('analytics @desktop', () => {
  test('a page load sends one $pageview and one page_viewed; a mapped page adds service_page_viewed', async ({ page }) => {
    await page.goto(`${harness.url}/careers?from=test#top`);
    await arrived('$pageview', 'page_viewed', 'service_page_viewed');
    await page.click('#next');
    await harness.capture.waitFor('the second page view', () => named('page_viewed').length === 2 && named('$pageview').length === 2);
    await settle(page);

    expect(named('$pageview')).toHaveLength(2);
    expect(named('page_viewed').map(own)).toEqual([
      { path: '/careers', search: '?from=test', hash: '#top', url: `${harness.url}/careers?from=test#top`, referrer: 'direct' },
      { path: '/plain', search: '', hash: '', url: `${harness.url}/plain`, referrer: `${harness.url}/careers?from=test` },
    ]);
    expect(named('service_page_viewed').map(own)).toEqual([{ service_type: 'careers', page_title: 'Careers' }]);
  });

  test('declared clicks send their events with their properties, those made before posthog-js is there after the page view', async ({ page }) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${harness.url}/assets/start.*`, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${harness.url}/about`);
    await page.click('#call');
    await page.click('#services');
    await page.click('#get-started span');
    release();
    await arrived('phone_call_clicked', 'navigation_clicked', 'get_started_clicked');

    expect(own(named('phone_call_clicked')[0])).toEqual({ source: 'hero', phone_number: PHONE });
    expect(own(named('navigation_clicked')[0])).toEqual({ destination: '/services', source: 'header', current_page: '/about' });
    expect(own(named('get_started_clicked')[0])).toEqual({});
    const order = harness.capture.events.map((event) => event.event).filter((name) => !name.startsWith('$') || name === '$pageview');
    expect(order).toEqual(['$pageview', 'page_viewed', 'phone_call_clicked', 'navigation_clicked', 'get_started_clicked']);
  });

  test('a declared click on a link that leaves the page is sent all the same', async ({ page }) => {
    await page.goto(`${harness.url}/`);
    await arrived('page_viewed');
    await page.click('#leave');
    await page.waitForURL(`${harness.url}/services`);
    await harness.capture.waitFor('the click on the first page', () => named('navigation_clicked').some((event) => own(event).source === 'footer'));
    expect(named('navigation_clicked').map(own)).toEqual([{ destination: '/services', source: 'footer', current_page: '/' }]);
  });

  test('autocapture records clicks, except on anything inside ph-no-capture', async ({ page }) => {
    await page.goto(`${harness.url}/`);
    await arrived('page_viewed');
    await page.click('#form-button');
    await page.click('#email');
    await page.click('#get-started');
    await harness.capture.waitFor('the autocaptured click', () => JSON.stringify(named('$autocapture')).includes('Get Started'));
    expect(['Send request', 'form-button', 'email'].filter((text) => JSON.stringify(named('$autocapture')).includes(text))).toEqual([]);
  });

  test('another script on the page sends an event through the bridge', async ({ page }) => {
    await page.goto(`${harness.url}/contact`);
    await page.evaluate((type) => {
      document.dispatchEvent(new CustomEvent(type, { detail: ['form_submitted', { form: 'inquiry', outcome: 'sent' }] }));
    }, TRACK_DOM_EVENT);
    await arrived('form_submitted');
    expect(own(named('form_submitted')[0])).toEqual({ form: 'inquiry', outcome: 'sent' });
  });

  for (const [signal, initScript] of [
    ['Do Not Track', () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })],
    ['Global Privacy Control', () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })],
  ] as const) {
    test(`with ${signal} on, posthog-js is never fetched and nothing is sent`, async ({ browser }) => {
      const context = await browser.newContext();
      await context.addInitScript(initScript);
      await cancelAppLinks(context);
      const page = await context.newPage();
      await page.goto(`${harness.url}/`);
      await page.click('#call');
      await page.click('#get-started');
      await page.fill('#open', 'words');
      await settle(page);
      expect(chunkRequested()).toBe(false);
      expect(harness.capture.requests).toEqual([]);
      await context.close();

      // The same page without the signal, in the same time: the chunk is fetched and the page view arrives.
      await withPage(browser, async (control) => {
        await control.goto(`${harness.url}/`);
        await arrived('page_viewed');
        expect(chunkRequested()).toBe(true);
      });
    });
  }

  test('a recording arrives with what was typed in an open field, and no form value, form text or password', async ({ page }) => {
    await page.goto(`${harness.url}/contact`);
    // The recorder starts after posthog-js, then sends once someone does something on the page: keep typing.
    let round = 0;
    await expect
      .poll(async () => (await page.fill('#open', `visible search words ${++round}`), harness.capture.snapshots.length), { intervals: [500], timeout: 20_000 })
      .toBeGreaterThan(0);
    await page.fill('#password', 'hunter2-secret');
    await page.fill('#email', 'jane.applicant@example.com');
    await page.fill('#message', 'My name is Jane Applicant');
    await page.fill('#open', 'visible search words, typed last');
    const recorded = () => JSON.stringify(harness.capture.snapshots);
    await harness.capture.waitFor('the open field in a snapshot', () => recorded().includes('visible search words, typed last'));

    // The page itself is in the recording (decoded), the password's length only, the form an empty box.
    expect(recorded()).toContain('Analytics harness');
    const typed = ['hunter2-secret', 'jane.applicant@example.com', 'Jane Applicant'];
    expect(typed.concat('Your e-mail', 'Request information').filter((secret) => recorded().includes(secret)), 'found in the recording').toEqual([]);
    expect(typed.filter((secret) => JSON.stringify(harness.capture.events).includes(secret)), 'found in the events').toEqual([]);
  });

  test('when the analytics chunk cannot be loaded the page works as before and nothing is sent', async ({ page }) => {
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.route(`${harness.url}/assets/start.*`, (route) => route.abort());
    await page.goto(`${harness.url}/`);
    await settle(page);
    await page.click('#services');
    await expect(page).toHaveURL(/#services$/);
    await page.click('#call');
    expect(errors).toEqual([]);
    expect(harness.capture.requests).toEqual([]);
  });

  test('posthog-js refuses to start without a key; identify refuses empty and placeholder ids; one pageview per URL', async ({ page }) => {
    await page.goto(`${harness.url}/lib`);
    await page.waitForFunction(() => 'analyticsHarness' in window);
    const startedWithoutKey = await page.evaluate(() => window.analyticsHarness.startAnalytics({ ...window.analyticsHarness.env, key: '' }) !== undefined);
    expect(startedWithoutKey).toBe(false);
    expect(harness.capture.requests).toEqual([]);

    await page.evaluate(() => {
      const analytics = window.analyticsHarness.startAnalytics()!;
      analytics.pageview();
      analytics.pageview();
      for (const id of ['', '   ', 'undefined', 'null', 'staff-7f3c9a']) analytics.identify(id);
    });
    await arrived('$identify', 'page_viewed');
    expect(named('$identify').map((event) => event.properties.distinct_id)).toEqual(['staff-7f3c9a']);
    expect(named('$pageview')).toHaveLength(1);
    expect(named('page_viewed')).toHaveLength(1);
  });
});

async function withPage(browser: Browser, use: (page: Page) => Promise<void>) {
  const context: BrowserContext = await browser.newContext();
  try {
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}
