/**
 * One week and one first reply, the same in every view (issue 40, item 9): the list's "This Week" count
 * (records.ts countThisWeek), the list's Waiting column ("answered in 4 min": workflow/overdue.ts waitingOf) and
 * Reports' "This week" (reports/periods.ts thisWeek, public.report_inquiries and report_applications) read the
 * same records on the local stand-in, through supabase-js as staff. The records sit at the week's edges: Sunday
 * 23:59 and Monday 00:01 New York time, in a week of standard time and in the week the clocks go forward (a week
 * taken as the last 7 days, or in UTC, or at a fixed offset, counts some of them in the wrong week), with spam
 * among them, and first replies of 3 min 30 s and 3 min 27 s (a rounding taken twice, or floored, reads 3 in one
 * view and 4 in the other).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { APPLICATION_COLUMNS, type ApplicationSummary } from '../../src/admin/applications.ts';
import { formatMinutes } from '../../src/admin/format.ts';
import { INQUIRY_COLUMNS, type InquirySummary } from '../../src/admin/inquiries.ts';
import { countThisWeek, loadRows } from '../../src/admin/records.ts';
import { thisWeek, weekOf } from '../../src/admin/reports/periods.ts';
import type { ApplicationReport, InquiryReport } from '../../src/admin/reports/reportData.ts';
import { inquiryTables, cellText } from '../../src/admin/reports/reportTables.ts';
import { waitingOf } from '../../src/admin/workflow/overdue.ts';
import { setWorkflow, spamStageOf } from '../../src/admin/workflow/stages.ts';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { clientsOf, consentGiven } from './formPosts.ts';

const consent = consentGiven('2026-01-01T00:00:00Z');
let serial = 0;
const nextId = () => `00000000-0000-4000-9000-${String(++serial).padStart(12, '0')}`;

/** An inquiry as the function stores it (the trigger writes its 'created' event at created_at). */
function inquiry(name: string, createdAt: string, spam = false): { id: string; sql: string } {
  const id = nextId();
  return {
    id,
    sql: `insert into public.inquiries (id, created_at, name, phone, care_for, consent_version, consented_at, source, spam_reason)
      values ('${id}', '${createdAt}', '${name}', '8605550142', 'a-parent', '${consent.consent_version}', '${consent.consented_at}', 'edge-test', ${spam ? "'sent faster than a person can'" : 'null'});`,
  };
}

function application(name: string, createdAt: string, spam = false): { id: string; sql: string } {
  const id = nextId();
  return {
    id,
    sql: `insert into public.job_applications (id, created_at, first_name, last_name, email, phone, position, experience, availability, source, spam_reason)
      values ('${id}', '${createdAt}', 'Edge', '${name}', 'edge${serial}@example.com', '8605550142', 'companion-caregiver', 'one-to-three-years', 'flexible', 'edge-test', ${spam ? "'sent faster than a person can'" : 'null'});`,
  };
}

/**
 * The first reply at a time of the test's choosing, as the workflow trigger and the history trigger write it at
 * that moment (they stamp now(), which a test cannot set): the row's stage, stage_changed_at and first_reply_at
 * with the triggers held for this one transaction, and the history's stage event.
 */
function replied(table: 'inquiries' | 'job_applications', id: string, at: string): string {
  const list = table === 'inquiries' ? 'inquiries' : 'applications';
  return `begin;
    set local session_replication_role = replica;
    update public.${table} set stage = 'contacted', stage_changed_at = '${at}', first_reply_at = '${at}' where id = '${id}';
    commit;
    insert into public.record_events (list, record_id, kind, from_value, to_value, at) values ('${list}', '${id}', 'stage', 'new', 'contacted', '${at}');`;
}

interface Week {
  why: string;
  /** "Now": the last minute of the week, Sunday 23:59:30 New York time. */
  now: string;
  /** The instant the week begins, Monday 00:00 New York time. */
  monday: string;
  inquiries: Array<{ name: string; at: string; spam?: boolean; reply?: string; inWeek: boolean }>;
  applications: Array<{ name: string; at: string; spam?: boolean; inWeek: boolean }>;
  /** The first reply as the list and Reports both say it. */
  reply: string;
}

