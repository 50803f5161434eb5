/**
 * The reports in the database (supabase/migrations/20261127000800..0820): every metric of public.report_inquiries
 * and public.report_applications on a fixed history with known answers, on the local stand-in (PGlite, called
 * through supabase-js as each kind of user) and on Debian's PostgreSQL 15 (scripts/postgres/postgres15.ts, as PostgREST
 * would call them). Office-hours edge cases: a request on Friday evening answered on Monday, one across
 * Thanksgiving (a holiday of content/site.yaml), one across the end of daylight saving time; a request erased since
 * still counts; spam is left out of everything but the closed stages. Also first_reply_at as the workflow trigger
 * sets it, and the office minutes equal to officeMillisBetween() of supabase/functions/_shared/officeHours.ts.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { officeSchedule } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { officeMillisBetween } from '../../supabase/functions/_shared/officeHours.ts';
import { migrate, postgres15Missing, startPostgres15, type Postgres15 } from '../../scripts/postgres/postgres15.ts';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { setWorkflow } from '../../src/admin/workflow/stages.ts';
import { waitingOf } from '../../src/admin/workflow/overdue.ts';
import { clientsOf, consentGiven } from './formPosts.ts';

const DANA = '5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01';
const SAM = '3b8e6f12-9c4d-4a7e-b1f3-5d2c8a9e6b03';
const VISITOR = '7a2d9e41-6b3f-4f0a-8c27-1e9b5d3c4f02';
const PERIOD = { p_from: '2026-10-26T04:00:00Z', p_to: '2026-12-01T05:00:00Z' };

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const consent = consentGiven('2026-10-01T00:00:00Z');

/** An inquiry of the fixture, as the function stores it; `spam` files it under the spam stage. */
function inquiry(n: number, createdAt: string, source: string, heardAbout: string | null, spam = false): string {
  return `insert into public.inquiries (id, created_at, name, phone, care_for, consent_version, consented_at, source, heard_about, spam_reason)
    values ('${id(n)}', '${createdAt}', 'Family ${n}', '8605550100', 'a-parent', '${consent.consent_version}', '${consent.consented_at}', '${source}', ${heardAbout ? `'${heardAbout}'` : 'null'}, ${spam ? "'sent faster than a person can'" : 'null'});`;
}

function application(n: number, createdAt: string, position: string, source: string, heardAbout: string | null, spam = false): string {
  return `insert into public.job_applications (id, created_at, first_name, last_name, email, phone, position, experience, availability, source, heard_about, spam_reason)
    values ('${id(n)}', '${createdAt}', 'Applicant', 'No. ${n}', 'a${n}@example.com', '8605550100', '${position}', 'one-to-three-years', 'flexible', '${source}', ${heardAbout ? `'${heardAbout}'` : 'null'}, ${spam ? "'sent faster than a person can'" : 'null'});`;
}

/** A stage or owner event at its own time, as the triggers would have written it then. */
function event(list: 'inquiries' | 'applications', n: number, kind: 'stage' | 'owner', from: string | null, to: string | null, at: string): string {
  const text = (value: string | null) => (value === null ? 'null' : `'${value}'`);
  return `insert into public.record_events (list, record_id, kind, from_value, to_value, at) values ('${list}', '${id(n)}', '${kind}', ${text(from)}, ${text(to)}, '${at}');`;
}

/**
 * The history. Times are New York's (EST, UTC-5, from November 1; EDT, UTC-4, before). Office hours (site.yaml):
 * Monday to Friday 8-18, Saturday 9-15; Thanksgiving, November 26, closed.
 */
