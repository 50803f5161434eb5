/**
 * The purge Edge Function: runs the retention purge (../_shared/purge.ts) when called with the service-role key,
 * as the pg_cron schedule does (docs/going-live.md, Deploy by hand). The gateway checks the token's signature (verify_jwt); the anon
 * key is a valid token too, so the function itself requires the service role. `?dry-run` only counts.
 */
import { serverClient } from '../_shared/client.ts';
import { purgeExpired, type RetentionPeriods } from '../_shared/purge.ts';
import { jsonAnswer as json, roleOf } from '../_shared/serviceRole.ts';

export interface PurgeOptions {
  supabaseUrl: string;
  serviceRoleKey: string;
  retention: RetentionPeriods;
}

export function createPurge(options: PurgeOptions): (req: Request) => Promise<Response> {
  const supabase = serverClient(options.supabaseUrl, options.serviceRoleKey);
  return async (req) => {
    if (req.method !== 'POST') return json(405, { error: 'POST only' });
    if (roleOf(req.headers.get('authorization')) !== 'service_role') return json(403, { error: 'The purge runs with the service-role key only.' });
    try {
      const report = await purgeExpired(supabase, options.retention, { dryRun: new URL(req.url).searchParams.has('dry-run') });
      return json(200, report);
    } catch (error) {
      console.error(`purge: ${(error as Error).message}`);
      return json(500, { error: 'The purge could not run; see the function logs.' });
    }
  };
}
