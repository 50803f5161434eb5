/**
 * How the office's hours and address from content/site.yaml read on the pages. Kept apart from the schema, which
 * pulls in zod: the pages import this.
 */
import type { OfficeSchedule } from '../../supabase/functions/_shared/officeHours.ts';
import type { OfficeHoursLine, Site, Weekday } from './schemas/site.ts';

/** ISO weekday numbers (1 = Monday), written here so the pages need not import the schema's zod for them. */
const ISO_WEEKDAY: Record<Weekday, number> = { Monday: 1, Tuesday: 2, Wednesday: 3, Thursday: 4, Friday: 5, Saturday: 6, Sunday: 7 };

/** What a line of office hours shows after its days: "8:00 am - 6:00 pm", or its `closed` words. */
export function officeHoursText(line: OfficeHoursLine): string {
  return line.opens && line.closes ? `${line.opens.display} - ${line.closes.display}` : (line.closed ?? '');
}


/** The office hours and holidays in machine form (America/New_York), for the Edge Functions and the reports. */
export function officeScheduleFrom(site: Pick<Site, 'officeHours' | 'holidays'>): OfficeSchedule {
  return {
    timeZone: 'America/New_York',
    week: site.officeHours.flatMap((line) =>
      line.opens && line.closes ? line.days.dayOfWeek.map((day) => ({ day: ISO_WEEKDAY[day], opens: line.opens!.time, closes: line.closes!.time })) : [],
    ).sort((a, b) => a.day - b.day),
    holidays: (site.holidays ?? []).map(({ date, name }) => ({ date, name })),
  };
}
