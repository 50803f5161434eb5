/**
 * Exports in the database: every download of personal data is recorded before the file is made
 * (public.record_export, admins only: one row in public.record_exports and an 'exported' event per record; see
 * supabase/migrations/20261126000300_exports.sql). Refused, nothing is downloaded.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database, RecordEvent, RecordList, RecordNote } from '../../database.ts';
import { LoadError, loadRow, type TableName } from '../records.ts';
import { loadHistory } from '../workflow/data.ts';

export type ExportFormat = 'csv' | 'json';

/** Records the export of `ids`; returns how many of them the database still had. */
export async function recordExport(client: SupabaseClient<Database>, list: RecordList, format: ExportFormat, ids: readonly string[], filter: string): Promise<number> {
  const { data, error, status } = await client.rpc('record_export', { p_list: list, p_format: format, p_ids: [...ids], p_filter: filter });
  if (error) throw new LoadError(error.message, status);
  return data;
}

/** What an export of one record holds (export/recordJson.ts): the whole row, and every event and note of it, however many. */
export async function loadWhatWeHold(client: SupabaseClient<Database>, table: TableName, id: string): Promise<{ row: Record<string, unknown>; events: RecordEvent[]; notes: RecordNote[] }> {
  const [row, history] = await Promise.all([loadRow(client, table, id), loadHistory(client, table, id)]);
  return { row, events: history.events, notes: [...history.notes.values()] };
}
