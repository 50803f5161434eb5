/**
 * A record's whole history, however long: the server answers at most 1,000 rows a request (PostgREST's max-rows,
 * which the stand-in applies too), so the dialog's notes and history (src/admin/workflow/data.ts loadHistory) and
 * the JSON "what we hold" export (src/admin/export/record.ts loadWhatWeHold) must page. Against the stand-in with
 * the real supabase-js client, signed in as staff: a record with 1,050 notes written in one transaction (one
 * instant: only the id tells them apart), and a record with 5 notes whose list was then exported 1,000 times.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { loadWhatWeHold } from '../../src/admin/export/record.ts';
import { whatWeHoldJson } from '../../src/admin/export/recordJson.ts';
import { loadHistory } from '../../src/admin/workflow/data.ts';
import { setWorkflow } from '../../src/admin/workflow/stages.ts';
import { loadContent } from '../../src/content/loader.ts';
import { insertInquiry } from './formPosts.ts';
import { staffClients } from './staffClients.ts';

const DANA = '5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01'; // staff@example.com
const PAT = '9d4a2c7e-1f5b-4e8d-a6c3-7b0e2f4d8a04'; // admin@example.com

let supabase: LocalSupabase;
const { signedIn, stopAll } = staffClients(() => supabase);

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0 });
  setWorkflow((await loadContent()).workflow);
}, 60_000);

afterAll(async () => {
  await stopAll();
  await supabase.close();
});

const newInquiry = (name: string) => insertInquiry(supabase, name);

/** Runs `sql` in one transaction as the signed-in user `sub` with this role, as the API does for a request. */
async function asUser(sub: string, role: 'staff' | 'admin', sql: string, params: unknown[]) {
  await supabase.db.transaction(async (tx) => {
    await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub, role: 'authenticated', app_metadata: { role } })]);
    await tx.query(sql, params);
  });
}

/** `count` notes by Dana on the inquiry, in one transaction: one created_at for all. */
const writeNotes = (id: string, count: number) =>
  asUser(DANA, 'staff', `insert into public.record_notes (inquiry_id, body) select $1, 'Note ' || n from generate_series(1, $2::int) as n`, [id, count]);

test('a record with 1,050 notes: the history has every note, every note event and the arrival, and no note reads as deleted', async () => {
  const id = await newInquiry('Many Notes');
  await writeNotes(id, 1050);
  const staff = await signedIn('staff@example.com', 'staff-demo-password');

  const history = await loadHistory(staff, 'inquiries', id);

  expect(history.notes.size).toBe(1050);
  expect(new Set([...history.notes.values()].map((note) => note.body))).toEqual(new Set(Array.from({ length: 1050 }, (_, i) => `Note ${i + 1}`)));
  expect(history.events).toHaveLength(1051);
  expect(new Set(history.events.map((event) => event.id)).size, 'no event twice').toBe(1051);
  expect(history.events.at(-1)!.kind, 'the arrival, oldest').toBe('created');
  // What the timeline shows as "deleted by its author": a note event whose note is not among the notes.
  expect(history.events.filter((event) => event.kind === 'note' && !history.notes.has(event.note_id!))).toEqual([]);
  // Newest first, one instant's events by id.
  const key = (event: { at: string; id: number }) => [Date.parse(event.at), event.id] as const;
  const sorted = [...history.events].sort((a, b) => key(b)[0] - key(a)[0] || key(b)[1] - key(a)[1]);
  expect(history.events.map((event) => event.id)).toEqual(sorted.map((event) => event.id));
}, 60_000);

test('the JSON export of a record with 1,050 notes holds every note and the whole history', async () => {
  const id = await newInquiry('Exported Notes');
  await writeNotes(id, 1050);
  const staff = await signedIn('staff@example.com', 'staff-demo-password');

  const held = await loadWhatWeHold(staff, 'inquiries', id);
  const json = JSON.parse(whatWeHoldJson({ list: 'inquiries', ...held, exportedAt: new Date(), exportedBy: 'Pat Morgan' }, { staffName: () => 'Dana Reyes' })) as {
    notes: Array<{ text: string; by: string }>;
    history: Array<{ event: string }>;
  };

  expect(json.notes).toHaveLength(1050);
  expect(new Set(json.notes.map((note) => note.text)).size).toBe(1050);
  expect(json.history).toHaveLength(1051);
  expect(json.history[0]!.event).toBe('created');
}, 60_000);

test('a record with 5 notes whose list was exported 1,000 times: its history still has its arrival and its 5 notes, and the export holds them', async () => {
  const id = await newInquiry('Exported Often');
  await writeNotes(id, 5);
  // 1,000 CSV exports of a list holding the record, by the admin, each in its own call of the database's function.
  await asUser(PAT, 'admin', `select public.record_export('inquiries', 'csv', array[$1::uuid], 'Stage: All') from generate_series(1, 1000)`, [id]);
  const staff = await signedIn('staff@example.com', 'staff-demo-password');

  const history = await loadHistory(staff, 'inquiries', id);
  expect(history.events).toHaveLength(1006);
  expect(history.events.filter((event) => event.kind === 'exported')).toHaveLength(1000);
  expect(history.events.filter((event) => event.kind === 'note').map((event) => history.notes.get(event.note_id!)?.body).sort()).toEqual(['Note 1', 'Note 2', 'Note 3', 'Note 4', 'Note 5']);
  expect(history.events.at(-1)!.kind).toBe('created');

  const held = await loadWhatWeHold(staff, 'inquiries', id);
  expect(held.events).toHaveLength(1006);
  expect(held.notes.map((note) => note.body).sort()).toEqual(['Note 1', 'Note 2', 'Note 3', 'Note 4', 'Note 5']);
}, 60_000);
