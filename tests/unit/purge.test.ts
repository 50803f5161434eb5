/**
 * The retention purge (supabase/functions/_shared/purge.ts, public.purge_expired), against a stand-in of its own
 * with the real supabase-js client: suspected spam left at the Spam stage longer than content/retention.yaml's
 * days is erased with its notes, its outbox rows and its resume file, and its history keeps only a 'deleted'
 * event; a dry run erases nothing; newer spam, and recent requests that are not spam, stay. Real records go
 * after their months: inquiries that never became clients and job applications, counted from their last
 * activity (arrival, a stage or owner change, a note; not an export); clients' inquiries, records inside their
 * period and records worked on since stay. Each run's counts are logged by rule; only the service role may run
 * it, through the purge function or the command, and never with applications under 12 months. It also sweeps
 * orphaned resumes (a file no application names, older than the grace period), leaving a fresh upload and a file
 * with its row. Who filed a record under Spam decides its rule: the spam rule takes what an admin filed, and
 * what the bot signals filed on arrival (an application only once 12 months old, the EEOC floor); what a plain
 * staff member moved there follows its list's months. An admin is one by public.staff (active, role 'admin'),
 * not by the account's app_metadata, both when they filed it and now. What is left is read back in SQL.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { describePurge, purgeExpired, type RetentionPeriods } from '../../supabase/functions/_shared/purge.ts';
import { clientsOf, consentGiven } from './formPosts.ts';
import { remainsOf, withOutboxRow } from './recordRemains.ts';

/** content/retention.yaml as shipped (the purge function and `npm run purge` read that file's periods). */
const PERIODS: RetentionPeriods = { suspectedSpam: { days: 30 }, inquiries: { months: 24, clientStages: ['became-a-client'] }, applications: { months: 18 } };
const DANA = '5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01'; // staff@example.com
/** The bytes of a stored resume (what they are does not matter to the purge). */
const PDF = Buffer.from('%PDF-1.4 a resume');

let supabase: LocalSupabase;
let clients: ReturnType<typeof clientsOf>;
let service: SupabaseClient;
let staff: SupabaseClient;

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0 });
  clients = clientsOf(supabase);
  service = clients.client(supabase.serviceRoleKey);
  staff = await clients.staff();
});

afterAll(async () => {
  await clients.stop();
  await supabase.close();
});

let made = 0;
/**
 * A request as the form function stores it (service role), with a note by staff, filed `daysAgo` days ago; with
 * `spam`, filed as suspected spam on arrival by the bot signals (`reason` says which). It arrived `arrivedMonthsAgo`
 * months ago (its created_at and 'created' event), or now.
 */
async function request(
  list: 'applications' | 'inquiries',
  { spam, daysAgo, resume = false, reason = 'sent faster than a person can', arrivedMonthsAgo = 0 }: { spam: boolean; daysAgo: number; resume?: boolean; reason?: string; arrivedMonthsAgo?: number },
) {
  made += 1;
  let resumeUrl: string | null = null;
  if (resume) {
    resumeUrl = `${randomUUID()}/${randomUUID()}.pdf`;
    const uploaded = await service.storage.from('resumes').upload(resumeUrl, PDF, { contentType: 'application/pdf' });
    expect(uploaded.error).toBeNull();
  }
  const table = list === 'applications' ? 'job_applications' : 'inquiries';
  const row =
    list === 'applications'
      ? { first_name: 'Rosa', last_name: `Santos-${made}`, email: `rosa${made}@example.com`, phone: '8605550142', position: 'companion-caregiver', experience: 'one-to-three-years', availability: 'flexible', cover_letter: 'I cared for my grandmother.', resume_url: resumeUrl }
      : { name: `Nora Quinn-${made}`, phone: '8605550199', email: `nora${made}@example.com`, care_for: 'a-parent', town: 'Groton', services: [], message: 'My mother has dementia and lives alone.', ...consentGiven() };
  const inserted = await service.from(table).insert({ ...row, ...(spam ? { spam_reason: reason } : {}) }).select('id, stage').single();
  expect(inserted.error).toBeNull();
  const id = (inserted.data as { id: string }).id;
  const note = await staff.from('record_notes').insert({ [list === 'applications' ? 'application_id' : 'inquiry_id']: id, body: 'Called: wrong number.' });
  expect(note.error).toBeNull();
  await supabase.db.query(`update public.${table} set stage_changed_at = now() - make_interval(days => $2) where id = $1`, [id, daysAgo]);
  if (arrivedMonthsAgo) {
    await supabase.db.transaction(async (tx) => {
      // The history's append-only trigger is held off to move the 'created' event back with the row.
      await tx.query('set local session_replication_role = replica');
      await tx.query(`update public.${table} set created_at = now() - make_interval(months => $2) where id = $1`, [id, arrivedMonthsAgo]);
      await tx.query("update public.record_events set at = now() - make_interval(months => $2) where record_id = $1 and kind = 'created'", [id, arrivedMonthsAgo]);
    });
  }
  await withOutboxRow(supabase, list, id);
  return { id, resumeUrl };
}

