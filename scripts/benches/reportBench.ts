/**
 * The reports at scale, for `npm run bench`: a stand-in of its own with 10,000 inquiries and 10,000 applications
 * over the last 90 days and 100,000 history events in all (each record's 'created' event, and stage changes,
 * owner changes and notes written straight into public.record_events at their own times, as the triggers would
 * have over the months), then public.report_inquiries and public.report_applications over the whole period,
 * called as a signed-in staff member through supabase-js (HTTP, RLS and all), timed from the call to its answer.
 */
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import type { Db } from '../local-supabase/db.ts';
import { startLocalSupabase } from '../local-supabase/server.ts';

export interface ReportBench {
  inquiries: number;
  applications: number;
  events: number;
  /** Median of five calls each, milliseconds. */
  inquiriesMs: number;
  applicationsMs: number;
}

const DANA = '5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01';
const SAM = '3b8e6f12-9c4d-4a7e-b1f3-5d2c8a9e6b03';

/**
 * Writes `count` records of each list and their history: a twentieth filed as spam; of the others nine in ten
 * answered within 0 to 33 hours and taken by a staff member (and most handed to a colleague), half moved on, a
 * third to the success stage, a note on about every second. About five events a record in all.
 */
export async function seedReportHistory(db: Db, count: number): Promise<void> {
  await db.exec(`
    insert into public.inquiries (created_at, name, phone, care_for, consent_version, consented_at, source, heard_about, spam_reason)
    select now() - interval '90 days' + (i * interval '90 days') / ${count}, 'Family ' || i, '8605550100', 'a-parent', '2026-11-25', now(),
           (array['google', 'direct', 'newsletter', 'facebook', 'hospital.example.org'])[1 + i % 5],
           (array['doctor', 'friend-or-family', 'google', null])[1 + i % 4],
           case when i % 20 = 0 then 'sent faster than a person can' end
    from generate_series(1, ${count}) as i;
    insert into public.job_applications (created_at, first_name, last_name, email, phone, position, experience, availability, source, heard_about, spam_reason)
    select now() - interval '90 days' + (i * interval '90 days') / ${count}, 'Applicant', 'No. ' || i, 'a' || i || '@example.com', '8605550100',
           (array['companion-caregiver', 'home-health-aide', 'live-in-caregiver'])[1 + i % 3], 'one-to-three-years', 'flexible',
           (array['indeed', 'direct', 'google', 'facebook'])[1 + i % 4],
           (array['indeed', 'friend-or-family', null])[1 + i % 3],
           case when i % 20 = 0 then 'sent faster than a person can' end
    from generate_series(1, ${count}) as i;
  `);
  for (const [list, table, steps] of [
    ['inquiries', 'inquiries', ['new', 'contacted', 'assessment-booked', 'became-a-client', 'not-a-fit']],
    ['applications', 'job_applications', ['new', 'contacted', 'interview-booked', 'hired', 'no-show']],
  ] as const) {
    const [first, second, third, success, lost] = steps;
    await db.exec(`
      create temporary table bench_records as
      select id, created_at, row_number() over (order by created_at, id) as n from public.${table} where spam_reason is null;
      insert into public.record_events (list, record_id, kind, actor, from_value, to_value, at)
      select '${list}', r.id, e.kind, e.actor, e.from_value, e.to_value, r.created_at + e.after
      from bench_records as r
      cross join lateral (values
        ('owner', '${DANA}'::uuid, null, '${DANA}', interval '1 minute' * (r.n * 37 % 2000), r.n % 10 < 9),
        ('stage', '${DANA}'::uuid, '${first}', '${second}', interval '1 minute' * (r.n * 37 % 2000), r.n % 10 < 9),
        ('owner', '${DANA}'::uuid, '${DANA}', '${SAM}', interval '2 days', r.n % 10 < 8),
        ('stage', '${SAM}'::uuid, '${second}', '${third}', interval '3 days', r.n % 10 < 5),
        ('stage', '${SAM}'::uuid, '${third}', '${success}', interval '6 days', r.n % 10 < 3),
        ('stage', '${SAM}'::uuid, '${third}', '${lost}', interval '6 days', r.n % 10 in (3, 4)),
        ('note', '${SAM}'::uuid, null, null, interval '4 days', r.n % 2 = 0 or r.n % 10 in (1, 3))
      ) as e(kind, actor, from_value, to_value, after, happened)
      where e.happened;
      drop table bench_records;
    `);
  }
}

async function medianMs(call: () => PromiseLike<{ error: unknown }>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const started = performance.now();
    const { error } = await call();
    if (error) throw new Error(`the report failed: ${JSON.stringify(error)}`);
    // The first call warms the plan caches and the connection; five are counted.
    if (i > 0) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2]!;
}

export async function measureReports(count = 10_000): Promise<ReportBench> {
  const supabase = await startLocalSupabase({ port: 0, demoApplications: 0 });
  try {
    await seedReportHistory(supabase.db, count);
    const events = Number((await supabase.db.query<{ n: number }>('select count(*)::integer as n from public.record_events')).rows[0]!.n);
    const client = serverClient(supabase.url, supabase.anonKey);
    const { error } = await client.auth.signInWithPassword({ email: 'staff@example.com', password: 'staff-demo-password' });
    if (error) throw new Error(`the staff sign-in failed: ${error.message}`);
    const period = { p_from: new Date(Date.now() - 100 * 86_400_000).toISOString(), p_to: new Date(Date.now() + 86_400_000).toISOString() };
    try {
      return {
        inquiries: count,
        applications: count,
        events,
        inquiriesMs: await medianMs(() => client.rpc('report_inquiries', period)),
        applicationsMs: await medianMs(() => client.rpc('report_applications', period)),
      };
    } finally {
      await client.auth.signOut();
    }
  } finally {
    await supabase.close();
  }
}
