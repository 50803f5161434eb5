/**
 * The spec's analytics configuration (sections 1, 7 and 9), by posthog-js's own option names: typed as
 * `Partial<PostHogConfig>`, so a misspelt option does not compile.
 *
 * Build-time settings (browser-safe, baked in by Vite):
 * - `VITE_POSTHOG_KEY`: the project key. Without it nothing is built or loaded (DESIGN 7).
 * - `VITE_POSTHOG_HOST`: the ingest host, e.g. https://eu.i.posthog.com; tests point it at loopback.
 * - `VITE_POSTHOG_TEST_ALLOW_HEADLESS=1`: for tests only. posthog-js drops events from browsers that look like
 *   bots, and a browser driven by Playwright always does (`navigator.webdriver`); this turns that filter off.
 *   Never set it for a deployed build: crawlers' page views would be counted.
 */
// The slim build's own declaration (start.ts loads that build; the full build's type is nominally different).
import type { CapturedNetworkRequest, PostHogConfig } from 'posthog-js/dist/module.slim';
import { NO_CAPTURE_CLASS } from './privacy.ts';

export { NO_CAPTURE_CLASS };

export interface AnalyticsEnv {
  /** The project key; empty when unset (posthog-js then refuses to start). */
  key: string;
  host: string;
  allowHeadless: boolean;
}

/** Where the page is: `location` in the browser. */
export type PageAddress = Pick<Location, 'origin' | 'pathname'>;

export const DEFAULT_POSTHOG_HOST = 'https://us.i.posthog.com';

export function analyticsEnv(): AnalyticsEnv {
  return {
    key: import.meta.env.VITE_POSTHOG_KEY?.trim() ?? '',
    host: import.meta.env.VITE_POSTHOG_HOST?.trim() || DEFAULT_POSTHOG_HOST,
    allowHeadless: import.meta.env.VITE_POSTHOG_TEST_ALLOW_HEADLESS === '1',
  };
}

/**
 * The staff dashboard is never recorded (DESIGN 15): every screen of it shows applicants' and families' personal
 * data, and its requests carry it. start.ts leaves the recorder out of the dashboard's posthog-js altogether.
 */
export function recordsSessions(page: PageAddress): boolean {
  return !/^\/admin(\/|$)/.test(page.pathname);
}

/**
 * What a recording may keep of a request the page made. Nothing of a request to Supabase: the forms post names,
 * e-mail addresses, phone numbers, messages and cover letters to its functions, and the dashboard reads them back.
 * Nothing of a request to any other site either (the provider's form, PostHog itself). Of the site's own requests
 * (pages, scripts, pictures) the address and timings only, never a body or a header.
 */
export function networkRequestMask(page: PageAddress, supabase: string) {
  const supabaseOrigin = new URL(supabase).origin;
  return (request: CapturedNetworkRequest): CapturedNetworkRequest | undefined => {
    let origin: string;
    try {
      origin = new URL(request.name, page.origin).origin;
    } catch {
      return undefined;
    }
    if (origin === supabaseOrigin || origin !== page.origin) return undefined;
    const { requestHeaders, requestBody, responseHeaders, responseBody, ...timings } = request;
    return timings;
  };
}

/**
 * `page`: where posthog-js starts (the dashboard is not recorded; the site's own origin). `supabaseUrl`: the
 * Supabase project the site talks to (src/supabaseEnv.ts, which start.ts reads: this module is also imported
 * where the build runs, without the variables Vite builds in).
 */
export function posthogOptions(env: AnalyticsEnv, page: PageAddress, supabaseUrl: string): Partial<PostHogConfig> {
  return {
    api_host: env.host,
    person_profiles: 'identified_only',
    // Sent by hand, once per page load and per route change in /admin (start.ts).
    capture_pageview: false,
    // posthog-js already skips `ph-no-capture` elements and their children; said here so it is not a default
    // that could change under us.
    autocapture: { css_selector_ignorelist: [`.${NO_CAPTURE_CLASS}`] },
    // Web vitals, and network timing in recordings: the site's own requests only (networkRequestMask).
    capture_performance: true,
    // Also covers Global Privacy Control in posthog-js; privacy.ts checks both before the library is loaded.
    respect_dnt: true,
    disable_session_recording: !recordsSessions(page),
    // PostHog's project settings can switch console logs and network payloads (bodies, headers) on without a deploy:
    // they arrive in the remote config, and only an explicit `false` here wins over them. A recording holds what
    // the page shows (minus the blocked parts below), never what it writes to the console, sends or receives.
    enable_recording_console_log: false,
    session_recording: {
      // Inputs unmasked except passwords (spec section 1) ...
      maskAllInputs: false,
      maskInputOptions: { password: true },
      // ... but every form and all of /admin carry `ph-no-capture`: blocked, recorded as an empty box.
      blockClass: NO_CAPTURE_CLASS,
      blockSelector: `.${NO_CAPTURE_CLASS}`,
      recordBody: false,
      recordHeaders: false,
      // Of the network timing left, nothing of Supabase or another site; without this posthog-js keeps every URL.
      maskCapturedNetworkRequestFn: networkRequestMask(page, supabaseUrl),
    },
    feature_flag_request_timeout_ms: 3_000,
    surveys_request_timeout_ms: 10_000,
    // The spec's 60 s request time-out is posthog-js's own default for every request; it has no option for it.
    session_idle_timeout_seconds: 1_800,
    cookie_expiration: 365,
    properties_string_max_length: 65_535,
    opt_out_useragent_filter: env.allowHeadless,
  };
}
