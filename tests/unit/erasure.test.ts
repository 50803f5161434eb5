/**
 * An admin's erasure of a record and the record of exports (supabase/migrations/20261126000200_erasure.sql,
 * 20261126000300_exports.sql), through the dashboard's own code (src/admin/erasure.ts, src/admin/export/record.ts)
 * and the real supabase-js client, signed in as each kind of user against a stand-in of its own. What is left is
 * read back as the database's superuser: after an erasure no row, note, outbox row or resume (object and bytes),
 * and exactly one new event, 'erased', by the admin, with nothing of the person. Staff, a signed-in non-staff
 * user and the anon key are refused by the database, and change nothing.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { purgeExpired } from '../../supabase/functions/_shared/purge.ts';
import type { Database } from '../../src/database.ts';
import { eraseRecord, GoneError } from '../../src/admin/erasure.ts';
import { recordExport } from '../../src/admin/export/record.ts';
import { LoadError } from '../../src/admin/records.ts';
import { clientsOf, consentGiven } from './formPosts.ts';
import { remainsOf, withOutboxRow } from './recordRemains.ts';

const PAT = '9d4a2c7e-1f5b-4e8d-a6c3-7b0e2f4d8a04'; // admin@example.com, admin
const PDF = Buffer.from('%PDF-1.4 a resume');

let supabase: LocalSupabase;
let clients: ReturnType<typeof clientsOf>;
let service: SupabaseClient;
let admin: SupabaseClient<Database>;
let staff: SupabaseClient<Database>;
let visitor: SupabaseClient<Database>;
let anon: SupabaseClient<Database>;

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0 });
  clients = clientsOf(supabase);
  service = clients.client(supabase.serviceRoleKey);
  admin = (await clients.signedIn('admin@example.com', 'admin-demo-password')) as SupabaseClient<Database>;
  staff = (await clients.staff()) as SupabaseClient<Database>;
  visitor = (await clients.visitor()) as SupabaseClient<Database>;
  anon = clients.client() as SupabaseClient<Database>;
});

afterAll(async () => {
  await clients.stop();
  await supabase.close();
});

/** An application as submit-application stores it (resume first, then the row), with a staff note and an outbox row. */
async function application() {
  const resumeUrl = `${randomUUID()}/${randomUUID()}.pdf`;
  expect((await service.storage.from('resumes').upload(resumeUrl, PDF, { contentType: 'application/pdf' })).error).toBeNull();
  const { data, error } = await service
    .from('job_applications')
    .insert({ first_name: 'Rosa', last_name: 'Santos', email: 'rosa.santos@example.com', phone: '8605550142', position: 'companion-caregiver', experience: 'one-to-three-years', availability: 'flexible', cover_letter: 'I cared for my grandmother.', resume_url: resumeUrl })
    .select('id')
    .single();
  expect(error).toBeNull();
  const id = (data as { id: string }).id;
  expect((await staff.from('record_notes').insert({ application_id: id, body: 'Called Rosa: interview on Monday.' })).error).toBeNull();
  await withOutboxRow(supabase, 'applications', id);
  return { id, resumeUrl };
}

async function inquiry() {
  const { data, error } = await service
    .from('inquiries')
    .insert({ name: 'Nora Quinn', phone: '8605550199', email: 'nora.quinn@example.com', care_for: 'a-parent', town: 'Groton', services: [], message: 'My mother has dementia.', ...consentGiven() })
    .select('id')
    .single();
  expect(error).toBeNull();
  const id = (data as { id: string }).id;
  expect((await staff.from('record_notes').insert({ inquiry_id: id, body: 'Spoke with Nora.' })).error).toBeNull();
  await withOutboxRow(supabase, 'inquiries', id);
  return { id, resumeUrl: null };
}

const PERSONAL = /Rosa|rosa|Santos|Nora|nora|Quinn|8605550142|8605550199|dementia|grandmother|Groton|interview|Spoke/;