const FIXTURE = [
  // 1: Friday Nov 20, 18:30, answered Monday Nov 23, 9:00: 3,750 minutes; office: Saturday 9-15 and Monday 8-9 = 420. A client.
  inquiry(1, '2026-11-20T23:30:00Z', 'newsletter', 'doctor'),
  event('inquiries', 1, 'owner', null, DANA, '2026-11-21T12:00:00Z'),
  event('inquiries', 1, 'stage', 'new', 'contacted', '2026-11-23T14:00:00Z'),
  event('inquiries', 1, 'stage', 'contacted', 'became-a-client', '2026-11-25T15:00:00Z'),
  // 2: Wednesday Nov 25, 17:00, answered Friday Nov 27, 9:00 across Thanksgiving: 2,400 minutes; office 60 + 60 = 120. Not a fit.
  inquiry(2, '2026-11-25T22:00:00Z', 'google', 'google'),
  event('inquiries', 2, 'owner', null, SAM, '2026-11-25T22:05:00Z'),
  event('inquiries', 2, 'stage', 'new', 'not-a-fit', '2026-11-27T14:00:00Z'),
  // 3: Saturday Oct 31, 14:00 EDT, answered Monday Nov 2, 9:00 EST, across the change: 2,640 minutes (44 h); office 60 + 60 = 120.
  //    Taken by Sam, then given to Dana: Dana's.
  inquiry(3, '2026-10-31T18:00:00Z', 'newsletter', null),
  event('inquiries', 3, 'owner', null, SAM, '2026-10-31T18:10:00Z'),
  event('inquiries', 3, 'owner', SAM, DANA, '2026-11-01T18:10:00Z'),
  event('inquiries', 3, 'stage', 'new', 'contacted', '2026-11-02T14:00:00Z'),
  event('inquiries', 3, 'stage', 'contacted', 'assessment-booked', '2026-11-03T14:00:00Z'),
  // 4: Tuesday Nov 10, 10:00, answered at 10:10 (10 minutes), erased since: still counted.
  inquiry(4, '2026-11-10T15:00:00Z', 'direct', 'friend-or-family'),
  event('inquiries', 4, 'stage', 'new', 'contacted', '2026-11-10T15:10:00Z'),
  `delete from public.inquiries where id = '${id(4)}';`,
  // 5: never answered.
  inquiry(5, '2026-11-10T16:00:00Z', 'direct', null),
  // 6: spam, left as spam: in "closed" only.
  inquiry(6, '2026-11-11T16:00:00Z', 'direct', 'doctor', true),
  // 7: Thursday Nov 12, 12:00, taken for spam, moved back to New at 12:30 (no reply), contacted at 12:50: 50 minutes.
  inquiry(7, '2026-11-12T17:00:00Z', 'google', null, true),
  event('inquiries', 7, 'stage', 'spam', 'new', '2026-11-12T17:30:00Z'),
  event('inquiries', 7, 'stage', 'new', 'contacted', '2026-11-12T17:50:00Z'),
  // 8: after the period.
  inquiry(8, '2026-12-05T15:00:00Z', 'newsletter', 'doctor'),

  // Applications. 11: Monday Nov 2, 9:00, contacted 9:30 (30), hired Nov 12, 9:00 (10 days).
  application(11, '2026-11-02T14:00:00Z', 'companion-caregiver', 'indeed', 'indeed'),
  event('applications', 11, 'stage', 'new', 'contacted', '2026-11-02T14:30:00Z'),
  event('applications', 11, 'stage', 'contacted', 'interview-booked', '2026-11-04T14:00:00Z'),
  event('applications', 11, 'stage', 'interview-booked', 'hired', '2026-11-12T14:00:00Z'),
  // 12: Tuesday Nov 3, 10:00, contacted 12:00 (120), did not come to the interview.
  application(12, '2026-11-03T15:00:00Z', 'home-health-aide', 'google', null),
  event('applications', 12, 'stage', 'new', 'contacted', '2026-11-03T17:00:00Z'),
  event('applications', 12, 'stage', 'contacted', 'interview-booked', '2026-11-04T15:00:00Z'),
  event('applications', 12, 'stage', 'interview-booked', 'no-show', '2026-11-06T15:00:00Z'),
  // 13: Wednesday Nov 4, 10:00, contacted Thursday 10:00 (1,440; office 480 + 120 = 600), hired Nov 9, 10:00 (5 days).
  application(13, '2026-11-04T15:00:00Z', 'companion-caregiver', 'indeed', null),
  event('applications', 13, 'stage', 'new', 'contacted', '2026-11-05T15:00:00Z'),
  event('applications', 13, 'stage', 'contacted', 'offer-made', '2026-11-06T15:00:00Z'),
  event('applications', 13, 'stage', 'offer-made', 'hired', '2026-11-09T15:00:00Z'),
  // 14: spam.
  application(14, '2026-11-05T15:00:00Z', 'companion-caregiver', 'direct', null, true),
].join('\n');

