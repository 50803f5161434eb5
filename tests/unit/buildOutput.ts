/**
 * A build's output as one text: a "sha256  path" line per file under dist/client, sorted, the format of
 * `sha256sum`. Two builds with the same lines wrote the same bytes.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export function outputManifest(client: string): string {
  const files = readdirSync(client, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(client, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  return files.map((file) => `${createHash('sha256').update(readFileSync(path.join(client, file))).digest('hex')}  ${file}\n`).join('');
}

/** The environment the pinned output was built with (and no analytics variable at all: see withoutAnalyticsEnv). */
// SOURCE_DATE_EPOCH: 2026-11-22, the day the output was pinned, so the footer's year and the open jobs stay put.
export const PINNED_ENV = { VITE_SUPABASE_URL: 'http://127.0.0.1:54321', SOURCE_DATE_EPOCH: '1795305600' };

/** Removes the analytics variables from this process's environment, which the builds inherit. */
export function withoutAnalyticsEnv(): void {
  for (const name of Object.keys(process.env)) if (name.startsWith('VITE_POSTHOG_')) delete process.env[name];
}
