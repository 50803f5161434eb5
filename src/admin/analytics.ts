/**
 * Analytics in the dashboard (DESIGN 7 and 15). posthog-js (src/analytics/start.ts) is fetched once the page has
 * long been usable (src/analytics/idle.ts), so it never delays the dashboard, and only when the site was built with
 * VITE_POSTHOG_KEY: without it the import inside loadAnalytics is dead code and no chunk is built. Everything
 * the dashboard shows carries ph-no-capture (pages/admin/+onRenderClient.tsx) and /admin is never recorded at all
 * (src/analytics/options.ts), so recordings and autocapture hold nothing of it, and its events name records by
 * id, never by a person's name (src/analytics/events.ts).
 */
import { useEffect } from 'react';
import type { Track } from '../analytics/events.ts';
import { afterLoadWhenIdle } from '../analytics/idle.ts';
import { loadAnalytics, type Analytics } from '../analytics/load.ts';

let loading: Promise<Analytics | undefined> | undefined;
const analytics = () => (loading ??= afterLoadWhenIdle().then(loadAnalytics));

/** Sends an event once analytics has started (in the order called); nothing without a key or with Do Not Track. */
export const track: Track = (event, ...properties) => {
  void analytics().then((started) => started?.track(event, ...properties));
};

/**
 * One pageview when /admin loads and one per list shown after it: the list is in the address (useView.ts), and
 * start.ts sends nothing for an address it has just sent.
 */
export function usePageview(view: string) {
  useEffect(() => {
    // The address now: a list switched before analytics has started still gets its own pageview.
    const href = location.href;
    void analytics().then((started) => started?.pageview(href));
  }, [view]);
}
