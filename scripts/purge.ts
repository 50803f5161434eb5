/**
 * `npm run purge [-- --dry-run]`: runs the retention purge now (supabase/functions/_shared/purge.ts), with the
 * periods of content/retention.yaml: erases every record past its period, its notes and its resume file, and
 * prints what it erased; `--dry-run` prints what it would erase and erases nothing.
 * Needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (the project's secret key: run it from a trusted machine).
 * Without them it uses the local stand-in of `npm start`.
 */
import { serverClient } from '../supabase/functions/_shared/client.ts';
import { loadContent } from '../src/content/loader.ts';
import { contentRoot } from '../src/content/content.ts';
import { describePurge, purgeExpired } from '../supabase/functions/_shared/purge.ts';
import { apiKey } from './local-supabase/keys.ts';

const local = !process.env.SUPABASE_URL;
const url = process.env.SUPABASE_URL ?? `http://127.0.0.1:${process.env.LOCAL_SUPABASE_PORT ?? 54321}`;
// The stand-in's service-role key is the Supabase CLI's well-known local one; a real project's must be given.
const key = process.env.SUPABASE_SERVICE_ROLE_KEY ?? (local ? await apiKey('service_role') : undefined);
const dryRun = process.argv.includes('--dry-run');
if (!key) {
  console.error('SUPABASE_SERVICE_ROLE_KEY is not set: copy the service_role (secret) key from the Supabase dashboard (Project Settings > API).');
  process.exit(1);
}

/** Whether anything answers at `url` at all: a refused connection gets a message that says what to do. */
async function reachable(base: string): Promise<boolean> {
  try {
    const answer = await fetch(`${base.replace(/\/+$/, '')}/rest/v1/`, { headers: { apikey: key! }, signal: AbortSignal.timeout(10_000) });
    await answer.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

if (!(await reachable(url))) {
  console.error(
    local
      ? `No backend answered at ${url} (the local Supabase stand-in). Start one first: \`npm start\` (the site and the stand-in) or \`npm run supabase:local\` (the stand-in alone), in another terminal; or set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY to purge a Supabase project.`
      : `No backend answered at ${url}. Check SUPABASE_URL (the project's API URL, Project Settings > API) and that this machine can reach it; SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY name the project to purge.`,
  );
  process.exit(1);
}

try {
  const { retention } = await loadContent(contentRoot());
  const client = serverClient(url, key);
  const report = await purgeExpired(client, retention, { dryRun });
  console.log(`${url}: ${describePurge(report, retention)}`);
  if (report.resumeFailures.length) process.exitCode = 1;
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