const leftOf = (id: string, resumeUrl: string | null) => remainsOf(supabase, id, resumeUrl);

/**
 * A real record that arrived `monthsAgo` months ago, written in SQL with its history at past times (as the
 * stand-in's demo data is): a note by staff when it arrived, `worked` events since (a stage change moves
 * stage_changed_at too), an outbox row and, for an application, a resume file.
 */
async function pastRecord(
  list: 'applications' | 'inquiries',
  { monthsAgo, stage = 'new', worked = [], resume = false }: { monthsAgo: number; stage?: string; worked?: Array<{ kind: 'stage' | 'owner' | 'note' | 'exported'; monthsAgo: number }>; resume?: boolean },
) {
  made += 1;
  const table = list === 'applications' ? 'job_applications' : 'inquiries';
  let resumeUrl: string | null = null;
  if (resume) {
    resumeUrl = `${randomUUID()}/${randomUUID()}.pdf`;
    expect((await service.storage.from('resumes').upload(resumeUrl, PDF, { contentType: 'application/pdf' })).error).toBeNull();
  }
  const at = (months: number) => `now() - make_interval(months => ${months})`;
  const values =
    list === 'applications'
      ? `'Ida', 'Marsh-${made}', 'ida${made}@example.com', '8605550123', 'companion-caregiver', 'no-experience', 'part-time', 'I looked after my aunt.', ${resumeUrl ? `'${resumeUrl}'` : 'null'}`
      : `'Walt Byrne-${made}', '8605550177', 'walt${made}@example.com', 'a-parent', 'Mystic', 'Dad fell twice this winter.', '${consentGiven().consent_version}', ${at(monthsAgo)}`;
  const columns = list === 'applications' ? 'first_name, last_name, email, phone, position, experience, availability, cover_letter, resume_url' : 'name, phone, email, care_for, town, message, consent_version, consented_at';
  // Written by the superuser: the 'created' event is stamped with created_at, stage_changed_at too.
  const id = (await supabase.db.query<{ id: string }>(`insert into public.${table} (created_at, stage, ${columns}) values (${at(monthsAgo)}, $1, ${values}) returning id`, [stage])).rows[0]!.id;
  // The note and the later work, at their own times: the triggers that stamp "now" are held off.
  await supabase.db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    const note = randomUUID();
    await tx.query(`insert into public.record_notes (id, ${list === 'applications' ? 'application_id' : 'inquiry_id'}, author, body, created_at) values ($1, $2, $3, 'Left a message.', ${at(monthsAgo)})`, [note, id, DANA]);
    await tx.query(`insert into public.record_events (list, record_id, kind, actor, note_id, at) values ($1, $2, 'note', $3, $4, ${at(monthsAgo)})`, [list, id, DANA, note]);
    for (const work of worked) {
      await tx.query(`insert into public.record_events (list, record_id, kind, actor, to_value, at) values ($1, $2, $3, $4, $5, ${at(work.monthsAgo)})`, [list, id, work.kind, DANA, work.kind === 'exported' ? 'csv' : work.kind === 'owner' ? DANA : stage]);
      if (work.kind === 'stage') await tx.query(`update public.${table} set stage_changed_at = ${at(work.monthsAgo)} where id = $1`, [id]);
    }
  });
  await withOutboxRow(supabase, list, id);
  return { id, resumeUrl };
}

/**
 * Files a record under Spam as `by` does in /admin (a 'stage' event in their name), then moves that filing back
 * `ago` (a Postgres interval: '31 days', '25 months'): the record's stage_changed_at and the event's time.
 */
