/**
 * The security headers in a real browser: every public route, the 404 page and the signed-in dashboard load
 * under the site's Content-Security-Policy (the _headers file the build wrote, applied by the static server,
 * plus each page's own style policy) without a single violation, and the headers are served. A policy that
 * blocks nothing is also caught: an injected inline style and script are refused.
 */
import { expect, test, type Page } from '@playwright/test';
import { loadContent } from '../../src/content/loader.ts';
import { distinctRoutes, publicRoutes } from '../../src/routes.ts';
import { signIn } from './dashboard.ts';

const routes = [...distinctRoutes(publicRoutes(await loadContent())).map((route) => route.path), '/no-such-page'];

/** Records every CSP violation of the page, from the first byte (the listener is in place before any script). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.describe('@desktop', () => {
  for (const path of routes) {
    test(`${path} loads under the Content-Security-Policy without a violation`, async ({ page }) => {
      const violations = await watchViolations(page);
      const response = await page.goto(path);
      expect(response!.status()).toBe(path === '/no-such-page' ? 404 : 200);
      const headers = response!.headers();
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toMatch(/^style-src 'self' 'sha256-/);
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
    });
  }

  test('the signed-in dashboard loads, lists and opens an application without a violation', async ({ page }) => {
    const violations = await watchViolations(page);
    await signIn(page);
    await page.getByRole('button', { name: /^View details of / }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('an injected inline style or script is refused on a public page', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/about');
    const applied = await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { background: rgb(255, 0, 0) }';
      document.head.append(style);
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      return { background: getComputedStyle(document.body).backgroundColor, injected: (window as unknown as { injected?: boolean }).injected === true };
    });
    expect(applied).toEqual({ background: expect.not.stringMatching(/rgb\(255, 0, 0\)/), injected: false });
    expect((await violations()).join('\n')).toMatch(/style-src-elem blocked inline[\s\S]*script-src-elem blocked inline/);
  });
});

// The same on the site built with an analytics key (tests/e2e/stack.ts): posthog-js, its remote config, its
// recorder script and the recorder's worker all load under the policy, which names the analytics host.
test.describe('with an analytics key @desktop', () => {
  test.use({ baseURL: process.env.E2E_PROVIDER_SITE_URL });
  // posthog-js starts a few seconds after the load event (src/analytics/idle.ts).
  const analyticsStarted = (page: Page) => expect.poll(() => page.evaluate(() => localStorage.getItem('ph_phc_test_posthog')), { timeout: 15_000 }).not.toBeNull();

  for (const path of routes) {
    test(`${path} loads with analytics under the Content-Security-Policy without a violation`, async ({ page }) => {
      // HubSpot's script (real ids on this site) is not what is tested here: refused before it leaves.
      await page.route(/hsforms\.net|hubspot\.com/, (route) => route.abort('blockedbyclient'));
      const violations = await watchViolations(page);
      const response = await page.goto(path);
      expect(response!.headers()['content-security-policy']).toContain(process.env.E2E_CAPTURE_URL!);
      await analyticsStarted(page);
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
    });
  }

  test('the signed-in dashboard with analytics opens an application without a violation', async ({ page }) => {
    const violations = await watchViolations(page);
    await signIn(page);
    await page.getByRole('button', { name: /^View details of / }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await analyticsStarted(page);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
});
