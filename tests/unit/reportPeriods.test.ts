/**
 * The Reports view's periods (src/admin/reports/periods.ts): weeks start on Monday at midnight in New York
 * (not UTC), across both daylight-saving changes; the last 4 weeks; the quarter and the part of the previous
 * quarter of the same length; custom days; each with the previous period of the same length.
 */
import { describe, expect, it } from 'vitest';
import { customPeriod, customPeriodProblem, lastFourWeeks, rangeSlug, rangeWords, thisQuarter, thisWeek, zonedInstant } from '../../src/admin/reports/periods.ts';

const at = (iso: string) => new Date(iso);
const iso = (range: { from: Date; to: Date }) => [range.from.toISOString(), range.to.toISOString()];

describe('this week', () => {
  it('starts on Monday at 00:00 New York time (05:00 UTC in winter) and runs to now; the previous week runs to the same day and time', () => {
    const now = at('2026-11-25T20:00:00.000Z'); // Wednesday 15:00 EST
    const period = thisWeek(now);
    expect(iso(period)).toEqual(['2026-11-23T05:00:00.000Z', '2026-11-25T20:00:00.000Z']);
    expect(iso(period.previous)).toEqual(['2026-11-16T05:00:00.000Z', '2026-11-18T20:00:00.000Z']);
  });

  it('on Sunday late evening in New York (already Monday in UTC) is still the week that began six days before', () => {
    expect(thisWeek(at('2026-11-30T04:30:00.000Z')).from.toISOString()).toBe('2026-11-23T05:00:00.000Z');
  });

  it('on Monday just after midnight in New York starts that midnight', () => {
    expect(thisWeek(at('2026-11-30T05:30:00.000Z')).from.toISOString()).toBe('2026-11-30T05:00:00.000Z');
  });

  it('after the autumn change (1 November 2026) compares with the week before it at its own midnight (04:00 UTC, daylight time)', () => {
    const period = thisWeek(at('2026-11-03T17:00:00.000Z')); // Tuesday 12:00 EST
    expect(period.from.toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(iso(period.previous)).toEqual(['2026-10-26T04:00:00.000Z', '2026-10-27T16:00:00.000Z']);
  });

  it('after the spring change (8 March 2026) starts at 04:00 UTC and compares with the week before at 05:00 UTC', () => {
    const period = thisWeek(at('2026-03-11T16:00:00.000Z')); // Wednesday 12:00 EDT
    expect(period.from.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(iso(period.previous)).toEqual(['2026-03-02T05:00:00.000Z', '2026-03-04T17:00:00.000Z']);
  });

  it('on the Sunday of the spring change is still the week from the Monday before, in standard time', () => {
    expect(thisWeek(at('2026-03-08T16:00:00.000Z')).from.toISOString()).toBe('2026-03-02T05:00:00.000Z');
  });
});

describe('the last 4 weeks', () => {
  it('run from the same time of day 28 days ago, whatever the clocks did, and the previous 28 days end where they begin', () => {
    const period = lastFourWeeks(at('2026-11-25T20:00:00.000Z')); // 15:00 EST; 28 days ago was daylight time
    expect(iso(period)).toEqual(['2026-10-28T19:00:00.000Z', '2026-11-25T20:00:00.000Z']);
    expect(iso(period.previous)).toEqual(['2026-09-30T19:00:00.000Z', '2026-10-28T19:00:00.000Z']);
  });
});

describe('this quarter', () => {
  it('starts on 1 October at 00:00 New York time; the previous quarter runs from 1 July as many days and hours', () => {
    const period = thisQuarter(at('2026-11-27T01:46:00.000Z')); // 26 November, 20:46 EST
    expect(iso(period)).toEqual(['2026-10-01T04:00:00.000Z', '2026-11-27T01:46:00.000Z']);
    expect(iso(period.previous)).toEqual(['2026-07-01T04:00:00.000Z', '2026-08-27T00:46:00.000Z']);
  });

  it('on New Year’s Eve evening in New York (already January in UTC) is still the fourth quarter', () => {
    expect(thisQuarter(at('2027-01-01T03:00:00.000Z')).from.toISOString()).toBe('2026-10-01T04:00:00.000Z');
  });

  it('on 1 January starts that midnight, in standard time, and the previous period is the fourth quarter’s first hours', () => {
    const period = thisQuarter(at('2027-01-01T07:00:00.000Z')); // 02:00 EST
    expect(iso(period)).toEqual(['2027-01-01T05:00:00.000Z', '2027-01-01T07:00:00.000Z']);
    expect(iso(period.previous)).toEqual(['2026-10-01T04:00:00.000Z', '2026-10-01T06:00:00.000Z']);
  });

  it('the previous period never runs past the previous quarter’s end (a 91-day quarter after a 90-day one)', () => {
    const period = thisQuarter(at('2026-06-30T16:00:00.000Z')); // 30 June, 12:00 EDT: day 91 of the second quarter
    expect(period.from.toISOString()).toBe('2026-04-01T04:00:00.000Z');
    expect(iso(period.previous)).toEqual(['2026-01-01T05:00:00.000Z', '2026-04-01T04:00:00.000Z']);
  });
});

describe('custom days', () => {
  it('run from the first day’s midnight to the midnight after the last (a week with the autumn change: 169 hours), the previous as many days before', () => {
    const period = customPeriod('2026-11-01', '2026-11-07')!;
    expect(iso(period)).toEqual(['2026-11-01T04:00:00.000Z', '2026-11-08T05:00:00.000Z']);
    expect(iso(period.previous)).toEqual(['2026-10-25T04:00:00.000Z', '2026-11-01T04:00:00.000Z']);
    expect(rangeWords(period)).toBe('Sun, Nov 1, 2026 to Sat, Nov 7, 2026');
    expect(rangeSlug(period)).toBe('2026-11-01_2026-11-07');
  });

  it('one day is one day', () => {
    const period = customPeriod('2026-11-26', '2026-11-26')!;
    expect(iso(period)).toEqual(['2026-11-26T05:00:00.000Z', '2026-11-27T05:00:00.000Z']);
    expect(rangeWords(period)).toBe('Thu, Nov 26, 2026');
    expect(iso(period.previous)).toEqual(['2026-11-25T05:00:00.000Z', '2026-11-26T05:00:00.000Z']);
  });

  it('are refused when the first comes after the second, or a day does not exist', () => {
    expect(customPeriod('2026-11-08', '2026-11-07')).toBeNull();
    expect(customPeriod('2026-02-30', '2026-03-02')).toBeNull();
    expect(customPeriod('', '2026-03-02')).toBeNull();
  });

  it('say plainly what the database would refuse: more than 1,100 days, or a period (or the one before it) outside 2000-2199', () => {
    expect(customPeriodProblem('2026-11-08', '2026-11-07')).toBe('Choose two dates, the first on or before the second.');
    expect(customPeriodProblem('2023-12-01', '2026-12-04')).toBeNull();
    expect(customPeriodProblem('2023-12-01', '2026-12-05')).toBe('Choose at most 1,100 days (about three years): these are 1,101.');
    expect(customPeriodProblem('1926-11-29', '2026-11-29')).toBe('Choose at most 1,100 days (about three years): these are 36,526.');
    expect(customPeriodProblem('2000-01-10', '2000-01-31')).toBe('Choose days between 2000 and 2199, leaving as many days before the first for the period it is compared with.');
    expect(customPeriodProblem('2199-12-01', '2199-12-30')).toBeNull();
    expect(customPeriodProblem('2199-12-31', '2200-01-01')).toBe('Choose days between 2000 and 2199, leaving as many days before the first for the period it is compared with.');
  });
});

describe('local times', () => {
  it('a time the spring change skips is taken an hour later; one the autumn change shows twice, the first time', () => {
    expect(zonedInstant({ year: 2026, month: 3, day: 8 }, 2, 30).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(zonedInstant({ year: 2026, month: 11, day: 1 }, 1, 30).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});
