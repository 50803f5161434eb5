/**
 * `npm run staff:add -- <email> [--name "Dana Reyes"] [--admin]`: gives a user staff access to the applications
 * and inquiries: a staff profile (public.staff: active, role 'staff', or 'admin' with --admin; the name colleagues
 * see beside their work, by default the part of the e-mail before the '@', or the name already on file), which is
 * what the database decides from, and the same role in app_metadata, which only the service role can set and the
 * dashboard reads to choose what to offer. Creates the user, with a generated password printed once, if there is
 * none yet. `--remove` takes access away at once: the profile is marked former staff (the name stays on their
 * past work, but nothing new can be given to them), which refuses their next request and ends their sessions in
 * the database (20261127000000_staff_access.sql), so they cannot refresh either.
 *
 * Needs SUPABASE_SERVICE_ROLE_KEY in the environment (the project's secret key: run this from a trusted machine,
 * never from the website), and SUPABASE_URL for the project; without SUPABASE_URL it uses the local stand-in of
 * `npm start`, whose service_role key `npm start` prints.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { type SupabaseClient } from '@supabase/supabase-js';
import { serverClient } from '../supabase/functions/_shared/client.ts';
import { findUser, nameFromEmail } from '../supabase/functions/_shared/staffAccounts.ts';
import type { Database } from '../src/database.ts';

export type Access = 'staff' | 'admin' | false;

/**
 * Creates, updates or retires the user's staff profile (public.staff), the row the database decides access from;
 * retiring it ends their sessions there. False when there was no profile to retire.
 */
async function setProfile(admin: SupabaseClient<Database>, userId: string, email: string, access: Access, name?: string): Promise<boolean> {
  const found = await admin.from('staff').select('display_name').eq('user_id', userId).maybeSingle();
  if (found.error) throw found.error;
  if (!found.data && !access) return false;
  const { error } = found.data
    ? await admin.from('staff').update({ active: Boolean(access), ...(access ? { role: access } : {}), ...(name ? { display_name: name } : {}) }).eq('user_id', userId)
    : await admin.from('staff').insert({ user_id: userId, display_name: name ?? nameFromEmail(email), role: access || 'staff', active: true });
  if (error) throw error;
  return true;
}

/**
 * Gives `email` staff or admin access, or takes it away (`access` false). `ended`, for a removal: whether they
 * had a staff profile, whose access and sessions have now ended (without one, the database never took them for
 * staff).
 */
export async function setStaff(admin: SupabaseClient<Database>, email: string, access: Access, name?: string): Promise<{ created: boolean; password?: string; ended?: boolean }> {
  const existing = await findUser(admin, email);
  const app_metadata = { role: access || null };
  if (!existing) {
    if (!access) throw new Error(`No user has the e-mail ${email}.`);
    const password = randomBytes(12).toString('base64url');
    const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true, app_metadata });
    if (error) throw error;
    await setProfile(admin, data.user.id, email, access, name);
    return { created: true, password };
  }
  // The profile first: a removal takes effect in the database (and ends the sessions) before anything else.
  const hadProfile = await setProfile(admin, existing.id, email, access, name);
  const { error } = await admin.auth.admin.updateUserById(existing.id, { app_metadata });
  if (error) throw error;
  return access ? { created: false } : { created: false, ended: hadProfile };
}

export const STAFF_ADD_USAGE = 'Usage: npm run staff:add -- <email> [--name "Full Name"] [--admin | --remove]';

/** The command line, its flags and the e-mail in any order; a message in plain words when it cannot be used. */
export function parseStaffArgs(args: string[]): { email: string; access: Access; name?: string } | { error: string } {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, strict: true, options: { name: { type: 'string' }, admin: { type: 'boolean' }, remove: { type: 'boolean' } } });
  } catch (error) {
    return { error: `${(error as Error).message}\n${STAFF_ADD_USAGE}` };
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) return { error: `${positionals.length ? `One e-mail address, not ${positionals.length}: ${positionals.join(' ')}` : 'The e-mail address is missing.'}\n${STAFF_ADD_USAGE}` };
  const email = positionals[0]!.trim();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return { error: `"${email}" is not an e-mail address.\n${STAFF_ADD_USAGE}` };
  if (values.admin && values.remove) return { error: `--admin and --remove cannot go together.\n${STAFF_ADD_USAGE}` };
  const name = values.name?.trim();
  if (values.name !== undefined && (!name || name.length > 80)) return { error: `--name needs a name of 1 to 80 characters.\n${STAFF_ADD_USAGE}` };
  if (values.remove && name) return { error: `--name is for giving access, not with --remove.\n${STAFF_ADD_USAGE}` };
  return { email, access: values.remove ? false : values.admin ? 'admin' : 'staff', ...(name ? { name } : {}) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const parsed = parseStaffArgs(process.argv.slice(2));
  if ('error' in parsed) {
    console.error(parsed.error);
    process.exit(1);
  }
  const { email, access, name } = parsed;
  const remove = access === false;
  const url = process.env.SUPABASE_URL ?? 'http://127.0.0.1:54321';
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (!key) {
    console.error('SUPABASE_SERVICE_ROLE_KEY is not set: copy the service_role (secret) key from the Supabase dashboard (Project Settings > API), or from the `npm start` output for the local stand-in.');
    process.exit(1);
  }
  const admin = serverClient<Database>(url, key);
  const result = await setStaff(admin, email, access, name);
  const what = access === 'admin' ? 'admin (staff) access' : 'staff access';
  if (remove) {
    console.log(result.ended
      ? `${email} no longer has staff access: it ended now, and their sessions are ended (they are signed out everywhere).`
      : `${email} had no staff access, so there was none to end.`);
  }
  else if (result.created) console.log(`Created ${email} with ${what}. Give them this password, once, by a safe channel: ${result.password}`);
  else console.log(`${email} now has ${what}. They get it at their next sign-in.`);
}
