/**
 * The cap on instant replies as a whole (issue 39, item 2; 20261129000300_reply_cap.sql): real posts to the
 * stand-in's form functions, which store each request and deliver at once, to the local mail catcher. Forty
 * requests with forty addresses within a minute give the first `repliesPerHour` their reply and hold the rest;
 * staff are told of every request all the same; an admin sends or drops the held replies, nobody else can.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { MailCatcher } from '../../scripts/mail-catcher/server.ts';
import type { LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { loadContent } from '../../src/content/loader.ts';
import { deliverDue } from '../../supabase/functions/_shared/notify.ts';
import type { NotifyConfig } from '../../supabase/functions/_shared/outbox.ts';
import { APPLICANT, FAMILY, laterInOutbox, postApplication, postInquiry, startOutboxStack, type OutboxStack } from './outboxPosts.ts';

let stack: OutboxStack;
let catcher: MailCatcher;
let supabase: LocalSupabase;
let clients: OutboxStack['clients'];
let config: NotifyConfig;
let cap: number;

beforeAll(async () => {
  cap = (await loadContent()).site.notifications.repliesPerHour;
  stack = await startOutboxStack();
  ({ catcher, supabase, clients, config } = stack);
});

afterAll(() => stack?.close());

beforeEach(async () => {
  catcher.clear();
  await supabase.db.exec('delete from public.notification_outbox; delete from public.inquiries; delete from public.job_applications;');
});

const isReply = (subject: string) => !/^New (inquiry|job application)|new requests? from the website$/.test(subject);
const replies = () => catcher.messages.filter((mail) => isReply(mail.subject));
const staffMails = () => catcher.messages.filter((mail) => !isReply(mail.subject));
const address = (i: number) => `stranger-${i}@example.net`;

async function statuses(): Promise<Record<string, number>> {
  const rows = (await supabase.db.query<{ status: string; n: number }>('select status, count(*)::int as n from public.notification_outbox where acknowledgement group by status')).rows;
  return Object.fromEntries(rows.map((row) => [row.status, row.n]));
}

/** Until no row is held by a sender: the form functions deliver in the background after answering each post. */
async function sendersDone(): Promise<void> {
  const deadline = Date.now() + 10_000;
  const leased = async () => (await supabase.db.query("select 1 from public.notification_outbox where leased_until > now() and status = 'pending'")).rows.length;
  // Waited for with timers: a query of the in-process database resolves without one, and expect.poll's loop over
  // it would starve the very deliveries it waits for.
  while ((await leased()) > 0) {
    if (Date.now() > deadline) throw new Error('The senders did not finish within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What a schedule's run does, once the functions' own deliveries are over; and theirs, begun meanwhile, too. */
async function deliver(): Promise<void> {
  await sendersDone();
  await deliverDue(clients.client(supabase.serviceRoleKey), config);
  await sendersDone();
}

/** A signed-in client of one of the stand-in's demo accounts. */
const signedIn = (role: 'admin' | 'staff') => clients.signedIn(`${role}@example.com`, `${role}-demo-password`);

/**
 * Forty requests, each from an address of its own, within a minute: half inquiries, half applications, each
 * "name" a link, as the review's script typed them.
 */
async function flood(n = 40): Promise<void> {
  for (let i = 0; i < n; i++) {
    if (i % 2) await postApplication(supabase, { ...APPLICANT, first_name: `https://spam-${i}.example/win`, email: address(i) });
    else await postInquiry(supabase, { ...FAMILY, name: `https://spam-${i}.example/win now`, email: address(i) });
  }
}

describe('the cap on replies as a whole', () => {
  test('forty requests to forty addresses within a minute: the first replies go, the rest are held, staff hear of all forty', { timeout: 60_000 }, async () => {
    expect(cap).toBeGreaterThan(0);
    expect(cap).toBeLessThan(40);
    await flood();
    await deliver();
    expect(replies()).toHaveLength(cap);
    // No reply carries what the script typed: each greets no one by name.
    for (const mail of replies()) expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/spam-|\/win/);
    expect(await statuses()).toEqual({ sent: cap, capped: 40 - cap });
    // Staff are told of every request: one each up to the burst rule, the rest in the burst's summary (its window open).
    const folded = (await supabase.db.query<{ n: number }>("select count(*)::int as n from public.notification_outbox where not acknowledgement and burst_id is not null")).rows[0]!.n;
    expect(staffMails().length + folded).toBe(40);
    // The held replies are still held at the next runs, and after the hour: they wait for an admin.
    await laterInOutbox(supabase, 61);
    await deliver();
    expect(replies()).toHaveLength(cap);
  });

  test('while replies are held, a new request\'s reply waits behind them, even in a quiet hour', { timeout: 60_000 }, async () => {
    await flood(cap + 1);
    await deliver();
    expect(await statuses()).toEqual({ sent: cap, capped: 1 });
    await laterInOutbox(supabase, 61);
    await postInquiry(supabase, { ...FAMILY, email: 'real.family@example.com' });
    await deliver();
    expect(await statuses()).toEqual({ sent: cap, capped: 2 });
    expect(replies().some((mail) => mail.to.includes('real.family@example.com'))).toBe(false);
  });

  test('an admin sends one held reply and drops the rest; plain staff and visitors cannot; new replies flow again', { timeout: 60_000 }, async () => {
    await flood(cap + 3);
    await deliver();
    const held = (await supabase.db.query<{ id: string }>("select id from public.notification_outbox where status = 'capped' order by created_at")).rows.map((row) => row.id);
    expect(held).toHaveLength(3);

    // Staff see them (RLS: the dashboard's own query); only an admin decides.
    const staff = await signedIn('staff');
    const seen = await staff.from('notification_outbox').select('id', { count: 'exact', head: true }).eq('status', 'capped');
    expect(seen.count).toBe(3);
    const refused = await staff.rpc('decide_held_replies', { p_decision: 'send', p_ids: null });
    expect(refused.error?.code).toBe('42501');
    expect((await clients.client().rpc('decide_held_replies', { p_decision: 'drop', p_ids: null })).error).not.toBeNull();
    expect(await statuses()).toEqual({ sent: cap, capped: 3 });

    const admin = await signedIn('admin');
    expect((await admin.rpc('decide_held_replies', { p_decision: 'send', p_ids: [held[0]!] })).data).toBe(1);
    await deliver();
    // Sent whatever the cap says (an admin chose to), and the other two still wait.
    expect(replies().map((mail) => mail.to[0])).toContain(address(cap));
    expect(await statuses()).toEqual({ sent: cap + 1, capped: 2 });
    expect((await admin.rpc('decide_held_replies', { p_decision: 'drop', p_ids: null })).data).toBe(2);
    expect(await statuses()).toEqual({ sent: cap + 1, dropped: 2 });
    const decided = (await supabase.db.query<{ decided_by: string | null }>("select distinct decided_by from public.notification_outbox where decided_at is not null")).rows;
    expect(decided).toHaveLength(1);
    expect(decided[0]!.decided_by).not.toBeNull();
    expect((await admin.rpc('decide_held_replies', { p_decision: 'maybe', p_ids: null })).error?.code).toBe('22023');

    // Nothing is held any more, and an hour on, a new request's reply goes at once.
    await laterInOutbox(supabase, 61);
    await postInquiry(supabase, { ...FAMILY, email: 'real.family@example.com' });
    await deliver();
    expect(replies().some((mail) => mail.to.includes('real.family@example.com'))).toBe(true);
  });

  test('the cap counts replies as they leave: a quiet hour of requests under it holds nothing', { timeout: 60_000 }, async () => {
    await flood(cap);
    await deliver();
    expect(await statuses()).toEqual({ sent: cap });
    await laterInOutbox(supabase, 61);
    await flood(2);
    await deliver();
    expect(replies()).toHaveLength(cap + 2);
  });
});
