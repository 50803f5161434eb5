/**
 * The office's hours in machine form: when it is open, when it next opens, and how much office time lies between two
 * instants. Pure functions on Intl alone, so the Edge Functions (Deno), the build and the tests (Node) share them;
 * the schedule is generated from content/site.yaml (`officeHours` and `holidays`) by src/content/office.ts's
 * officeScheduleFrom into formChoices.generated.ts's `officeSchedule`. Local times are read in the schedule's time
 * zone (America/New_York), so the daylight-saving changes in March and November move the instants, not the hours.
 */
import { addDays, dateKey, localTime, zonedInstant, type LocalDate } from './zonedTime.ts';

export interface OfficeSchedule {
  /** An IANA time zone, e.g. 'America/New_York'. */
  timeZone: string;
  /** ISO weekday 1 = Monday .. 7 = Sunday, 'HH:MM' on a 24-hour clock; a day not listed is closed. */
  week: Array<{ day: number; opens: string; closes: string }>;
  /** 'YYYY-MM-DD' local dates the office is closed. */
  holidays: Array<{ date: string; name: string }>;
}

function hoursAndMinutes(clock: string): [number, number] {
  return [Number(clock.slice(0, 2)), Number(clock.slice(3, 5))];
}

/** The office's opening and closing instants on a local date, or null when it is closed that day (a holiday, or a day not listed). */
function hoursOn(date: LocalDate, schedule: OfficeSchedule): { opens: number; closes: number } | null {
  const { weekday } = addDays(date, 0);
  if (schedule.holidays.some((holiday) => holiday.date === dateKey(date))) return null;
  const line = schedule.week.find((entry) => entry.day === weekday);
  if (!line) return null;
  const [openHour, openMinute] = hoursAndMinutes(line.opens);
  const [closeHour, closeMinute] = hoursAndMinutes(line.closes);
  return {
    opens: zonedInstant(schedule.timeZone, date, openHour, openMinute).getTime(),
    closes: zonedInstant(schedule.timeZone, date, closeHour, closeMinute).getTime(),
  };
}

/** Whether the office is open at `at`: a listed day that is no holiday, from its opening time up to (not including) its closing time. */
export function isOpenAt(at: Date, schedule: OfficeSchedule): boolean {
  const local = localTime(at, schedule.timeZone);
  const hours = hoursOn(local, schedule);
  return hours !== null && at.getTime() >= hours.opens && at.getTime() < hours.closes;
}

/** Days looked ahead for an opening: more than any run of closed days a real office has. */
const LOOK_AHEAD_DAYS = 400;

/** When the office next opens: `at` itself when it is open then, else the next opening time, skipping closed days and holidays. */
export function nextOpening(at: Date, schedule: OfficeSchedule): Date {
  const millis = at.getTime();
  const local = localTime(at, schedule.timeZone);
  for (let offset = 0; offset <= LOOK_AHEAD_DAYS; offset++) {
    const hours = hoursOn(addDays(local, offset), schedule);
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
    const date = addDays(start, offset);
    // The local midnight of this date: past `to`, no later day can add anything.
    if (zonedInstant(schedule.timeZone, date).getTime() >= to) break;
    const hours = hoursOn(date, schedule);
    if (hours) total += Math.max(0, Math.min(to, hours.closes) - Math.max(from, hours.opens));
  }
  return total;
}

/** The local date and time of an instant, for words such as "on Monday, November 30, by 9:00 am". */
export function openingWords(at: Date, schedule: OfficeSchedule): { day: string; time: string } {
  const day = new Intl.DateTimeFormat('en-US', { timeZone: schedule.timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(at);
  const local = localTime(at, schedule.timeZone);
  const half = local.hour < 12 ? 'am' : 'pm';
  const hour = local.hour % 12 === 0 ? 12 : local.hour % 12;
  return { day, time: `${hour}:${String(local.minute).padStart(2, '0')} ${half}` };
}

/**
 * The reply promise, one rule for the site and the e-mail: a reply within the hour while the office is open, or
 * within the first hour after it next opens when it is closed (at night, at weekends, on a holiday). site.yaml's
 * claims.replyPromise says it in words on the pages; the instant reply to each sender (acknowledgement.ts) names
 * the time it gives.
 */
export const REPLY_WITHIN_MINUTES = 60;

/** When a request sent at `sentAt` is answered by, under the reply promise, and whether the office was open then. */
export function replyBy(sentAt: Date, schedule: OfficeSchedule): { open: boolean; by: Date } {
  const open = isOpenAt(sentAt, schedule);
  const from = open ? sentAt : nextOpening(sentAt, schedule);
  return { open, by: new Date(from.getTime() + REPLY_WITHIN_MINUTES * 60_000) };
}