async function fileAsSpam(list: 'applications' | 'inquiries', id: string, by: SupabaseClient, ago: string) {
  const table = list === 'applications' ? 'job_applications' : 'inquiries';
  const moved = await by.from(table).update({ stage: 'spam' }).eq('id', id).select('id');
  expect(moved.error).toBeNull();
  expect(moved.data).toHaveLength(1);
  await supabase.db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    await tx.query(`update public.${table} set stage_changed_at = now() - $2::interval where id = $1`, [id, ago]);
    await tx.query("update public.record_events set at = now() - $2::interval where id = (select max(id) from public.record_events where record_id = $1 and kind = 'stage')", [id, ago]);
  });
}

/** What a dry run of public.purge_expired would erase of these records, as 'rule:id' (the rule it would go under). */
async function wouldErase(ids: string[]): Promise<string[]> {
  const { data, error } = await service.rpc('purge_expired', { p_spam_days: 30, p_inquiry_months: 24, p_client_stages: ['became-a-client'], p_application_months: 18, p_dry_run: true });
  expect(error).toBeNull();
  return (data as Array<{ rule: string; id: string }>).filter((r) => ids.includes(r.id)).map((r) => `${r.rule}:${r.id}`).sort();
}

describe('the retention purge', () => {
  test('a dry run names what is past its period and erases nothing', async () => {
    const old = await request('inquiries', { spam: true, daysAgo: 31 });
    const report = await purgeExpired(service, PERIODS, { dryRun: true });
    expect(report.erased.inquiries).toBeGreaterThanOrEqual(1);
    expect(describePurge(report, PERIODS)).toMatch(
      /^Would erase \d+ inquir(y|ies) and \d+ applications? \(\d+ resumes?\); nothing was erased \(dry run\)\. By rule:\n  suspected spam filed over 30 days ago by an admin or the bot signals \(applications the bot signals filed once 12 months old\): [1-9]\d* inquir(y|ies), \d+ applications?\n/,
    );
    expect((await leftOf(old.id, null)).rows).toBe(1);
  });

  test('erases suspected spam older than its period with its notes and resume, leaving only its history without personal data', async () => {
    const application = await request('applications', { spam: true, daysAgo: 31, resume: true, arrivedMonthsAgo: 13 });
    const inquiry = await request('inquiries', { spam: true, daysAgo: 45 });
    const recentSpam = await request('inquiries', { spam: true, daysAgo: 29 });
    const oldReal = await request('applications', { spam: false, daysAgo: 400, resume: true });
    const before = Number((await supabase.db.query<{ n: number }>('select count(*)::int as n from public.retention_purges')).rows[0]!.n);

    const report = await purgeExpired(service, PERIODS);
    expect(report.resumeFailures).toEqual([]);
    expect(report.erased.applications).toBe(1);
    expect(report.erased.inquiries).toBeGreaterThanOrEqual(1);
    expect(report.resumes).toBe(1);

    for (const gone of [application, inquiry]) {
      const left = await leftOf(gone.id, gone.resumeUrl);
      expect(left).toMatchObject({ rows: 0, notes: 0, outbox: 0, resume: 0, bytes: 0 });
      expect(left.events).toEqual(['created', 'note', 'deleted']);
    }
    // The stand-in's file store holds no bytes for the resume either.
    expect((await supabase.db.query("select count(*)::int as n from standin.blobs where bucket_id = 'resumes' and name = $1", [application.resumeUrl])).rows[0]).toEqual({ n: 0 });
    // Nothing of the person is in the history: ids, kinds and times only.
    const history = JSON.stringify((await supabase.db.query('select * from public.record_events where record_id = $1', [inquiry.id])).rows);
    expect(history).not.toMatch(/Nora|nora|8605550199|dementia|Groton|wrong number/);

    for (const kept of [recentSpam, oldReal]) expect(await leftOf(kept.id, kept.resumeUrl)).toMatchObject({ rows: 1, notes: 1, resume: kept.resumeUrl ? 1 : 0 });
    const logged = (await supabase.db.query<{ rule: string; list: string; removed: number }>('select rule, list, removed from public.retention_purges order by id offset $1', [before])).rows;
    expect(logged).toEqual([
      { rule: 'spam', list: 'applications', removed: 1 },
      { rule: 'spam', list: 'inquiries', removed: report.erased.inquiries },
      { rule: 'period', list: 'applications', removed: 0 },
      { rule: 'period', list: 'inquiries', removed: 0 },
    ]);
    // Staff can read how many each run erased.
    expect((await staff.from('retention_purges').select('removed')).data?.length).toBeGreaterThanOrEqual(2);
  });

  test('a request moved back from Spam is not spam any more, however old', async () => {
    const moved = await request('inquiries', { spam: true, daysAgo: 60 });
    expect((await staff.from('inquiries').update({ stage: 'new' }).eq('id', moved.id)).error).toBeNull();
    await supabase.db.query('update public.inquiries set stage_changed_at = now() - make_interval(days => 60) where id = $1', [moved.id]);
    await purgeExpired(service, PERIODS);
    expect((await leftOf(moved.id, null)).rows).toBe(1);
  });

  test('only the service role may run it: staff, an admin, visitors and the anon key are refused', async () => {
    const args = { p_spam_days: 30, p_inquiry_months: 24, p_client_stages: ['became-a-client'], p_application_months: 18, p_dry_run: true };
    for (const caller of [staff, await clients.signedIn('admin@example.com', 'admin-demo-password'), clients.client(), await clients.visitor()]) {
      expect((await caller.rpc('purge_expired', args)).error?.code).toBe('42501');
    }
  });

  test('refuses applications kept under 12 months (EEOC), and client stages the database does not know', async () => {
    const args = { p_spam_days: 30, p_inquiry_months: 24, p_client_stages: ['became-a-client'], p_application_months: 18, p_dry_run: true };
    expect((await service.rpc('purge_expired', { ...args, p_application_months: 11 })).error?.message).toBe('p_application_months must be at least 12 (EEOC, 29 CFR 1602.14: one year), found 11');
    expect((await service.rpc('purge_expired', { ...args, p_client_stages: ['became-client'] })).error?.message).toBe('p_client_stages names "became-client", which is not a stage of inquiries');
    expect((await service.rpc('purge_expired', { ...args, p_client_stages: [] })).error?.code).toBe('22023');
    // The old call, of a purge function deployed before the periods, finds no function: it fails, it does not half-run.
    expect((await service.rpc('purge_expired', { p_spam_days: 30, p_dry_run: true })).error?.code).toBe('PGRST202');
  });
});

