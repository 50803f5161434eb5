/**
 * `npm run staff:add -- <email> [--name "Dana Reyes"] [--admin]`: gives a user staff access to the applications
 * and inquiries (app_metadata.role 'staff', or 'admin' with --admin, which only the service role can set) and a
 * staff profile: the name colleagues see beside their work (by default the part of the e-mail before the '@',
 * or the name already on file). Creates the user, with a generated password printed once, if there is none yet.
 * `--remove` takes access away, signs the user out everywhere within the hour, and marks the profile former
 * staff: the name stays on their past work, but nothing new can be given to them.
 *
 * Needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY in the environment (the project's secret key: run this
 * from a trusted machine, never from the website). Without them it uses the local stand-in of `npm start`.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { type SupabaseClient } from '@supabase/supabase-js';
import { serverClient } from '../supabase/functions/_shared/client.ts';
import type { Database } from '../src/database.ts';

export async function findUser(admin: SupabaseClient<Database>, email: string) {
  for (let page = 1; ; page++) {
    const { data, error } = await admin.auth.admin.listUsers({ page, perPage: 1000 });
    if (error) throw error;
    const user = data.users.find((u) => u.email?.toLowerCase() === email.toLowerCase());
    if (user || data.users.length < 1000) return user;
  }
}

export type Access = 'staff' | 'admin' | false;

/** 'dana.reyes@example.com' -> 'Dana Reyes' */
function nameFromEmail(email: string): string {
  return email
    .split('@')[0]!
    .split(/[._-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
    .slice(0, 80) || email;
}

/** Creates, updates or retires the user's staff profile (public.staff). */
async function setProfile(admin: SupabaseClient<Database>, userId: string, email: string, active: boolean, name?: string): Promise<void> {
  const found = await admin.from('staff').select('display_name').eq('user_id', userId).maybeSingle();
  if (found.error) throw found.error;
  const { error } = found.data
    ? await admin.from('staff').update({ active, ...(name ? { display_name: name } : {}) }).eq('user_id', userId)
    : active
      ? await admin.from('staff').insert({ user_id: userId, display_name: name ?? nameFromEmail(email), active })
      : { error: null };
  if (error) throw error;
}

export async function setStaff(admin: SupabaseClient<Database>, email: string, access: Access, name?: string): Promise<{ created: boolean; password?: string }> {
  const existing = await findUser(admin, email);
  const app_metadata = { role: access || null };
  if (!existing) {
    if (!access) throw new Error(`No user has the e-mail ${email}.`);
    const password = randomBytes(12).toString('base64url');
    const { data, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true, app_metadata });
    if (error) throw error;
    await setProfile(admin, data.user.id, email, true, name);
    return { created: true, password };
  }
  const { error } = await admin.auth.admin.updateUserById(existing.id, { app_metadata });
  if (error) throw error;
  await setProfile(admin, existing.id, email, Boolean(access), name);
  return { created: false };
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
  if (remove) console.log(`${email} no longer has staff access. Their current sign-in ends within the hour (when its token expires), or at once if you delete their sessions in the Supabase dashboard.`);
  else if (result.created) console.log(`Created ${email} with ${what}. Give them this password, once, by a safe channel: ${result.password}`);
  else console.log(`${email} now has ${what}. They get it at their next sign-in.`);
}
