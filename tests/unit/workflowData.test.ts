/**
 * The dashboard's workflow functions (src/admin/workflow/) against the stand-in with the real supabase-js client:
 * changes are made only on the values the staff member saw, a change made meanwhile is reported with the fresh
 * values and nothing overwritten, notes and history read back as the timeline shows them; and the list's
 * filters (stage, owner, age) with their counts per stage.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { staffClients } from './staffClients.ts';
import { consentGiven } from './formPosts.ts';
import type { Database, Inquiry } from '../../src/database.ts';
import { addNote, changeOwner, changeStage, deleteNote, loadHistory, loadStaff, StaleError } from '../../src/admin/workflow/data.ts';
import { DEFAULT_FILTERS, filterRows } from '../../src/admin/workflow/filters.ts';
import { setWorkflow } from '../../src/admin/workflow/stages.ts';
import { loadContent } from '../../src/content/loader.ts';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';

const DANA = '5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01';
const SAM = '3b8e6f12-9c4d-4a7e-b1f3-5d2c8a9e6b03';

let supabase: LocalSupabase;
const { signedIn, stopAll } = staffClients(() => supabase);

/** A new inquiry, as the submit-inquiry function stores it, read back whole. */
async function newInquiry(name: string): Promise<Inquiry> {
  const consent = consentGiven();
  const { rows } = await supabase.db.query<Inquiry>(
    `insert into public.inquiries (name, phone, care_for, consent_version, consented_at) values ($1, '(860) 555-0100', 'a-parent', $2, $3) returning *`,
    [name, consent.consent_version, consent.consented_at],
  );
  return rows[0]!;
}

/** The row as the list holds it: as PostgREST gives it (timestamps as Postgres writes them in JSON). */
async function listed(client: SupabaseClient<Database>, id: string) {
  const { data } = await client.from('inquiries').select('id, stage, owner, stage_changed_at').eq('id', id).single();
  return data!;
}

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0 });
  setWorkflow((await loadContent()).workflow);
}, 60_000);

afterAll(async () => {
  await stopAll();
  await supabase.close();
});

