/**
 * The office calendar staff-only and bounded, and the reports' periods bounded (issue 39, items 5b and 6;
 * supabase/migrations/20261129000100_office_calendar_bounds.sql), on the stand-in through supabase-js as each kind
 * of caller: a visitor and a signed-in user who is not staff are refused (42501); staff asking for a hundred years,
 * a null, reversed, infinite or out-of-bounds range are refused at once with a plain message (22023); a normal range
 * answers as before; the reports answer for the dashboard's longest periods (this quarter and the one before, a
 * custom period of 1,100 days), and a report whose request was answered years after it arrived still counts its
 * office time (the reports' own calendar is not bounded by the public one's limit).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { officeSchedule } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { officeMillisBetween } from '../../supabase/functions/_shared/officeHours.ts';
import { customPeriod, thisQuarter } from '../../src/admin/reports/periods.ts';
import { clientsOf, consentGiven } from './formPosts.ts';

let supabase: LocalSupabase;
let clients: ReturnType<typeof clientsOf>;
let staff: SupabaseClient;

const consent = consentGiven('2026-01-01T00:00:00Z');
/** An inquiry that arrived on Monday, February 2, 2026 at 10:00 in New York, first answered four years later. */
const ARRIVED = '2026-02-02T15:00:00Z';
const ANSWERED = '2030-02-04T15:00:00Z';

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0, demoInquiries: 0 });
  clients = clientsOf(supabase);
  staff = await clients.staff();
  await supabase.db.exec(`
    insert into public.inquiries (id, created_at, name, phone, care_for, consent_version, consented_at, source)
    values ('00000000-0000-4000-8000-0000000c0001', '${ARRIVED}', 'Late Reply', '8605550100', 'a-parent', '${consent.consent_version}', '${consent.consented_at}', 'direct');
    insert into public.record_events (list, record_id, kind, from_value, to_value, at)
    values ('inquiries', '00000000-0000-4000-8000-0000000c0001', 'stage', 'new', 'contacted', '${ANSWERED}');`);
});

afterAll(async () => {
  await clients.stop();
  await supabase.close();
});

/** A call's error (code and message) and how long it took. */
async function timed(client: SupabaseClient, fn: string, args: Record<string, unknown>) {
  const started = performance.now();
  const { data, error } = await client.rpc(fn, args);
  return { data: data as unknown, code: error?.code, message: error?.message, ms: performance.now() - started };
}

describe('who may ask for the office calendar', () => {
  test('a visitor may not call it, nor the office minutes', async () => {
    const anon = clients.client();
    expect(await timed(anon, 'office_calendar', { p_first: '2026-11-23', p_last: '2026-11-29' })).toMatchObject({ data: null, code: '42501' });
    expect(await timed(anon, 'office_minutes_between', { p_from: '2026-11-23T13:00:00Z', p_to: '2026-11-24T13:00:00Z' })).toMatchObject({ data: null, code: '42501' });
  });

  test('a signed-in user who is not staff is refused with a plain message, before any day is made', async () => {
    const visitor = await clients.visitor();
    for (const [fn, args] of [
      ['office_calendar', { p_first: '2026-11-23', p_last: '2026-11-29' }],
      ['office_calendar', { p_first: '2000-01-01', p_last: '2199-12-31' }],
      ['office_minutes_between', { p_from: '2026-11-23T13:00:00Z', p_to: '2026-11-24T13:00:00Z' }],
    ] as const) {
      const answer = await timed(visitor, fn, args);
      expect(answer, fn).toMatchObject({ data: null, code: '42501', message: 'The office calendar is for staff only' });
      expect(answer.ms).toBeLessThan(2000);
    }
  });
});