describe('the retention periods of real records', () => {
  test('an inquiry that never became a client goes 24 months after its last activity, with its notes and outbox rows; a client\'s stays, and so does one worked on since', async () => {
    const untouched = await pastRecord('inquiries', { monthsAgo: 25, stage: 'contacted' });
    const closed = await pastRecord('inquiries', { monthsAgo: 30, stage: 'not-a-fit' });
    const exportedOnly = await pastRecord('inquiries', { monthsAgo: 30, worked: [{ kind: 'exported', monthsAgo: 1 }] });
    const client = await pastRecord('inquiries', { monthsAgo: 40, stage: 'became-a-client' });
    const recent = await pastRecord('inquiries', { monthsAgo: 23 });
    const movedSince = await pastRecord('inquiries', { monthsAgo: 30, stage: 'assessment-booked', worked: [{ kind: 'stage', monthsAgo: 10 }] });
    const notedSince = await pastRecord('inquiries', { monthsAgo: 30, worked: [{ kind: 'note', monthsAgo: 3 }] });
    const takenSince = await pastRecord('inquiries', { monthsAgo: 30, worked: [{ kind: 'owner', monthsAgo: 20 }] });
    const before = Number((await supabase.db.query<{ n: number }>('select count(*)::int as n from public.retention_purges')).rows[0]!.n);

    const dry = await purgeExpired(service, PERIODS, { dryRun: true });
    expect(dry.byRule.period.inquiries).toBe(3);
    expect((await leftOf(untouched.id, null)).rows).toBe(1);

    const report = await purgeExpired(service, PERIODS);
    expect(report.byRule.period).toEqual({ inquiries: 3, applications: 0 });
    for (const gone of [untouched, closed, exportedOnly]) {
      const left = await leftOf(gone.id, null);
      expect(left).toMatchObject({ rows: 0, notes: 0, outbox: 0 });
      expect(left.events.at(-1)).toBe('deleted');
    }
    for (const kept of [client, recent, movedSince, notedSince, takenSince]) expect(await leftOf(kept.id, null)).toMatchObject({ rows: 1, notes: 1 });
    const history = JSON.stringify((await supabase.db.query('select * from public.record_events where record_id = $1', [untouched.id])).rows);
    expect(history).not.toMatch(/Walt|walt|8605550177|fell|Mystic|Left a message/);
    const logged = (await supabase.db.query<{ rule: string; list: string; removed: number }>('select rule, list, removed from public.retention_purges order by id offset $1', [before])).rows;
    expect(logged).toContainEqual({ rule: 'period', list: 'inquiries', removed: 3 });
  });

  test('a job application goes 18 months after its last activity, hired or not, with its resume; one decided within the year stays (EEOC)', async () => {
    const untouched = await pastRecord('applications', { monthsAgo: 19, resume: true });
    const hired = await pastRecord('applications', { monthsAgo: 24, stage: 'hired' });
    const recent = await pastRecord('applications', { monthsAgo: 17, resume: true });
    const decidedSince = await pastRecord('applications', { monthsAgo: 30, stage: 'not-a-fit', worked: [{ kind: 'stage', monthsAgo: 11 }] });

    const report = await purgeExpired(service, PERIODS);
    expect(report).toMatchObject({ byRule: { period: { applications: 2, inquiries: 0 } }, resumes: 1, resumeFailures: [] });
    expect(describePurge(report, PERIODS)).toBe(
      [
        'Erased 0 inquiries and 2 applications (1 resume). By rule:',
        '  suspected spam filed over 30 days ago by an admin or the bot signals (applications the bot signals filed once 12 months old): 0 inquiries, 0 applications',
        '  inquiries that never became clients (not at became-a-client), nothing done on them for 24 months: 0 inquiries',
        '  applications with nothing done on them for 18 months: 2 applications',
      ].join('\n'),
    );
    expect(await leftOf(untouched.id, untouched.resumeUrl)).toMatchObject({ rows: 0, notes: 0, outbox: 0, resume: 0, bytes: 0 });
    expect(await leftOf(hired.id, null)).toMatchObject({ rows: 0, notes: 0, outbox: 0 });
    expect(await leftOf(recent.id, recent.resumeUrl)).toMatchObject({ rows: 1, notes: 1, resume: 1, bytes: 1 });
    expect(await leftOf(decidedSince.id, null)).toMatchObject({ rows: 1, notes: 1 });
  });
});