const INQUIRIES_REPORT = {
  count: 6,
  answered: 5,
  firstReply: { medianMinutes: 2400, p90Minutes: 3306, officeMedianMinutes: 120, officeP90Minutes: 300, within15: 1, within60: 2, withinPromise: 2, promiseHours: 24 },
  byOwner: [
    { owner: null, count: 3, answered: 2, medianMinutes: 30, withinPromise: 2 },
    { owner: DANA, count: 2, answered: 2, medianMinutes: 3195, withinPromise: 0 },
    { owner: SAM, count: 1, answered: 1, medianMinutes: 2400, withinPromise: 0 },
  ],
  bySource: [
    { source: 'direct', count: 2, answered: 1, medianMinutes: 10, withinPromise: 1, converted: 0 },
    { source: 'google', count: 2, answered: 2, medianMinutes: 1225, withinPromise: 1, converted: 0 },
    { source: 'newsletter', count: 2, answered: 2, medianMinutes: 3195, withinPromise: 0, converted: 1 },
  ],
  byHeardAbout: [
    { heardAbout: null, count: 3, converted: 0 },
    { heardAbout: 'doctor', count: 1, converted: 1 },
    { heardAbout: 'friend-or-family', count: 1, converted: 0 },
    { heardAbout: 'google', count: 1, converted: 0 },
  ],
  funnel: [
    { stage: 'new', reached: 6 },
    { stage: 'contacted', reached: 4 },
    { stage: 'assessment-booked', reached: 1 },
    { stage: 'became-a-client', reached: 1 },
    { stage: 'not-a-fit', reached: 1 },
    { stage: 'spam', reached: 1 },
  ],
  closed: [
    { stage: 'became-a-client', count: 1 },
    { stage: 'not-a-fit', count: 1 },
    { stage: 'spam', count: 1 },
  ],
};

const APPLICATIONS_REPORT = {
  count: 3,
  answered: 3,
  firstContact: { medianMinutes: 120, p90Minutes: 1176, officeMedianMinutes: 120, officeP90Minutes: 504, within15: 0, within60: 1, withinPromise: 3, promiseHours: 24 },
  byPosition: [
    { position: 'companion-caregiver', count: 2, hired: 2 },
    { position: 'home-health-aide', count: 1, hired: 0 },
  ],
  bySource: [
    { source: 'indeed', count: 2, hired: 2 },
    { source: 'google', count: 1, hired: 0 },
  ],
  byHeardAbout: [
    { heardAbout: null, count: 2, hired: 1 },
    { heardAbout: 'indeed', count: 1, hired: 1 },
  ],
  timeToHire: { count: 2, medianDays: 7.5, p90Days: 9.5 },
  funnel: [
    { stage: 'new', reached: 3 },
    { stage: 'contacted', reached: 3 },
    { stage: 'interview-booked', reached: 2 },
    { stage: 'offer-made', reached: 1 },
    { stage: 'hired', reached: 2 },
    { stage: 'not-a-fit', reached: 0 },
    { stage: 'withdrew', reached: 0 },
    { stage: 'no-show', reached: 1 },
    { stage: 'spam', reached: 0 },
  ],
  closed: [
    { stage: 'hired', count: 2 },
    { stage: 'not-a-fit', count: 0 },
    { stage: 'withdrew', count: 0 },
    { stage: 'no-show', count: 1 },
    { stage: 'spam', count: 1 },
  ],
};

