/**
 * How the dashboard works a record: change its stage, take it or give it to a colleague, add and remove notes,
 * and read its history. Every write goes through RLS and the column privileges (staff may change a record's
 * stage and owner, nothing else); the history is written by the database's triggers, never here.
 *
 * A change is made only if the record still has the value the staff member saw: the update filters on it, so
 * a change made meanwhile by someone else matches no row, and `StaleError` carries the record as it now is.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database, RecordEvent, RecordList, RecordNote, StaffMember, WorkflowColumns } from '../../database.ts';
import { LoadError, PAGE_ROWS, type TableName } from '../records.ts';

export const listOf = (table: TableName): RecordList => (table === 'job_applications' ? 'applications' : 'inquiries');

/** One record of a list, in a sentence: 'application', 'inquiry'. */
export const recordNoun = (list: RecordList): string => (list === 'applications' ? 'application' : 'inquiry');

/** The workflow's columns of a record, as the list holds them. */
export type Worked = { id: string } & WorkflowColumns;

const WORKFLOW_COLUMNS = 'stage, owner, stage_changed_at, first_reply_at';

/** Someone else changed the record first; nothing was written. `fresh` is the record as it is now, or null if it is gone. */
export class StaleError extends Error {
  constructor(readonly fresh: WorkflowColumns | null) {
    super('The record was changed by someone else');
  }
}

type Client = SupabaseClient<Database>;

async function current(client: Client, table: TableName, id: string): Promise<WorkflowColumns | null> {
  const { data, error, status } = await client.from(table).select(WORKFLOW_COLUMNS).eq('id', id).maybeSingle();
  if (error) throw new LoadError(error.message, status);
  return data as WorkflowColumns | null;
}

/** Moves the record to `to`, if its stage is still the one `seen` had. */
export async function changeStage(client: Client, table: TableName, seen: Worked, to: string): Promise<WorkflowColumns> {
  const { data, error, status } = await client
    .from(table)
    .update({ stage: to })
    .eq('id', seen.id)
    .eq('stage', seen.stage)
    .eq('stage_changed_at', seen.stage_changed_at)
    .select(WORKFLOW_COLUMNS);
  if (error) throw new LoadError(error.message, status);
  if (data.length === 0) throw new StaleError(await current(client, table, seen.id));
  return data[0] as WorkflowColumns;
}

/** Gives the record to `to` (a staff member's id, or null for nobody), if its owner is still the one `seen` had. */
export async function changeOwner(client: Client, table: TableName, seen: Worked, to: string | null): Promise<WorkflowColumns> {
  const update = client.from(table).update({ owner: to }).eq('id', seen.id);
  const { data, error, status } = await (seen.owner === null ? update.is('owner', null) : update.eq('owner', seen.owner)).select(WORKFLOW_COLUMNS);
  if (error) throw new LoadError(error.message, status);
  if (data.length === 0) throw new StaleError(await current(client, table, seen.id));
  return data[0] as WorkflowColumns;
}

/** Every staff member, former ones too (their names label their past work); `active` ones can be given records. */
export async function loadStaff(client: Client): Promise<StaffMember[]> {
  const { data, error, status } = await client.from('staff').select('user_id, display_name, active, created_at').order('display_name');
  if (error) throw new LoadError(error.message, status);
  return data;
}

export interface History {
  events: RecordEvent[];
  /** The record's notes, by id (a removed note is no longer here; its events are). */
  notes: Map<string, RecordNote>;
}

/**
 * The record's events, newest first, and its notes: every one of them. A server answers at most `pageRows` rows
 * a request (Supabase's max-rows), and a record can have more (a thousand exports of its list, a long case), so
 * each is read in pages, as the lists are (records.ts): each page asks for the rows strictly before the last one
 * read in (time, id) order, so rows written meanwhile (newer) shift no page, and rows of one instant (one
 * transaction) are told apart by id.
 */
export async function loadHistory(client: Client, table: TableName, id: string, pageRows = PAGE_ROWS): Promise<History> {
  const [events, notes] = await Promise.all([
    readAll<RecordEvent>(pageRows, (last) => {
      const query = client.from('record_events').select('*').eq('record_id', id);
      return (last ? query.or(before('at', last.at, last.id)) : query).order('at', { ascending: false }).order('id', { ascending: false }).limit(pageRows);
    }),
    readAll<RecordNote>(pageRows, (last) => {
      const query = client.from('record_notes').select('*').eq(table === 'job_applications' ? 'application_id' : 'inquiry_id', id);
      return (last ? query.or(before('created_at', last.created_at, last.id)) : query).order('created_at', { ascending: false }).order('id', { ascending: false }).limit(pageRows);
    }),
  ]);
  return { events, notes: new Map(notes.map((note) => [note.id, note])) };
}

/** The PostgREST filter for the rows strictly before (`at`, `id`), newest first; the time quoted as the server sent it (microseconds, offset). */
function before(column: string, at: string, id: string | number): string {
  const time = `"${at}"`;
  return `${column}.lt.${time},and(${column}.eq.${time},id.lt.${id})`;
}

type Page<T> = PromiseLike<{ data: T[] | null; error: { message: string } | null; status: number }>;

/** Every row `read` gives, page after page, each page after the last row of the one before; a short page is the last. */
async function readAll<T>(pageRows: number, read: (last: T | undefined) => Page<T>): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const page = await read(rows[rows.length - 1]);
    if (page.error) throw new LoadError(page.error.message, page.status);
    const data = page.data ?? [];
    rows.push(...data);
    if (data.length < pageRows) return rows;
  }
}

/** The most a note may hold (the table's check says the same). */
export const NOTE_MAX = 5000;

/** How long its author may correct or remove a note (the policies say the same). */
export const NOTE_EDIT_MINUTES = 15;

/**
 * White space and invisible characters, the same the database refuses alone in a note
 * (supabase/migrations/20261127000200_note_not_blank.sql): Unicode white space, zero-width spaces and joiners,
 * direction marks, fillers, variation selectors, tags.
 */
const BLANK = /^[\t-\r \u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\u{1d173}-\u{1d17a}\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]*$/u;

/** True when a note would look empty: nothing in it but white space and invisible characters. */
export const isBlankNote = (text: string): boolean => BLANK.test(text);

export async function addNote(client: Client, table: TableName, id: string, body: string): Promise<RecordNote> {
  const target = table === 'job_applications' ? { application_id: id } : { inquiry_id: id };
  const { data, error, status } = await client.from('record_notes').insert({ ...target, body }).select('*').single();
  if (error) throw new LoadError(error.message, status);
  return data;
}

/** Removes the author's own note while the database still allows it; false when it no longer does (too late). */
export async function deleteNote(client: Client, noteId: string): Promise<boolean> {
  const { data, error, status } = await client.from('record_notes').delete().eq('id', noteId).select('id');
  if (error) throw new LoadError(error.message, status);
  return data.length === 1;
}

/** Corrects the author's own note while the database still allows it; false when it no longer does. */
export async function editNote(client: Client, noteId: string, body: string): Promise<RecordNote | null> {
  const { data, error, status } = await client.from('record_notes').update({ body }).eq('id', noteId).select('*');
  if (error) throw new LoadError(error.message, status);
  return data[0] ?? null;
}
