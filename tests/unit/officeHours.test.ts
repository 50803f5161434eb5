import { describe, expect, it } from 'vitest';
import { isOpenAt, nextOpening, officeMillisBetween, openingWords, replyBy, REPLY_WITHIN_MINUTES, type OfficeSchedule } from '../../supabase/functions/_shared/officeHours.ts';
import { officeSchedule } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { officeScheduleFrom } from '../../src/content/office.ts';
import { siteSchema } from '../../src/content/schemas/site.ts';

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, opens: '08:00', closes: '18:00' }));

/** The demo agency's hours (Monday - Friday 8-6, Saturday 9-3, Sunday closed), with two of its holidays. */
const schedule: OfficeSchedule = {
  timeZone: 'America/New_York',
  week: [...weekdays, { day: 6, opens: '09:00', closes: '15:00' }],
  holidays: [
    { date: '2026-11-26', name: 'Thanksgiving' },
    { date: '2026-12-25', name: 'Christmas Day' },
  ],
};
const weekdaysOnly: OfficeSchedule = { ...schedule, week: weekdays };

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

describe('office hours (America/New_York)', () => {
  it('is open from the opening time up to the closing time on an office day', () => {
    // Monday 2026-11-23: 8:00 am EST is 13:00 UTC, 6:00 pm is 23:00 UTC.
    expect(isOpenAt(at('2026-11-23T12:59:59Z'), schedule)).toBe(false);
    expect(isOpenAt(at('2026-11-23T13:00:00Z'), schedule)).toBe(true);
    expect(isOpenAt(at('2026-11-23T22:59:59Z'), schedule)).toBe(true);
    expect(isOpenAt(at('2026-11-23T23:00:00Z'), schedule)).toBe(false);
  });

  it('is open now when asked during the hours: the next opening is that moment', () => {
    const tuesdayNoon = at('2026-11-24T17:00:00Z');
    expect(nextOpening(tuesdayNoon, schedule)).toEqual(tuesdayNoon);
  });

  it('Friday evening: the next opening is Monday 8:00 am for a weekday office, Saturday 9:00 am with Saturday hours', () => {
    const fridayEvening = at('2026-11-21T00:30:00Z'); // Friday 2026-11-20, 7:30 pm EST
    expect(isOpenAt(fridayEvening, weekdaysOnly)).toBe(false);
    expect(nextOpening(fridayEvening, weekdaysOnly).toISOString()).toBe('2026-11-23T13:00:00.000Z');
    expect(nextOpening(fridayEvening, schedule).toISOString()).toBe('2026-11-21T14:00:00.000Z');
    expect(openingWords(nextOpening(fridayEvening, weekdaysOnly), schedule)).toEqual({ day: 'Monday, November 23', time: '8:00 am' });
  });

  it('Saturday has its own hours; Sunday is closed', () => {
    expect(isOpenAt(at('2026-11-21T14:30:00Z'), schedule)).toBe(true); // Saturday 9:30 am
    expect(isOpenAt(at('2026-11-21T20:00:00Z'), schedule)).toBe(false); // Saturday 3:00 pm
    const sundayNoon = at('2026-11-22T17:00:00Z');
    expect(isOpenAt(sundayNoon, schedule)).toBe(false);
    expect(nextOpening(at('2026-11-21T20:00:00Z'), schedule).toISOString()).toBe('2026-11-23T13:00:00.000Z');
    expect(nextOpening(sundayNoon, schedule).toISOString()).toBe('2026-11-23T13:00:00.000Z');
  });

  it('a holiday is skipped: closed all day, the next opening is the day after', () => {
    expect(isOpenAt(at('2026-11-26T16:00:00Z'), schedule)).toBe(false); // Thanksgiving, 11:00 am
    expect(nextOpening(at('2026-11-25T23:30:00Z'), schedule).toISOString()).toBe('2026-11-27T13:00:00.000Z');
    // Christmas Eve evening (Thursday): Christmas Day is skipped, Saturday opens at 9:00 am.
    expect(nextOpening(at('2026-12-25T00:00:00Z'), schedule).toISOString()).toBe('2026-12-26T14:00:00.000Z');
  });

  it('March: clocks go forward on Sunday, Monday opens at 8:00 am EDT (12:00 UTC)', () => {
    const saturdayAfterClosing = at('2026-03-07T21:00:00Z'); // Saturday 2026-03-07, 4:00 pm EST
    expect(nextOpening(saturdayAfterClosing, schedule).toISOString()).toBe('2026-03-09T12:00:00.000Z');
    expect(isOpenAt(at('2026-03-09T11:59:00Z'), schedule)).toBe(false);
    expect(isOpenAt(at('2026-03-09T12:00:00Z'), schedule)).toBe(true);
    expect(officeMillisBetween(at('2026-03-07T19:00:00Z'), at('2026-03-09T13:00:00Z'), schedule)).toBe(2 * HOUR);
  });

  it('November: clocks go back on Sunday, Monday opens at 8:00 am EST (13:00 UTC)', () => {
    const saturdayAfterClosing = at('2026-10-31T20:00:00Z'); // Saturday 2026-10-31, 4:00 pm EDT
    expect(nextOpening(saturdayAfterClosing, schedule).toISOString()).toBe('2026-11-02T13:00:00.000Z');
    expect(isOpenAt(at('2026-11-02T12:30:00Z'), schedule)).toBe(false);
    expect(openingWords(at('2026-11-02T13:00:00Z'), schedule)).toEqual({ day: 'Monday, November 2', time: '8:00 am' });
    // Saturday 2:00 pm EDT to Monday 9:00 am EST: an hour each side of the 25-hour Sunday.
    expect(officeMillisBetween(at('2026-10-31T18:00:00Z'), at('2026-11-02T14:00:00Z'), schedule)).toBe(2 * HOUR);
  });

  it('office time across a weekend counts Friday, Saturday and Monday hours only', () => {
    // Friday 5:00 pm to Monday 9:00 am: Friday 1 h, Saturday 6 h, Sunday none, Monday 1 h.
    expect(officeMillisBetween(at('2026-11-20T22:00:00Z'), at('2026-11-23T14:00:00Z'), schedule)).toBe(8 * HOUR);
    expect(officeMillisBetween(at('2026-11-20T22:00:00Z'), at('2026-11-23T14:00:00Z'), weekdaysOnly)).toBe(2 * HOUR);
    // A whole week, Monday midnight to Monday midnight.
    expect(officeMillisBetween(at('2026-11-16T05:00:00Z'), at('2026-11-23T05:00:00Z'), schedule)).toBe(56 * HOUR);
  });

  it('office time across a holiday counts nothing on it', () => {
    // Wednesday 5:00 pm to Friday 9:00 am, Thanksgiving between: 1 h + 1 h.
    expect(officeMillisBetween(at('2026-11-25T22:00:00Z'), at('2026-11-27T14:00:00Z'), schedule)).toBe(2 * HOUR);
    // Within one open stretch it is the wall-clock time; backwards or empty is none.
    expect(officeMillisBetween(at('2026-11-24T14:00:00Z'), at('2026-11-24T14:15:00Z'), schedule)).toBe(15 * 60_000);
    expect(officeMillisBetween(at('2026-11-24T15:00:00Z'), at('2026-11-24T14:00:00Z'), schedule)).toBe(0);
  });
});

