import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/harness/chromium.ts';
import { e2ePorts } from './tests/e2e/ports.ts';

/**
 * Browser tests in Debian's chromium, against the site built for a stand-in of their own (tests/e2e/stack.ts),
 * on free ports, so a running `npm start` is never in the way.
 */
const ports = e2ePorts();
process.env.E2E_API_URL = `http://127.0.0.1:${ports.api}`;
process.env.E2E_PROVIDER_SITE_URL = `http://localhost:${ports.providerSite}`;
// The analytics host that site was built with (a capture server in tests/e2e/stack.ts; analyticsSite.spec.ts).
process.env.E2E_CAPTURE_URL = `http://127.0.0.1:${ports.capture}`;
// The mail catcher the stand-in sends the notification e-mails to (its inbox page; notifications.spec.ts).
process.env.E2E_MAIL_URL = `http://127.0.0.1:${ports.mail}`;
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
const phone = { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } };

export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://localhost:${ports.site}`,
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    // A test tagged @phone or @desktop is about that kind of screen only.
    { name: 'desktop', grepInvert: [/@phone/, /@saves/], use: desktop },
    { name: 'phone', grepInvert: [/@desktop/, /@saves/], use: phone },
    // Tests tagged @saves store applications in the stand-in: they run after all the others (the dashboard's
    // tests count its rows), one screen after the other (each finds its own application at the top).
    { name: 'desktop-saves', grep: /@saves/, grepInvert: /@phone/, dependencies: ['desktop', 'phone'], use: desktop },
    { name: 'phone-saves', grep: /@saves/, grepInvert: /@desktop/, dependencies: ['desktop-saves'], use: phone },
  ],
  webServer: {
    // The stand-in, the site built for it and again with HubSpot ids and an analytics key, their static servers
    // and that key's capture server (each build takes a few seconds).
    command: 'npx tsx tests/e2e/stack.ts',
    env: {
      E2E_SITE_PORT: String(ports.site),
      E2E_API_PORT: String(ports.api),
      E2E_PROVIDER_SITE_PORT: String(ports.providerSite),
      E2E_CAPTURE_PORT: String(ports.capture),
      E2E_MAIL_PORT: String(ports.mail),
    },
    url: `http://localhost:${ports.site}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
