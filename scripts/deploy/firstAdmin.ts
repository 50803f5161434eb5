/**
 * The deploy's first admin (issue 41): on a new project nobody can sign in to /admin until someone is given access,
 * which used to mean `npm run staff:add` in a terminal with the service-role key. Now the owner writes their address
 * in FIRST_ADMIN_EMAIL (and, if they like, the name colleagues see in FIRST_ADMIN_NAME), and the deploy invites
 * them once, after the site is published: an account, admin access, and the same invitation e-mail an admin sends
 * from /admin > Staff, queued in the outbox and sent by the notify schedule within a minute. When the project has
 * ever had an admin, it changes nothing, whatever FIRST_ADMIN_EMAIL says now (public.invite_first_admin,
 * 20261129150000_first_admin.sql, decides, in one transaction).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import { findUser, nameFromEmail } from '../../supabase/functions/_shared/staffAccounts.ts';
import { INVITE_LINK_HOURS } from '../../supabase/functions/_shared/staffInvite.ts';
import { launchesWithoutEmail } from './deployPlan.ts';
import type { CheckResult } from './findings.ts';

type Env = NodeJS.ProcessEnv;
const value = (env: Env, name: string) => env[name]?.trim() || undefined;

/** An e-mail address as the staff function takes one: something@domain.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function serviceClient(env: Env): SupabaseClient {
  return serverClient(value(env, 'VITE_SUPABASE_URL')!, value(env, 'SUPABASE_SERVICE_ROLE_KEY')!);
}

/** Whether the project has ever had an admin; undefined when its tables are not there yet (a new project). */
async function hasHadAdmin(client: SupabaseClient): Promise<boolean | undefined> {
  const { data, error } = await client.from('staff').select('user_id').eq('role', 'admin').limit(1);
  if (error) {
    // PostgREST's answer for a table it does not know: the migrations have not run yet.
    if (error.code === 'PGRST205' || error.code === '42P01') return undefined;
    throw new Error(`could not read the project's staff (${error.message})`);
  }
  return data.length > 0;
}

/**
 * The preflight's part: FIRST_ADMIN_EMAIL must be a plain address, and must be set when the project has no admin
 * yet (or no tables yet), since nobody could sign in to /admin otherwise. Needs VITE_SUPABASE_URL and
 * SUPABASE_SERVICE_ROLE_KEY to ask; without them the preflight names those as missing and this says nothing.
 */
export async function checkFirstAdmin(env: Env): Promise<CheckResult> {
  const title = 'First admin';
  const email = value(env, 'FIRST_ADMIN_EMAIL');
  if (email && !EMAIL.test(email)) {
    return { title, passed: [], findings: [{ settings: ['FIRST_ADMIN_EMAIL'], problem: `FIRST_ADMIN_EMAIL is "${email}", which is not an e-mail address.`, fix: 'Write the address of the person who will manage staff, e.g. owner@your-agency.com.' }] };
  }
  if (!value(env, 'VITE_SUPABASE_URL') || !value(env, 'SUPABASE_SERVICE_ROLE_KEY')) return { title, passed: [], findings: [] };
  let had: boolean | undefined;
  try {
    had = await hasHadAdmin(serviceClient(env));
  } catch {
    // The Supabase checks say why the project cannot be reached; this one has nothing to add.
    return { title, passed: [], findings: [] };
  }
  if (had) return { title, passed: [`the project has an admin already${email ? ': FIRST_ADMIN_EMAIL is not used again' : ''}`], findings: [] };
  if (!value(env, 'MAIL_API_KEY') && launchesWithoutEmail(env)) {
    // No invitation could arrive: the deploy says so at its last step instead of inviting.
    return { title, passed: ['no e-mail (LAUNCH_WITHOUT_EMAIL=yes): after the deploy, give the first admin access with `npm run staff:add -- <address> --admin`'], findings: [] };
  }
  if (email) return { title, passed: [`${email} will be invited as the first admin after the site is published`], findings: [] };
  return {
    title,
    passed: [],
    findings: [
      {
        settings: ['FIRST_ADMIN_EMAIL'],
        problem: 'The project has no admin yet, and FIRST_ADMIN_EMAIL is not set: nobody could sign in to /admin.',
        fix: 'Set FIRST_ADMIN_EMAIL to the address of the person who will manage staff (and FIRST_ADMIN_NAME to their name, if you like). The deploy invites them once; they invite everyone else from /admin > Staff.',
      },
    ],
  };
}

/**
 * The deploy's step: invites FIRST_ADMIN_EMAIL as the first admin, once. Returns what it did, in a line. Throws an
 * Error in plain words when the project refuses.
 */
export async function inviteFirstAdmin(env: Env): Promise<string> {
  const email = value(env, 'FIRST_ADMIN_EMAIL');
  const client = serviceClient(env);
  const had = await hasHadAdmin(client);
  if (had) return `The project has an admin already: nothing changed${email ? ` (FIRST_ADMIN_EMAIL is used once, for the first admin)` : ''}. Admins invite colleagues from /admin > Staff.`;
  if (!email) throw new Error('the project has no admin and FIRST_ADMIN_EMAIL is not set: nobody can sign in to /admin. Set it and deploy again.');
  const name = value(env, 'FIRST_ADMIN_NAME') ?? nameFromEmail(email);

  let user = await findUser(client, email);
  let created = false;
  if (!user) {
    const made = await client.auth.admin.createUser({ email, email_confirm: false, app_metadata: { role: 'admin' } });
    if (made.error || !made.data.user) throw new Error(`the project would not make an account for ${email} (${made.error?.message ?? 'no account returned'})`);
    user = made.data.user;
    created = true;
  } else {
    const updated = await client.auth.admin.updateUserById(user.id, { app_metadata: { ...user.app_metadata, role: 'admin' } });
    if (updated.error) throw new Error(`the project would not give ${email} the admin role (${updated.error.message})`);
  }
  const queued = await client.rpc('invite_first_admin', { p_member: user.id, p_name: name });
  if (queued.error) throw new Error(`the project would not give ${email} access (${queued.error.message})`);
  if (queued.data === null) {
    // Another deploy made an admin between the look and the invitation: leave no stray account behind.
    if (created) await client.auth.admin.deleteUser(user.id);
    return 'The project has an admin already: nothing changed.';
  }
  return `Invited ${name} <${email}> as the first admin: the e-mail with the link to choose a password goes out within a minute, and the link works for ${INVITE_LINK_HOURS} hours.`;
}
