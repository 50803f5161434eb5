/**
 * The retention purge, the same code wherever it runs: the purge Edge Function on a pg_cron schedule (Supabase),
 * a timer in the local stand-in, and `npm run purge`. It erases, in one transaction, every record past its
 * period in content/retention.yaml (public.purge_expired): suspected spam left at the Spam stage, when an admin
 * filed it there or the bot signals did on arrival (an application not before it is 12 months old, the EEOC floor);
 * inquiries that never became clients and job applications, each a number of months after its last activity,
 * including those a plain staff member moved to Spam (supabase/migrations/20261127000100_spam_retention_floor.sql).
 * The database decides every rule; this code only counts what it returns. Each goes as an
 * admin's erasure does: the row, its notes and its outbox rows by cascade, a 'deleted' event left in its history;
 * then their resume files are removed through the Storage API, which is the only way to remove a file on
 * Supabase. A file that cannot be removed is reported, never a reason to keep the record.
 *
 * It also sweeps orphaned resumes (public.orphan_resumes): submit-application uploads a resume before it inserts
 * the row, so a function stopped between the two leaves a file no row names. Files older than ORPHAN_GRACE_MINUTES
 * that no application names are removed the same way; a resume this purge, or an admin's erasure, failed to
 * remove is swept on a later run.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

/** content/retention.yaml, as the generated module carries it to the functions. */
export interface RetentionPeriods {
  /**
   * Records at the Spam stage that an admin filed there, or the bot signals on arrival: erased `days` after they
   * were filed there; a bot-filed application not before it is 12 months old. Filed there by plain staff, a record
   * follows its list's months instead.
   */
  suspectedSpam: { days: number };
  /** Inquiries that never became clients: erased `months` after their last activity, unless at one of `clientStages`. */
  inquiries: { months: number; clientStages: string[] };
  /** Job applications: erased `months` (at least 12, EEOC) after their last activity. */
  applications: { months: number };
}

/** Why a record was erased: spam filed by an admin or the bot signals past its days, or a record past its months. */
export type PurgeRule = 'spam' | 'period';

export type PurgedList = 'applications' | 'inquiries';

export interface PurgeReport {
  dryRun: boolean;
  /** How many records were erased (or would be), by list. */
  erased: Record<PurgedList, number>;
  /** The same, by rule and list. */
  byRule: Record<PurgeRule, Record<PurgedList, number>>;
  /** How many resume files were removed (or would be). */
  resumes: number;
  /** How many orphaned resume files (no application names them, older than the grace period) were removed (or would be). */
  orphans: number;
  /** Resume files that could not be removed, with the reason (the records are erased all the same). */
  resumeFailures: string[];
}

interface PurgedRecord {
  list: PurgedList;
  rule: PurgeRule;
  id: string;
  resume_url: string | null;
}

/** The EEOC's floor (29 CFR 1602.14): the spam rule takes an application the bot signals filed only after a year from its arrival. */
export const BOT_FILED_APPLICATION_FLOOR_MONTHS = 12;

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
  const { data, error } = await supabase.rpc('purge_expired', {
    p_spam_days: periods.suspectedSpam.days,
    p_inquiry_months: periods.inquiries.months,
    p_client_stages: periods.inquiries.clientStages,
    p_application_months: periods.applications.months,
    p_dry_run: dryRun,
  });
  if (error) throw new Error(`The purge could not run: ${error.message}`);
  const records = (data ?? []) as PurgedRecord[];
  const resumes = records.flatMap((record) => (record.resume_url ? [record.resume_url] : []));
  const orphans = ((swept.data ?? []) as string[]).filter((file) => !resumes.includes(file));
  const count = (rule: PurgeRule | null, list: PurgedList) => records.filter((r) => r.list === list && (rule === null || r.rule === rule)).length;
  const report: PurgeReport = {
    dryRun,
    erased: { applications: count(null, 'applications'), inquiries: count(null, 'inquiries') },
    byRule: {
      spam: { applications: count('spam', 'applications'), inquiries: count('spam', 'inquiries') },
      period: { applications: count('period', 'applications'), inquiries: count('period', 'inquiries') },
    },
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

/**
 * The report as a person reads it: the totals, then one line per rule, e.g.
 *   Erased 3 inquiries and 1 application (1 resume). By rule:
 *     suspected spam filed over 30 days ago by an admin or the bot signals (applications the bot signals filed once 12 months old): 2 inquiries, 0 applications
 *     inquiries that never became clients (not at became-a-client), nothing done on them for 24 months: 1 inquiry
 *     applications with nothing done on them for 18 months: 1 application
 */
export function describePurge(report: PurgeReport, periods: RetentionPeriods): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const inquiries = (n: number) => count(n, 'inquiry', 'inquiries');
  const applications = (n: number) => count(n, 'application', 'applications');
  const what = `${inquiries(report.erased.inquiries)} and ${applications(report.erased.applications)} (${count(report.resumes, 'resume', 'resumes')})`;
  const orphans = `${count(report.orphans, 'orphaned resume file', 'orphaned resume files')} (named by no application, uploaded over ${ORPHAN_GRACE_MINUTES} minutes ago)`;
  const sweep = report.orphans === 0 ? '' : report.dryRun ? ` Would remove ${orphans}.` : ` Removed ${orphans}.`;
  const { spam, period } = report.byRule;
  const rules = [
    `suspected spam filed over ${periods.suspectedSpam.days} days ago by an admin or the bot signals (applications the bot signals filed once ${BOT_FILED_APPLICATION_FLOOR_MONTHS} months old): ${inquiries(spam.inquiries)}, ${applications(spam.applications)}`,
    `inquiries that never became clients (not at ${periods.inquiries.clientStages.join(', ')}), nothing done on them for ${periods.inquiries.months} months: ${inquiries(period.inquiries)}`,
    `applications with nothing done on them for ${periods.applications.months} months: ${applications(period.applications)}`,
  ];
  const line = report.dryRun ? `Would erase ${what}; nothing was erased (dry run).${sweep} By rule:` : `Erased ${what}.${sweep} By rule:`;
  const text = `${line}\n  ${rules.join('\n  ')}`;
  return report.resumeFailures.length
    ? `${text}\n${count(report.resumeFailures.length, 'resume file', 'resume files')} could not be removed (the next run sweeps them):\n  ${report.resumeFailures.join('\n  ')}`
    : text;
}
