/**
 * Wall-clock arithmetic in an IANA time zone with Intl alone, so the Edge Functions (Deno), the build and tests
 * (Node) and the dashboard (browser) share it: the local date and time of an instant, the instant a local time
 * names (daylight-saving changes handled), and calendar days. Used by the office hours (officeHours.ts) and the
 * dashboard's report periods (src/admin/reports/periods.ts).
 */

/** A local calendar date (month 1..12). */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** A local date and wall-clock time, with its ISO weekday (1 = Monday .. 7 = Sunday). */
export interface LocalTime extends LocalDate {
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at the instant `at`. */
export function localTime(at: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(at).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: at.getUTCMilliseconds(),
    weekday: WEEKDAYS.indexOf(parts.weekday!) + 1,
  };
}

/** How far `timeZone`'s clock is ahead of UTC at the instant `millis`, in milliseconds (-4 or -5 hours in New York). */
function offsetAt(millis: number, timeZone: string): number {
  const t = localTime(new Date(millis), timeZone);
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second, t.millisecond) - millis;
}

/**
 * The instant `timeZone`'s clock shows this local time. A time the spring change skips (2:30 on its Sunday) is
 * taken an hour later; one the autumn change shows twice, the first time. Days overflow as Date.UTC's do (day 0
 * is the last of the month before).
 */
export function zonedInstant(timeZone: string, date: LocalDate, hour = 0, minute = 0, second = 0, millisecond = 0): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute, second, millisecond);
  const first = wall - offsetAt(wall, timeZone);
  const again = wall - offsetAt(first, timeZone);
  // The earlier of the two readings when both show this wall time (autumn), else the one that does.
  const candidates = [first, again].filter((t) => offsetAt(t, timeZone) === wall - t).sort((a, b) => a - b);
  return new Date(candidates[0] ?? Math.max(first, again));
}

/** The local date `days` after (or before) `date`, with its ISO weekday. */
export function addDays(date: LocalDate, days: number): LocalDate & { weekday: number } {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate(), weekday: ((moved.getUTCDay() + 6) % 7) + 1 };
}

/** 'YYYY-MM-DD' of a local date. */
export function dateKey(date: LocalDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}
