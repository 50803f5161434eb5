/**
 * Entry point of the notify Edge Function on Supabase (Deno), called by pg_cron with the service-role key (docs/going-live.md,
 * Deploy by hand). The mail settings come from the environment (_shared/functionEnv.ts, mailEnvironment); who is told and
 * the reply promise from content/site.yaml through formChoices.generated.ts.
 */
import { formEnvironment, mailEnvironment } from '../_shared/functionEnv.ts';
import { notificationSettings } from '../_shared/formChoices.generated.ts';
import { createNotify } from './handler.ts';

const env = formEnvironment('notify', Deno.env);
Deno.serve(createNotify({ supabaseUrl: env.supabaseUrl, serviceRoleKey: env.serviceRoleKey, notify: mailEnvironment('notify', Deno.env, notificationSettings, env.siteUrl) }));
