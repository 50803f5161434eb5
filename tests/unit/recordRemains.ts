/**
 * What the database still holds of a record after an erasure or a purge, read as its superuser: the row, its
 * notes, its notification_outbox rows, its resume (the object row and the stand-in's bytes), and its events'
 * kinds. Shared by purge.test.ts and erasure.test.ts, which check that nothing but the history is left.
 */
import type { LocalSupabase } from '../../scripts/local-supabase/server.ts';

/** True once the outbox table exists (20261126000000_notification_outbox.sql). */
export async function hasOutbox(supabase: LocalSupabase): Promise<boolean> {
  return (await supabase.db.query<{ found: string | null }>("select to_regclass('public.notification_outbox')::text as found")).rows[0]!.found !== null;
}

/**
 * Gives the record an outbox row if it has none (a request stored by the service role gets one from the outbox's
 * own trigger; suspected spam and rows written in SQL do not), so that its removal can be seen.
 */
export async function withOutboxRow(supabase: LocalSupabase, list: 'applications' | 'inquiries', id: string): Promise<void> {
  if (!(await hasOutbox(supabase))) return;
  const column = list === 'applications' ? 'application_id' : 'inquiry_id';
  await supabase.db.query(
    `insert into public.notification_outbox (kind, ${column}) select $2, $1 where not exists (select 1 from public.notification_outbox where ${column} = $1)`,
    [id, list === 'applications' ? 'application' : 'inquiry'],
  );
}

export async function remainsOf(supabase: LocalSupabase, id: string, resumeUrl: string | null = null) {
  const count = async (sql: string, params: unknown[]) => Number((await supabase.db.query<{ n: number }>(sql, params)).rows[0]!.n);
  return {
    rows: (await count('select count(*)::int as n from public.job_applications where id = $1', [id])) + (await count('select count(*)::int as n from public.inquiries where id = $1', [id])),
    notes: await count('select count(*)::int as n from public.record_notes where application_id = $1 or inquiry_id = $1', [id]),
    outbox: (await hasOutbox(supabase)) ? await count('select count(*)::int as n from public.notification_outbox where application_id = $1 or inquiry_id = $1', [id]) : 0,
    resume: resumeUrl ? await count("select count(*)::int as n from storage.objects where bucket_id = 'resumes' and name = $1", [resumeUrl]) : 0,
    bytes: resumeUrl ? await count("select count(*)::int as n from standin.blobs where bucket_id = 'resumes' and name = $1", [resumeUrl]) : 0,
    events: (await supabase.db.query<{ kind: string }>('select kind from public.record_events where record_id = $1 order by id', [id])).rows.map((row) => row.kind),
  };
}
