/**
 * The staff Edge Function (issue 32, item 4): an admin manages staff from the dashboard's Staff view.
 *   GET  the members (name, e-mail, role, active or removed, last sign-in) and the log of changes (public.staff_events);
 *   POST { action: 'invite', email, name, role }  gives access: creates the account if there is none, its active
 *        public.staff row, and queues the invitation e-mail in the outbox (sent at once when mail is set up);
 *   POST { action: 'invite-again', userId }       a new invitation to an active member, with a new link to set a
 *        password: for one whose link was used or ran out before they chose one (they closed the page, say), or who
 *        forgot it; the form's invite refuses an address that has signed in before;
 *   POST { action: 'role', userId, role }         staff <-> admin;
 *   POST { action: 'remove', userId }             ends their access and their sessions at once.
 * Invitations are limited in the database (public.staff_invite, 20261129000200_staff_invite_limits.sql): at most 3
 * to one address and 20 in all in any hour; past either, the answer is 429 with the database's message (when to try
 * again), and nothing is sent. For a new address the limit is asked first, so that a refusal creates no account.
 * Who may: the caller's own token asks the database (public.is_admin(), which reads public.staff: the token's
 * claim counts for nothing), and every change is made by a database function that checks again, in its own
 * transaction, that the caller is an active admin, refuses to leave no active admin, and records the change with
 * the caller's id. The account's app_metadata role is then set to match, for the dashboard to choose what to offer.
 * Answers are JSON: { message } or { error } in plain words for the dashboard to show.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { serverClient } from '../_shared/client.ts';
import { corsHeaders } from '../_shared/formPost.ts';
import { deliverDue } from '../_shared/notify.ts';
import type { NotifyConfig } from '../_shared/outbox.ts';
import { roleOf } from '../_shared/serviceRole.ts';
import { INVITE_LINK_HOURS } from '../_shared/staffInvite.ts';

export interface StaffOptions {
  supabaseUrl: string;
  serviceRoleKey: string;
  /** The project's anon key: the caller's question to the database goes with it and the caller's token. */
  anonKey: string;
  /** Origins whose pages may call (the site's own): the dashboard is on the site, the function on the project. */
  allowOrigin: (origin: string) => boolean;
  /** Undefined when mail is not set up: invitations then wait in the outbox. */
  notify: NotifyConfig | undefined;
}

export interface StaffMember {
  userId: string;
  name: string;
  email: string;
  role: 'staff' | 'admin';
  active: boolean;
  /** Null until they first sign in (an invitation not yet used). */
  lastSignInAt: string | null;
}

export interface StaffEvent {
  id: number;
  at: string;
  kind: 'invited' | 'added' | 'role_changed' | 'removed';
  /** The admin's name; null when made outside the dashboard (npm run staff:add). */
  actor: string | null;
  member: string;
  role: 'staff' | 'admin' | null;
  previousRole: 'staff' | 'admin' | null;
}

export const ACCESS_ENDED = 'Your staff access has ended. If you still need it, ask an admin.';
const NOT_ADMIN = 'Only an admin can manage staff.';
const SIGN_IN = 'Sign in as an admin to manage staff.';
const EMAIL = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;
const ROLES = ['staff', 'admin'] as const;

export function createStaff(options: StaffOptions): (req: Request) => Promise<Response> {
  const service = serverClient(options.supabaseUrl, options.serviceRoleKey);
  return async (req) => {
    const cors = corsHeaders(req, options.allowOrigin);
    const answer = (status: number, body: unknown) => {
      const headers = new Headers(cors);
      headers.set('Content-Type', 'application/json');
      headers.set('X-Content-Type-Options', 'nosniff');
      headers.set('Cache-Control', 'no-store');
      return new Response(JSON.stringify(body), { status, headers });
    };
    if (req.method === 'OPTIONS') {
      const headers = new Headers(cors);
      headers.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      headers.set('Access-Control-Allow-Headers', 'authorization, apikey, content-type, x-client-info');
      headers.set('Access-Control-Max-Age', '86400');
      return new Response(null, { status: 204, headers });
    }
    if (req.method !== 'GET' && req.method !== 'POST') return answer(405, { error: 'GET or POST only.' });

    const caller = await callerOf(req, options);
    if ('status' in caller) return answer(caller.status, { error: caller.error });
    try {
      if (req.method === 'GET') return answer(200, await overview(service));
      let body: Record<string, unknown>;
      try {
        body = (await req.json()) as Record<string, unknown>;
      } catch {
        return answer(400, { error: 'The request was not understood. Reload the page and try again.' });
      }
      const outcome =
        body.action === 'invite' ? await invite(service, caller.id, body, options.notify)
        : body.action === 'invite-again' ? await inviteAgain(service, caller.id, body, options.notify)
        : body.action === 'role' ? await changeRole(service, caller.id, body)
        : body.action === 'remove' ? await remove(service, caller.id, body)
        : { status: 400, error: 'Unknown action: invite, invite-again, role or remove.' };
      return answer(outcome.status, 'error' in outcome ? { error: outcome.error } : { message: outcome.message });
    } catch (error) {
      console.error(`staff: ${(error as Error).message}`);
      return answer(500, { error: 'Staff could not be changed just now. Try again in a moment.' });
    }
  };
}

