/**
 * `npm run staff:add -- <email>`: gives a user staff access to the job applications (app_metadata.role =
 * 'staff', which only the service role can set). Creates the user, with a generated password printed once,
 * if there is none yet. `--remove` takes staff access away and signs the user out everywhere.
 *
 * Needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY in the environment (the project's secret key: run this
 * from a trusted machine, never from the website). Without them it uses the local stand-in of `npm start`.
 */
import { randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

export async function findUser(admin: SupabaseClient, email: string) {
  for (let page = 1; ; page++) {
    const { data, error } = await admin.auth.admin.listUsers({ page, perPage: 1000 });
    if (error) throw error;
    const user = data.users.find((u) => u.email?.toLowerCase() === email.toLowerCase());
    if (user || data.users.length < 1000) return user;
  }
}

export async function setStaff(admin: SupabaseClient, email: string, staff: boolean): Promise<{ created: boolean; password?: string }> {
  const existing = await findUser(admin, email);
  if (!existing) {
    if (!staff) throw new Error(`No user has the e-mail ${email}.`);
    const password = randomBytes(12).toString('base64url');
    const { error } = await admin.auth.admin.createUser({ email, password, email_confirm: true, app_metadata: { role: 'staff' } });
    if (error) throw error;
    return { created: true, password };
  }
  const { error } = await admin.auth.admin.updateUserById(existing.id, { app_metadata: { role: staff ? 'staff' : null } });
  if (error) throw error;
  return { created: false };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const remove = args.includes('--remove');
  const email = args.find((arg) => !arg.startsWith('--'));
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    console.error('Usage: npm run staff:add -- <email> [--remove]');
    process.exit(1);
  }
  const url = process.env.SUPABASE_URL ?? 'http://127.0.0.1:54321';
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (!key) {
    console.error('SUPABASE_SERVICE_ROLE_KEY is not set: copy the service_role (secret) key from the Supabase dashboard (Project Settings > API), or from the `npm start` output for the local stand-in.');
    process.exit(1);
  }
  const admin = createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
  const result = await setStaff(admin, email, !remove);
  if (remove) console.log(`${email} no longer has staff access. Their current sign-in ends within the hour (when its token expires), or at once if you delete their sessions in the Supabase dashboard.`);
  else if (result.created) console.log(`Created ${email} with staff access. Give them this password, once, by a safe channel: ${result.password}`);
  else console.log(`${email} now has staff access. They get it at their next sign-in.`);
}