const WEEKS: Week[] = [
  {
    why: 'a week of standard time (EST, UTC-5): Monday 23 to Sunday 29 November 2026',
    now: '2026-11-30T04:59:30Z',
    monday: '2026-11-23T05:00:00.000Z',
    inquiries: [
      { name: 'Sunday 23:59 before', at: '2026-11-23T04:59:00Z', inWeek: false },
      { name: 'Monday 00:01', at: '2026-11-23T05:01:00Z', inWeek: true },
      // Wednesday 10:00, answered at 10:03:30.
      { name: 'Answered in 3 min 30 s', at: '2026-11-25T15:00:00Z', reply: '2026-11-25T15:03:30Z', inWeek: true },
      { name: 'Spam on Tuesday', at: '2026-11-24T15:00:00Z', spam: true, inWeek: false },
      { name: 'Sunday 23:59', at: '2026-11-30T04:59:00Z', inWeek: true },
      { name: 'Monday 00:01 after', at: '2026-11-30T05:01:00Z', inWeek: false },
    ],
    applications: [
      { name: 'Sunday before', at: '2026-11-23T04:59:00Z', inWeek: false },
      { name: 'Monday', at: '2026-11-23T05:01:00Z', inWeek: true },
      { name: 'Spam', at: '2026-11-25T05:01:00Z', spam: true, inWeek: false },
    ],
    reply: '4 min',
  },
  {
    why: 'the week the clocks go forward (8 March 2026): Monday 2 March 00:00 EST to Monday 9 March 00:00 EDT, 167 hours',
    now: '2026-03-09T03:59:30Z',
    monday: '2026-03-02T05:00:00.000Z',
    inquiries: [
      { name: 'Sunday 23:59 EST before', at: '2026-03-02T04:59:00Z', inWeek: false },
      { name: 'Monday 00:01 EST', at: '2026-03-02T05:01:00Z', inWeek: true },
      // Wednesday 10:00 EST, answered at 10:03:27: 3.45 minutes, 3.5 in the database's tenths.
      { name: 'Answered in 3 min 27 s', at: '2026-03-04T15:00:00Z', reply: '2026-03-04T15:03:27Z', inWeek: true },
      // After the change: 23:59 EDT is 03:59 UTC, an hour before a fixed offset of -5 would end the week.
      { name: 'Sunday 23:59 EDT', at: '2026-03-09T03:59:00Z', inWeek: true },
      { name: 'Monday 00:01 EDT after', at: '2026-03-09T04:01:00Z', inWeek: false },
    ],
    applications: [
      { name: 'Sunday EDT', at: '2026-03-09T03:59:00Z', inWeek: true },
      { name: 'Monday EDT after', at: '2026-03-09T04:01:00Z', inWeek: false },
    ],
    reply: '4 min',
  },
];

let supabase: LocalSupabase;
let clients: ReturnType<typeof clientsOf>;
let staff: SupabaseClient;
const ids = new Map<string, string>();

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0 });
  clients = clientsOf(supabase);
  // The workflow as the page gives it, from the database's own copy of content/workflow.yaml.
  const stagesOf = async (table: string) => {
    const { rows } = await supabase.db.query<{ code: string; closed: boolean; spam: boolean }>(`select code, closed, spam from public.${table} order by position, code`);
    return { stages: rows.map((row) => ({ code: row.code, label: row.code, meaning: '', closed: row.closed })), spamStage: rows.find((row) => row.spam)!.code };
  };
  setWorkflow({ inquiries: await stagesOf('inquiry_stages'), applications: await stagesOf('application_stages') });
  const sql: string[] = [];
  for (const week of WEEKS) {
    for (const record of week.inquiries) {
      const made = inquiry(record.name, record.at, record.spam);
      ids.set(record.name, made.id);
      sql.push(made.sql);
      if (record.reply) sql.push(replied('inquiries', made.id, record.reply));
    }
    for (const record of week.applications) {
      const made = application(record.name, record.at, record.spam);
      sql.push(made.sql);
    }
  }
  await supabase.db.exec(sql.join('\n'));
  staff = await clients.staff();
}, 60_000);

afterAll(async () => {
  await clients.stop();
  await supabase.close();
});