describe('the reply promise (replyBy): within the hour while open, else within the first hour after the next opening', () => {
  it('Saturday evening: by 9:00 am on Monday (Sunday is closed), about 37 hours later', () => {
    const sent = at('2026-11-29T00:00:00Z');
    expect(replyBy(sent, schedule)).toEqual({ open: false, by: at('2026-11-30T14:00:00Z') });
    expect(openingWords(replyBy(sent, schedule).by, schedule)).toEqual({ day: 'Monday, November 30', time: '9:00 am' });
  });

  it('Friday 5:30 pm, open until 6 pm: within the hour', () => {
    expect(replyBy(at('2026-11-27T22:30:00Z'), schedule)).toEqual({ open: true, by: at('2026-11-27T23:30:00Z') });
  });

  it('on a holiday: within the first hour of the next day the office opens', () => {
    expect(replyBy(at('2026-11-26T15:00:00Z'), schedule)).toEqual({ open: false, by: at('2026-11-27T14:00:00Z') });
  });

  it('on a weekday morning: within the hour', () => {
    expect(replyBy(at('2026-12-01T15:00:00Z'), schedule)).toEqual({ open: true, by: at('2026-12-01T16:00:00Z') });
    expect(REPLY_WITHIN_MINUTES).toBe(60);
  });
});

describe("the schedule from content/site.yaml", () => {
  const site = {
    officeHours: siteSchema.shape.officeHours.parse([
      { days: 'Monday - Friday', opens: '8:00 am', closes: '6:00 pm' },
      { days: 'Saturday', opens: '9:00 am', closes: '3:00 pm' },
      { days: 'Sunday', closed: 'Emergency calls only' },
    ]),
    holidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
  };

  it('gives each open day its 24-hour times, leaves closed days out and keeps the holidays', () => {
    expect(officeScheduleFrom(site)).toEqual({ ...schedule, holidays: [{ date: '2026-12-25', name: 'Christmas Day' }] });
  });

  it('the generated module carries the content schedule with its holidays', () => {
    expect(officeSchedule.timeZone).toBe('America/New_York');
    expect(officeSchedule.holidays.map((holiday) => holiday.date)).toContain('2026-12-25');
  });

  it('refuses a holiday that is no calendar date, an unquoted date and the same date twice', () => {
    const holidays = siteSchema.shape.holidays;
    expect(holidays.safeParse([{ date: '2026-02-30', name: 'Nothing' }]).error?.issues[0]?.message).toMatch(/real calendar date/);
    expect(holidays.safeParse([{ date: new Date('2026-12-25'), name: 'Christmas Day' }]).success).toBe(false);
    expect(holidays.safeParse([{ date: '2026-12-25', name: 'Christmas Day' }, { date: '2026-12-25', name: 'Again' }]).error?.issues[0]?.message).toBe('expected each date once');
    expect(holidays.safeParse(undefined).success).toBe(true);
  });
});
