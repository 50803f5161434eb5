/**
 * An admin erases a record (DESIGN decision 19): public.erase_record deletes the row, its notes and its outbox
 * rows, leaving one 'erased' event, and hands back the resume's key; the file is then removed through the
 * Storage API, which is the only way to remove one on Supabase (a policy lets an admin remove a resume no
 * application names any more). The database decides who may: anyone but an admin is refused there (42501).
 * If the file cannot be removed now, the purge's sweep of orphaned resumes removes it within the hour.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { RESUME_KEY_PATTERN } from '../../supabase/functions/_shared/application.ts';
import type { Database, RecordList } from '../database.ts';
import { LoadError, type TableName } from './records.ts';
import { listOf, recordNoun } from './workflow/data.ts';

/** The record was not there any more (erased meanwhile, by another admin or the purge). */
export class GoneError extends Error {}

export interface Erasure {
  /** Whether the record had a resume file, and whether it was removed now (false: the sweep will). */
  resume: 'none' | 'removed' | 'left-for-the-sweep';
}

export async function eraseRecord(client: SupabaseClient<Database>, table: TableName, id: string): Promise<Erasure> {
  const { data, error, status } = await client.rpc('erase_record', { p_list: listOf(table), p_id: id });
  if (error) throw error.code === 'P0002' ? new GoneError(error.message) : new LoadError(error.message, status);
  const key = data.resume_url;
  if (!key) return { resume: 'none' };
  // Only a key the site could have made is sent to Storage (as for downloads, applications.ts).
  if (!RESUME_KEY_PATTERN.test(key)) return { resume: 'left-for-the-sweep' };
  try {
    const removed = await client.storage.from('resumes').remove([key]);
    return { resume: !removed.error && (removed.data ?? []).some((object) => object.name === key) ? 'removed' : 'left-for-the-sweep' };
  } catch {
    return { resume: 'left-for-the-sweep' };
  }
}

/** The toast after an erasure: the resume is mentioned only when it could not be removed now. */
export function erasedNotice(list: RecordList, erasure: Erasure | 'gone'): { title: string; description: string; destructive?: boolean } {
  const noun = recordNoun(list);
  if (erasure === 'gone') return { title: 'Already erased', description: `This ${noun} was no longer there: someone erased it meanwhile.` };
  const base = `The ${noun} and its notes were erased${erasure.resume === 'removed' ? ', with its resume' : ''}. Its history stays, ending with a line saying so.`;
  return erasure.resume === 'left-for-the-sweep'
    ? { title: `${noun[0]!.toUpperCase()}${noun.slice(1)} erased`, description: `${base} The resume file could not be removed just now; the hourly clean-up removes it within the hour.` }
    : { title: `${noun[0]!.toUpperCase()}${noun.slice(1)} erased`, description: base };
}
