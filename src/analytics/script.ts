/**
 * Where the analytics boot script is, for the renderer. `npm run build` bundles src/analytics/boot.ts (with the
 * lazily loaded posthog-js chunk) only when VITE_POSTHOG_KEY is set (scripts/generator/buildAnalytics.ts), and records
 * its URL in ANALYTICS_SCRIPT_MANIFEST; no manifest means no analytics: the page gets no script tag.
 * In development Vite serves the source itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildDir } from '../buildDir.ts';

export const ANALYTICS_SCRIPT_SOURCE = 'src/analytics/boot.ts';
/** Relative to the build's folder (src/buildDir.ts). */
export const ANALYTICS_SCRIPT_MANIFEST = 'server/analytics-script.json';

export interface AnalyticsScriptManifest {
  /** The boot script's URL path, e.g. "/assets/analytics.Bx3k9a.js"; load it with `<script type="module">`. */
  src: string;
}

let manifest: AnalyticsScriptManifest | null | undefined;

/** The boot script's src, or undefined when the site is built without an analytics key. */
export function analyticsScriptSrc(root = buildDir()): string | undefined {
  if (import.meta.env.DEV) return import.meta.env.VITE_POSTHOG_KEY ? `/${ANALYTICS_SCRIPT_SOURCE}` : undefined;
  if (manifest === undefined) {
    const file = path.join(root, ANALYTICS_SCRIPT_MANIFEST);
    manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as AnalyticsScriptManifest) : null;
  }
  return manifest?.src;
}
