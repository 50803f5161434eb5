/**
 * The retention purge at scale, for `npm run bench`: a stand-in of its own with 10,000 records past their period
 * under both kinds of rule (5,000 inquiries filed as spam 31 days ago, a staff note on every tenth; 5,000
 * applications that arrived 25 months ago and were never touched since, 2,000 with a resume file), erased by one
 * purgeExpired run (supabase/functions/_shared/purge.ts), timed from the call to its report. The records are
 * written in SQL, as fast as the database takes them.
 */
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import { purgeExpired, type RetentionPeriods } from '../../supabase/functions/_shared/purge.ts';
import { startLocalSupabase } from '../local-supabase/server.ts';

export interface PurgeBench {
  records: number;
  resumes: number;
  ms: number;
  erased: number;
}

/** content/retention.yaml's periods as shipped. */
const PERIODS: RetentionPeriods = { suspectedSpam: { days: 30 }, inquiries: { months: 24, clientStages: ['became-a-client'] }, applications: { months: 18 } };

export async function measurePurge(count = 10_000): Promise<PurgeBench> {
  const supabase = await startLocalSupabase({ port: 0, demoApplications: 0 });
  try {
    const half = count / 2;
    const resumes = Math.floor(half * 0.4);
    await supabase.db.exec(`
      -- With the consent the form asks for (the database refuses a new request without it).
      insert into public.inquiries (name, phone, email, care_for, message, spam_reason, consent_version, consented_at)
      select 'Spam Sender ' || i, '8605550100', 'spam' || i || '@example.com', 'a-parent', 'Buy now.', 'sent faster than a person can', '2026-11-25', now()
      from generate_series(1, ${half}) as i;
      -- Arrived 25 months ago (their 'created' events too), never worked since: past the 18 months of applications.
      insert into public.job_applications (created_at, first_name, last_name, email, phone, position, experience, availability, cover_letter, resume_url)
      select now() - interval '25 months', 'Old', 'Applicant ' || i, 'old' || i || '@example.com', '8605550100', 'companion-caregiver', 'no-experience', 'flexible', 'I cared for my father.',
             case when i <= ${resumes} then gen_random_uuid() || '/' || gen_random_uuid() || '.pdf' end
      from generate_series(1, ${half}) as i;
      insert into storage.objects (bucket_id, name, version, metadata)
      select 'resumes', resume_url, 'v1', '{"mimetype":"application/pdf","size":18}' from public.job_applications where resume_url is not null;
      insert into standin.blobs (bucket_id, name, version, data)
      select 'resumes', resume_url, 'v1', '\\x255044462d312e3420726573756d65'::bytea from public.job_applications where resume_url is not null;
      -- Notes are written in a staff member's name only (the demo staff account of supabase/seed.sql).
      begin;
      select set_config('request.jwt.claims', '{"sub":"5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01","role":"authenticated"}', true);
      insert into public.record_notes (inquiry_id, body)
      select id, 'Called: no answer.' from public.inquiries order by id limit ${Math.floor(half / 10)};
      commit;
      update public.inquiries set stage_changed_at = now() - interval '31 days';
    `);
    const client = serverClient(supabase.url, supabase.serviceRoleKey);
    const started = performance.now();
    const report = await purgeExpired(client, PERIODS);
    const ms = performance.now() - started;
    if (report.resumeFailures.length) throw new Error(`the purge could not remove ${report.resumeFailures.length} resumes: ${report.resumeFailures[0]}`);
    return { records: count, resumes, ms, erased: report.erased.applications + report.erased.inquiries };
  } finally {
    await supabase.close();
  }
}
