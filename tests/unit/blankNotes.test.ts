/**
 * A note that looks empty is refused: spaces of every kind and invisible characters alone (a no-break space, a
 * zero-width space, a byte-order mark, a Hangul filler, a tag character), by the database
 * (supabase/migrations/20261127000200_note_not_blank.sql) for a new note and a corrected one, through the
 * dashboard's own functions and the real supabase-js client on the stand-in, and by the dashboard before it
 * sends (isBlankNote, the same characters). A note with one visible character among them is a note. A blank-looking
 * note stored before the rule keeps its row workable. The same rule on PostgreSQL 15: migrationsPostgres15.test.ts.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { LoadError } from '../../src/admin/records.ts';
import { addNote, editNote, isBlankNote } from '../../src/admin/workflow/data.ts';
import { insertInquiry } from './formPosts.ts';
import { staffClients } from './staffClients.ts';

let supabase: LocalSupabase;
const { signedIn, stopAll } = staffClients(() => supabase);

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0 });
}, 60_000);

afterAll(async () => {
  await stopAll();
  await supabase.close();
});

const newInquiry = (name: string) => insertInquiry(supabase, name);

const REFUSED = 'A note needs at least one visible character: spaces and invisible characters alone are not a note';

/** Notes that look empty, by what they are made of. */
const BLANK_LOOKING: Record<string, string> = {
  'no-break spaces': '\u00a0\u00a0\u00a0',
  'zero-width spaces': '\u200b\u200b',
  'a no-break and a zero-width space among line breaks': '\n\u00a0\n\u200b\n',
  'an ideographic space': '\u3000',
  'em, thin and narrow no-break spaces': '\u2003\u2009\u202f',
  'a byte-order mark': '\ufeff',
  'a word joiner and a zero-width joiner': '\u2060\u200d',
  'direction marks': '\u200e\u200f\u202a\u2066',
  'the Mongolian vowel separator': '\u180e',
  'a soft hyphen': '\u00ad',
  'Hangul fillers': '\u3164\u115f\uffa0',
  'a braille blank': '\u2800',
  'variation selectors': '\ufe0f\u{e0100}',
  'tag characters': '\u{e0020}\u{e007f}',
  'a next-line and an ogham space mark': '\u0085\u1680',
};

const VISIBLE = ['\u00a0OK\u200b', 'é', '—', '\u200b😀', '\u3000あ'];

test.each(Object.entries(BLANK_LOOKING))('a note of %s is refused by the database and by the dialog', async (_, body) => {
  const staff = await signedIn('staff@example.com', 'staff-demo-password');
  const id = await newInquiry('Blank Note');
  const refused = await addNote(staff, 'inquiries', id, body).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(LoadError);
  expect((refused as LoadError).message).toBe(REFUSED);
  expect((await supabase.db.query('select body from public.record_notes where inquiry_id = $1', [id])).rows).toEqual([]);
  expect(isBlankNote(body)).toBe(true);
});

test('a note with one visible character among spaces and invisible ones is stored as written', async () => {
  const staff = await signedIn('staff@example.com', 'staff-demo-password');
  const id = await newInquiry('Visible Note');
  for (const body of VISIBLE) {
    expect(isBlankNote(body)).toBe(false);
    expect((await addNote(staff, 'inquiries', id, body)).body).toBe(body);
  }
});

test('a note cannot be corrected into a blank-looking one; its text stays', async () => {
  const staff = await signedIn('staff@example.com', 'staff-demo-password');
  const id = await newInquiry('Corrected Note');
  const note = await addNote(staff, 'inquiries', id, 'Called on Monday.');
  for (const body of Object.values(BLANK_LOOKING)) {
    const refused = await editNote(staff, note.id, body).catch((error: unknown) => error);
    expect((refused as LoadError).message).toBe(REFUSED);
  }
  expect((await supabase.db.query('select body, edited_at from public.record_notes where id = $1', [note.id])).rows).toEqual([{ body: 'Called on Monday.', edited_at: null }]);
  expect((await editNote(staff, note.id, 'Called on Tuesday.'))?.body).toBe('Called on Tuesday.');
});

test('a blank-looking note stored before the rule keeps its row workable: its author can still be cleared', async () => {
  const id = await newInquiry('Old Blank Note');
  const { rows } = await supabase.db.transaction(async (tx) => {
    // As it was stored before the migration: triggers off.
    await tx.query('set local session_replication_role = replica');
    return tx.query<{ id: string }>(`insert into public.record_notes (inquiry_id, author, body) values ($1, '5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01', $2) returning id`, [id, '\u00a0']);
  });
  await supabase.db.query('update public.record_notes set author = null where id = $1', [rows[0]!.id]);
  expect((await supabase.db.query('select author, body from public.record_notes where id = $1', [rows[0]!.id])).rows).toEqual([{ author: null, body: '\u00a0' }]);
});
