/**
 * The retention purge, the same code wherever it runs: the purge Edge Function on a pg_cron schedule (Supabase),
 * a timer in the local stand-in, and `npm run purge`. It erases, in one transaction, every record past its
 * period in content/retention.yaml (public.purge_expired: the row, its notes by cascade, a 'deleted' event left in
 * its history), then removes their resume files through the Storage API, which is the only way to remove a file
 * on Supabase. A file that cannot be removed is reported, never a reason to keep the record.
 *
 * It also sweeps orphaned resumes (public.orphan_resumes): submit-application uploads a resume before it inserts
 * the row, so a function stopped between the two leaves a file no row names. Files older than ORPHAN_GRACE_MINUTES
 * that no application names are removed the same way; a resume this purge failed to remove is swept on a later run.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

/** content/retention.yaml, as the generated module carries it to the functions. */
export interface RetentionPeriods {
  suspectedSpam: { days: number };
}

export type PurgedList = 'applications' | 'inquiries';

export interface PurgeReport {
  dryRun: boolean;
  /** How many records were erased (or would be), by list. */
  erased: Record<PurgedList, number>;
  /** How many resume files were removed (or would be). */
  resumes: number;
  /** How many orphaned resume files (no application names them, older than the grace period) were removed (or would be). */
  orphans: number;
  /** Resume files that could not be removed, with the reason (the records are erased all the same). */
  resumeFailures: string[];
}

interface PurgedRecord {
  list: PurgedList;
  rule: 'spam';
  id: string;
  resume_url: string | null;
}

/** The Storage API removes at most this many files per call. */
const REMOVE_BATCH = 1000;

/**
 * How old a resume file with no application must be before it counts as orphaned: far longer than any
 * upload-then-insert can take (an Edge Function is stopped after minutes), so a row still on its way keeps its file.
 */
export const ORPHAN_GRACE_MINUTES = 60;

export async function purgeExpired(supabase: SupabaseClient, periods: RetentionPeriods, { dryRun = false } = {}): Promise<PurgeReport> {
  // Orphans first: once purge_expired has erased records, their resumes would look orphaned too.
  const swept = await supabase.rpc('orphan_resumes', { p_grace_minutes: ORPHAN_GRACE_MINUTES });
  if (swept.error) throw new Error(`The sweep of orphaned resumes could not run: ${swept.error.message}`);
  const { data, error } = await supabase.rpc('purge_expired', { p_spam_days: periods.suspectedSpam.days, p_dry_run: dryRun });
  if (error) throw new Error(`The purge could not run: ${error.message}`);
  const records = (data ?? []) as PurgedRecord[];
  const resumes = records.flatMap((record) => (record.resume_url ? [record.resume_url] : []));
  const orphans = ((swept.data ?? []) as string[]).filter((file) => !resumes.includes(file));
  const report: PurgeReport = {
    dryRun,
    erased: { applications: records.filter((r) => r.list === 'applications').length, inquiries: records.filter((r) => r.list === 'inquiries').length },
    resumes: resumes.length,
    orphans: orphans.length,
    resumeFailures: [],
  };
  if (dryRun) return report;
  report.resumeFailures = await removeResumes(supabase, [...resumes, ...orphans]);
  return report;
}

/** Removes resume files through the Storage API, in batches; returns those that could not be, with the reason. */
async function removeResumes(supabase: SupabaseClient, files: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (let i = 0; i < files.length; i += REMOVE_BATCH) {
    const batch = files.slice(i, i + REMOVE_BATCH);
    const removed = await supabase.storage.from('resumes').remove(batch);
    if (removed.error) {
      failures.push(...batch.map((file) => `${file}: ${removed.error.message}`));
      continue;
    }
    const gone = new Set((removed.data ?? []).map((object) => object.name));
    failures.push(...batch.filter((file) => !gone.has(file)).map((file) => `${file}: not found in storage`));
  }
  return failures;
}

/** The report in one line, e.g. "Erased 3 inquiries and 1 application (1 resume) filed as suspected spam over 30 days ago." */
export function describePurge(report: PurgeReport, periods: RetentionPeriods): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const what = `${count(report.erased.inquiries, 'inquiry', 'inquiries')} and ${count(report.erased.applications, 'application', 'applications')} (${count(report.resumes, 'resume', 'resumes')})`;
  const rule = `filed as suspected spam over ${periods.suspectedSpam.days} days ago`;
  const orphans = `${count(report.orphans, 'orphaned resume file', 'orphaned resume files')} (named by no application, uploaded over ${ORPHAN_GRACE_MINUTES} minutes ago)`;
  const sweep = report.orphans === 0 ? '' : report.dryRun ? ` Would remove ${orphans}.` : ` Removed ${orphans}.`;
  const line = report.dryRun ? `Would erase ${what} ${rule}; nothing was erased (dry run).${sweep}` : `Erased ${what} ${rule}.${sweep}`;
  return report.resumeFailures.length ? `${line}\n${count(report.resumeFailures.length, 'resume file', 'resume files')} could not be removed:\n  ${report.resumeFailures.join('\n  ')}` : line;
}
