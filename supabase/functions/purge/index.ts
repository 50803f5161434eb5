/**
 * Entry point of the purge Edge Function on Supabase (Deno): erases what has passed its retention period, when
 * the pg_cron schedule (docs/going-live.md, Deploy by hand) calls it with the service-role key. The periods come from
 * content/retention.yaml through formChoices.generated.ts: deploy the function again after changing them.
 */
import { retention } from '../_shared/formChoices.generated.ts';
import { createPurge } from './handler.ts';

function required(name: string): string {
  const value = Deno.env.get(name)?.trim();
  if (!value) throw new Error(`purge: ${name} is not set. Supabase provides it to every function; set it when running the function elsewhere.`);
  return value;
}

Deno.serve(createPurge({ supabaseUrl: required('SUPABASE_URL'), serviceRoleKey: required('SUPABASE_SERVICE_ROLE_KEY'), retention }));