/** Office-time cases: [from, to] and why. */
const OFFICE_CASES: Array<[string, string, string]> = [
  ['2026-11-20T23:30:00Z', '2026-11-23T14:00:00Z', 'Friday evening to Monday morning'],
  ['2026-11-25T22:00:00Z', '2026-11-27T14:00:00Z', 'across Thanksgiving'],
  ['2026-10-31T18:00:00Z', '2026-11-02T14:00:00Z', 'across the end of daylight saving time'],
  ['2026-03-07T15:00:00Z', '2026-03-09T13:30:00Z', 'across the start of daylight saving time'],
  ['2026-11-10T15:00:00Z', '2026-11-10T15:10:00Z', 'ten minutes within the hours'],
  ['2026-11-10T15:10:00Z', '2026-11-10T15:00:00Z', 'backwards'],
  ['2026-12-24T22:00:00Z', '2027-01-04T13:00:00Z', 'over Christmas and the New Year'],
];

describe('on the local stand-in', () => {
  let supabase: LocalSupabase;
  let clients: ReturnType<typeof clientsOf>;
  let staff: SupabaseClient;

  beforeAll(async () => {
    supabase = await startLocalSupabase({ port: 0, demoApplications: 0 });
    clients = clientsOf(supabase);
    await supabase.db.exec(FIXTURE);
    staff = await clients.staff();
  });

  afterAll(async () => {
    await clients.stop();
    await supabase.close();
  });

  test('the inquiries report gives every metric of the fixed history', async () => {
    const { data, error } = await staff.rpc('report_inquiries', PERIOD);
    expect(error).toBeNull();
    expect(data).toEqual(INQUIRIES_REPORT);
  });

  test('the applications report gives every metric of the fixed history', async () => {
    const { data, error } = await staff.rpc('report_applications', PERIOD);
    expect(error).toBeNull();
    expect(data).toEqual(APPLICATIONS_REPORT);
  });

  test('a visitor and a signed-in user who is not staff are refused with 42501', async () => {
    for (const client of [clients.client(), await clients.visitor()]) {
      for (const report of ['report_inquiries', 'report_applications']) {
        const { data, error } = await client.rpc(report, PERIOD);
        expect(data).toBeNull();
        expect(error?.code).toBe('42501');
      }
    }
  });

  test('a period that ends before it starts is refused', async () => {
    const { error } = await staff.rpc('report_inquiries', { p_from: PERIOD.p_to, p_to: PERIOD.p_from });
    expect(error?.code).toBe('22023');
  });

  test('office minutes in the database equal officeMillisBetween() of the Edge Functions, case by case', async () => {
    for (const [from, to, why] of OFFICE_CASES) {
      const { data, error } = await staff.rpc('office_minutes_between', { p_from: from, p_to: to });
      expect(error, why).toBeNull();
      expect({ why, minutes: Number(data) }).toEqual({ why, minutes: officeMillisBetween(new Date(from), new Date(to), officeSchedule) / 60_000 });
    }
  });

  test('the workflow trigger stamps first_reply_at at the first reply, once, and not for a move to spam', async () => {
    await supabase.db.exec(`${inquiry(21, new Date().toISOString(), 'direct', null)}\n${inquiry(22, new Date().toISOString(), 'direct', null)}`);
    const read = async (n: number) => (await staff.from('inquiries').select('stage, first_reply_at').eq('id', id(n)).single()).data as { stage: string; first_reply_at: string | null };
    expect(await read(21)).toEqual({ stage: 'new', first_reply_at: null });

    await staff.from('inquiries').update({ stage: 'spam' }).eq('id', id(22));
    expect((await read(22)).first_reply_at).toBeNull();

    const before = Date.now();
    await staff.from('inquiries').update({ stage: 'contacted' }).eq('id', id(21));
    const replied = (await read(21)).first_reply_at!;
    expect(Date.parse(replied)).toBeGreaterThanOrEqual(before - 1000);
    await staff.from('inquiries').update({ stage: 'new' }).eq('id', id(21));
    await staff.from('inquiries').update({ stage: 'assessment-booked' }).eq('id', id(21));
    expect(await read(21)).toEqual({ stage: 'assessment-booked', first_reply_at: replied });
    // Staff cannot write it themselves.
    expect((await staff.from('inquiries').update({ first_reply_at: null } as never).eq('id', id(21))).error?.code).toBe('42501');
  });
});

