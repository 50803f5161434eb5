/**
 * The staff workflow in the database (supabase/migrations/20261125*), driven through the local stand-in with the
 * real supabase-js client signed in as each kind of user, and raw HTTP where supabase-js would not send the
 * request: who may read and change a record's stage and owner, the history (record_events) nobody can rewrite,
 * notes (record_notes) written only in one's own name, staff profiles, the stage lookup tables, and the sync
 * that supabase/workflow.generated.sql runs. What the database stored is read back as its superuser.
 * The stand-in starts empty (no demo records): every record here is made by a test, as the service role.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyWorkflowStages } from '../../scripts/local-supabase/db.ts';
import { secretKey } from '../../scripts/local-supabase/keys.ts';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { clientsOf, consentGiven } from './formPosts.ts';

// The demo accounts of supabase/seed.sql.
const DANA = '5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01'; // staff@example.com, staff
const SAM = '3b8e6f12-9c4d-4a7e-b1f3-5d2c8a9e6b03'; // colleague@example.com, staff
const PAT = '9d4a2c7e-1f5b-4e8d-a6c3-7b0e2f4d8a04'; // admin@example.com, admin
const VISITOR = '7a2d9e41-6b3f-4f0a-8c27-1e9b5d3c4f02'; // visitor@example.com, signed in, not staff
// Made in beforeAll: a user whose staff profile is no longer active.
const FORMER = 'c4e8a1b2-7d3f-4a5e-9b6c-2f1d8e7a0b05';

const APPLICATION_STAGES = ['new', 'contacted', 'interview-booked', 'offer-made', 'hired', 'not-a-fit', 'withdrew', 'no-show', 'spam'];
const INQUIRY_STAGES = ['new', 'contacted', 'assessment-booked', 'became-a-client', 'not-a-fit', 'spam'];

type Row = Record<string, unknown>;
type UserKey = 'anon' | 'visitor' | 'staff' | 'colleague' | 'admin' | 'service';
interface User {
  client: SupabaseClient;
  /** The bearer token raw HTTP sends (the anon key for a stranger). */
  token: string;
  /** What auth.uid() is for this caller. */
  id: string | null;
}

let supabase: LocalSupabase;
let clients: ReturnType<typeof clientsOf>;
const users = {} as Record<UserKey, User>;

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0 });
  clients = clientsOf(supabase);
  await supabase.db.query(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', 'former@example.com', '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
    [FORMER],
  );
  await supabase.db.query("insert into public.staff (user_id, display_name, active) values ($1, 'Lee Former', false)", [FORMER]);

  const signedIn = async (email: string, password: string, id: string): Promise<User> => {
    const client = await clients.signedIn(email, password);
    return { client, token: (await client.auth.getSession()).data.session!.access_token, id };
  };
  users.anon = { client: clients.client(), token: supabase.anonKey, id: null };
  users.service = { client: clients.client(supabase.serviceRoleKey), token: supabase.serviceRoleKey, id: null };
  users.visitor = await signedIn('visitor@example.com', 'visitor-demo-password', VISITOR);
  users.staff = await signedIn('staff@example.com', 'staff-demo-password', DANA);
  users.colleague = await signedIn('colleague@example.com', 'colleague-demo-password', SAM);
  users.admin = await signedIn('admin@example.com', 'admin-demo-password', PAT);
});

afterAll(async () => {
  await clients.stop();
  await supabase.close();
});

const APPLICATION = {
  first_name: 'Rosa', last_name: 'Santos', email: 'rosa@example.com', phone: '8605550142', position: 'companion-caregiver',
  experience: 'one-to-three-years', availability: 'flexible', cover_letter: 'I cared for my grandmother for three years.',
};
const INQUIRY = {
  name: 'Nora Quinn', phone: '8605550199', email: 'nora@example.com', care_for: 'a-parent', town: 'Groton',
  services: ['companion-care'], message: 'Help for my mother, three mornings a week.', ...consentGiven(),
};

/** An application as the submit-application function stores it (service role), with a resume key. */
async function newApplication(extra: Row = {}): Promise<Row> {
  const { data, error } = await users.service.client.from('job_applications').insert({ ...APPLICATION, resume_url: `${randomUUID()}/${randomUUID()}.pdf`, ...extra }).select().single();
  if (error) throw new Error(`could not make an application: ${error.message}`);
  return data as Row;
}

async function newInquiry(extra: Row = {}): Promise<Row> {
  const { data, error } = await users.service.client.from('inquiries').insert({ ...INQUIRY, ...extra }).select().single();
  if (error) throw new Error(`could not make an inquiry: ${error.message}`);
  return data as Row;
}

const LISTS = [
  { list: 'applications', table: 'job_applications', make: newApplication, sent: APPLICATION as Row },
  { list: 'inquiries', table: 'inquiries', make: newInquiry, sent: INQUIRY as Row },
] as const;

/** A row exactly as the database holds it, read as its superuser (RLS does not apply). */
async function stored(table: string, id: unknown): Promise<Row | undefined> {
  return (await supabase.db.query<Row>(`select * from public.${table} where id = $1`, [id])).rows[0];
}

/** A record's history as stored, oldest first. */
async function eventsOf(recordId: unknown): Promise<Row[]> {
  const { rows } = await supabase.db.query<Row>(
    'select list, kind, actor, from_value, to_value, note_id from public.record_events where record_id = $1 order by id',
    [recordId],
  );
  return rows;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  return Number((await supabase.db.query<{ n: number }>(`select count(*)::int as n from (${sql}) as q`, params)).rows[0]!.n);
}