describe('changing a record', () => {
  test('a stage change is made on the stage seen, and stamps when it changed', async () => {
    const dana = await signedIn('staff@example.com', 'staff-demo-password');
    const inquiry = await newInquiry('Stage Seen');
    const seen = await listed(dana, inquiry.id);
    const saved = await changeStage(dana, 'inquiries', seen, 'contacted');
    expect(saved.stage).toBe('contacted');
    expect(Date.parse(saved.stage_changed_at)).toBeGreaterThan(Date.parse(seen.stage_changed_at));
  });

  test("a change made meanwhile by a colleague is never overwritten: the stale change saves nothing and says what the record now is", async () => {
    const dana = await signedIn('staff@example.com', 'staff-demo-password');
    const sam = await signedIn('colleague@example.com', 'colleague-demo-password');
    const inquiry = await newInquiry('Two Tabs');
    const seenByDana = await listed(dana, inquiry.id);
    const seenBySam = await listed(sam, inquiry.id);
    await changeStage(sam, 'inquiries', seenBySam, 'assessment-booked');
    const stale = await changeStage(dana, 'inquiries', seenByDana, 'not-a-fit').catch((error: unknown) => error);
    expect(stale).toBeInstanceOf(StaleError);
    expect((stale as StaleError).fresh).toMatchObject({ stage: 'assessment-booked', owner: null });
    expect((await listed(sam, inquiry.id)).stage).toBe('assessment-booked');
  });

  test('a record moved away and back meanwhile is still a change made meanwhile', async () => {
    const dana = await signedIn('staff@example.com', 'staff-demo-password');
    const sam = await signedIn('colleague@example.com', 'colleague-demo-password');
    const inquiry = await newInquiry('Away And Back');
    const seenByDana = await listed(dana, inquiry.id);
    const away = await changeStage(sam, 'inquiries', await listed(sam, inquiry.id), 'contacted');
    const back = await changeStage(sam, 'inquiries', { id: inquiry.id, ...away }, 'new');
    expect(back.stage).toBe(seenByDana.stage);
    await expect(changeStage(dana, 'inquiries', seenByDana, 'spam')).rejects.toBeInstanceOf(StaleError);
  });

  test('taking a record and giving it to a colleague are made on the owner seen', async () => {
    const dana = await signedIn('staff@example.com', 'staff-demo-password');
    const sam = await signedIn('colleague@example.com', 'colleague-demo-password');
    const inquiry = await newInquiry('Owner Seen');
    const seen = await listed(dana, inquiry.id);
    expect((await changeOwner(dana, 'inquiries', seen, DANA)).owner).toBe(DANA);
    // Sam still sees nobody: taking it now would take it from Dana unseen, so it is refused.
    await expect(changeOwner(sam, 'inquiries', seen, SAM)).rejects.toMatchObject({ fresh: { owner: DANA } });
    const given = await changeOwner(dana, 'inquiries', { ...seen, owner: DANA }, SAM);
    expect(given.owner).toBe(SAM);
  });

  test('the history lists every change newest first, with who did it, and the notes with their text', async () => {
    const dana = await signedIn('staff@example.com', 'staff-demo-password');
    const inquiry = await newInquiry('History Told');
    const seen = await listed(dana, inquiry.id);
    const owned = await changeOwner(dana, 'inquiries', seen, DANA);
    await changeStage(dana, 'inquiries', { id: inquiry.id, ...owned }, 'contacted');
    const note = await addNote(dana, 'inquiries', inquiry.id, 'Spoke with the son.\nHome visit Friday.');
    expect(note.author).toBe(DANA);
    const { events, notes } = await loadHistory(dana, 'inquiries', inquiry.id);
    expect(events.map((e) => [e.kind, e.actor, e.from_value, e.to_value])).toEqual([
      ['note', DANA, null, null],
      ['stage', DANA, 'new', 'contacted'],
      ['owner', DANA, null, DANA],
      ['created', null, null, 'new'],
    ]);
    expect(notes.get(events[0]!.note_id!)?.body).toBe('Spoke with the son.\nHome visit Friday.');
  });

  test('an author deletes their own note; a colleague cannot, and is told so', async () => {
    const dana = await signedIn('staff@example.com', 'staff-demo-password');
    const sam = await signedIn('colleague@example.com', 'colleague-demo-password');
    const inquiry = await newInquiry('Note Kept');
    const note = await addNote(dana, 'inquiries', inquiry.id, 'Wrong family, sorry.');
    expect(await deleteNote(sam, note.id)).toBe(false);
    expect(await deleteNote(dana, note.id)).toBe(true);
    const { events, notes } = await loadHistory(sam, 'inquiries', inquiry.id);
    expect(events.map((e) => e.kind)).toEqual(['note_deleted', 'note', 'created']);
    expect(notes.size).toBe(0);
  });

  test('staff names are read for the owner column, former staff included', async () => {
    const dana = await signedIn('staff@example.com', 'staff-demo-password');
    expect((await loadStaff(dana)).map((m) => [m.display_name, m.active])).toEqual([
      ['Dana Reyes', true],
      ['Pat Morgan', true],
      ['Sam Okafor', true],
    ]);
  });
});

describe("the list's filters", () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const day = 86_400_000;
  const row = (stage: string, owner: string | null, daysOld: number) => ({ stage, owner, created_at: new Date(now - daysOld * day).toISOString() });
  const rows = [row('new', null, 0.5), row('contacted', DANA, 2), row('became-a-client', DANA, 10), row('spam', null, 40), row('new', SAM, 45)];

  test("open is the default and leaves out closed stages; the counts per stage cover every stage", () => {
    const { rows: shown, byStage } = filterRows(rows, 'inquiries', DEFAULT_FILTERS, DANA, now);
    expect(shown.map((r) => r.stage)).toEqual(['new', 'contacted', 'new']);
    expect(Object.fromEntries(byStage)).toEqual({ new: 2, contacted: 1, 'became-a-client': 1, spam: 1 });
  });

  test('mine, nobody yet, a colleague, and a stage', () => {
    const pick = (filters: Partial<typeof DEFAULT_FILTERS>) => filterRows(rows, 'inquiries', { ...DEFAULT_FILTERS, stage: 'all', ...filters }, DANA, now).rows.length;
    expect(pick({ owner: 'mine' })).toBe(2);
    expect(pick({ owner: 'nobody' })).toBe(2);
    expect(pick({ owner: { staff: SAM } })).toBe(1);
    expect(pick({ stage: { code: 'spam' } })).toBe(1);
    // The counts follow the owner filter: what choosing each stage would show.
    expect(Object.fromEntries(filterRows(rows, 'inquiries', { ...DEFAULT_FILTERS, owner: 'mine' }, DANA, now).byStage)).toEqual({ contacted: 1, 'became-a-client': 1 });
  });

  test('by age: the last day, week and month, and older', () => {
    const ages = (['day', 'week', 'month', 'older'] as const).map((age) => filterRows(rows, 'inquiries', { ...DEFAULT_FILTERS, stage: 'all', age }, DANA, now).rows.length);
    expect(ages).toEqual([1, 2, 3, 2]);
  });
});
