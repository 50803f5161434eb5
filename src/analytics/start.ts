/**
 * The lazily loaded analytics chunk: starts posthog-js with the spec's options and gives the site its typed
 * `track` and `pageview`. Never imported eagerly: public pages reach it through boot.ts after they are usable,
 * /admin through `loadAnalytics()` (load.ts).
 */
import posthog from 'posthog-js/dist/module.slim';
import { AnalyticsExtensions, FeatureFlagsExtensions, SessionReplayExtensions, SurveysExtensions } from 'posthog-js/dist/extension-bundles';
import { supabaseUrl } from '../supabaseEnv.ts';
import type { Track } from './events.ts';
import { analyticsEnv, posthogOptions, recordsSessions, type AnalyticsEnv } from './options.ts';
import { visitorOptedOut } from './privacy.ts';
import { servicePageView } from './servicePages.ts';

export interface Analytics {
  /** Sends one `$pageview` and one `page_viewed` (and `service_page_viewed` where the spec maps the path) for
   * the current URL (or `href`, the address when the view was shown, for a call that waited for analytics to
   * start); a second call for the same URL sends nothing. Call it on load and after each route change. */
  pageview(href?: string): void;
  track: Track;
  /** posthog-js's identify: it refuses an empty id and placeholders such as "undefined" or "null" itself. */
  identify(distinctId: string): void;
}

/**
 * posthog-js's slim build with only what the spec uses: autocapture and web vitals, feature flags, session
 * recording, surveys (it has flags and surveys time-outs). Left out: error tracking, toolbar, web experiments,
 * product tours, conversations, site apps, logs, metrics, tracing headers. 81 KB gzipped instead of 119 KB.
 * The dashboard gets no recorder at all (options.ts, `recordsSessions`): with it absent, neither a remote setting
 * nor a call to `startSessionRecording` can record there.
 */
function specExtensions(record: boolean) {
  return { ...AnalyticsExtensions, ...FeatureFlagsExtensions, ...(record ? SessionReplayExtensions : {}), ...SurveysExtensions };
}

let started: Analytics | undefined;

/**
 * Starts analytics once per page; later calls return the same object. Undefined when the visitor asked not to
 * be tracked (Do Not Track, Global Privacy Control) or when posthog-js refused to start (no key).
 */
export function startAnalytics(env: AnalyticsEnv = analyticsEnv()): Analytics | undefined {
  if (started) return started;
  if (visitorOptedOut()) return undefined;
  posthog.init(env.key, { ...posthogOptions(env, location, supabaseUrl), __extensionClasses: specExtensions(recordsSessions(location)) });
  if (!posthog.__loaded) return undefined;

  const track: Track = (event, ...properties) => {
    posthog.capture(event, properties[0] ?? {});
  };
  let lastUrl: string | undefined;
  started = {
    track,
    pageview(href = location.href) {
      const url = href;
      if (url === lastUrl) return;
      lastUrl = url;
      const { pathname: path, search, hash } = new URL(url);
      posthog.capture('$pageview', { $current_url: url, $pathname: path });
      track('page_viewed', { path, search, hash, url, referrer: document.referrer || 'direct' });
      const service = servicePageView(path);
      if (service) track('service_page_viewed', service);
    },
    identify: (distinctId) => posthog.identify(distinctId),
  };
  return started;
}