describe("staff's ranges", () => {
  test('a hundred years is refused at once, saying how much the calendar gives', async () => {
    const calendar = await timed(staff, 'office_calendar', { p_first: '2026-01-01', p_last: '2125-12-31' });
    expect(calendar).toMatchObject({ data: null, code: '22023', message: 'The office calendar gives at most 1,100 days at a time (about three years), not 36,524 (2026-01-01 to 2125-12-31)' });
    expect(calendar.ms).toBeLessThan(2000);
    const minutes = await timed(staff, 'office_minutes_between', { p_from: '2026-01-01T05:00:00Z', p_to: '2126-01-01T05:00:00Z' });
    expect(minutes).toMatchObject({ data: null, code: '22023' });
    expect(minutes.message).toMatch(/^The office calendar gives at most 1,100 days at a time/);
    expect(minutes.ms).toBeLessThan(2000);
  });

  test('a null, reversed, infinite or out-of-bounds range is refused with a plain message', async () => {
    const refused = async (args: Record<string, unknown>) => {
      const { code, message } = await timed(staff, 'office_calendar', args);
      return { code, message };
    };
    expect(await refused({ p_first: null, p_last: '2026-11-29' })).toEqual({ code: '22023', message: 'The office calendar needs a first and a last day' });
    expect(await refused({ p_first: '2026-11-29', p_last: '2026-11-23' })).toEqual({ code: '22023', message: "The office calendar's last day (2026-11-23) comes before its first (2026-11-29)" });
    expect(await refused({ p_first: '-infinity', p_last: '2026-11-29' })).toEqual({ code: '22023', message: 'The office calendar covers the years 2000 to 2199, not -infinity to 2026-11-29' });
    expect(await refused({ p_first: '1999-12-31', p_last: '2000-01-02' })).toEqual({ code: '22023', message: 'The office calendar covers the years 2000 to 2199, not 1999-12-31 to 2000-01-02' });
    expect(await refused({ p_first: '9999-12-01', p_last: '9999-12-31' })).toEqual({ code: '22023', message: 'The office calendar covers the years 2000 to 2199, not 9999-12-01 to 9999-12-31' });
    expect(await timed(staff, 'office_minutes_between', { p_from: null, p_to: '2026-11-24T13:00:00Z' })).toMatchObject({ code: '22023' });
    expect(await timed(staff, 'office_minutes_between', { p_from: '2026-11-23T13:00:00Z', p_to: 'infinity' })).toMatchObject({ code: '22023' });
    // Office minutes of a range that ends before it starts stay 0, as officeMillisBetween() gives, however far apart.
    expect(await timed(staff, 'office_minutes_between', { p_from: '9999-01-01T00:00:00Z', p_to: '2026-11-24T13:00:00Z' })).toMatchObject({ data: 0 });
  });

  test('a normal range answers as before: the week of Thanksgiving, day by day', async () => {
    const { data, error } = await staff.rpc('office_calendar', { p_first: '2026-11-23', p_last: '2026-11-29' });
    expect(error).toBeNull();
    const rows = (data as Array<{ day: string; opens_at: string | null; closes_at: string | null; minutes_before: number }>).map((row) => [
      row.day,
      row.opens_at && new Date(row.opens_at).toISOString(),
      row.closes_at && new Date(row.closes_at).toISOString(),
      Number(row.minutes_before),
    ]);
    expect(rows).toEqual([
      ['2026-11-23', '2026-11-23T13:00:00.000Z', '2026-11-23T23:00:00.000Z', 0],
      ['2026-11-24', '2026-11-24T13:00:00.000Z', '2026-11-24T23:00:00.000Z', 600],
      ['2026-11-25', '2026-11-25T13:00:00.000Z', '2026-11-25T23:00:00.000Z', 1200],
      ['2026-11-26', null, null, 1800],
      ['2026-11-27', '2026-11-27T13:00:00.000Z', '2026-11-27T23:00:00.000Z', 1800],
      ['2026-11-28', '2026-11-28T14:00:00.000Z', '2026-11-28T20:00:00.000Z', 2400],
      ['2026-11-29', null, null, 2760],
    ]);
    expect((await staff.rpc('office_minutes_between', { p_from: '2026-11-25T22:00:00Z', p_to: '2026-11-27T14:00:00Z' })).data).toBe(120);
  });

  test('1,100 days answer; 1,101 do not', async () => {
    const { data, error } = await staff.rpc('office_calendar', { p_first: '2026-01-01', p_last: '2029-01-04' });
    expect(error).toBeNull();
    expect(data).toHaveLength(1100);
    expect((await timed(staff, 'office_calendar', { p_first: '2026-01-01', p_last: '2029-01-05' })).code).toBe('22023');
    const minutes = await staff.rpc('office_minutes_between', { p_from: '2026-01-01T05:00:00Z', p_to: '2029-01-04T20:00:00Z' });
    expect(minutes.error).toBeNull();
    expect(minutes.data).toBe(officeMillisBetween(new Date('2026-01-01T05:00:00Z'), new Date('2029-01-04T20:00:00Z'), officeSchedule) / 60_000);
  });
});