type Outcome = { status: number; message: string } | { status: number; error: string };

/** The signed-in caller, if the database says they are an active admin; else the refusal to answer with. */
async function callerOf(req: Request, options: StaffOptions): Promise<{ id: string } | { status: number; error: string }> {
  const authorization = req.headers.get('authorization') ?? '';
  const token = /^Bearer (\S+)$/.exec(authorization)?.[1];
  if (!token || roleOf(authorization) !== 'authenticated') return { status: 401, error: SIGN_IN };
  const asCaller = serverClient(options.supabaseUrl, options.anonKey, { global: { headers: { Authorization: `Bearer ${token}` } } });
  const { data, error } = await asCaller.rpc('is_admin');
  if (error) {
    if (error.code === '42501' && /Staff access has ended/.test(error.message)) return { status: 403, error: ACCESS_ENDED };
    if (error.code === 'PGRST301' || error.code === 'PGRST303' || /JWT/i.test(error.message)) return { status: 401, error: 'Your session has ended. Please sign in again.' };
    throw new Error(`is_admin: ${error.message}`);
  }
  if (data !== true) return { status: 403, error: NOT_ADMIN };
  const sub = claimsOf(token).sub;
  if (typeof sub !== 'string') return { status: 401, error: SIGN_IN };
  return { id: sub };
}

