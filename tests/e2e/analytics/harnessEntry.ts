/**
 * The stand-in site's /lib page script (harness.ts): exposes start.ts to the test, for what the boot script
 * never does itself: starting without a key, and identify.
 */
import { analyticsEnv } from '../../../src/analytics/options.ts';
import { startAnalytics } from '../../../src/analytics/start.ts';

declare global {
  interface Window {
    analyticsHarness: { startAnalytics: typeof startAnalytics; env: ReturnType<typeof analyticsEnv> };
  }
}

window.analyticsHarness = { startAnalytics, env: analyticsEnv() };
