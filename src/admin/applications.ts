/**
 * What only job applications have: the list's columns (all but the long cover letter) and the resumes in
 * the private `resumes` bucket, downloaded through short-lived signed links. Reading and searching the list is records.ts's, as for every table.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { RESUME_KEY_PATTERN } from '../../supabase/functions/_shared/application.ts';
import type { Database, JobApplication } from '../database.ts';
import { ORIGIN_COLUMNS } from './origin.ts';
import { LoadError } from './records.ts';

export const APPLICATION_COLUMNS = `id, created_at, first_name, last_name, email, phone, position, experience, availability, has_transportation, has_license, resume_url, stage, owner, stage_changed_at, first_reply_at, spam_reason, ${ORIGIN_COLUMNS}`;

export type ApplicationSummary = Omit<JobApplication, 'cover_letter'>;

/** How long a resume's download link works: long enough for the browser to open it at once, no more. */
export const RESUME_LINK_SECONDS = 60;

/**
 * A short-lived signed link to a resume that Storage answers as an attachment named `fileName` (with the PDF's
 * type), so the browser saves it rather than showing it. Signing is checked as the staff member (the bucket's
 * policies); whoever holds the link may download for RESUME_LINK_SECONDS. Only a key the submit-application
 * function could have made is signed: a stored value such as '../../rest/v1/...' would otherwise send the staff
 * member's token to another endpoint.
 */
export async function resumeDownloadUrl(client: SupabaseClient<Database>, key: string, fileName: string): Promise<string> {
  if (!RESUME_KEY_PATTERN.test(key)) throw new Error('The stored resume key is not one the site generates');
  const { data, error } = await client.storage.from('resumes').createSignedUrl(key, RESUME_LINK_SECONDS, { download: fileName });
  // Storage answers a revoked or expired token with code InvalidJWT (status 400, statusCode "403").
  const failure = error as { code?: string; status?: number } | null;
  if (failure && (failure.code === 'InvalidJWT' || failure.status === 401)) throw new LoadError(error!.message, 401);
  if (error || !data) throw new Error(error?.message ?? 'No download link');
  return data.signedUrl;
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