describe('who filed it under Spam', () => {
  let admin: SupabaseClient;
  beforeAll(async () => {
    admin = await clients.signedIn('admin@example.com', 'admin-demo-password'); // Pat Morgan
  });

  test('a real application filed as spam by the honeypot (a password manager filled it) is still there after 31 days, with its resume', async () => {
    const filed = await request('applications', { spam: true, daysAgo: 31, resume: true, reason: 'the hidden field was filled in' });
    const report = await purgeExpired(service, PERIODS);
    expect(report.byRule.spam.applications).toBe(0);
    expect(await leftOf(filed.id, filed.resumeUrl)).toMatchObject({ rows: 1, notes: 1, resume: 1, bytes: 1 });
  });

  test('an application moved to Spam by plain staff (Dana) 31 days ago is still there', async () => {
    const moved = await request('applications', { spam: false, daysAgo: 0, resume: true });
    await fileAsSpam('applications', moved.id, staff, '31 days');
    expect(await wouldErase([moved.id])).toEqual([]);
    await purgeExpired(service, PERIODS);
    expect(await leftOf(moved.id, moved.resumeUrl)).toMatchObject({ rows: 1, notes: 1, resume: 1 });
  });

  test('an application filed under Spam by an admin (Pat Morgan) 31 days ago is erased with its resume, leaving its history', async () => {
    const filed = await request('applications', { spam: false, daysAgo: 0, resume: true });
    const recent = await request('applications', { spam: false, daysAgo: 0 });
    await fileAsSpam('applications', filed.id, admin, '31 days');
    await fileAsSpam('applications', recent.id, admin, '29 days');
    expect(await wouldErase([filed.id, recent.id])).toEqual([`spam:${filed.id}`]);
    const report = await purgeExpired(service, PERIODS);
    expect(report).toMatchObject({ byRule: { spam: { applications: 1 } }, resumeFailures: [] });
    const left = await leftOf(filed.id, filed.resumeUrl);
    expect(left).toMatchObject({ rows: 0, notes: 0, outbox: 0, resume: 0, bytes: 0 });
    expect(left.events).toEqual(['created', 'note', 'stage', 'deleted']);
    expect((await leftOf(recent.id, null)).rows).toBe(1);
  });

  test('an inquiry moved to Spam by plain staff follows the 24 months of inquiries: kept at 31 days and 23 months, erased at 25 under that rule', async () => {
    const lately = await request('inquiries', { spam: false, daysAgo: 0 });
    await fileAsSpam('inquiries', lately.id, staff, '31 days');
    const within = await pastRecord('inquiries', { monthsAgo: 23 });
    await fileAsSpam('inquiries', within.id, staff, '23 months');
    const past = await pastRecord('inquiries', { monthsAgo: 25 });
    await fileAsSpam('inquiries', past.id, staff, '25 months');
    expect(await wouldErase([lately.id, within.id, past.id])).toEqual([`period:${past.id}`]);
    await purgeExpired(service, PERIODS);
    for (const kept of [lately, within]) expect(await leftOf(kept.id, null)).toMatchObject({ rows: 1, notes: 1 });
    expect(await leftOf(past.id, null)).toMatchObject({ rows: 0, notes: 0, outbox: 0 });
  });

  test('an inquiry filed as spam by the honeypot is erased after 31 days under the spam rule (no legal floor for inquiries)', async () => {
    const filed = await request('inquiries', { spam: true, daysAgo: 31, reason: 'the hidden field was filled in' });
    expect(await wouldErase([filed.id])).toEqual([`spam:${filed.id}`]);
    await purgeExpired(service, PERIODS);
    expect(await leftOf(filed.id, null)).toMatchObject({ rows: 0, notes: 0, outbox: 0 });
  });

  test('an application filed as spam by the bot signals goes under the spam rule once 12 months old: at 13 months and 31 days at Spam it is erased, at 11 it stays', async () => {
    const old = await request('applications', { spam: true, daysAgo: 31, resume: true, arrivedMonthsAgo: 13 });
    const younger = await request('applications', { spam: true, daysAgo: 31, arrivedMonthsAgo: 11 });
    expect(await wouldErase([old.id, younger.id])).toEqual([`spam:${old.id}`]);
    await purgeExpired(service, PERIODS);
    expect(await leftOf(old.id, old.resumeUrl)).toMatchObject({ rows: 0, notes: 0, resume: 0, bytes: 0 });
    expect((await leftOf(younger.id, null)).rows).toBe(1);
  });

  /**
   * A new member, signed in: `claim` is their account's app_metadata.role (what their token says), `role` their
   * row's role in public.staff (what the database decides from).
   */
  async function member(claim: 'staff' | 'admin', role: 'staff' | 'admin'): Promise<{ id: string; client: SupabaseClient }> {
    made += 1;
    const email = `member${made}-${randomUUID().slice(0, 8)}@example.com`;
    const password = `member-password-${made}`;
    const created = await service.auth.admin.createUser({ email, password, email_confirm: true, app_metadata: { role: claim } });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect((await service.from('staff').insert({ user_id: id, display_name: `Member ${made}`, role })).error).toBeNull();
    return { id, client: await clients.signedIn(email, password) };
  }

  test('an admin demoted to plain staff in public.staff, whose account still claims admin, no longer makes their spam filing erasable after 31 days', async () => {
    const demoted = await member('admin', 'admin');
    const filed = await request('applications', { spam: false, daysAgo: 0, resume: true });
    await fileAsSpam('applications', filed.id, demoted.client, '31 days');
    expect(await wouldErase([filed.id])).toEqual([`spam:${filed.id}`]);
    expect((await service.from('staff').update({ role: 'staff' }).eq('user_id', demoted.id)).error).toBeNull();
    expect(await wouldErase([filed.id])).toEqual([]);
    await purgeExpired(service, PERIODS);
    expect(await leftOf(filed.id, filed.resumeUrl)).toMatchObject({ rows: 1, notes: 1, resume: 1, bytes: 1 });
  });

  test('an admin by their public.staff role, whose account claims only staff, files under Spam as an admin: erased after 31 days', async () => {
    const byRow = await member('staff', 'admin');
    const filed = await request('applications', { spam: false, daysAgo: 0, resume: true });
    await fileAsSpam('applications', filed.id, byRow.client, '31 days');
    expect(await wouldErase([filed.id])).toEqual([`spam:${filed.id}`]);
    await purgeExpired(service, PERIODS);
    expect(await leftOf(filed.id, filed.resumeUrl)).toMatchObject({ rows: 0, notes: 0, resume: 0, bytes: 0 });
  });

  test('what a plain staff member filed under Spam stays theirs after they are made admin (in public.staff and their claim): the normal period applies', async () => {
    const promoted = await member('staff', 'staff');
    const filed = await request('applications', { spam: false, daysAgo: 0 });
    await fileAsSpam('applications', filed.id, promoted.client, '31 days');
    expect((await service.from('staff').update({ role: 'admin' }).eq('user_id', promoted.id)).error).toBeNull();
    expect((await service.auth.admin.updateUserById(promoted.id, { app_metadata: { role: 'admin' } })).error).toBeNull();
    expect(await wouldErase([filed.id])).toEqual([]);
    // What they file as an admin, after the promotion, is an admin's filing.
    const later = await request('applications', { spam: false, daysAgo: 0 });
    await fileAsSpam('applications', later.id, promoted.client, '0 days');
    await supabase.db.transaction(async (tx) => {
      // At Spam 31 days by its stage_changed_at, its 'stage' event still after the promotion.
      await tx.query('set local session_replication_role = replica');
      await tx.query("update public.job_applications set stage_changed_at = now() - interval '31 days' where id = $1", [later.id]);
    });
    expect(await wouldErase([filed.id, later.id])).toEqual([`spam:${later.id}`]);
  });

  test('staff moving an admin\'s spam filing back and to Spam again makes it theirs: the normal period applies', async () => {
    const filed = await request('applications', { spam: false, daysAgo: 0 });
    await fileAsSpam('applications', filed.id, admin, '40 days');
    expect((await staff.from('job_applications').update({ stage: 'new' }).eq('id', filed.id)).error).toBeNull();
    await fileAsSpam('applications', filed.id, staff, '31 days');
    expect(await wouldErase([filed.id])).toEqual([]);
  });
});

