/**
 * How the dashboard reads and searches a list of records (job applications, inquiries), the same way for
 * every table. A real Supabase project returns at most 1,000 rows per request, so a list is read in pages,
 * each asking for the rows older than the last one seen (keyset paging): posts arriving meanwhile are newer and
 * cannot shift a page, as they shift an offset, repeating one row and leaving out the oldest. Long texts (a cover letter, a message) are left out of the list and read with
 * `loadRow` when one record is opened. Searching is done in memory, so a keystroke stays fast at 10,000 rows.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../database.ts';
import { weekOf } from './reports/periods.ts';

/** The lists of records the dashboard shows. */
export type TableName = Extract<keyof Database['public']['Tables'], 'job_applications' | 'inquiries'>;

/** What every listed record has: the dashboard shows these the same way for every table. */
export interface ListRow {
  id: string;
  created_at: string;
  /** Either may be '' (an inquiry needs only one way to reply). */
  email: string;
  phone: string;
  /** Why the site's function took it for a machine's (it is then at the list's spam stage), or null. */
  spam_reason: string | null;
  /** Where it came from (leadOrigin.ts sourceOf): null on records stored before sources were kept. */
  source?: string | null | undefined;
}

/** Rows per request: Supabase's default `max-rows`. */
export const PAGE_ROWS = 1000;

export class LoadError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

/**
 * What the database answers (42501, so 403) when a token still claims staff for someone who is no longer active
 * staff: an admin removed them (supabase/migrations/20261127000000_staff_access.sql).
 */
export const ACCESS_ENDED_MESSAGE = 'Staff access has ended for this account';

/** True when the database refused the request because this person's staff access has ended. */
export function isAccessEnded(error: unknown): boolean {
  return error instanceof LoadError && error.status === 403 && error.message === ACCESS_ENDED_MESSAGE;
}

/**
 * True when the server no longer accepts the session (revoked or expired) or its staff access (removed), as
 * opposed to a network or server problem: the dashboard then returns to the sign-in form.
 */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof LoadError && (error.status === 401 || isAccessEnded(error));
}

/**
 * Every row of `table` (the given columns), newest first, read page by page. Each page asks for the rows
 * strictly before the last one read in (created_at, id) order, so rows posted meanwhile (newer) never shift a
 * page, and rows created at the same instant are told apart by id. The total is the rows read: exact.
 * `pageRows` is the server's cap; a shorter page is the last.
 */
export async function loadRows<T extends Pick<ListRow, 'id' | 'created_at'>>(client: SupabaseClient<Database>, table: TableName, columns: string, pageRows = PAGE_ROWS): Promise<T[]> {
  const rows: T[] = [];
  let last: T | undefined;
  for (;;) {
    let query = client.from(table).select(columns);
    if (last) {
      // created_at exactly as the server sent it (microseconds, offset), quoted so that PostgREST reads it whole.
      const at = `"${last.created_at}"`;
      query = query.or(`created_at.lt.${at},and(created_at.eq.${at},id.lt.${last.id})`);
    }
    const page = await query.order('created_at', { ascending: false }).order('id', { ascending: false }).limit(pageRows);
    if (page.error) throw new LoadError(page.error.message, page.status);
    const data = page.data as unknown as T[];
    rows.push(...data);
    if (data.length < pageRows) return rows;
    last = data[data.length - 1];
  }
}

/** One whole row, long texts included, by column name. */
export async function loadRow(client: SupabaseClient<Database>, table: TableName, id: string): Promise<Record<string, unknown>> {
  const { data, error, status } = await client.from(table).select('*').eq('id', id).single();
  if (error) throw new LoadError(error.message, status);
  return data;
}

/** The keys of T whose values are text (or null: a source is not known for rows stored before it was asked): the fields a search may look in. */
export type TextField<T> = { [K in keyof T]-?: T[K] extends string | null | undefined ? K : never }[keyof T];

/** A phone number's digits alone: "(860) 555-0199" -> "8605550199". */
export const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * A phone query's digits without the country code, which the office's own numbers (the North American plan) start
 * with when written whole: '+1 860 555 0142', '1-860-555-0142', '1 (860) 555-0142' and '18605550142' are
 * 8605550142, as '(860) 555-0142' is. A leading 1 is the country code when a + comes before it, when a space,
 * dash, dot or bracket follows it, or when it starts eleven digits; else it is part of the number ('1555').
 */
export function phoneDigitsOf(query: string): string {
  const text = query.trim();
  const digits = digitsOf(text);
  const countryCode = /^\+\s*1/.test(text) || /^1[\s.(-]/.test(text) || (digits.length === 11 && digits.startsWith('1'));
  return countryCode ? digits.slice(1) : digits;
}

/** A query that reads as (part of) a phone number: digits, with only the signs people write in one. */
const PHONE_QUERY = /^[\d\s().+-]*\d[\d\s().+-]*$/;

/**
 * Rows where one of `fields` contains the query, ignoring case and outer spaces; an empty query keeps all. A query
 * that reads as a phone number also finds `phoneFields` by their digits alone, however either was written:
 * 8605550199 finds "(860) 555-0199", "860 555 0199" finds "8605550199", and with the country code ("+1 860 555
 * 0199", "1-860-555-0199": phoneDigitsOf) it finds them both.
 */
export function searchRows<T>(rows: T[], query: string, fields: ReadonlyArray<TextField<T>>, phoneFields: ReadonlyArray<TextField<T>> = []): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return rows;
  const digits = PHONE_QUERY.test(needle) ? phoneDigitsOf(needle) : '';
  const text = (row: T, field: TextField<T>) => ((row[field] as string | null | undefined) ?? '');
  return rows.filter(
    (row) =>
      fields.some((field) => text(row, field).toLowerCase().includes(needle)) ||
      (digits !== '' && phoneFields.some((field) => digitsOf(text(row, field)).includes(digits))),
  );
}

/**
 * The requests of this week as Reports count them ("This week": reports/periods.ts thisWeek): created in the
 * office's week (from Monday 00:00 New York time, weekOf) up to now, suspected spam left out (a record at
 * `spamStage` now, as Reports leave it out of every count: 20261127000820_reports.sql). A date JavaScript cannot
 * read, or one still to come, is not counted.
 */
export function countThisWeek(rows: ReadonlyArray<{ created_at: string; stage: string }>, spamStage: string, now = Date.now()): number {
  const week = weekOf(new Date(now));
  const from = week.from.getTime();
  const to = Math.min(week.to.getTime(), now);
  return rows.reduce((count, row) => {
    const at = Date.parse(row.created_at);
    return count + (at >= from && at < to && row.stage !== spamStage ? 1 : 0);
  }, 0);
}
