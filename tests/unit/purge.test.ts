/**
 * The retention purge (supabase/functions/_shared/purge.ts, public.purge_expired), against a stand-in of its own
 * with the real supabase-js client: suspected spam left at the Spam stage longer than content/retention.yaml's
 * days is erased with its notes and its resume file, and its history keeps only a 'deleted' event; a dry run
 * erases nothing; newer spam, and old requests that are not spam, stay; each run's counts are logged; only the
 * service role may run it, through the purge function or the command. It also sweeps orphaned resumes (a file no
 * application names, older than the grace period), leaving a fresh upload and a file with its row. What is left is
 * read back in SQL.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { describePurge, purgeExpired } from '../../supabase/functions/_shared/purge.ts';
import { clientsOf } from './formPosts.ts';

const PERIODS = { suspectedSpam: { days: 30 } };
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
/** A request as the form function stores it (service role), with a note by staff, filed `daysAgo` days ago. */
async function request(list: 'applications' | 'inquiries', { spam, daysAgo, resume = false }: { spam: boolean; daysAgo: number; resume?: boolean }) {
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
      : { name: `Nora Quinn-${made}`, phone: '8605550199', email: `nora${made}@example.com`, care_for: 'a-parent', town: 'Groton', services: [], message: 'My mother has dementia and lives alone.' };
  const inserted = await service.from(table).insert({ ...row, ...(spam ? { spam_reason: 'sent faster than a person can' } : {}) }).select('id, stage').single();
  expect(inserted.error).toBeNull();
  const id = (inserted.data as { id: string }).id;
  const note = await staff.from('record_notes').insert({ [list === 'applications' ? 'application_id' : 'inquiry_id']: id, body: 'Called: wrong number.' });
  expect(note.error).toBeNull();
  await supabase.db.query(`update public.${table} set stage_changed_at = now() - make_interval(days => $2) where id = $1`, [id, daysAgo]);
  return { id, resumeUrl };
}

/** What the database still holds of a record: its row, its notes, its resume object, its events' kinds. */
async function leftOf(id: string, resumeUrl: string | null) {
  const count = async (sql: string, params: unknown[]) => Number((await supabase.db.query<{ n: number }>(sql, params)).rows[0]!.n);
  return {
    rows: (await count('select count(*)::int as n from public.job_applications where id = $1', [id])) + (await count('select count(*)::int as n from public.inquiries where id = $1', [id])),
    notes: await count('select count(*)::int as n from public.record_notes where application_id = $1 or inquiry_id = $1', [id]),
    resume: resumeUrl ? await count("select count(*)::int as n from storage.objects where bucket_id = 'resumes' and name = $1", [resumeUrl]) : 0,
    events: (await supabase.db.query<{ kind: string }>('select kind from public.record_events where record_id = $1 order by id', [id])).rows.map((row) => row.kind),
  };
}

describe('the retention purge', () => {
  test('a dry run names what is past its period and erases nothing', async () => {
    const old = await request('inquiries', { spam: true, daysAgo: 31 });
    const report = await purgeExpired(service, PERIODS, { dryRun: true });
    expect(report.erased.inquiries).toBeGreaterThanOrEqual(1);
    expect(describePurge(report, PERIODS)).toMatch(/^Would erase \d+ inquir(y|ies) and \d+ applications? \(\d+ resumes?\) filed as suspected spam over 30 days ago; nothing was erased \(dry run\)\.$/);
    expect((await leftOf(old.id, null)).rows).toBe(1);
  });

  test('erases suspected spam older than its period with its notes and resume, leaving only its history without personal data', async () => {
    const application = await request('applications', { spam: true, daysAgo: 31, resume: true });
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
      expect(left).toMatchObject({ rows: 0, notes: 0, resume: 0 });
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

  test('only the service role may run it: staff, visitors and the anon key are refused', async () => {
    const staffCall = await staff.rpc('purge_expired', { p_spam_days: 30 });
    expect(staffCall.error?.code).toBe('42501');
    const anonCall = await clients.client().rpc('purge_expired', { p_spam_days: 30 });
    expect(anonCall.error?.code).toBe('42501');
    const visitorCall = await (await clients.visitor()).rpc('purge_expired', { p_spam_days: 30 });
    expect(visitorCall.error?.code).toBe('42501');
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
    const old = await request('applications', { spam: true, daysAgo: 31, resume: true });
    // Not spawnSync: the stand-in answering the command runs in this process.
    const run = await promisify(execFile)(process.execPath, ['--experimental-websocket', '--import', 'tsx', 'scripts/purge.ts', '--dry-run'], {
      env: { ...process.env, SUPABASE_URL: supabase.url, SUPABASE_SERVICE_ROLE_KEY: supabase.serviceRoleKey },
      encoding: 'utf8',
    });
    expect(run.stderr).not.toContain('purge');
    expect(run.stdout).toContain(`${supabase.url}: Would erase 0 inquiries and 1 application (1 resume) filed as suspected spam over 30 days ago; nothing was erased (dry run).`);
    expect((await leftOf(old.id, old.resumeUrl)).rows).toBe(1);
  });
});
