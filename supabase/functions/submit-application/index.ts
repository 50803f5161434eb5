/**
 * Entry point of the submit-application Edge Function on Supabase (Deno): reads its settings from the
 * environment, stops at start-up naming any that is missing or wrong, and serves the handler (handler.ts).
 *
 * SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided by Supabase. Secrets (`supabase secrets set`):
 * SITE_URL (required) the public site, where a plain form post is sent on to /careers/thanks or /careers/not-sent;
 * ALLOWED_ORIGINS (optional) more origins whose pages may post here, comma-separated (e.g. a staging site);
 * RATE_LIMIT_SALT (optional) the secret in the hash of client addresses; the service-role key otherwise.
 */
import { formChoices } from '../_shared/formChoices.generated.ts';
import { createSubmitApplication } from './handler.ts';

function required(name: string, hint: string): string {
  const value = Deno.env.get(name);
  if (value === undefined || value.trim() === '') throw new Error(`submit-application: ${name} is not set. ${hint}`);
  return value.trim();
}

function origin(name: string, value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    throw new Error(`submit-application: ${name} must be an origin like https://www.your-agency.com, found "${value}".`);
  }
}

const supabaseUrl = required('SUPABASE_URL', 'Supabase provides it to every function; set it when running the function elsewhere.');
const serviceRoleKey = required('SUPABASE_SERVICE_ROLE_KEY', 'Supabase provides it to every function; set it when running the function elsewhere.');
const siteUrl = origin('SITE_URL', required('SITE_URL', 'Run `supabase secrets set SITE_URL=https://www.your-agency.com` (the public site).'));
const allowed = new Set([
  siteUrl,
  ...(Deno.env.get('ALLOWED_ORIGINS')?.split(',').map((value) => value.trim()).filter((value) => value !== '') ?? []).map((value) => origin('ALLOWED_ORIGINS', value)),
]);
// Without a salt of its own the service-role key serves: it is secret, and stable across restarts, so the
// hashes of one client keep matching for the hour they are counted.
const rateLimitSalt = Deno.env.get('RATE_LIMIT_SALT') ?? serviceRoleKey;

Deno.serve(
  createSubmitApplication({
    supabaseUrl,
    serviceRoleKey,
    siteUrl,
    allowOrigin: (candidate) => allowed.has(candidate),
    rateLimitSalt,
    choices: formChoices,
  }),
);