function claimsOf(token: string): Record<string, unknown> {
  try {
    return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Every account, page by page (the Admin API's only listing), by id. */
async function accounts(service: SupabaseClient): Promise<Map<string, { email: string; lastSignInAt: string | null }>> {
  const found = new Map<string, { email: string; lastSignInAt: string | null }>();
  for (let page = 1; ; page++) {
    const { data, error } = await service.auth.admin.listUsers({ page, perPage: 1000 });
    if (error) throw new Error(`listUsers: ${error.message}`);
    for (const user of data.users) found.set(user.id, { email: user.email ?? '', lastSignInAt: user.last_sign_in_at ?? null });
    if (data.users.length < 1000) return found;
  }
}

async function overview(service: SupabaseClient): Promise<{ members: StaffMember[]; events: StaffEvent[] }> {
  const [rows, log, users] = await Promise.all([
    service.from('staff').select('user_id, display_name, role, active').order('display_name'),
    service.from('staff_events').select('id, at, kind, actor, member, role, previous_role').order('id', { ascending: false }).limit(200),
    accounts(service),
  ]);
  if (rows.error) throw new Error(`staff: ${rows.error.message}`);
  if (log.error) throw new Error(`staff_events: ${log.error.message}`);
  const staff = rows.data as Array<{ user_id: string; display_name: string; role: 'staff' | 'admin'; active: boolean }>;
  const names = new Map(staff.map((row) => [row.user_id, row.display_name]));
  const members = staff.map((row) => ({
    userId: row.user_id,
    name: row.display_name,
    email: users.get(row.user_id)?.email ?? '',
    role: row.role,
    active: row.active,
    lastSignInAt: users.get(row.user_id)?.lastSignInAt ?? null,
  }));
  // Active first, then by name.
  members.sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name));
  const events = (log.data as Array<{ id: number; at: string; kind: StaffEvent['kind']; actor: string | null; member: string; role: StaffEvent['role']; previous_role: StaffEvent['role'] }>).map((row) => ({
    id: row.id,
    at: row.at,
    kind: row.kind,
    actor: row.actor ? (names.get(row.actor) ?? 'A former account') : null,
    member: names.get(row.member) ?? 'A former account',
    role: row.role,
    previousRole: row.previous_role,
  }));
  return { members, events };
}

const roleOfBody = (value: unknown) => (ROLES as readonly unknown[]).includes(value) ? (value as 'staff' | 'admin') : undefined;
const uuidOfBody = (value: unknown) => (typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : undefined);

/** The database's refusal in plain words, or undefined when it is not one of ours. */
function refusal(error: { code?: string; message: string; hint?: string | null }): Outcome | undefined {
  if (error.hint === 'last_admin') return { status: 409, error: error.message };
  if (error.hint === 'invite_limit') return { status: 429, error: error.message };
  if (error.code === '42501') return { status: 403, error: NOT_ADMIN };
  return undefined;
}

async function invite(service: SupabaseClient, actor: string, body: Record<string, unknown>, notify: NotifyConfig | undefined): Promise<Outcome> {
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  const role = roleOfBody(body.role);
  if (!EMAIL.test(email)) return { status: 400, error: 'Enter the e-mail address the invitation goes to, like name@example.com.' };
  if (!name || name.length > 80) return { status: 400, error: 'Enter their name (up to 80 characters), as colleagues will see it.' };
  if (!role) return { status: 400, error: 'Choose a role: staff or admin.' };

  const account = [...(await accounts(service))].find(([, user]) => user.email.toLowerCase() === email);
  if (account) {
    const member = await service.from('staff').select('active').eq('user_id', account[0]).maybeSingle();
    if (member.error) throw new Error(`staff: ${member.error.message}`);
    if (member.data?.active && account[1].lastSignInAt) return { status: 409, error: `${email} is already on the staff. Change their role in the list instead.` };
    return await queueInvitation(service, actor, { userId: account[0], email, name, role }, notify);
  }
  // A new address: the hour's limits first, so that a refused invitation leaves no account behind.
  const allowed = await service.rpc('staff_invite_check', { p_actor: actor, p_member: null });
  if (allowed.error) return refusalOrThrow(allowed.error);
  const created = await service.auth.admin.createUser({ email, email_confirm: false, app_metadata: { role } });
  if (created.error || !created.data.user) throw new Error(`createUser: ${created.error?.message}`);
  // public.staff_invite checks again: an invitation that took the hour's last place meanwhile leaves this account
  // without access, and a later invitation to the address finds it.
  return await queueInvitation(service, actor, { userId: created.data.user.id, email, name, role }, notify);
}

/** A new invitation to an active member other than the caller, as they are on the staff (name and role). */
async function inviteAgain(service: SupabaseClient, actor: string, body: Record<string, unknown>, notify: NotifyConfig | undefined): Promise<Outcome> {
  const userId = uuidOfBody(body.userId);
  if (!userId) return { status: 400, error: 'Choose the member to invite again.' };
  if (userId === actor) return { status: 400, error: 'You cannot invite yourself. Another admin can send you a new invitation.' };
  const member = await service.from('staff').select('display_name, role, active').eq('user_id', userId).maybeSingle();
  if (member.error) throw new Error(`staff: ${member.error.message}`);
  const row = member.data as { display_name: string; role: 'staff' | 'admin'; active: boolean } | null;
  if (!row?.active) return { status: 404, error: 'That member was removed. Invite them again with the form, as a new member.' };
  const account = await service.auth.admin.getUserById(userId);
  if (account.error || !account.data.user?.email) throw new Error(`getUserById: ${account.error?.message ?? 'no e-mail address'}`);
  return await queueInvitation(service, actor, { userId, email: account.data.user.email, name: row.display_name, role: row.role }, notify);
}

/** Gives the member access as `role` (again), and queues their invitation e-mail, sent at once when mail is set up. */
async function queueInvitation(service: SupabaseClient, actor: string, member: { userId: string; email: string; name: string; role: 'staff' | 'admin' }, notify: NotifyConfig | undefined): Promise<Outcome> {
  const queued = await service.rpc('staff_invite', { p_actor: actor, p_member: member.userId, p_name: member.name, p_role: member.role });
  if (queued.error) return refusalOrThrow(queued.error);
  await setClaim(service, member.userId, member.role);
  if (!notify) return { status: 200, message: `${member.name} is on the staff. The invitation e-mail waits in the outbox until mail is set up.` };
  // Sent now, as the form functions send theirs; a failure leaves it to the outbox's retries.
  await deliverDue(service, notify).catch((error: Error) => console.error(`staff: the invitation waits in the outbox: ${error.message}`));
  return { status: 200, message: `Invitation sent to ${member.email}. The link in it works for ${INVITE_LINK_HOURS} hours.` };
}

async function changeRole(service: SupabaseClient, actor: string, body: Record<string, unknown>): Promise<Outcome> {
  const userId = uuidOfBody(body.userId);
  const role = roleOfBody(body.role);
  if (!userId || !role) return { status: 400, error: 'Choose a member and a role: staff or admin.' };
  const changed = await service.rpc('staff_set_role', { p_actor: actor, p_member: userId, p_role: role });
  if (changed.error) return refusalOrThrow(changed.error);
  if (changed.data === null) return { status: 404, error: 'That member has been removed, so their role cannot change. Reload the list.' };
  await setClaim(service, userId, role);
  return { status: 200, message: role === 'admin' ? 'They are an admin now.' : 'They are staff now (no longer an admin).' };
}

async function remove(service: SupabaseClient, actor: string, body: Record<string, unknown>): Promise<Outcome> {
  const userId = uuidOfBody(body.userId);
  if (!userId) return { status: 400, error: 'Choose the member to remove.' };
  // The database first: their access and sessions end in that transaction, before anything else.
  const removed = await service.rpc('staff_remove', { p_actor: actor, p_member: userId });
  if (removed.error) return refusalOrThrow(removed.error);
  if (removed.data !== true) return { status: 404, error: 'That member was removed already. Reload the list.' };
  await setClaim(service, userId, null);
  return { status: 200, message: 'Removed: their access and their sessions have ended.' };
}

function refusalOrThrow(error: { code?: string; message: string; hint?: string | null }): Outcome {
  const known = refusal(error);
  if (known) return known;
  throw new Error(error.message);
}

/** The account's app_metadata role, a copy of public.staff for the dashboard (null removes it). */
async function setClaim(service: SupabaseClient, userId: string, role: 'staff' | 'admin' | null): Promise<void> {
  const { error } = await service.auth.admin.updateUserById(userId, { app_metadata: { role } });
  if (error) throw new Error(`updateUserById: ${error.message}`);
}