describe('the sweep of orphaned resumes', () => {
  const upload = async (minutesAgo: number) => {
    const name = `${randomUUID()}/${randomUUID()}.pdf`;
    expect((await service.storage.from('resumes').upload(name, PDF, { contentType: 'application/pdf' })).error).toBeNull();
    await age(name, minutesAgo);
    return name;
  };
  const age = (name: string, minutesAgo: number) =>
    supabase.db.query("update storage.objects set created_at = now() - make_interval(mins => $2) where bucket_id = 'resumes' and name = $1", [name, minutesAgo]);
  const objects = async (names: string[]) =>
    (await supabase.db.query<{ name: string }>("select name from storage.objects where bucket_id = 'resumes' and name = any($1::text[])", [names])).rows.map((row) => row.name).sort();

  test('removes a resume no application names, uploaded 2 hours ago; keeps a fresh one and one with its row; a dry run removes nothing', async () => {
    const orphan = await upload(120);
    const fresh = await upload(1);
    const withRow = await request('applications', { spam: false, daysAgo: 1, resume: true });
    await age(withRow.resumeUrl!, 120);
    const all = [orphan, fresh, withRow.resumeUrl!];

    const dry = await purgeExpired(service, PERIODS, { dryRun: true });
    expect(dry.orphans).toBe(1);
    expect(describePurge(dry, PERIODS)).toContain('; nothing was erased (dry run). Would remove 1 orphaned resume file (named by no application, uploaded over 60 minutes ago).');
    expect(await objects(all)).toEqual([...all].sort());

    const run = await purgeExpired(service, PERIODS);
    expect(run).toMatchObject({ orphans: 1, resumeFailures: [] });
    expect(describePurge(run, PERIODS)).toContain('. Removed 1 orphaned resume file (named by no application, uploaded over 60 minutes ago).');
    expect(await objects(all)).toEqual([fresh, withRow.resumeUrl!].sort());
    expect((await supabase.db.query("select count(*)::int as n from standin.blobs where bucket_id = 'resumes' and name = $1", [orphan])).rows[0]).toEqual({ n: 0 });
    expect((await purgeExpired(service, PERIODS)).orphans).toBe(0);
  });

  test('a grace period shorter than 10 minutes is refused, and only the service role may list orphans', async () => {
    expect((await service.rpc('orphan_resumes', { p_grace_minutes: 0 })).error?.message).toBe('p_grace_minutes must be at least 10, found 0');
    expect((await staff.rpc('orphan_resumes')).error?.code).toBe('42501');
    expect((await clients.client().rpc('orphan_resumes')).error?.code).toBe('42501');
  });
});