describe('erasing a record', () => {
  test('by an admin leaves no row, note, outbox row or resume, and exactly one new event: erased, by the admin, with nothing of the person', async () => {
    const record = await application();
    const before = await remainsOf(supabase, record.id, record.resumeUrl);
    // Two outbox rows: the staff notification, and the reply to the applicant's address (issue 31).
    expect(before).toMatchObject({ rows: 1, notes: 1, outbox: 2, resume: 1, bytes: 1 });

    expect(await eraseRecord(admin, 'job_applications', record.id)).toEqual({ resume: 'removed' });
    const after = await remainsOf(supabase, record.id, record.resumeUrl);
    expect(after).toEqual({ rows: 0, notes: 0, outbox: 0, resume: 0, bytes: 0, events: [...before.events, 'erased'] });
    const erased = (await supabase.db.query<Record<string, unknown>>("select * from public.record_events where record_id = $1 and kind = 'erased'", [record.id])).rows;
    expect(erased).toEqual([expect.objectContaining({ list: 'applications', actor: PAT, from_value: null, to_value: null, note_id: null, at: expect.any(Date) })]);
    expect(Date.now() - (erased[0]!.at as Date).getTime()).toBeLessThan(60_000);
    expect(JSON.stringify((await supabase.db.query('select * from public.record_events where record_id = $1', [record.id])).rows)).not.toMatch(PERSONAL);
    // Staff read it in the history, as every event.
    expect((await staff.from('record_events').select('kind, actor').eq('record_id', record.id).eq('kind', 'erased')).data).toEqual([{ kind: 'erased', actor: PAT }]);
  });

  test('an inquiry too: no row, note or outbox row, its history ending with erased', async () => {
    const record = await inquiry();
    await eraseRecord(admin, 'inquiries', record.id);
    const after = await remainsOf(supabase, record.id);
    expect(after).toMatchObject({ rows: 0, notes: 0, outbox: 0 });
    expect(after.events).toEqual(['created', 'note', 'erased']);
  });

  test('staff, a signed-in non-staff user and the anon key are refused by the database, and nothing changes', async () => {
    const record = await application();
    const before = await remainsOf(supabase, record.id, record.resumeUrl);
    for (const caller of [staff, visitor, anon]) {
      const refused = await caller.rpc('erase_record', { p_list: 'applications', p_id: record.id });
      expect(refused.error?.code).toBe('42501');
      await expect(eraseRecord(caller, 'job_applications', record.id)).rejects.toBeInstanceOf(LoadError);
      // Nor can they remove the resume file through the Storage API.
      expect((await caller.storage.from('resumes').remove([record.resumeUrl])).data ?? []).toEqual([]);
    }
    expect((await staff.rpc('erase_record', { p_list: 'applications', p_id: record.id })).error?.message).toBe('Only an admin can erase a record');
    expect(await remainsOf(supabase, record.id, record.resumeUrl)).toEqual(before);
  });

  test('an admin cannot remove the resume of an application that still exists, and a record erased already is gone', async () => {
    const record = await application();
    expect((await admin.storage.from('resumes').remove([record.resumeUrl])).data).toEqual([]);
    expect((await remainsOf(supabase, record.id, record.resumeUrl)).resume).toBe(1);
    await eraseRecord(admin, 'job_applications', record.id);
    await expect(eraseRecord(admin, 'job_applications', record.id)).rejects.toBeInstanceOf(GoneError);
    expect((await admin.rpc('erase_record', { p_list: 'inquiries', p_id: randomUUID() })).error?.code).toBe('P0002');
    expect((await admin.rpc('erase_record', { p_list: 'people' as 'inquiries', p_id: record.id })).error?.code).toBe('22023');
    expect((await remainsOf(supabase, record.id)).events.filter((kind) => kind === 'erased')).toHaveLength(1);
  });

  test('a resume the dashboard could not remove is swept by the next purge once its hour of grace has passed', async () => {
    const record = await application();
    // The erasure in SQL alone, as when the browser lost its connection before removing the file.
    expect((await admin.rpc('erase_record', { p_list: 'applications', p_id: record.id })).error).toBeNull();
    expect(await remainsOf(supabase, record.id, record.resumeUrl)).toMatchObject({ rows: 0, resume: 1 });
    await supabase.db.query("update storage.objects set created_at = now() - interval '2 hours' where bucket_id = 'resumes' and name = $1", [record.resumeUrl]);
    const report = await purgeExpired(service, { suspectedSpam: { days: 30 }, inquiries: { months: 24, clientStages: ['became-a-client'] }, applications: { months: 18 } });
    expect(report.orphans).toBeGreaterThanOrEqual(1);
    expect(await remainsOf(supabase, record.id, record.resumeUrl)).toMatchObject({ resume: 0, bytes: 0 });
  });
});

