/**
 * The dashboard's data access, all in one place. A real Supabase project returns at most 1,000 rows per
 * request, so the list is read in ranges after an exact count; the long cover letter is only fetched when
 * an application is opened. Searching is done in memory, so a keystroke stays fast at 10,000 applications.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { RESUME_KEY_PATTERN } from '../../supabase/functions/_shared/application.ts';
import type { Database, JobApplication } from './database.ts';

export const PAGE_ROWS = 1000;
export const LIST_COLUMNS = 'id, created_at, first_name, last_name, email, phone, position, experience, availability, has_transportation, has_license, resume_url';

export type ApplicationSummary = Omit<JobApplication, 'cover_letter'>;

export class LoadError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

/** True when the server no longer accepts the session (revoked or expired), as opposed to a network or server problem. */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof LoadError && error.status === 401;
}

export async function loadApplications(client: SupabaseClient<Database>): Promise<ApplicationSummary[]> {
  const head = await client.from('job_applications').select('id', { count: 'exact', head: true });
  if (head.error) throw new LoadError(head.error.message, head.status);
  const total = head.count ?? 0;
  const ranges = Array.from({ length: Math.ceil(total / PAGE_ROWS) }, (_, i) => i * PAGE_ROWS);
  const pages = await Promise.all(
    ranges.map(async (from) => {
      const page = await client
        .from('job_applications')
        .select(LIST_COLUMNS)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, from + PAGE_ROWS - 1);
      if (page.error) throw new LoadError(page.error.message, page.status);
      return page.data as ApplicationSummary[];
    }),
  );
  return pages.flat();
}

export async function loadApplication(client: SupabaseClient<Database>, id: string): Promise<JobApplication> {
  const { data, error, status } = await client.from('job_applications').select('*').eq('id', id).single();
  if (error) throw new LoadError(error.message, status);
  return data;
}

/**
 * A resume's bytes. Only a key the submit-application function could have made is fetched: a stored value
 * such as '../../rest/v1/...' would otherwise send the staff member's token to another endpoint.
 */
export async function downloadResume(client: SupabaseClient<Database>, key: string): Promise<Blob> {
  if (!RESUME_KEY_PATTERN.test(key)) throw new Error('The stored resume key is not one the site generates');
  const { data, error } = await client.storage.from('resumes').download(key);
  // Storage answers a revoked or expired token with code InvalidJWT (status 400, statusCode "403").
  const failure = error as { code?: string; status?: number } | null;
  if (failure && (failure.code === 'InvalidJWT' || failure.status === 401)) throw new LoadError(error!.message, 401);
  if (error || !data) throw new Error(error?.message ?? 'No file');
  return data;
}

/** Case-insensitive substring of first name, last name, e-mail or position; empty shows all. */
export function searchApplications<T extends Pick<ApplicationSummary, 'first_name' | 'last_name' | 'email' | 'position'>>(rows: T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((row) =>
    [row.first_name, row.last_name, row.email, row.position].some((field) => field.toLowerCase().includes(needle)),
  );
}

/** Applications created in the last 7 days. */
export function countThisWeek(rows: Pick<ApplicationSummary, 'created_at'>[], now = Date.now()): number {
  const since = now - 7 * 86_400_000;
  return rows.reduce((count, row) => count + (Date.parse(row.created_at) >= since ? 1 : 0), 0);
}

/** 'care-scheduling-coordinator' -> 'Care Scheduling Coordinator'; '1-3-years' -> '1 3 Years'. */
export function codeToWords(code: string): string {
  return code
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** '{first}_{last}_resume.pdf', with the names made safe for a file name on any system. */
export function resumeFileName(first: string, last: string): string {
  const safe = (name: string) =>
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 50) || 'applicant';
  return `${safe(first)}_${safe(last)}_resume.pdf`;
}
