/**
 * How a page gets analytics: `await loadAnalytics()` gives the started `Analytics` (start.ts), or undefined when
 * there is nothing to send to. Without `VITE_POSTHOG_KEY` at build time the import below is dead code and the
 * bundler drops the chunk: no analytics code is shipped (DESIGN 7). With Do Not Track or Global Privacy Control
 * on, the chunk is never fetched. Never rejects: a chunk or host that fails leaves the page as it was.
 */
import type { Analytics } from './start.ts';
import { visitorOptedOut } from './privacy.ts';

export function loadAnalytics(): Promise<Analytics | undefined> {
  if (!import.meta.env.VITE_POSTHOG_KEY) return Promise.resolve(undefined);
  try {
    if (visitorOptedOut()) return Promise.resolve(undefined);
    return import('./start.ts').then(({ startAnalytics }) => startAnalytics()).catch(() => undefined);
  } catch {
    return Promise.resolve(undefined);
  }
}

export type { Analytics };