describe('the purge function', () => {
  const call = (token: string, query = '') => fetch(`${supabase.url}/functions/v1/purge${query}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });

  test('runs with the service-role key, and refuses the anon key and a staff sign-in', async () => {
    const old = await request('inquiries', { spam: true, daysAgo: 40 });
    const dry = await call(supabase.serviceRoleKey, '?dry-run');
    expect(dry.status).toBe(200);
    expect(await dry.json()).toMatchObject({ dryRun: true, erased: { inquiries: 1 } });
    expect((await call(supabase.anonKey)).status).toBe(403);
    expect((await call((await staff.auth.getSession()).data.session!.access_token)).status).toBe(403);
    expect((await fetch(`${supabase.url}/functions/v1/purge`, { method: 'POST' })).status).toBe(401);
    expect((await leftOf(old.id, null)).rows).toBe(1);
    const run = await call(supabase.serviceRoleKey);
    expect(await run.json()).toMatchObject({ dryRun: false, erased: { inquiries: 1 }, resumeFailures: [] });
    expect((await leftOf(old.id, null)).rows).toBe(0);
  });
});

describe('npm run purge', () => {
  test('--dry-run prints what it would erase with the periods of content/retention.yaml, and erases nothing', async () => {
    const old = await request('applications', { spam: true, daysAgo: 31, resume: true, arrivedMonthsAgo: 13 });
    // Not spawnSync: the stand-in answering the command runs in this process.
    const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/purge.ts', '--dry-run'], {
      env: { ...process.env, SUPABASE_URL: supabase.url, SUPABASE_SERVICE_ROLE_KEY: supabase.serviceRoleKey },
      encoding: 'utf8',
    });
    expect(run.stderr).not.toContain('purge');
    expect(run.stdout).toContain(
      [
        `${supabase.url}: Would erase 0 inquiries and 1 application (1 resume); nothing was erased (dry run). By rule:`,
        '  suspected spam filed over 30 days ago by an admin or the bot signals (applications the bot signals filed once 12 months old): 0 inquiries, 1 application',
        '  inquiries that never became clients (not at became-a-client), nothing done on them for 24 months: 0 inquiries',
        '  applications with nothing done on them for 18 months: 0 applications',
      ].join('\n'),
    );
    expect((await leftOf(old.id, old.resumeUrl)).rows).toBe(1);
  });
});

describe('npm run purge without a backend', () => {
  /** A port nothing listens on: taken from the system, then let go. */
  async function freePort(): Promise<number> {
    const { createServer } = await import('node:net');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    return port;
  }
  const purge = (env: Record<string, string>) => {
    const { SUPABASE_URL: _url, SUPABASE_SERVICE_ROLE_KEY: _key, ...rest } = process.env;
    return promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/purge.ts', '--dry-run'], { env: { ...rest, ...env }, encoding: 'utf8' }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
  };

  test('with no stand-in running, it says which URL it tried and how to start one, not only "fetch failed"', async () => {
    const port = await freePort();
    const run = await purge({ LOCAL_SUPABASE_PORT: String(port) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`No backend answered at http://127.0.0.1:${port}`);
    expect(run.stderr).toMatch(/npm start.*npm run supabase:local/s);
    expect(run.stderr).toContain('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
  });

  test('with SUPABASE_URL set to an address where nothing answers, it names that URL and the variables to check', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const run = await purge({ SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: 'some-key' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`No backend answered at ${url}`);
    expect(run.stderr).toContain('SUPABASE_URL');
  });
});
