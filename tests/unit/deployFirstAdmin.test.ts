/**
 * The deploy's first admin (scripts/deploy/firstAdmin.ts, 20261129150000_first_admin.sql) against the stand-in, a
 * local Supabase with the real supabase-js, its auth admin API and the notify sender, and the mail catcher: on a
 * project with no admin, FIRST_ADMIN_EMAIL gets an account, admin access and the invitation e-mail whose link sets
 * a password; a second deploy, or one with another address, changes nothing; the preflight asks for the setting
 * only while there is no admin.
 */
import { type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../scripts/mail-catcher/server.ts';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { checkFirstAdmin, inviteFirstAdmin } from '../../scripts/deploy/firstAdmin.ts';
import { serverClient } from '../../supabase/functions/_shared/client.ts';

let supabase: LocalSupabase;
let catcher: MailCatcher;
let service: SupabaseClient;
const SITE = 'http://localhost:3998';

beforeAll(async () => {
  catcher = await startMailCatcher({ port: 0 });
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0, demoInquiries: 0, mail: { url: catcher.url, key: 'test-key' }, notifyEveryMs: 200, siteUrl: SITE });
  service = serverClient(supabase.url, supabase.serviceRoleKey);
  // A new project: the stand-in's demo accounts are given no access.
  await supabase.db.query('delete from public.staff');
});

afterAll(async () => {
  await supabase.close();
  await catcher.close();
});

const env = (more: Record<string, string> = {}) => ({ VITE_SUPABASE_URL: supabase.url, SUPABASE_SERVICE_ROLE_KEY: supabase.serviceRoleKey, ...more });
const admins = async () => (await service.from('staff').select('display_name, role, active').eq('role', 'admin')).data;

describe('the first admin', () => {
  test('with no admin and no FIRST_ADMIN_EMAIL, the preflight says nobody could sign in, and what to set', async () => {
    const result = await checkFirstAdmin(env());
    expect(result.findings).toEqual([expect.objectContaining({ settings: ['FIRST_ADMIN_EMAIL'], problem: 'The project has no admin yet, and FIRST_ADMIN_EMAIL is not set: nobody could sign in to /admin.' })]);
    expect((await checkFirstAdmin(env({ FIRST_ADMIN_EMAIL: 'owner at agency' }))).findings[0]!.problem).toBe('FIRST_ADMIN_EMAIL is "owner at agency", which is not an e-mail address.');
    // Launching without e-mail, no invitation could arrive: the preflight does not ask for one, and says what instead.
    expect(await checkFirstAdmin(env({ LAUNCH_WITHOUT_EMAIL: 'yes' }))).toEqual({ title: 'First admin', findings: [], passed: ['no e-mail (LAUNCH_WITHOUT_EMAIL=yes): after the deploy, give the first admin access with `npm run staff:add -- <address> --admin`'] });
    expect(await checkFirstAdmin(env({ FIRST_ADMIN_EMAIL: 'rosa.alvarez@hearthside-care.test' }))).toEqual({ title: 'First admin', findings: [], passed: ['rosa.alvarez@hearthside-care.test will be invited as the first admin after the site is published'] });
  });

  test('the deploy invites FIRST_ADMIN_EMAIL once: an account, admin access, and an e-mail whose link lets them choose a password', async () => {
    const said = await inviteFirstAdmin(env({ FIRST_ADMIN_EMAIL: 'rosa.alvarez@hearthside-care.test' }));
    expect(said).toBe('Invited Rosa Alvarez <rosa.alvarez@hearthside-care.test> as the first admin: the e-mail with the link to choose a password goes out within a minute, and the link works for 24 hours.');
    expect(await admins()).toEqual([{ display_name: 'Rosa Alvarez', role: 'admin', active: true }]);

    await expect.poll(() => catcher.messages.filter((mail) => mail.to.includes('rosa.alvarez@hearthside-care.test')).length, { timeout: 10_000 }).toBe(1);
    const mail = catcher.messages.find((message) => message.to.includes('rosa.alvarez@hearthside-care.test'))!;
    expect(mail.subject).toMatch(/^You are invited to the .+ staff dashboard$/);
    expect(mail.text).toContain('as an admin');
    const link = /Set your password: (\S+)/.exec(mail.text)![1]!;
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(new URL(opened.headers.get('location')!).origin).toBe(SITE);

    // Recorded as an invitation, by nobody in particular: the deploy did it.
    const rosa = (await service.from('staff').select('user_id').eq('display_name', 'Rosa Alvarez').single()).data!;
    const events = (await service.from('staff_events').select('actor, kind, role').eq('member', rosa.user_id)).data;
    expect(events).toEqual([{ actor: null, kind: 'invited', role: 'admin' }]);
  });

  test('a later deploy changes nothing, even with another address; the preflight no longer asks', async () => {
    const before = catcher.messages.length;
    expect(await inviteFirstAdmin(env({ FIRST_ADMIN_EMAIL: 'rosa.alvarez@hearthside-care.test' }))).toBe('The project has an admin already: nothing changed (FIRST_ADMIN_EMAIL is used once, for the first admin). Admins invite colleagues from /admin > Staff.');
    expect(await inviteFirstAdmin(env({ FIRST_ADMIN_EMAIL: 'someone.else@hearthside-care.test' }))).toMatch(/^The project has an admin already: nothing changed/);
    expect(await admins()).toEqual([{ display_name: 'Rosa Alvarez', role: 'admin', active: true }]);
    const { data } = await service.auth.admin.listUsers();
    expect(data.users.some((user) => user.email === 'someone.else@hearthside-care.test')).toBe(false);
    expect((await checkFirstAdmin(env())).findings).toEqual([]);
    // Nothing more is queued to be sent: the one invitation in the outbox is the first.
    const invitations = await supabase.db.query<{ count: number }>("select count(*)::int as count from public.notification_outbox where kind = 'staff_invite'");
    expect(invitations.rows[0]!.count).toBe(1);
    expect(catcher.messages.length).toBe(before);
  });

  test('only the service role may call it: a visitor with the anon key is refused', async () => {
    const anon = serverClient(supabase.url, supabase.anonKey);
    const { error } = await anon.rpc('invite_first_admin', { p_member: '00000000-0000-4000-8000-000000000001', p_name: 'Intruder' });
    expect(error?.code).toBe('42501');
  });
});
