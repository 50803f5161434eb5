/**
 * Staff managed in /admin by an admin (issue 32, item 4): the staff Edge Function against the stand-in, called with
 * the real supabase-js as the dashboard's admins call it. An admin lists, invites, changes a role and removes; the
 * database decides who is an admin (not the token's claim), keeps one active admin, and records each change; the
 * invitation goes through the outbox to the mail catcher once, with GoTrue's link, which works once and expires.
 */
import { type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../scripts/mail-catcher/server.ts';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { setStaff } from '../../scripts/staff-add.ts';
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import type { StaffEvent, StaffMember } from '../../supabase/functions/staff/handler.ts';
import type { Database } from '../../src/database.ts';
import { staffClients } from './staffClients.ts';

let supabase: LocalSupabase;
let catcher: MailCatcher;
let service: SupabaseClient;
const clients = staffClients(() => supabase);
const SITE = 'http://localhost:3999';

beforeAll(async () => {
  catcher = await startMailCatcher({ port: 0 });
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0, demoInquiries: 0, mail: { url: catcher.url, key: 'test-key' }, siteUrl: SITE });
  service = serverClient(supabase.url, supabase.serviceRoleKey);
});

afterAll(async () => {
  await clients.stopAll();
  await supabase.close();
  await catcher.close();
});

beforeEach(() => catcher.clear());

