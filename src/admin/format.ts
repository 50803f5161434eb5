/**
 * Dates and durations as staff read them, the same in every view: dates in the agency's time zone; a stored value
 * JavaScript cannot turn into a date (Postgres allows 'infinity' and years past 275760) is shown as stored, never
 * allowed to break the page. Durations (a first reply, a wait) go through formatMinutes alone, in the lists, the
 * record dialog, Reports and the exports, so one reply reads the same everywhere.
 */
import { localTime } from '../../supabase/functions/_shared/zonedTime.ts';

/** The office's time zone: its days, its weeks (reports/periods.ts) and the times in the exports. */
export const OFFICE_TIME_ZONE = 'America/New_York';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: OFFICE_TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: OFFICE_TIME_ZONE });

function formatWith(format: Intl.DateTimeFormat, value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}

export const formatDate = (value: string) => formatWith(dateFormat, value);
export const formatDateTime = (value: string) => formatWith(dateTimeFormat, value);

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A stored time as the office's clock showed it, for a spreadsheet: '2026-11-27 14:05' (New York time; the
 * column's header names the zone). Excel, Numbers and Google Sheets read it as a date and time, and it sorts in
 * time order as text too. As stored when it is no date JavaScript can read; '' for none.
 */
export function officeTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const t = localTime(date, OFFICE_TIME_ZONE);
  return `${t.year}-${two(t.month)}-${two(t.day)} ${two(t.hour)}:${two(t.minute)}`;
}

/**
 * Minutes as every view counts them: to a tenth first, as the reports' figures come from the database
 * (round(…, 1): 20261127000820_reports.sql), then to the whole minute, half up. A reply of 3 min 30 s is
 * "4 min" in the list and in Reports; one of 3 min 27 s is 3.5 in the database, and "4 min" in both as well.
 */
export function wholeMinutes(minutes: number): number {
  return Math.round(Math.round(minutes * 10) / 10);
}

/** '12 min', '3 h 5 min', '2 days 4 h', 'under 1 min': minutes in words, rounded as wholeMinutes. */
export function formatMinutes(minutes: number): string {
  const total = wholeMinutes(minutes);
  if (total < 1) return 'under 1 min';
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  if (hours < 48) return total % 60 ? `${hours} h ${total % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} days ${hours % 24} h` : `${days} days`;
}

/**
 * The time from `since` (a stored time) to `until` (milliseconds) in words, as formatMinutes; never below zero.
 * Tenths of a minute are taken from the milliseconds in whole numbers (6,000 ms each), so a half exactly on the
 * line is rounded as the database rounds it.
 */
export function formatDuration(since: string, until: number): string {
  const millis = Math.max(0, until - Date.parse(since));
  if (!Number.isFinite(millis)) return 'an unknown time';
  return formatMinutes(Math.round(millis / 6000) / 10);
}
