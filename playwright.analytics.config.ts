import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/harness/chromium.ts';

/**
 * The analytics browser tests on their own (`npx playwright test -c playwright.analytics.config.ts`): they start
 * their own stand-in site and capture server (tests/e2e/analytics/), so they need none of the main config's
 * stack. The main config runs them too (they are tagged @desktop, so once).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: 'analytics.spec.ts',
  forbidOnly: true,
  retries: 0,
  workers: 1,
  reporter: [['list']],
  use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromiumLaunchOptions },
});