/** The function's answer: status and JSON body, through supabase-js's functions client. */
async function call(client: SupabaseClient, method: 'GET' | 'POST', body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const { data, error } = await client.functions.invoke('staff', { method, ...(body ? { body } : {}) });
  if (!error) return { status: 200, body: data as Record<string, unknown> };
  const response = (error as { context?: Response }).context;
  if (!(response instanceof Response)) throw error;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const demoAdmin = () => clients.signedIn('admin@example.com', 'admin-demo-password');
const members = async (client: SupabaseClient) => (await call(client, 'GET')).body.members as StaffMember[];
const events = async (client: SupabaseClient) => (await call(client, 'GET')).body.events as StaffEvent[];
const inviteOf = (email: string) => catcher.messages.filter((mail) => mail.to.includes(email));
const linkIn = (mail: CaughtMail) => /Set your password: (\S+)/.exec(mail.text)![1]!;

/** Opens an e-mail link as a browser does, and reads where it sent the browser on. */
async function open(link: string): Promise<{ status: number; location: URL; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = new URL(response.headers.get('location')!);
  return { status: response.status, location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

describe('who may manage staff', () => {
  test('visitors, signed-in non-staff and plain staff are refused; the demo admin sees the members', async () => {
    const anon = serverClient(supabase.url, supabase.anonKey);
    expect(await call(anon, 'GET')).toEqual({ status: 401, body: { error: 'Sign in as an admin to manage staff.' } });
    const staff = await clients.signedIn('staff@example.com', 'staff-demo-password');
    expect(await call(staff, 'GET')).toEqual({ status: 403, body: { error: 'Only an admin can manage staff.' } });
    expect(await call(staff, 'POST', { action: 'invite', email: 'sneaky@example.com', name: 'Sneaky', role: 'admin' })).toMatchObject({ status: 403 });
    const visitor = await clients.signedIn('visitor@example.com', 'visitor-demo-password');
    expect((await call(visitor, 'GET')).status).toBe(403);
    // The function asks the database, not the token: a claim of admin set on a plain member's account does not do.
    const { data: found } = await service.auth.admin.listUsers();
    const staffId = found.users.find((user) => user.email === 'staff@example.com')!.id;
    await service.auth.admin.updateUserById(staffId, { app_metadata: { role: 'admin' } });
    const claimsAdmin = await clients.signedIn('staff@example.com', 'staff-demo-password');
    expect((await call(claimsAdmin, 'GET')).status).toBe(403);
    await service.auth.admin.updateUserById(staffId, { app_metadata: { role: 'staff' } });

    const list = await members(await demoAdmin());
    expect(list).toEqual(expect.arrayContaining([expect.objectContaining({ email: 'admin@example.com', role: 'admin', active: true }), expect.objectContaining({ email: 'staff@example.com', role: 'staff', active: true })]));
    expect(list.find((member) => member.email === 'admin@example.com')!.lastSignInAt).not.toBeNull();
  });
});

describe('inviting, changing a role and removing', () => {
  test('an invitation creates the account and its staff row, arrives once, and its link signs the member in once, to set a password', async () => {
    const admin = await demoAdmin();
    expect(await call(admin, 'POST', { action: 'invite', email: 'Jordan.New@example.com', name: 'Jordan New', role: 'staff' })).toEqual({
      status: 200,
      body: { message: 'Invitation sent to jordan.new@example.com. The link in it works for 24 hours.' },
    });
    expect(inviteOf('jordan.new@example.com')).toHaveLength(1);
    const [mail] = inviteOf('jordan.new@example.com');
    expect(mail!.subject).toMatch(/^You are invited to the .+ staff dashboard$/);
    expect(mail!.text).toContain('Hello Jordan New');
    // The outbox row names the member by id only; it is marked sent.
    const { data: rows } = await service.from('notification_outbox').select('*').eq('kind', 'staff_invite');
    expect(rows).toHaveLength(1);
    expect(rows![0]).toMatchObject({ status: 'sent' });
    expect(JSON.stringify(rows)).not.toContain('jordan');

    const jordan = (await members(admin)).find((member) => member.email === 'jordan.new@example.com')!;
    expect(jordan).toMatchObject({ name: 'Jordan New', role: 'staff', active: true, lastSignInAt: null });

    const opened = await open(linkIn(mail!));
    expect(opened.status).toBe(303);
    expect(opened.location.origin + opened.location.pathname).toBe(`${SITE}/admin`);
    expect(opened.fragment.get('type')).toBe('invite');
    const invitee = serverClient<Database>(supabase.url, supabase.anonKey);
    const session = await invitee.auth.setSession({ access_token: opened.fragment.get('access_token')!, refresh_token: opened.fragment.get('refresh_token')! });
    expect(session.error).toBeNull();
    expect((await invitee.auth.updateUser({ password: 'a-new-password-of-jordan' })).error).toBeNull();
    expect((await invitee.rpc('is_staff')).data).toBe(true);
    await invitee.auth.stopAutoRefresh();
    // The password works from now on; the link does not work again.
    await clients.signedIn('jordan.new@example.com', 'a-new-password-of-jordan');
    const again = await open(linkIn(mail!));
    expect(Object.fromEntries(again.fragment)).toEqual({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' });
    expect((await events(admin))[0]).toMatchObject({ kind: 'invited', actor: 'Pat Morgan', member: 'Jordan New', role: 'staff' });
  });

  test('a member whose link was used before they chose a password is invited again from their card: a new link, which sets the password; the form refuses them, and no admin can invite themselves', async () => {
    const admin = await demoAdmin();
    expect((await call(admin, 'POST', { action: 'invite', email: 'closed.page@example.com', name: 'Casey Closed', role: 'staff' })).status).toBe(200);
    const [first] = inviteOf('closed.page@example.com');
    // The link is opened (it signs them in), and the page closed before a password was chosen.
    expect((await open(linkIn(first!))).fragment.get('type')).toBe('invite');
    const casey = (await members(admin)).find((member) => member.email === 'closed.page@example.com')!;
    expect(casey.lastSignInAt).not.toBeNull();
    expect(await call(admin, 'POST', { action: 'invite', email: 'closed.page@example.com', name: 'Casey Closed', role: 'staff' })).toEqual({
      status: 409,
      body: { error: 'closed.page@example.com is already on the staff. Change their role in the list instead.' },
    });

    catcher.clear();
    expect(await call(admin, 'POST', { action: 'invite-again', userId: casey.userId })).toEqual({
      status: 200,
      body: { message: 'Invitation sent to closed.page@example.com. The link in it works for 24 hours.' },
    });
    const [second] = inviteOf('closed.page@example.com');
    expect(second!.text).toContain('Hello Casey Closed');
    expect(second!.text).toContain('as a staff member');
    const opened = await open(linkIn(second!));
    expect(opened.status).toBe(303);
    const member = serverClient<Database>(supabase.url, supabase.anonKey);
    expect((await member.auth.setSession({ access_token: opened.fragment.get('access_token')!, refresh_token: opened.fragment.get('refresh_token')! })).error).toBeNull();
    expect((await member.auth.updateUser({ password: 'caseys-chosen-password' })).error).toBeNull();
    await member.auth.stopAutoRefresh();
    expect((await (await clients.signedIn('closed.page@example.com', 'caseys-chosen-password')).rpc('is_staff')).data).toBe(true);
    // Staff, as before; the log says who invited them again.
    expect((await members(admin)).find((one) => one.userId === casey.userId)).toMatchObject({ role: 'staff', active: true });
    expect((await events(admin))[0]).toMatchObject({ kind: 'invited', actor: 'Pat Morgan', member: 'Casey Closed', role: 'staff' });

    const me = (await members(admin)).find((one) => one.email === 'admin@example.com')!;
    expect(await call(admin, 'POST', { action: 'invite-again', userId: me.userId })).toEqual({ status: 400, body: { error: 'You cannot invite yourself. Another admin can send you a new invitation.' } });
    expect(await call(admin, 'POST', { action: 'invite-again', userId: 'not-an-id' })).toEqual({ status: 400, body: { error: 'Choose the member to invite again.' } });
  });

  test('an invitation link older than 24 hours is refused', async () => {
    const admin = await demoAdmin();
    expect((await call(admin, 'POST', { action: 'invite', email: 'late.opener@example.com', name: 'Late Opener', role: 'staff' })).status).toBe(200);
    const [mail] = inviteOf('late.opener@example.com');
    await supabase.db.query(`update auth.users set confirmation_sent_at = now() - interval '24 hours 1 minute' where email = 'late.opener@example.com'`);
    const opened = await open(linkIn(mail!));
    expect(opened.fragment.get('error_code')).toBe('otp_expired');
    expect(opened.fragment.has('access_token')).toBe(false);
  });

  test('an admin changes a role and removes a member, whose open session is refused at once; each change is recorded', async () => {
    const admin = await demoAdmin();
    const { password } = await setStaff(service, 'casey.moving@example.com', 'staff', 'Casey Moving');
    const casey = await clients.signedIn('casey.moving@example.com', password!);
    const id = (await members(admin)).find((member) => member.email === 'casey.moving@example.com')!.userId;

    expect(await call(admin, 'POST', { action: 'role', userId: id, role: 'admin' })).toEqual({ status: 200, body: { message: 'They are an admin now.' } });
    expect((await casey.rpc('is_admin')).data).toBe(true);
    expect((await call(casey, 'GET')).status).toBe(200);
    expect(await call(admin, 'POST', { action: 'role', userId: id, role: 'staff' })).toMatchObject({ status: 200 });
    expect((await call(casey, 'GET')).status).toBe(403);

    expect(await call(admin, 'POST', { action: 'remove', userId: id })).toEqual({ status: 200, body: { message: 'Removed: their access and their sessions have ended.' } });
    expect((await casey.from('staff').select('user_id')).error).toMatchObject({ message: 'Staff access has ended for this account' });
    expect((await casey.auth.refreshSession()).error).not.toBeNull();
    expect((await members(admin)).find((member) => member.userId === id)).toMatchObject({ active: false });
    expect((await events(admin)).filter((event) => event.member === 'Casey Moving').map((event) => [event.kind, event.actor, event.role, event.previousRole])).toEqual([
      ['removed', 'Pat Morgan', 'staff', null],
      ['role_changed', 'Pat Morgan', 'staff', 'admin'],
      ['role_changed', 'Pat Morgan', 'admin', 'staff'],
      ['added', null, 'staff', null],
    ]);
    // The log cannot be rewritten, even by the service role.
    expect((await service.from('staff_events').delete().eq('member', id)).error).not.toBeNull();
  });

  test('the last active admin can neither demote nor remove themselves', async () => {
    const admin = await demoAdmin();
    const list = await members(admin);
    const admins = list.filter((member) => member.active && member.role === 'admin');
    expect(admins.map((member) => member.email)).toEqual(['admin@example.com']);
    const me = admins[0]!.userId;
    expect(await call(admin, 'POST', { action: 'role', userId: me, role: 'staff' })).toEqual({
      status: 409,
      body: { error: 'You are the only active admin, so you cannot make yourself staff. Make someone else an admin first.' },
    });
    expect(await call(admin, 'POST', { action: 'remove', userId: me })).toEqual({
      status: 409,
      body: { error: 'You are the only active admin, so you cannot remove yourself. Make someone else an admin first.' },
    });
    expect((await members(admin)).find((member) => member.userId === me)).toMatchObject({ role: 'admin', active: true });
  });
});

describe('invitations limited per address and per hour (issue 39, item 5c)', () => {
  const TIME = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit', hour12: true });
  /** "10:42 am": the minute at or after `at`, on the office's clock, as the refusal says it. */
  const clock = (at: number) => TIME.format(new Date(Math.ceil(at / 60_000) * 60_000)).replace(/\s*([AP])M$/, (_, half: string) => ` ${half.toLowerCase()}m`);
  /** Every invitation so far out of the hour, so that each test counts its own. */
  const hourGoneBy = () => supabase.db.query(`update public.notification_outbox set created_at = created_at - interval '2 hours' where kind = 'staff_invite'`);
  /** The member's invitations in the outbox, oldest first, to the whole second (the message's minute is then exact). */
  async function invitationsOf(userId: string): Promise<Array<{ id: string; created_at: string }>> {
    await supabase.db.query(`update public.notification_outbox set created_at = date_trunc('second', created_at) where staff_user_id = $1`, [userId]);
    const { data } = await service.from('notification_outbox').select('id, created_at').eq('staff_user_id', userId).order('created_at').order('id');
    return data as Array<{ id: string; created_at: string }>;
  }
  const accountOf = async (email: string) => (await service.auth.admin.listUsers({ perPage: 1000 })).data.users.find((user) => user.email === email);

  test('a fourth invitation to one address within the hour is refused, saying when to try again, and sends nothing; as the first leaves the hour, one more goes', async () => {
    await hourGoneBy();
    const admin = await demoAdmin();
    const email = 'thrice.invited@example.com';
    expect((await call(admin, 'POST', { action: 'invite', email, name: 'Thrice Invited', role: 'staff' })).status).toBe(200);
    const userId = (await accountOf(email))!.id;
    expect((await call(admin, 'POST', { action: 'invite-again', userId })).status).toBe(200);
    // The form sends one too while they have not signed in: it counts the same.
    expect((await call(admin, 'POST', { action: 'invite', email, name: 'Thrice Invited', role: 'staff' })).status).toBe(200);
    expect(inviteOf(email)).toHaveLength(3);
    const sent = await invitationsOf(userId);
    expect(sent).toHaveLength(3);
    const refusal = { status: 429, body: { error: `This address was sent 3 invitations in the past hour. Try again after ${clock(Date.parse(sent[0]!.created_at) + 3_600_000)}.` } };

    expect(await call(admin, 'POST', { action: 'invite-again', userId })).toEqual(refusal);
    expect(await call(admin, 'POST', { action: 'invite', email, name: 'Thrice Invited', role: 'admin' })).toEqual(refusal);
    // Nothing sent, queued or changed: three e-mails, three invitations, still staff.
    expect(inviteOf(email)).toHaveLength(3);
    expect(await invitationsOf(userId)).toHaveLength(3);
    expect((await events(admin)).filter((event) => event.member === 'Thrice Invited' && event.kind === 'invited')).toHaveLength(3);
    expect((await members(admin)).find((member) => member.userId === userId)).toMatchObject({ role: 'staff', active: true });

    // The first invitation an hour old: one more may go, and then the hour is full again.
    await supabase.db.query(`update public.notification_outbox set created_at = created_at - interval '1 hour' where id = $1`, [sent[0]!.id]);
    expect(await call(admin, 'POST', { action: 'invite-again', userId })).toEqual({ status: 200, body: { message: `Invitation sent to ${email}. The link in it works for 24 hours.` } });
    expect(inviteOf(email)).toHaveLength(4);
    const now = await invitationsOf(userId);
    expect(await call(admin, 'POST', { action: 'invite-again', userId })).toEqual({
      status: 429,
      body: { error: `This address was sent 3 invitations in the past hour. Try again after ${clock(Date.parse(now[1]!.created_at) + 3_600_000)}.` },
    });
    expect(inviteOf(email)).toHaveLength(4);
  });

  test('at most 20 invitations an hour in all: the 21st is refused, creates no account and sends nothing; an hour later they go again', async () => {
    await hourGoneBy();
    const admin = await demoAdmin();
    for (let n = 1; n <= 20; n++) {
      expect((await call(admin, 'POST', { action: 'invite', email: `many.${n}@example.com`, name: `Many ${n}`, role: 'staff' })).status, `invitation ${n}`).toBe(200);
    }
    await supabase.db.query(`update public.notification_outbox set created_at = date_trunc('second', created_at) where kind = 'staff_invite'`);
    const { data: hour } = await service.from('notification_outbox').select('created_at').eq('kind', 'staff_invite').gte('created_at', new Date(Date.now() - 3_600_000).toISOString()).order('created_at');
    expect(hour).toHaveLength(20);

    expect(await call(admin, 'POST', { action: 'invite', email: 'many.21@example.com', name: 'Many 21', role: 'staff' })).toEqual({
      status: 429,
      body: { error: `Too many invitations this hour: the dashboard sends at most 20 an hour. Try again after ${clock(Date.parse(hour![0]!.created_at) + 3_600_000)}.` },
    });
    expect(await accountOf('many.21@example.com')).toBeUndefined();
    expect(inviteOf('many.21@example.com')).toHaveLength(0);
    // An invitation again to a member is refused too.
    const many1 = (await accountOf('many.1@example.com'))!.id;
    expect((await call(admin, 'POST', { action: 'invite-again', userId: many1 })).status).toBe(429);
    expect(inviteOf('many.1@example.com')).toHaveLength(1);

    await hourGoneBy();
    expect((await call(admin, 'POST', { action: 'invite', email: 'many.21@example.com', name: 'Many 21', role: 'staff' })).status).toBe(200);
    expect(inviteOf('many.21@example.com')).toHaveLength(1);
  });

  test('the limits are the database\'s: the service role calling public.staff_invite directly is held to them too', async () => {
    await hourGoneBy();
    const { data: found } = await service.auth.admin.listUsers({ perPage: 1000 });
    const adminId = found.users.find((user) => user.email === 'admin@example.com')!.id;
    const memberId = found.users.find((user) => user.email === 'thrice.invited@example.com')!.id;
    for (let n = 0; n < 3; n++) {
      expect((await service.rpc('staff_invite', { p_actor: adminId, p_member: memberId, p_name: 'Thrice Invited', p_role: 'staff' })).error).toBeNull();
    }
    const fourth = await service.rpc('staff_invite', { p_actor: adminId, p_member: memberId, p_name: 'Thrice Invited', p_role: 'staff' });
    expect(fourth.error).toMatchObject({ code: 'P0001', hint: 'invite_limit', message: expect.stringMatching(/^This address was sent 3 invitations in the past hour\. Try again after /) });
    await hourGoneBy();
  });
});

describe('who may invite, and the links (issue 39, item 5c: checked)', () => {
  test('a removed admin cannot invite with the session they still hold: nothing is created or sent', async () => {
    const admin = await demoAdmin();
    const { password } = await setStaff(service, 'leaving.admin@example.com', 'admin', 'Leaving Admin');
    const leaving = await clients.signedIn('leaving.admin@example.com', password!);
    expect((await call(leaving, 'GET')).status).toBe(200);
    const id = (await members(admin)).find((member) => member.email === 'leaving.admin@example.com')!.userId;
    expect((await call(admin, 'POST', { action: 'remove', userId: id })).status).toBe(200);

    expect(await call(leaving, 'POST', { action: 'invite', email: 'friend.of.leaving@example.com', name: 'Friend', role: 'admin' })).toEqual({
      status: 403,
      body: { error: 'Your staff access has ended. If you still need it, ask an admin.' },
    });
    const someone = (await members(admin)).find((member) => member.active && member.email === 'staff@example.com')!;
    expect((await call(leaving, 'POST', { action: 'invite-again', userId: someone.userId })).status).toBe(403);
    expect((await service.auth.admin.listUsers({ perPage: 1000 })).data.users.some((user) => user.email === 'friend.of.leaving@example.com')).toBe(false);
    expect(inviteOf('friend.of.leaving@example.com')).toHaveLength(0);
    expect(inviteOf('staff@example.com')).toHaveLength(0);
  });

  test('a new invitation makes the older link useless, and a link signs in its own account only', async () => {
    const admin = await demoAdmin();
    expect((await call(admin, 'POST', { action: 'invite', email: 'two.links@example.com', name: 'Two Links', role: 'staff' })).status).toBe(200);
    const [first] = inviteOf('two.links@example.com');
    const id = (await members(admin)).find((member) => member.email === 'two.links@example.com')!.userId;
    expect((await call(admin, 'POST', { action: 'invite-again', userId: id })).status).toBe(200);
    const second = inviteOf('two.links@example.com').find((mail) => mail.id !== first!.id)!;

    expect((await open(linkIn(first!))).fragment.get('error_code')).toBe('otp_expired');
    const opened = await open(linkIn(second));
    const session = serverClient<Database>(supabase.url, supabase.anonKey);
    expect((await session.auth.setSession({ access_token: opened.fragment.get('access_token')!, refresh_token: opened.fragment.get('refresh_token')! })).error).toBeNull();
    expect((await session.auth.getUser()).data.user?.email).toBe('two.links@example.com');
    await session.auth.stopAutoRefresh();
    // Whoever opens it after that, the member included, is refused.
    expect((await open(linkIn(second))).fragment.get('error_code')).toBe('otp_expired');
  });
});