describe("the list's Waiting column", () => {
  const stage = (code: string, closed = false) => ({ code, label: code, meaning: '', closed });
  const stages = [stage('new'), stage('contacted'), stage('became-a-client', true), stage('spam', true)];
  setWorkflow({ inquiries: { stages, spamStage: 'spam' }, applications: { stages, spamStage: 'spam' } });
  const now = Date.parse('2026-11-23T16:00:00Z');

  test('stops at the first reply and says how long the family waited for it', () => {
    const contacted = { stage: 'contacted', created_at: '2026-11-20T23:30:00Z', first_reply_at: '2026-11-21T01:30:00Z' };
    expect(waitingOf(contacted, now)).toEqual({ text: 'answered in 2 h', overdue: false });
    // Closed since, or moved back to New after the reply: still the time it took, never Overdue.
    expect(waitingOf({ ...contacted, stage: 'became-a-client' }, now)).toEqual({ text: 'answered in 2 h', overdue: false });
    expect(waitingOf({ ...contacted, stage: 'new' }, now)).toEqual({ text: 'answered in 2 h', overdue: false });
  });

  test('counts on, and turns Overdue, while nobody has answered', () => {
    expect(waitingOf({ stage: 'new', created_at: '2026-11-20T23:30:00Z', first_reply_at: null }, now)).toEqual({ text: '2 days 16 h', overdue: true });
    expect(waitingOf({ stage: 'spam', created_at: '2026-11-20T23:30:00Z', first_reply_at: null }, now)).toBeNull();
  });
});

const missing = postgres15Missing();
if (missing) console.warn(`Skipping the reports on PostgreSQL 15: ${missing}.`);

describe.skipIf(missing !== null)('on PostgreSQL 15', () => {
  let server: Postgres15;
  /** One transaction as a signed-in user with these claims, or as anon, as PostgREST runs a call. */
  const as = (role: 'authenticated' | 'anon', claims: object, sql: string) =>
    server.psql(`begin; select set_config('role', '${role}', true), set_config('request.jwt.claims', '${JSON.stringify(claims)}', true) \\g /dev/null\n${sql}; commit;`);
  const asStaff = (sql: string) => as('authenticated', { sub: DANA, role: 'authenticated', app_metadata: { role: 'staff' } }, sql);
  const call = (report: string) => `select public.${report}('${PERIOD.p_from}', '${PERIOD.p_to}')`;
  const errorOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return /ERROR:\s+(.*)/.exec((error as Error).message)?.[1];
    }
    return undefined;
  };

  beforeAll(() => {
    server = startPostgres15();
    migrate(server);
    server.psql(FIXTURE);
  }, 120_000);

  afterAll(() => server?.stop());

  test('the same reports, the same answers', () => {
    expect(JSON.parse(asStaff(call('report_inquiries')))).toEqual(INQUIRIES_REPORT);
    expect(JSON.parse(asStaff(call('report_applications')))).toEqual(APPLICATIONS_REPORT);
  });

  test('the same office minutes', () => {
    for (const [from, to, why] of OFFICE_CASES) {
      expect({ why, minutes: Number(asStaff(`select public.office_minutes_between('${from}', '${to}')`)) }).toEqual({
        why,
        minutes: officeMillisBetween(new Date(from), new Date(to), officeSchedule) / 60_000,
      });
    }
  });

  test('anon and a non-staff user are refused', () => {
    for (const report of ['report_inquiries', 'report_applications']) {
      expect(errorOf(() => as('anon', { role: 'anon' }, call(report)))).toBe(`permission denied for function ${report}`);
      expect(errorOf(() => as('authenticated', { sub: VISITOR, role: 'authenticated', app_metadata: {} }, call(report)))).toBe('Reports are for staff only');
    }
  });
});