/** A request as supabase-js would not send it: any method, body and headers, with the caller's key and token. */
async function http(who: UserKey, method: string, pathAndQuery: string, { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {}) {
  const { token } = users[who];
  const response = await fetch(`${supabase.url}${pathAndQuery}`, {
    method,
    headers: {
      apikey: who === 'service' ? supabase.serviceRoleKey : supabase.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Row | Row[] | null };
}

/** A staff member's token for a user the test makes up (no sign-in), as GoTrue would sign it. */
async function tokenFor(sub: string, appMetadata: Row): Promise<string> {
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated', app_metadata: appMetadata, user_metadata: {} })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime('1h').sign(secretKey);
}

const REFUSED = { code: '42501' };

describe('the RLS matrix of the new tables', () => {
  const readers: Array<{ who: UserKey; label: string; reads: boolean }> = [
    { who: 'anon', label: 'a stranger (anon key)', reads: false },
    { who: 'visitor', label: 'a signed-in non-staff user', reads: false },
    { who: 'staff', label: 'a staff member', reads: true },
    { who: 'admin', label: 'an admin', reads: true },
    { who: 'service', label: 'the service role', reads: true },
  ];

  for (const { who, label, reads } of readers) {
    test(`${label} ${reads ? 'reads' : 'reads nothing of'} the staff profiles, both stage lists, the history and the notes`, async () => {
      const record = await newInquiry();
      const note = await users.staff.client.from('record_notes').insert({ inquiry_id: record.id, body: 'Called; left a message.' }).select().single();
      expect(note.error).toBeNull();
      const c = users[who].client;
      const staff = await c.from('staff').select('display_name, active').order('display_name');
      const applicationStages = await c.from('application_stages').select('code').order('position');
      const inquiryStages = await c.from('inquiry_stages').select('code').order('position');
      const events = await c.from('record_events').select('kind, actor').eq('record_id', record.id).order('id');
      const notes = await c.from('record_notes').select('body, author').eq('inquiry_id', record.id);
      if (reads) {
        expect(staff.data).toEqual([
          { display_name: 'Dana Reyes', active: true },
          { display_name: 'Lee Former', active: false },
          { display_name: 'Pat Morgan', active: true },
          { display_name: 'Sam Okafor', active: true },
        ]);
        expect(applicationStages.data?.map((s) => s.code)).toEqual(APPLICATION_STAGES);
        expect(inquiryStages.data?.map((s) => s.code)).toEqual(INQUIRY_STAGES);
        expect(events.data).toEqual([{ kind: 'created', actor: null }, { kind: 'note', actor: DANA }]);
        expect(notes.data).toEqual([{ body: 'Called; left a message.', author: DANA }]);
      } else if (who === 'anon') {
        // anon holds no privilege on any of them: PostgREST answers 401 with the SQLSTATE.
        for (const answer of [staff, applicationStages, inquiryStages, events, notes]) {
          expect(answer.status).toBe(401);
          expect(answer.error).toMatchObject(REFUSED);
        }
      } else {
        // authenticated may SELECT, and RLS hides every row from a non-staff user.
        for (const answer of [staff, applicationStages, inquiryStages, events, notes]) expect(answer).toMatchObject({ error: null, data: [] });
      }
    });
  }

  const writers: Array<{ who: UserKey; label: string }> = [
    { who: 'anon', label: 'a stranger' },
    { who: 'visitor', label: 'a signed-in non-staff user' },
    { who: 'staff', label: 'a staff member' },
    { who: 'admin', label: 'an admin' },
  ];
  for (const { who, label } of writers) {
    test(`${label} cannot add, change or remove a staff profile or a stage`, async () => {
      const c = users[who].client;
      const status = who === 'anon' ? 401 : 403;
      const attempts = [
        c.from('staff').insert({ user_id: VISITOR, display_name: 'Visitor' }).select(),
        c.from('staff').update({ display_name: 'Someone else', active: false }).eq('user_id', DANA).select(),
        c.from('staff').delete().eq('user_id', SAM).select(),
        c.from('application_stages').insert({ code: 'ghosted', label: 'Ghosted', position: 99 }).select(),
        c.from('application_stages').update({ label: 'Renamed' }).eq('code', 'new').select(),
        c.from('application_stages').delete().eq('code', 'withdrew').select(),
        c.from('inquiry_stages').insert({ code: 'ghosted', label: 'Ghosted', position: 99 }).select(),
        c.from('inquiry_stages').update({ closed: true }).eq('code', 'new').select(),
        c.from('inquiry_stages').delete().eq('code', 'spam').select(),
      ];
      for (const answer of await Promise.all(attempts)) {
        expect(answer.error).toMatchObject(REFUSED);
        expect(answer.status).toBe(status);
      }
      expect(await count('select 1 from public.staff')).toBe(4);
      expect((await supabase.db.query<Row>("select display_name, active from public.staff where user_id = $1", [DANA])).rows).toEqual([{ display_name: 'Dana Reyes', active: true }]);
      expect((await supabase.db.query<{ code: string }>('select code from public.application_stages order by position')).rows.map((r) => r.code)).toEqual(APPLICATION_STAGES);
      expect((await supabase.db.query<Row>("select code, label, closed from public.inquiry_stages where code = 'new'")).rows).toEqual([{ code: 'new', label: 'New', closed: false }]);
      expect((await supabase.db.query<{ code: string }>('select code from public.inquiry_stages order by position')).rows.map((r) => r.code)).toEqual(INQUIRY_STAGES);
    });
  }

  test('only the service role writes staff profiles: it adds, renames and removes one', async () => {
    const service = users.service.client;
    const added = await service.from('staff').insert({ user_id: VISITOR, display_name: 'Vic Visitor' }).select('user_id, display_name, active').single();
    expect(added).toMatchObject({ error: null, data: { user_id: VISITOR, display_name: 'Vic Visitor', active: true } });
    const renamed = await service.from('staff').update({ display_name: 'Vic V.' }).eq('user_id', VISITOR).select('display_name').single();
    expect(renamed.data).toEqual({ display_name: 'Vic V.' });
    expect((await service.from('staff').delete().eq('user_id', VISITOR).select('user_id')).data).toEqual([{ user_id: VISITOR }]);
    expect(await count('select 1 from public.staff where user_id = $1', [VISITOR])).toBe(0);
    // A profile names a real user, and a name is never blank.
    expect((await service.from('staff').insert({ user_id: randomUUID(), display_name: 'Nobody' })).error?.code).toBe('23503');
    expect((await service.from('staff').insert({ user_id: VISITOR, display_name: '   ' })).error?.code).toBe('23514');
  });

  test('not even the service role writes the stage tables through the API: only the generated SQL does', async () => {
    const service = users.service.client;
    const record = await newApplication();
    const removed = await service.from('application_stages').delete().eq('code', 'new').select();
    expect(removed.error).toMatchObject({ code: '42501' });
    const relabelled = await service.from('application_stages').update({ label: 'Just arrived' }).eq('code', 'new').select('code, label');
    expect(relabelled.error).toMatchObject({ code: '42501' });
    const added = await service.from('inquiry_stages').insert({ code: 'extra', label: 'Extra', position: 99, closed: false }).select();
    expect(added.error).toMatchObject({ code: '42501' });
    expect((await supabase.db.query("select label from public.application_stages where code = 'new'")).rows).toEqual([{ label: 'New' }]);
    expect((await stored('job_applications', record.id))?.stage).toBe('new');
  });
});

describe('stage and owner: staff move a record on, and change nothing else', () => {
  for (const { list, table, make } of LISTS) {
    test(`a staff member changes the stage and owner of one of the ${list}, and the database stamps stage_changed_at and writes both events`, async () => {
      const record = await make();
      const before = Date.now();
      const { data, error, status } = await users.staff.client.from(table).update({ stage: 'contacted', owner: SAM }).eq('id', record.id).select();
      expect(error).toBeNull();
      expect(status).toBe(200);
      expect(data).toHaveLength(1);
      const [row] = data as Row[];
      expect(row).toMatchObject({ id: record.id, stage: 'contacted', owner: SAM });
      const stamped = Date.parse(row!.stage_changed_at as string);
      expect(stamped).toBeGreaterThan(Date.parse(record.stage_changed_at as string));
      expect(stamped).toBeGreaterThanOrEqual(before - 1000);
      expect(stamped).toBeLessThanOrEqual(Date.now() + 1000);
      expect(await eventsOf(record.id)).toEqual([
        { list, kind: 'created', actor: null, from_value: null, to_value: 'new', note_id: null },
        { list, kind: 'stage', actor: DANA, from_value: 'new', to_value: 'contacted', note_id: null },
        { list, kind: 'owner', actor: DANA, from_value: null, to_value: SAM, note_id: null },
      ]);
    });
  }

  test('an admin works a record too: takes it, moves it, gives it back to nobody, each an event with the admin as actor', async () => {
    const record = await newInquiry();
    const admin = users.admin.client;
    expect((await admin.from('inquiries').update({ owner: PAT }).eq('id', record.id).select('owner')).data).toEqual([{ owner: PAT }]);
    expect((await admin.from('inquiries').update({ stage: 'became-a-client' }).eq('id', record.id).select('stage')).data).toEqual([{ stage: 'became-a-client' }]);
    expect((await admin.from('inquiries').update({ owner: null }).eq('id', record.id).select('owner')).data).toEqual([{ owner: null }]);
    expect((await eventsOf(record.id)).map(({ kind, actor, from_value, to_value }) => [kind, actor, from_value, to_value])).toEqual([
      ['created', null, null, 'new'],
      ['owner', PAT, null, PAT],
      ['stage', PAT, 'new', 'became-a-client'],
      ['owner', PAT, PAT, null],
    ]);
  });

  test('changing only the owner leaves stage_changed_at as it was, and setting the same stage writes no event', async () => {
    const record = await newApplication();
    const staff = users.staff.client;
    const owned = await staff.from('job_applications').update({ owner: DANA }).eq('id', record.id).select('stage_changed_at').single();
    expect(owned.data?.stage_changed_at).toBe(record.stage_changed_at);
    const same = await staff.from('job_applications').update({ stage: 'new' }).eq('id', record.id).select('stage_changed_at').single();
    expect(same.data?.stage_changed_at).toBe(record.stage_changed_at);
    expect((await eventsOf(record.id)).map((e) => e.kind)).toEqual(['created', 'owner']);
  });

  test('a stale change, filtered on the stage and stage_changed_at staff last read, matches no row and changes nothing', async () => {
    const record = await newInquiry();
    const staff = users.staff.client;
    const read = (await staff.from('inquiries').select('stage, stage_changed_at').eq('id', record.id).single()).data as Row;
    // A colleague moves it on first.
    const moved = await users.colleague.client.from('inquiries').update({ stage: 'contacted' }).eq('id', record.id).eq('stage', read.stage).eq('stage_changed_at', read.stage_changed_at).select().single();
    expect(moved.data).toMatchObject({ stage: 'contacted' });

    const stale = await staff.from('inquiries').update({ stage: 'not-a-fit', owner: DANA }).eq('id', record.id).eq('stage', read.stage).eq('stage_changed_at', read.stage_changed_at).select();
    expect(stale).toMatchObject({ error: null, data: [] });
    // Only the stage_changed_at filter is stale: the colleague's stamp no longer matches either.
    const staleStamp = await staff.from('inquiries').update({ stage: 'not-a-fit' }).eq('id', record.id).eq('stage', 'contacted').eq('stage_changed_at', read.stage_changed_at).select();
    expect(staleStamp).toMatchObject({ error: null, data: [] });
    expect(await stored('inquiries', record.id)).toMatchObject({ stage: 'contacted', owner: null, stage_changed_at: new Date(moved.data!.stage_changed_at as string) });
    expect((await eventsOf(record.id)).map(({ kind, actor, to_value }) => [kind, actor, to_value])).toEqual([['created', null, 'new'], ['stage', SAM, 'contacted']]);
  });

  const visitorColumns: Record<string, Row> = {
    job_applications: {
      id: randomUUID(), created_at: '2000-01-01T00:00:00Z', first_name: 'Mallory', last_name: 'Forger', email: 'mallory@example.com',
      phone: '000', position: 'care-scheduling-coordinator', experience: 'no-experience', availability: 'weekends-only',
      has_transportation: true, has_license: true, cover_letter: 'Rewritten', resume_url: null, stage_changed_at: '2000-01-01T00:00:00Z',
    },
    inquiries: {
      id: randomUUID(), created_at: '2000-01-01T00:00:00Z', name: 'Mallory', phone: '000', email: 'mallory@example.com', care_for: 'myself',
      town: 'Elsewhere', services: [], message: 'Rewritten', call_time: 'evening', page: '/elsewhere', stage_changed_at: '2000-01-01T00:00:00Z',
      consent_version: '2000-01-01', consented_at: '2000-01-01T00:00:00Z',
    },
  };
  for (const { list, table, make, sent } of LISTS) {
    test(`staff and admins cannot change what the visitor sent in one of the ${list}, its id, its times, nor a stage together with them`, async () => {
      const record = await make();
      const original = await stored(table, record.id);
      for (const who of ['staff', 'admin'] as const) {
        for (const [column, value] of Object.entries(visitorColumns[table]!)) {
          const { error, status } = await users[who].client.from(table).update({ [column]: value }).eq('id', record.id).select();
          expect({ column, status, code: error?.code, message: error?.message }).toEqual({ column, status: 403, code: '42501', message: `permission denied for table ${table}` });
        }
        // One privileged column and one that is not: the whole change is refused.
        const mixed = await users[who].client.from(table).update({ stage: 'contacted', email: 'x@example.com' }).eq('id', record.id).select();
        expect(mixed.error).toMatchObject(REFUSED);
      }
      expect(await stored(table, record.id)).toEqual(original);
      expect((await eventsOf(record.id)).map((e) => e.kind)).toEqual(['created']);
    });

    test(`staff and admins cannot insert or delete one of the ${list}`, async () => {
      const record = await make();
      for (const who of ['staff', 'admin'] as const) {
        const insert = await users[who].client.from(table).insert(sent).select();
        expect(insert.error).toMatchObject(REFUSED);
        expect(insert.status).toBe(403);
        const remove = await users[who].client.from(table).delete().eq('id', record.id).select();
        expect(remove.error).toMatchObject(REFUSED);
      }
      expect(await stored(table, record.id)).toBeDefined();
      expect((await eventsOf(record.id)).map((e) => e.kind)).toEqual(['created']);
    });

    test(`a stranger and a signed-in non-staff user see none of the ${list} and change nothing`, async () => {
      const record = await make();
      const original = await stored(table, record.id);
      const anon = users.anon.client;
      expect(await anon.from(table).select('*').eq('id', record.id)).toMatchObject({ status: 401, error: REFUSED });
      for (const attempt of [
        anon.from(table).update({ stage: 'contacted', owner: DANA }).eq('id', record.id).select(),
        anon.from(table).delete().eq('id', record.id).select(),
        anon.from(table).insert(sent).select(),
      ]) expect(await attempt).toMatchObject({ status: 401, error: REFUSED });

      const visitor = users.visitor.client;
      expect(await visitor.from(table).select('*').eq('id', record.id)).toMatchObject({ error: null, data: [] });
      // authenticated holds UPDATE (stage, owner); RLS leaves the non-staff user no row to change.
      expect(await visitor.from(table).update({ stage: 'contacted', owner: DANA }).eq('id', record.id).select()).toMatchObject({ error: null, data: [] });
      expect(await visitor.from(table).update({ email: 'x@example.com' }).eq('id', record.id).select()).toMatchObject({ status: 403, error: REFUSED });
      expect(await visitor.from(table).delete().eq('id', record.id).select()).toMatchObject({ status: 403, error: REFUSED });
      expect(await visitor.from(table).insert(sent).select()).toMatchObject({ status: 403, error: REFUSED });

      expect(await stored(table, record.id)).toEqual(original);
      expect((await eventsOf(record.id)).map((e) => e.kind)).toEqual(['created']);
    });

    test(`a stage that one of the ${list} does not have is refused by the foreign key`, async () => {
      const record = await make();
      const otherListOnly = table === 'job_applications' ? 'assessment-booked' : 'interview-booked';
      for (const stage of ['archived', otherListOnly, 'New', '']) {
        const { error, status } = await users.staff.client.from(table).update({ stage }).eq('id', record.id).select();
        expect({ stage, status, code: error?.code, message: error?.message }).toEqual({
          stage, status: 409, code: '23503', message: `insert or update on table "${table}" violates foreign key constraint "${table}_stage_fkey"`,
        });
      }
      expect((await stored(table, record.id))?.stage).toBe('new');
      expect((await eventsOf(record.id)).map((e) => e.kind)).toEqual(['created']);
    });

    test(`an owner of one of the ${list} must be an active staff member: not the visitor, a made-up id or a former staff member`, async () => {
      const record = await make();
      for (const owner of [VISITOR, randomUUID(), FORMER]) {
        const { error, status } = await users.staff.client.from(table).update({ owner }).eq('id', record.id).select();
        expect(status).toBe(409);
        expect(error).toMatchObject({
          code: '23503',
          message: `The owner ${owner} is not an active staff member`,
          hint: 'Give the record to a colleague in the staff list, or to nobody.',
        });
      }
      // The service role is held to it as well when it files a record.
      expect((await users.service.client.from(table).insert({ ...sent, owner: FORMER })).error?.code).toBe('23503');
      expect((await stored(table, record.id))?.owner).toBeNull();
      expect((await eventsOf(record.id)).map((e) => e.kind)).toEqual(['created']);
    });
  }

  test('a record keeps an owner who later leaves, and can still be moved on; it cannot be given back to them', async () => {
    const record = await newApplication();
    await users.staff.client.from('job_applications').update({ owner: SAM }).eq('id', record.id);
    await supabase.db.query('update public.staff set active = false where user_id = $1', [SAM]);
    try {
      const moved = await users.staff.client.from('job_applications').update({ stage: 'contacted' }).eq('id', record.id).select('stage, owner');
      expect(moved.data).toEqual([{ stage: 'contacted', owner: SAM }]);
      expect((await users.staff.client.from('job_applications').update({ owner: DANA }).eq('id', record.id).select('owner')).data).toEqual([{ owner: DANA }]);
      expect((await users.staff.client.from('job_applications').update({ owner: SAM }).eq('id', record.id).select()).error?.code).toBe('23503');
    } finally {
      await supabase.db.query('update public.staff set active = true where user_id = $1', [SAM]);
    }
  });

  test('a new record filed by the service role starts at the content\'s first stage, with a created event by nobody', async () => {
    for (const { list, table, make } of LISTS) {
      const record = await make();
      expect(record).toMatchObject({ stage: 'new', owner: null, stage_changed_at: record.created_at });
      expect(await eventsOf(record.id)).toEqual([{ list, kind: 'created', actor: null, from_value: null, to_value: 'new', note_id: null }]);
      expect((await stored(table, record.id))?.stage).toBe('new');
    }
    // The function may file suspected spam straight at the spam stage.
    const spam = await newInquiry({ stage: 'spam' });
    expect(spam.stage).toBe('spam');
    expect((await eventsOf(spam.id)).map(({ kind, to_value }) => [kind, to_value])).toEqual([['created', 'spam']]);
  });

  test('the service role may move a record too; its events have no actor', async () => {
    const record = await newApplication();
    const moved = await users.service.client.from('job_applications').update({ stage: 'hired', owner: PAT }).eq('id', record.id).select('stage, owner').single();
    expect(moved.data).toEqual({ stage: 'hired', owner: PAT });
    expect((await eventsOf(record.id)).map(({ kind, actor, to_value }) => [kind, actor, to_value])).toEqual([['created', null, 'new'], ['stage', null, 'hired'], ['owner', null, PAT]]);
  });

  test('a record removed by the service role leaves a deleted event, and its notes go with it without an event each', async () => {
    const record = await newApplication();
    const note = await users.staff.client.from('record_notes').insert({ application_id: record.id, body: 'Asked for references.' }).select().single();
    expect(note.error).toBeNull();
    expect((await users.service.client.from('job_applications').delete().eq('id', record.id).select('id')).data).toEqual([{ id: record.id }]);
    expect(await count('select 1 from public.record_notes where application_id = $1', [record.id])).toBe(0);
    expect((await eventsOf(record.id)).map(({ kind, actor }) => [kind, actor])).toEqual([['created', null], ['note', DANA], ['deleted', null]]);
  });
});

describe('suspected spam: stored apart, at the spam stage, and moved back by staff with one change', () => {
  test('a record the function files with a spam_reason starts at its list\'s spam stage, with a created event at it', async () => {
    for (const { list, make } of LISTS) {
      const record = await make({ spam_reason: 'The hidden field that people never see was filled in.' });
      expect(record).toMatchObject({ stage: 'spam', spam_reason: 'The hidden field that people never see was filled in.' });
      expect((await eventsOf(record.id)).map(({ list: of, kind, to_value }) => [of, kind, to_value])).toEqual([[list, 'created', 'spam']]);
    }
  });

  test('staff move it back to New with one update; the reason stays as the function wrote it, and staff cannot write one', async () => {
    for (const { table, make } of LISTS) {
      const record = await make({ spam_reason: 'Sent 120 ms after the page began to load.' });
      const moved = await users.staff.client.from(table).update({ stage: 'new' }).eq('id', record.id).select('stage, spam_reason');
      expect(moved.data).toEqual([{ stage: 'new', spam_reason: 'Sent 120 ms after the page began to load.' }]);
      // Only stage and owner are staff's to write (column privileges).
      const written = await users.staff.client.from(table).update({ spam_reason: null } as never).eq('id', record.id).select();
      expect(written.error?.code).toBe('42501');
    }
  });

  test('a reason that is empty or over 300 characters is refused', async () => {
    for (const reason of ['', 'x'.repeat(301)]) await expect(newInquiry({ spam_reason: reason })).rejects.toThrow(/could not make an inquiry/);
  });

  test('the sync marks the content\'s spamStage, moves the mark when spamStage changes, and refuses an open stage as the spam stage', async () => {
    const spamOf = async () => (await supabase.db.query<{ code: string }>('select code from public.inquiry_stages where spam')).rows.map((r) => r.code);
    expect(await spamOf()).toEqual(['spam']);
    const stages = (spam: string) => INQUIRY_STAGES.map((code) => ({ code, label: code, closed: !['new', 'contacted', 'assessment-booked'].includes(code), ...(code === spam ? { spam: true } : {}) }));
    try {
      await supabase.db.query('select private.sync_workflow_stages($1, $2::jsonb)', ['inquiries', JSON.stringify(stages('not-a-fit'))]);
      expect(await spamOf()).toEqual(['not-a-fit']);
      expect((await newInquiry({ spam_reason: 'test' })).stage).toBe('not-a-fit');
      await expect(supabase.db.query('select private.sync_workflow_stages($1, $2::jsonb)', ['inquiries', JSON.stringify(stages('contacted'))])).rejects.toThrow(/inquiry_stages_spam_closed/);
      expect(await spamOf()).toEqual(['not-a-fit']);
    } finally {
      await applyWorkflowStages(supabase.db);
    }
    expect(await spamOf()).toEqual(['spam']);
  });
});

describe('record_events: a history nobody can rewrite', () => {
  const forged = (recordId: unknown) => ({ list: 'inquiries', record_id: recordId, kind: 'stage', actor: SAM, from_value: 'new', to_value: 'became-a-client' });

  for (const who of ['anon', 'visitor', 'staff', 'admin', 'service'] as const) {
    test(`${who === 'service' ? 'the service role' : `the ${who} user`} cannot add, forge, change or remove an event, with supabase-js or raw HTTP`, async () => {
      const record = await newInquiry();
      const before = await eventsOf(record.id);
      const status = who === 'anon' ? 401 : 403;
      const c = users[who].client;
      for (const answer of [
        await c.from('record_events').insert(forged(record.id)).select(),
        await c.from('record_events').update({ actor: SAM, to_value: 'spam' }).eq('record_id', record.id).select(),
        await c.from('record_events').delete().eq('record_id', record.id).select(),
      ]) expect(answer).toMatchObject({ status, error: REFUSED });

      // What supabase-js does not send: a forged id and time, a batch, a PATCH and a DELETE with no filter at all.
      // A value for the id (generated always) is refused before privileges are even looked at (428C9).
      const prefer = { Prefer: 'return=representation' };
      for (const [method, path, body, expected] of [
        ['POST', '/rest/v1/record_events', { ...forged(record.id), id: 1, at: '2000-01-01T00:00:00Z' }, { status: 400, code: '428C9' }],
        ['POST', '/rest/v1/record_events', { ...forged(record.id), at: '2000-01-01T00:00:00Z' }, { status, code: '42501' }],
        ['POST', '/rest/v1/record_events', [forged(record.id), forged(record.id)], { status, code: '42501' }],
        ['PATCH', '/rest/v1/record_events', { kind: 'deleted' }, { status, code: '42501' }],
        ['DELETE', '/rest/v1/record_events', undefined, { status, code: '42501' }],
      ] as const) {
        const answer = await http(who, method, path, { body, headers: prefer });
        expect({ method, body, status: answer.status, code: (answer.body as Row).code }).toEqual({ method, body, ...expected });
      }
      expect(await eventsOf(record.id)).toEqual(before);
    });
  }

  test('staff and admins read a record\'s history; a non-staff user reads none of it', async () => {
    const record = await newApplication();
    await users.staff.client.from('job_applications').update({ stage: 'contacted' }).eq('id', record.id);
    for (const who of ['staff', 'colleague', 'admin'] as const) {
      const { data } = await users[who].client.from('record_events').select('kind, actor, from_value, to_value').eq('record_id', record.id).order('id');
      expect(data).toEqual([
        { kind: 'created', actor: null, from_value: null, to_value: 'new' },
        { kind: 'stage', actor: DANA, from_value: 'new', to_value: 'contacted' },
      ]);
    }
    expect((await users.visitor.client.from('record_events').select('*', { count: 'exact' })).count).toBe(0);
  });

  test('even the database superuser cannot update, delete or truncate an event', async () => {
    const record = await newInquiry();
    const total = await count('select 1 from public.record_events');
    const message = 'record_events is append-only: an event cannot be changed or removed';
    await expect(supabase.db.query("update public.record_events set actor = $2, kind = 'deleted' where record_id = $1", [record.id, SAM])).rejects.toMatchObject({ code: '42501', message });
    await expect(supabase.db.query('delete from public.record_events where record_id = $1', [record.id])).rejects.toMatchObject({ code: '42501', message });
    await expect(supabase.db.query('truncate public.record_events')).rejects.toMatchObject({ code: '42501', message });
    // The id is the database's: generated always, so not even the superuser picks one without saying OVERRIDING.
    await expect(supabase.db.query("insert into public.record_events (id, list, record_id, kind) values (1, 'inquiries', $1, 'created')", [record.id])).rejects.toMatchObject({ code: '428C9' });
    expect(await count('select 1 from public.record_events')).toBe(total);
    expect((await eventsOf(record.id)).map((e) => [e.kind, e.actor])).toEqual([['created', null]]);
  });
});

describe('record_notes: staff write in their own name, and may take a note back within 15 minutes', () => {
  test('a staff member adds a note: it is theirs, timed by the database, and a note event names them', async () => {
    const record = await newInquiry();
    const before = Date.now();
    const { data, error, status } = await users.staff.client.from('record_notes').insert({ inquiry_id: record.id, body: 'Spoke with the daughter; home visit offered.' }).select().single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({ inquiry_id: record.id, application_id: null, author: DANA, body: 'Spoke with the daughter; home visit offered.', edited_at: null });
    expect(Date.parse(data!.created_at as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(await eventsOf(record.id)).toEqual([
      { list: 'inquiries', kind: 'created', actor: null, from_value: null, to_value: 'new', note_id: null },
      { list: 'inquiries', kind: 'note', actor: DANA, from_value: null, to_value: null, note_id: data!.id },
    ]);
    // Everyone on staff reads it.
    for (const who of ['colleague', 'admin'] as const) {
      expect((await users[who].client.from('record_notes').select('body, author').eq('inquiry_id', record.id)).data).toEqual([{ body: data!.body, author: DANA }]);
    }
  });

  test('a note sent with a colleague as its author is refused (author cannot be written), and no note by the colleague exists', async () => {
    const record = await newApplication();
    // Raw HTTP, as a forger would send it, asking for the row back.
    const raw = await http('staff', 'POST', '/rest/v1/record_notes', { body: { application_id: record.id, body: 'Sam says: hire at once.', author: SAM }, headers: { Prefer: 'return=representation' } });
    expect(raw.status).toBe(403);
    expect(raw.body).toMatchObject({ code: '42501', message: 'permission denied for table record_notes' });
    // supabase-js sends the same; and the id and times are not the client's either.
    for (const forged of [{ author: SAM }, { author: DANA }, { id: randomUUID() }, { created_at: '2000-01-01T00:00:00Z' }, { edited_at: null }]) {
      const answer = await users.staff.client.from('record_notes').insert({ application_id: record.id, body: 'Forged', ...forged }).select();
      expect(answer).toMatchObject({ status: 403, error: { code: '42501', message: 'permission denied for table record_notes' } });
    }
    expect(await count('select 1 from public.record_notes where application_id = $1', [record.id])).toBe(0);
    expect(await count("select 1 from public.record_events where record_id = $1 and kind = 'note'", [record.id])).toBe(0);
  });

  test('a note with no record, or with two, is refused', async () => {
    const application = await newApplication();
    const inquiry = await newInquiry();
    const staff = users.staff.client;
    expect((await staff.from('record_notes').insert({ body: 'About nothing' })).error).toMatchObject({ code: '23514' });
    expect((await staff.from('record_notes').insert({ application_id: application.id, inquiry_id: inquiry.id, body: 'About both' })).error).toMatchObject({ code: '23514' });
    expect((await staff.from('record_notes').insert({ application_id: randomUUID(), body: 'About a record that is not there' })).error).toMatchObject({ code: '23503' });
  });

  test('a note over 5,000 characters, an empty note or one of spaces is refused; 5,000 characters are fine', async () => {
    const record = await newApplication();
    const staff = users.staff.client;
    for (const body of ['x'.repeat(5001), '', '     ']) {
      const answer = await staff.from('record_notes').insert({ application_id: record.id, body }).select();
      expect({ length: body.length, status: answer.status, code: answer.error?.code, message: answer.error?.message }).toEqual({
        length: body.length, status: 400, code: '23514', message: 'new row for relation "record_notes" violates check constraint "record_notes_body_check"',
      });
    }
    expect((await staff.from('record_notes').insert({ application_id: record.id }).select()).error?.code).toBe('23502');
    const longest = await staff.from('record_notes').insert({ application_id: record.id, body: 'y'.repeat(5000) }).select('id').single();
    expect(longest.error).toBeNull();
    // An edit is held to the same rule.
    expect((await staff.from('record_notes').update({ body: ' ' }).eq('id', longest.data!.id).select()).error?.code).toBe('23514');
    expect((await staff.from('record_notes').update({ body: 'z'.repeat(5001) }).eq('id', longest.data!.id).select()).error?.code).toBe('23514');
    expect(await count('select 1 from public.record_notes where application_id = $1', [record.id])).toBe(1);
  });

  // What a textarea sends after Enter: white space of every kind is blank.
  test('a note of nothing but line breaks and tabs is refused as blank', async () => {
    const record = await newApplication();
    for (const body of ['\n', '\n\n', ' \t \r\n ']) {
      const answer = await users.staff.client.from('record_notes').insert({ application_id: record.id, body }).select();
      expect({ body, code: answer.error?.code }).toEqual({ body, code: '23514' });
    }
    expect(await count('select 1 from public.record_notes where application_id = $1', [record.id])).toBe(0);
  });

  test('a stranger and a signed-in non-staff user neither read nor write notes', async () => {
    const record = await newInquiry();
    const note = (await users.staff.client.from('record_notes').insert({ inquiry_id: record.id, body: 'Call back after 18:00.' }).select().single()).data as Row;
    const anon = users.anon.client;
    for (const answer of [
      await anon.from('record_notes').select('*').eq('id', note.id),
      await anon.from('record_notes').insert({ inquiry_id: record.id, body: 'From a stranger' }).select(),
      await anon.from('record_notes').update({ body: 'Changed' }).eq('id', note.id).select(),
      await anon.from('record_notes').delete().eq('id', note.id).select(),
    ]) expect(answer).toMatchObject({ status: 401, error: REFUSED });

    const visitor = users.visitor.client;
    expect(await visitor.from('record_notes').select('*').eq('id', note.id)).toMatchObject({ error: null, data: [] });
    const insert = await visitor.from('record_notes').insert({ inquiry_id: record.id, body: 'From a visitor' }).select();
    expect(insert).toMatchObject({ status: 403, error: { code: '42501', message: 'new row violates row-level security policy for table "record_notes"' } });
    expect(await visitor.from('record_notes').update({ body: 'Changed' }).eq('id', note.id).select()).toMatchObject({ error: null, data: [] });
    expect(await visitor.from('record_notes').delete().eq('id', note.id).select()).toMatchObject({ error: null, data: [] });

    expect((await supabase.db.query<Row>('select body, author, edited_at from public.record_notes where inquiry_id = $1', [record.id])).rows).toEqual([{ body: 'Call back after 18:00.', author: DANA, edited_at: null }]);
    expect((await eventsOf(record.id)).map((e) => [e.kind, e.actor])).toEqual([['created', null], ['note', DANA]]);
  });

  test('the author edits and then deletes their note within 15 minutes, and each is an event in their name', async () => {
    const record = await newApplication();
    const staff = users.staff.client;
    const note = (await staff.from('record_notes').insert({ application_id: record.id, body: 'Interview on Tusday' }).select().single()).data as Row;
    const edited = await staff.from('record_notes').update({ body: 'Interview on Tuesday' }).eq('id', note.id).select().single();
    expect(edited.error).toBeNull();
    expect(edited.data).toMatchObject({ body: 'Interview on Tuesday', author: DANA, created_at: note.created_at });
    expect(edited.data!.edited_at).not.toBeNull();
    const removed = await staff.from('record_notes').delete().eq('id', note.id).select('id');
    expect(removed.data).toEqual([{ id: note.id }]);
    expect((await eventsOf(record.id)).map(({ kind, actor, note_id }) => [kind, actor, note_id])).toEqual([
      ['created', null, null],
      ['note', DANA, note.id],
      ['note_edited', DANA, note.id],
      ['note_deleted', DANA, note.id],
    ]);
  });

  test('the author cannot change a note\'s author, record or times', async () => {
    const record = await newApplication();
    const other = await newApplication();
    const staff = users.staff.client;
    const note = (await staff.from('record_notes').insert({ application_id: record.id, body: 'Mine' }).select().single()).data as Row;
    for (const change of [{ author: SAM }, { application_id: other.id }, { inquiry_id: (await newInquiry()).id }, { created_at: new Date().toISOString() }, { edited_at: null }, { id: randomUUID() }]) {
      expect(await staff.from('record_notes').update(change).eq('id', note.id).select()).toMatchObject({ status: 403, error: { code: '42501', message: 'permission denied for table record_notes' } });
    }
    expect((await supabase.db.query<Row>('select application_id, author, body, edited_at from public.record_notes where id = $1', [note.id])).rows).toEqual([{ application_id: record.id, author: DANA, body: 'Mine', edited_at: null }]);
  });

  test('a colleague, even an admin, can neither edit nor delete someone else\'s note', async () => {
    const record = await newInquiry();
    const note = (await users.staff.client.from('record_notes').insert({ inquiry_id: record.id, body: 'Dana\'s note' }).select().single()).data as Row;
    for (const who of ['colleague', 'admin'] as const) {
      expect(await users[who].client.from('record_notes').update({ body: 'Rewritten' }).eq('id', note.id).select()).toMatchObject({ error: null, data: [] });
      expect(await users[who].client.from('record_notes').delete().eq('id', note.id).select()).toMatchObject({ error: null, data: [] });
    }
    expect((await supabase.db.query<Row>('select body, edited_at from public.record_notes where id = $1', [note.id])).rows).toEqual([{ body: 'Dana\'s note', edited_at: null }]);
    expect((await eventsOf(record.id)).map((e) => e.kind)).toEqual(['created', 'note']);
  });

  test('after 15 minutes nobody can edit or delete a note, not even its author', async () => {
    const record = await newApplication();
    const staff = users.staff.client;
    const note = (await staff.from('record_notes').insert({ application_id: record.id, body: 'Offer accepted.' }).select().single()).data as Row;
    // The trigger puts back any created_at written, even by the superuser, so its triggers are held off here.
    await supabase.db.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      await tx.query("update public.record_notes set created_at = now() - interval '15 minutes 1 second' where id = $1", [note.id]);
    });
    for (const who of ['staff', 'colleague', 'admin'] as const) {
      expect(await users[who].client.from('record_notes').update({ body: 'Offer declined.' }).eq('id', note.id).select()).toMatchObject({ error: null, data: [] });
      expect(await users[who].client.from('record_notes').delete().eq('id', note.id).select()).toMatchObject({ error: null, data: [] });
    }
    // Still readable by all staff, unchanged.
    expect((await users.colleague.client.from('record_notes').select('body, edited_at').eq('id', note.id)).data).toEqual([{ body: 'Offer accepted.', edited_at: null }]);
    expect((await eventsOf(record.id)).map((e) => e.kind)).toEqual(['created', 'note']);
  });

  test('a superuser\'s update of a note\'s author or created_at is put back by the trigger', async () => {
    const record = await newApplication();
    const note = (await users.staff.client.from('record_notes').insert({ application_id: record.id, body: 'Kept' }).select().single()).data as Row;
    await supabase.db.query("update public.record_notes set author = $2, created_at = now() - interval '1 day' where id = $1", [note.id, SAM]);
    const row = (await supabase.db.query<Row>('select author, created_at from public.record_notes where id = $1', [note.id])).rows[0]!;
    expect(row.author).toBe(DANA);
    expect((row.created_at as Date).toISOString()).toBe(new Date(note.created_at as string).toISOString());
  });

  test('the service role cannot write a note: with no signed-in user there is no author', async () => {
    const record = await newInquiry();
    const answer = await users.service.client.from('record_notes').insert({ inquiry_id: record.id, body: 'From the system' }).select();
    expect(answer).toMatchObject({ status: 403, error: { code: '42501', message: 'A note needs a signed-in author' } });
    expect(await count('select 1 from public.record_notes where inquiry_id = $1', [record.id])).toBe(0);
  });

  // The database decides who is staff from public.staff (20261127000000_staff_access.sql), not from the claim alone.
  test('a token claiming staff for an account with no staff profile reads nothing and writes no note: refused, saying why', async () => {
    const record = await newInquiry();
    const ghost = clients.client(supabase.anonKey, `Bearer ${await tokenFor(randomUUID(), { role: 'staff' })}`);
    const ended = { status: 403, error: { code: '42501', message: 'Staff access has ended for this account' } };
    expect(await ghost.from('inquiries').select('id').eq('id', record.id)).toMatchObject(ended);
    expect(await ghost.from('record_notes').insert({ inquiry_id: record.id, body: 'Hello' }).select()).toMatchObject(ended);
    expect(await count('select 1 from public.record_notes where inquiry_id = $1', [record.id])).toBe(0);
  });

  // The author's id goes with their profile (on delete set null); the note is not edited by it.
  test('when a staff member is removed, their notes stay with no author, unedited, and add nothing to the history', async () => {
    const leaving = randomUUID();
    await supabase.db.query(
      `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', 'leaving@example.com', '{"role":"staff"}', '{}', now(), now())`,
      [leaving],
    );
    await supabase.db.query("insert into public.staff (user_id, display_name) values ($1, 'Robin Leaving')", [leaving]);
    const record = await newInquiry();
    const robin = clients.client(supabase.anonKey, `Bearer ${await tokenFor(leaving, { role: 'staff' })}`);
    const note = (await robin.from('record_notes').insert({ inquiry_id: record.id, body: 'Robin\'s note' }).select().single()).data as Row;
    expect(note.author).toBe(leaving);
    await supabase.db.query('delete from auth.users where id = $1', [leaving]);
    expect(await count('select 1 from public.staff where user_id = $1', [leaving])).toBe(0);
    expect((await supabase.db.query<Row>('select author, body, edited_at from public.record_notes where id = $1', [note.id])).rows).toEqual([{ author: null, body: 'Robin\'s note', edited_at: null }]);
    expect((await eventsOf(record.id)).map((e) => e.kind)).toEqual(['created', 'note']);
  });
});

describe('the stages of content/workflow.yaml and their sync', () => {
  const stagesOf = async (table: 'application_stages' | 'inquiry_stages') =>
    (await supabase.db.query<Row>(`select code, label, position, closed from public.${table} order by position`)).rows;

  test('private.sync_workflow_stages cannot be called through /rest/v1/rpc by anyone: the private schema is not exposed', async () => {
    const applicationStages = await stagesOf('application_stages');
    const args = { list: 'applications', stages: [{ code: 'new', label: 'Hacked', closed: false }] };
    for (const who of ['anon', 'visitor', 'staff', 'admin', 'service'] as const) {
      const answer = await users[who].client.rpc('sync_workflow_stages', args);
      expect({ who, status: answer.status, code: answer.error?.code }).toEqual({ who, status: 404, code: 'PGRST202' });
      // Asking for the private schema by name, as supabase-js' .schema('private') would, gets nowhere either.
      const raw = await http(who, 'POST', '/rest/v1/rpc/sync_workflow_stages', { body: args, headers: { 'Content-Profile': 'private' } });
      expect(raw.status).toBeGreaterThanOrEqual(400);
      const table = await http(who, 'GET', '/rest/v1/form_posts', { headers: { 'Accept-Profile': 'private' } });
      expect({ status: table.status, code: (table.body as Row).code }).toEqual({ status: 406, code: 'PGRST106' });
    }
    expect(await stagesOf('application_stages')).toEqual(applicationStages);
  });

  test('as the database owner, the sync refuses to remove a stage still in use, naming the stage and the count, and changes nothing', async () => {
    // Only this test puts records at 'assessment-booked' and 'offer-made', so the counts below are exact.
    const inquiry = await newInquiry();
    await users.staff.client.from('inquiries').update({ stage: 'assessment-booked' }).eq('id', inquiry.id);
    const applications = [await newApplication(), await newApplication()];
    for (const { id } of applications) await users.staff.client.from('job_applications').update({ stage: 'offer-made' }).eq('id', id);
    const before = { applications: await stagesOf('application_stages'), inquiries: await stagesOf('inquiry_stages') };

    const sync = (list: string, codes: string[]) =>
      supabase.db.query('select private.sync_workflow_stages($1, $2::jsonb)', [list, JSON.stringify(codes.map((code) => ({ code, label: `Label of ${code}`, closed: false })))]);
    const inquiryError = await sync('inquiries', INQUIRY_STAGES.filter((code) => code !== 'assessment-booked')).catch((error: Error & { code?: string }) => error);
    expect((inquiryError as { code?: string }).code).toBe('23503');
    expect((inquiryError as Error).message).toMatchInlineSnapshot(`"content/workflow.yaml: the stage "assessment-booked" was removed from inquiries, but 1 inquiry is still at it, so the database refuses the change. Move it to another stage in /admin first, or keep the stage."`);
    const applicationError = await sync('applications', ['new', 'contacted']).catch((error: Error) => error);
    expect((applicationError as Error).message).toMatchInlineSnapshot(`"content/workflow.yaml: the stage "offer-made" was removed from applications, but 2 applications are still at it, so the database refuses the change. Move them to another stage in /admin first, or keep the stage."`);

    expect({ applications: await stagesOf('application_stages'), inquiries: await stagesOf('inquiry_stages') }).toEqual(before);
    expect((await stored('inquiries', inquiry.id))?.stage).toBe('assessment-booked');
  });

  test('as the database owner, the sync removes a stage no record uses, relabels and reorders, and new records start at the new first stage', async () => {
    try {
      // 'withdrew' is used by no test; 'contacted' comes first now, relabelled and closed (and spam stays: records are at it).
      await supabase.db.query('select private.sync_workflow_stages($1, $2::jsonb)', ['applications', JSON.stringify([
        { code: 'contacted', label: 'Reached', closed: false },
        { code: 'new', label: 'Fresh', closed: false },
        { code: 'interview-booked', label: 'Interview booked' },
        { code: 'offer-made', label: 'Offer made', closed: false },
        { code: 'hired', label: 'Hired', closed: true },
        { code: 'not-a-fit', label: 'Not a fit', closed: true },
        { code: 'on-hold', label: 'On hold', closed: true },
        { code: 'spam', label: 'Spam', closed: true },
      ])]);
      expect(await stagesOf('application_stages')).toEqual([
        { code: 'contacted', label: 'Reached', position: 0, closed: false },
        { code: 'new', label: 'Fresh', position: 1, closed: false },
        { code: 'interview-booked', label: 'Interview booked', position: 2, closed: false },
        { code: 'offer-made', label: 'Offer made', position: 3, closed: false },
        { code: 'hired', label: 'Hired', position: 4, closed: true },
        { code: 'not-a-fit', label: 'Not a fit', position: 5, closed: true },
        { code: 'on-hold', label: 'On hold', position: 6, closed: true },
        { code: 'spam', label: 'Spam', position: 7, closed: true },
      ]);
      const record = await newApplication();
      expect(record.stage).toBe('contacted');
      expect((await eventsOf(record.id)).map((e) => [e.kind, e.to_value])).toEqual([['created', 'contacted']]);
      expect((await users.staff.client.from('job_applications').update({ stage: 'withdrew' }).eq('id', record.id).select()).error?.code).toBe('23503');
      expect((await users.staff.client.from('job_applications').update({ stage: 'on-hold' }).eq('id', record.id).select('stage')).data).toEqual([{ stage: 'on-hold' }]);
      await supabase.db.query("update public.job_applications set stage = 'new' where id = $1", [record.id]);
    } finally {
      // Back to the content's stages (supabase/workflow.generated.sql), as the stand-in applies them on start.
      await supabase.db.query("update public.job_applications set stage = 'new' where stage = 'on-hold'");
      await applyWorkflowStages(supabase.db);
    }
    expect((await stagesOf('application_stages')).map((s) => s.code)).toEqual(APPLICATION_STAGES);
  });

  test('the sync refuses an unknown list and an empty list of stages', async () => {
    await expect(supabase.db.query("select private.sync_workflow_stages('clients', '[]'::jsonb)")).rejects.toThrow('Unknown list "clients": expected applications or inquiries');
    await expect(supabase.db.query("select private.sync_workflow_stages('inquiries', '[]'::jsonb)")).rejects.toThrow('The stages of inquiries must be a non-empty JSON array');
    expect((await stagesOf('inquiry_stages')).map((s) => s.code)).toEqual(INQUIRY_STAGES);
  });
});