async function report<T>(fn: 'report_inquiries' | 'report_applications', range: { from: Date; to: Date }): Promise<T> {
  const { data, error } = await staff.rpc(fn, { p_from: range.from.toISOString(), p_to: range.to.toISOString() });
  expect(error).toBeNull();
  return data as T;
}

describe.each(WEEKS)('$why', (week) => {
  const now = Date.parse(week.now);

  test('the week is Monday 00:00 New York time to the next Monday 00:00, in the list and in Reports', () => {
    expect(weekOf(new Date(now)).from.toISOString()).toBe(week.monday);
    expect(thisWeek(new Date(now)).from.toISOString()).toBe(week.monday);
  });

  test("the list's This Week and Reports' received are the same records: the edges where they belong, spam left out", async () => {
    const inquiries = await loadRows<InquirySummary>(staff, 'inquiries', INQUIRY_COLUMNS);
    const applications = await loadRows<ApplicationSummary>(staff, 'job_applications', APPLICATION_COLUMNS);
    const expectedInquiries = week.inquiries.filter((r) => r.inWeek).length;
    const expectedApplications = week.applications.filter((r) => r.inWeek).length;
    expect(countThisWeek(inquiries, spamStageOf('inquiries'), now)).toBe(expectedInquiries);
    expect(countThisWeek(applications, spamStageOf('applications'), now)).toBe(expectedApplications);
    const period = thisWeek(new Date(now));
    expect((await report<InquiryReport>('report_inquiries', period)).count).toBe(expectedInquiries);
    expect((await report<ApplicationReport>('report_applications', period)).count).toBe(expectedApplications);
  });

  test("the list's first reply reads as Reports' first reply, for the record and for its week", async () => {
    const answered = week.inquiries.find((r) => r.reply)!;
    const rows = await loadRows<InquirySummary>(staff, 'inquiries', INQUIRY_COLUMNS);
    const row = rows.find((r) => r.id === ids.get(answered.name))!;
    const listSays = waitingOf(row, now);
    expect(listSays).toEqual({ text: `answered in ${week.reply}`, overdue: false });

    const period = thisWeek(new Date(now));
    const weekReport = await report<InquiryReport>('report_inquiries', period);
    // The one answered inquiry of the week: its reply is the week's median, and Reports' tables say it so.
    expect(weekReport.answered).toBe(1);
    expect(formatMinutes(weekReport.firstReply.medianMinutes!)).toBe(week.reply);
    const empty: InquiryReport = { ...weekReport, count: 0, answered: 0, byOwner: [], bySource: [], byHeardAbout: [], funnel: [], closed: [], firstReply: { ...weekReport.firstReply, medianMinutes: null, p90Minutes: null } };
    const tables = inquiryTables({ now: weekReport, before: empty }, { staffName: () => 'Nobody yet', stageLabel: (_list, code) => code, label: (_kind, code) => code, spamStage: () => 'spam' });
    const firstReply = tables.find((table) => table.id === 'inquiries-first-reply')!;
    expect(cellText(firstReply.rows[0]!.now[0]!, null, 'minutes')).toBe(`${week.reply} (none before)`);
    const bySource = tables.find((table) => table.id === 'inquiries-by-source')!.rows.find((r) => r.key === 'edge-test')!;
    expect(cellText(bySource.now[3]!, null, 'minutes')).toBe(`${week.reply} (none before)`);

    // A period of the answered record's own minute: the same words again.
    const own = await report<InquiryReport>('report_inquiries', { from: new Date(answered.at), to: new Date(Date.parse(answered.at) + 1000) });
    expect(own.count).toBe(1);
    expect(`answered in ${formatMinutes(own.firstReply.medianMinutes!)}`).toBe(listSays!.text);
  });
});

test('one formatter for every duration: half a minute rounds up, tenths as the database rounds them', () => {
  expect([0.4, 3.44, 3.45, 3.5, 59.5, 60, 125, 47 * 60 + 59, 50 * 60].map(formatMinutes)).toEqual(['under 1 min', '3 min', '4 min', '4 min', '1 h', '1 h', '2 h 5 min', '47 h 59 min', '2 days 2 h']);
});
