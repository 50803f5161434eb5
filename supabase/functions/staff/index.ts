/**
 * Entry point of the staff Edge Function on Supabase (Deno): the dashboard's Staff view, for admins (handler.ts).
 * SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY are provided by Supabase; SITE_URL (the site, whose
 * /admin calls this and where the invitation link lands) and ALLOWED_ORIGINS as for the form functions; the mail
 * settings as for notify (_shared/functionEnv.ts, mailEnvironment), without which invitations wait in the outbox.
 */
import { formEnvironment, mailEnvironment } from '../_shared/functionEnv.ts';
import { notificationSettings } from '../_shared/formChoices.generated.ts';
import { createStaff } from './handler.ts';

const env = formEnvironment('staff', Deno.env);
const anonKey = Deno.env.get('SUPABASE_ANON_KEY')?.trim();
if (!anonKey) throw new Error('staff: SUPABASE_ANON_KEY is not set. Supabase provides it to every function; set it when running the function elsewhere.');
Deno.serve(
  createStaff({
    supabaseUrl: env.supabaseUrl,
    serviceRoleKey: env.serviceRoleKey,
    anonKey,
    allowOrigin: env.allowOrigin,
    notify: mailEnvironment('staff', Deno.env, notificationSettings, env.siteUrl),
  }),
);
