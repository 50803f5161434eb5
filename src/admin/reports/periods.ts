/**
 * The periods a report covers, in the agency's time zone (America/New_York, daylight saving and all), and the
 * period before each of the same length, to compare with. Every period is [from, to): `to` is "now" for the
 * periods that run to the present, or the midnight after the last day of a custom one.
 *   - This week: Monday 00:00 to now; before it, last week's Monday 00:00 to the same day and time of last week.
 *   - Last 4 weeks: the same time of day 28 days ago to now; before it, the 28 days before that.
 *   - This quarter: the first day of January, April, July or October at 00:00 to now; before it, the previous
 *     quarter from its first day for as many days and hours as this one has run (never past its end).
 *   - Custom: the first chosen day at 00:00 to the midnight after the second; before it, as many days before.
 * "The same day and time" is counted in local days, so a week that crosses a daylight-saving change is still
 * Monday to Monday (167 or 169 hours). Pure functions: `now` is given.
 */

import * as zoned from '../../../supabase/functions/_shared/zonedTime.ts';
import type { LocalDate, LocalTime } from '../../../supabase/functions/_shared/zonedTime.ts';

export { OFFICE_TIME_ZONE as TIME_ZONE } from '../format.ts';
import { OFFICE_TIME_ZONE as TIME_ZONE } from '../format.ts';

export type PeriodKind = 'week' | 'four-weeks' | 'quarter' | 'custom';

export interface Range {
  from: Date;
  to: Date;
}

export interface Period extends Range {
  kind: PeriodKind;
  previous: Range;
}

export type { LocalDate } from '../../../supabase/functions/_shared/zonedTime.ts';

/** The wall clock in New York at `instant`. */
export function localTime(instant: Date): LocalTime {
  return zoned.localTime(instant, TIME_ZONE);
}

/**
 * The instant New York's clock shows this local time: a time the spring change skips is taken an hour later, one
 * the autumn change shows twice the first time; days overflow as Date.UTC's do.
 */
export function zonedInstant(date: LocalDate, hour = 0, minute = 0, second = 0, millisecond = 0): Date {
  return zoned.zonedInstant(TIME_ZONE, date, hour, minute, second, millisecond);
}

/** The local date `days` after (or before) `date`. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const { year, month, day } = zoned.addDays(date, days);
  return { year, month, day };
}

/** Local days from `a` to `b` (calendar days, whatever the clocks did between). */
function daysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** The same local time of day as `instant`, `days` local days earlier or later. */
function shiftLocalDays(instant: Date, days: number): Date {
  const t = localTime(instant);
  return zonedInstant(addDays(t, days), t.hour, t.minute, t.second, t.millisecond);
}

/** Monday 00:00 of the local week holding `instant`. */
export function weekStart(instant: Date): Date {
  const t = localTime(instant);
  return zonedInstant(addDays(t, 1 - t.weekday));
}

/**
 * The office's week holding `instant`: Monday 00:00 to the next Monday 00:00 in New York (167 or 169 hours when the
 * clocks change in it). The one week of the dashboard: the lists' "This Week" count (records.ts countThisWeek) and
 * Reports' "This week" (thisWeek below) both run from its Monday to now.
 */
export function weekOf(instant: Date): Range {
  const from = weekStart(instant);
  return { from, to: zonedInstant(addDays(localTime(from), 7)) };
}

/** 00:00 on the first day of the local quarter holding `instant`. */
export function quarterStart(instant: Date): Date {
  const t = localTime(instant);
  return zonedInstant({ year: t.year, month: t.month - ((t.month - 1) % 3), day: 1 });
}

/** 'YYYY-MM-DD' (as a date input gives it) to a local date; null when it is no real date. */
export function parseDay(text: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = addDays(date, 0);
  return check.year === date.year && check.month === date.month && check.day === date.day ? date : null;
}

/** The local day of `instant` as 'YYYY-MM-DD'. */
export function dayText(instant: Date): string {
  const t = localTime(instant);
  return `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
}

export function thisWeek(now: Date): Period {
  const from = weekStart(now);
  return { kind: 'week', from, to: now, previous: { from: shiftLocalDays(from, -7), to: shiftLocalDays(now, -7) } };
}

export function lastFourWeeks(now: Date): Period {
  const from = shiftLocalDays(now, -28);
  return { kind: 'four-weeks', from, to: now, previous: { from: shiftLocalDays(from, -28), to: from } };
}

export function thisQuarter(now: Date): Period {
  const from = quarterStart(now);
  const previousFrom = quarterStart(new Date(from.getTime() - 1));
  // As many local days (and the same time of day) into the previous quarter as now is into this one.
  const start = localTime(previousFrom);
  const into = daysBetween(localTime(from), localTime(now));
  const t = localTime(now);
  const previousTo = new Date(Math.min(zonedInstant(addDays(start, into), t.hour, t.minute, t.second, t.millisecond).getTime(), from.getTime()));
  return { kind: 'quarter', from, to: now, previous: { from: previousFrom, to: previousTo } };
}

/** The longest period a report covers (public.report_check, 20261129000100_office_calendar_bounds.sql): about three years. */
export const MAX_REPORT_DAYS = 1100;
/** The first and last years the reports cover, the period before a chosen one included. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2199;

/**
 * What is wrong with the chosen days for a report, in the words the page shows, or null: missing or reversed, longer
 * than the reports cover, or (with the period before it, which the report compares with) outside their years.
 */
export function customPeriodProblem(first: string, last: string): string | null {
  const chosen = customPeriod(first, last);
  if (!chosen) return 'Choose two dates, the first on or before the second.';
  const days = daysBetween(parseDay(first)!, parseDay(last)!) + 1;
  if (days > MAX_REPORT_DAYS) return `Choose at most ${MAX_REPORT_DAYS.toLocaleString('en-US')} days (about three years): these are ${days.toLocaleString('en-US')}.`;
  const start = localTime(chosen.previous.from).year;
  if (start < FIRST_YEAR || localTime(chosen.to).year > LAST_YEAR) return `Choose days between ${FIRST_YEAR} and ${LAST_YEAR}, leaving as many days before the first for the period it is compared with.`;
  return null;
}

/** The chosen days, both included; null when either is missing or the first comes after the second. */
export function customPeriod(first: string, last: string): Period | null {
  const a = parseDay(first);
  const b = parseDay(last);
  if (!a || !b) return null;
  const days = daysBetween(a, b) + 1;
  if (days < 1) return null;
  const from = zonedInstant(a);
  return { kind: 'custom', from, to: zonedInstant(addDays(b, 1)), previous: { from: zonedInstant(addDays(a, -days)), to: from } };
}

export function periodOf(kind: Exclude<PeriodKind, 'custom'>, now: Date): Period {
  return kind === 'week' ? thisWeek(now) : kind === 'four-weeks' ? lastFourWeeks(now) : thisQuarter(now);
}

const shortDay = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

/** The days a range covers, in words: 'Mon, Nov 23, 2026 to Fri, Nov 27, 2026' (its last instant's day). */
export function rangeWords(range: Range): string {
  const last = new Date(Math.max(range.from.getTime(), range.to.getTime() - 1));
  const a = shortDay.format(range.from);
  const b = shortDay.format(last);
  return a === b ? a : `${a} to ${b}`;
}

/** The days a range covers, for a file name: '2026-11-23_2026-11-27'. */
export function rangeSlug(range: Range): string {
  const last = new Date(Math.max(range.from.getTime(), range.to.getTime() - 1));
  return `${dayText(range.from)}_${dayText(last)}`;
}