describe('recording an export', () => {
  test('an admin\'s CSV export writes one line in record_exports and an exported event on each record still there', async () => {
    const [a, b] = [await inquiry(), await inquiry()];
    const gone = randomUUID();
    expect(await recordExport(admin, 'inquiries', 'csv', [a.id, b.id, gone], 'Stage: All; Owner: Anyone; Age: Any age; Search: 4 characters')).toBe(2);
    const logged = (await supabase.db.query('select actor, list, format, records, filter from public.record_exports order by id desc limit 1')).rows[0];
    expect(logged).toEqual({ actor: PAT, list: 'inquiries', format: 'csv', records: 2, filter: 'Stage: All; Owner: Anyone; Age: Any age; Search: 4 characters' });
    for (const record of [a, b]) {
      expect((await staff.from('record_events').select('kind, actor, to_value').eq('record_id', record.id).eq('kind', 'exported')).data).toEqual([{ kind: 'exported', actor: PAT, to_value: 'csv' }]);
    }
    expect((await supabase.db.query('select count(*)::int as n from public.record_events where record_id = $1', [gone])).rows[0]).toEqual({ n: 0 });
    // Staff see the log; nobody changes it, not even the database's owner.
    expect((await staff.from('record_exports').select('records').order('id', { ascending: false }).limit(1)).data).toEqual([{ records: 2 }]);
    await expect(supabase.db.query('delete from public.record_exports')).rejects.toThrow(/append-only/);
  });

  test('a JSON export is of one record that exists', async () => {
    const record = await application();
    expect(await recordExport(admin, 'applications', 'json', [record.id], 'One record')).toBe(1);
    expect((await supabase.db.query("select to_value from public.record_events where record_id = $1 and kind = 'exported'", [record.id])).rows).toEqual([{ to_value: 'json' }]);
    expect((await admin.rpc('record_export', { p_list: 'applications', p_format: 'json', p_ids: [record.id, record.id], p_filter: '' })).error?.code).toBe('22023');
    expect((await admin.rpc('record_export', { p_list: 'applications', p_format: 'json', p_ids: [randomUUID()], p_filter: '' })).error?.code).toBe('P0002');
  });

  test('staff, a signed-in non-staff user and the anon key cannot record (nor fake) an export', async () => {
    const record = await inquiry();
    const before = Number((await supabase.db.query<{ n: number }>('select count(*)::int as n from public.record_exports')).rows[0]!.n);
    for (const caller of [staff, visitor, anon]) {
      await expect(recordExport(caller, 'inquiries', 'csv', [record.id], '')).rejects.toThrow();
      expect((await caller.rpc('record_export', { p_list: 'inquiries', p_format: 'csv', p_ids: [record.id], p_filter: '' })).error?.code).toBe('42501');
    }
    expect(Number((await supabase.db.query<{ n: number }>('select count(*)::int as n from public.record_exports')).rows[0]!.n)).toBe(before);
    expect((await remainsOf(supabase, record.id)).events).toEqual(['created', 'note']);
  });
});