describe("the reports' periods", () => {
  const report = (client: SupabaseClient, fn: string, range: { from: Date | string; to: Date | string }) =>
    timed(client, fn, { p_from: new Date(range.from).toISOString(), p_to: new Date(range.to).toISOString() });

  test("the dashboard's longest periods answer: this quarter and the one before it, and 1,100 chosen days", async () => {
    const quarter = thisQuarter(new Date('2027-01-01T04:59:00Z')); // New Year's Eve, 23:59 in New York
    const custom = customPeriod('2026-01-01', '2029-01-04')!;
    for (const range of [quarter, quarter.previous, custom, custom.previous]) {
      for (const fn of ['report_inquiries', 'report_applications']) {
        const answer = await report(staff, fn, range);
        expect(answer.code, `${fn} ${range.from.toISOString()}`).toBeUndefined();
        expect(answer.data).toMatchObject({ count: expect.any(Number) });
      }
    }
  });

  test('a request answered four years after it came still counts its office time (the reports read the calendar they need)', async () => {
    const february = customPeriod('2026-02-01', '2026-02-28')!;
    const { data, code } = await report(staff, 'report_inquiries', february);
    expect(code).toBeUndefined();
    const officeMinutes = officeMillisBetween(new Date(ARRIVED), new Date(ANSWERED), officeSchedule) / 60_000;
    expect(data).toMatchObject({
      count: 1,
      answered: 1,
      firstReply: { medianMinutes: (Date.parse(ANSWERED) - Date.parse(ARRIVED)) / 60_000, officeMedianMinutes: Math.round(officeMinutes * 10) / 10 },
    });
  });

  test('a hundred years, an endless period or a bad date is refused at once with a plain message', async () => {
    for (const fn of ['report_inquiries', 'report_applications']) {
      const century = await report(staff, fn, { from: '2026-01-01T05:00:00Z', to: '2126-01-01T05:00:00Z' });
      expect(century).toMatchObject({ data: null, code: '22023', message: 'A report covers at most 1,100 days (about three years); this period has 36,524 days. Choose a shorter one.' });
      expect(century.ms).toBeLessThan(2000);
      expect(await report(staff, fn, customPeriod('2026-01-01', '2029-01-05')!)).toMatchObject({ code: '22023' });
      expect(await timed(staff, fn, { p_from: '-infinity', p_to: '2026-02-01T05:00:00Z' })).toMatchObject({ code: '22023', message: 'A report needs a period with a start and an end, not -infinity and 2026-02-01 05:00:00+00' });
      expect(await timed(staff, fn, { p_from: '1900-01-01T05:00:00Z', p_to: '1900-02-01T05:00:00Z' })).toMatchObject({ code: '22023', message: expect.stringMatching(/^A report covers the years 2000 to 2199/) });
      expect(await timed(staff, fn, { p_from: null, p_to: '2026-02-01T05:00:00Z' })).toMatchObject({ code: '22023' });
      expect(await timed(staff, fn, { p_from: '2026-02-01T05:00:00Z', p_to: '2026-01-01T05:00:00Z' })).toMatchObject({ code: '22023' });
    }
    // The rows behind the reports, which the API serves too, are held to the same periods.
    expect(await timed(staff, 'report_requests', { p_list: 'inquiries', p_from: '2026-01-01T05:00:00Z', p_to: '2126-01-01T05:00:00Z' })).toMatchObject({ code: '22023' });
  });

  test('a user who is not staff is refused the rows behind the reports too', async () => {
    const visitor = await clients.visitor();
    expect(await timed(visitor, 'report_requests', { p_list: 'inquiries', p_from: '2026-01-01T05:00:00Z', p_to: '2026-02-01T05:00:00Z' })).toMatchObject({ code: '42501', message: 'Reports are for staff only' });
  });
});
