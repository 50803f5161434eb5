/**
 * Exports in the database: every download of personal data is recorded before the file is made
 * (public.record_export, admins only: one row in public.record_exports and an 'exported' event per record; see
 * supabase/migrations/20261126000300_exports.sql). Refused, nothing is downloaded.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database, RecordList } from '../../database.ts';
import { LoadError } from '../records.ts';

export type ExportFormat = 'csv' | 'json';

/** Records the export of `ids`; returns how many of them the database still had. */
export async function recordExport(client: SupabaseClient<Database>, list: RecordList, format: ExportFormat, ids: readonly string[], filter: string): Promise<number> {
  const { data, error, status } = await client.rpc('record_export', { p_list: list, p_format: format, p_ids: [...ids], p_filter: filter });
  if (error) throw new LoadError(error.message, status);
  return data;
}
