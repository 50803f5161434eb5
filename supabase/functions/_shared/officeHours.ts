/**
 * The office's hours in machine form: when it is open, when it next opens, and how much office time lies between two
 * instants. Pure functions on Intl alone, so the Edge Functions (Deno), the build and the tests (Node) share them;
 * the schedule is generated from content/site.yaml (`officeHours` and `holidays`) by src/content/office.ts's
 * officeScheduleFrom into formChoices.generated.ts's `officeSchedule`. Local times are read in the schedule's time
 * zone (America/New_York), so the daylight-saving changes in March and November move the instants, not the hours.
 */

export interface OfficeSchedule {
  /** An IANA time zone, e.g. 'America/New_York'. */
  timeZone: string;
  /** ISO weekday 1 = Monday .. 7 = Sunday, 'HH:MM' on a 24-hour clock; a day not listed is closed. */
  week: Array<{ day: number; opens: string; closes: string }>;
  /** 'YYYY-MM-DD' local dates the office is closed. */
  holidays: Array<{ date: string; name: string }>;
}

/** A local calendar date and wall-clock time in the schedule's zone. */
interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

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
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `timeZone` at the instant `at`. */
function localTime(at: Date, timeZone: string): LocalTime {
  const parts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(timeZone).formatToParts(at)) {
    if (part.type in parts) parts[part.type as keyof LocalTime] = Number(part.value);
  }
  return { ...parts, hour: parts.hour % 24 };
}

/** How far `timeZone` is ahead of UTC at the instant `millis`, in milliseconds (e.g. -5 hours in New York's winter). */
function offsetAt(millis: number, timeZone: string): number {
  const local = localTime(new Date(millis), timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - (millis - (((millis % 1000) + 1000) % 1000));
}

/** The instant at which the wall clock in `timeZone` shows this date and time (a time the spring change skips, which no office hour is, reads an hour off). */
function instantOf(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  return second;
}

/** 'YYYY-MM-DD' of a calendar date. */
function dateKey(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar date `days` after the given one, and its ISO weekday (1 = Monday .. 7 = Sunday). */
function addDays(year: number, month: number, day: number, days: number): { year: number; month: number; day: number; weekday: number } {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), weekday: ((date.getUTCDay() + 6) % 7) + 1 };
}

function hoursAndMinutes(clock: string): [number, number] {
  return [Number(clock.slice(0, 2)), Number(clock.slice(3, 5))];
}

/** The office's opening and closing instants on a local date, or null when it is closed that day (a holiday, or a day not listed). */
function hoursOn(year: number, month: number, day: number, schedule: OfficeSchedule): { opens: number; closes: number } | null {
  const { weekday } = addDays(year, month, day, 0);
  if (schedule.holidays.some((holiday) => holiday.date === dateKey(year, month, day))) return null;
  const line = schedule.week.find((entry) => entry.day === weekday);
  if (!line) return null;
  const [openHour, openMinute] = hoursAndMinutes(line.opens);
  const [closeHour, closeMinute] = hoursAndMinutes(line.closes);
  return {
    opens: instantOf(year, month, day, openHour, openMinute, schedule.timeZone),
    closes: instantOf(year, month, day, closeHour, closeMinute, schedule.timeZone),
  };
}

/** Whether the office is open at `at`: a listed day that is no holiday, from its opening time up to (not including) its closing time. */
export function isOpenAt(at: Date, schedule: OfficeSchedule): boolean {
  const local = localTime(at, schedule.timeZone);
  const hours = hoursOn(local.year, local.month, local.day, schedule);
  return hours !== null && at.getTime() >= hours.opens && at.getTime() < hours.closes;
}

/** Days looked ahead for an opening: more than any run of closed days a real office has. */
const LOOK_AHEAD_DAYS = 400;

/** When the office next opens: `at` itself when it is open then, else the next opening time, skipping closed days and holidays. */
export function nextOpening(at: Date, schedule: OfficeSchedule): Date {
  const millis = at.getTime();
  const local = localTime(at, schedule.timeZone);
  for (let offset = 0; offset <= LOOK_AHEAD_DAYS; offset++) {
    const date = addDays(local.year, local.month, local.day, offset);
    const hours = hoursOn(date.year, date.month, date.day, schedule);
    if (!hours || millis >= hours.closes) continue;
    return new Date(Math.max(millis, hours.opens));
  }
  throw new Error(`The office schedule has no opening within ${LOOK_AHEAD_DAYS} days of ${at.toISOString()}`);
}

/** The office time between `a` and `b` in milliseconds: the parts of the interval that fall within opening hours (0 when b is not after a). */
export function officeMillisBetween(a: Date, b: Date, schedule: OfficeSchedule): number {
  const from = a.getTime();
  const to = b.getTime();
  if (!(to > from)) return 0;
  const start = localTime(a, schedule.timeZone);
  let total = 0;
  for (let offset = 0; ; offset++) {
    const date = addDays(start.year, start.month, start.day, offset);
    // The local midnight of this date: past `to`, no later day can add anything.
    if (instantOf(date.year, date.month, date.day, 0, 0, schedule.timeZone) >= to) break;
    const hours = hoursOn(date.year, date.month, date.day, schedule);
    if (hours) total += Math.max(0, Math.min(to, hours.closes) - Math.max(from, hours.opens));
  }
  return total;
}

/** The local date and opening time of an instant, for words such as "on Monday, December 1 after 8:00 am". */
export function openingWords(at: Date, schedule: OfficeSchedule): { day: string; time: string } {
  const day = new Intl.DateTimeFormat('en-US', { timeZone: schedule.timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(at);
  const local = localTime(at, schedule.timeZone);
  const half = local.hour < 12 ? 'am' : 'pm';
  const hour = local.hour % 12 === 0 ? 12 : local.hour % 12;
  return { day, time: `${hour}:${String(local.minute).padStart(2, '0')} ${half}` };
}
