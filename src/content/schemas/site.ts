/** The agency's identity and constants: `content/site.yaml`. Change the name, phone and e-mail here. */
import { z } from 'zod';
import { ordinal } from '../fieldNames.ts';
import { retiredFields, text } from './common.ts';

/** The days of the week in order, as the pages show them and schema.org names them. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const DAYS_PATTERN = new RegExp(`^(${WEEKDAYS.join('|')})(?: - (${WEEKDAYS.join('|')}))?$`);

/** "Monday - Friday" -> Monday to Friday; "Saturday" -> [Saturday]; [] for a range that runs backwards or other words. */
function daysIn(words: string): Weekday[] {
  const [, first, last = first] = DAYS_PATTERN.exec(words) ?? [];
  const from = WEEKDAYS.indexOf(first as Weekday);
  const to = WEEKDAYS.indexOf(last as Weekday);
  return from < 0 || to < from ? [] : WEEKDAYS.slice(from, to + 1);
}

const days = z
  .string()
  .trim()
  .regex(DAYS_PATTERN, 'a day, or a range of days such as "Monday - Friday" (days in full, a hyphen between spaces)')
  .refine((words) => !DAYS_PATTERN.test(words) || daysIn(words).length > 0, 'expected a range from an earlier day to a later one, e.g. "Monday - Friday" (the week runs from Monday to Sunday)')
  // Written once, as the pages show it: the days search engines are given are read from the same words.
  .transform((display) => ({ display, dayOfWeek: daysIn(display) }));

const TIME_PATTERN = /^(1[0-2]|[1-9]):([0-5]\d) (am|pm)$/;

/** "8:00 am" -> "08:00", "6:30 pm" -> "18:30", "12:00 pm" -> "12:00" (schema.org's opens and closes). */
function clock24(words: string): string {
  const [, hour, minutes, half] = TIME_PATTERN.exec(words)!;
  return `${String((Number(hour) % 12) + (half === 'pm' ? 12 : 0)).padStart(2, '0')}:${minutes}`;
}

const time = z
  .string()
  .trim()
  .regex(TIME_PATTERN, 'a time such as "8:00 am" or "6:30 pm"')
  .transform((display) => ({ display, time: clock24(display) }));

/**
 * A rule across fields runs when the fields are valid themselves (zod would otherwise hand it values it could not
 * read or transform); an unknown field beside them is no reason to hold it back.
 */
const whenValid = { when: (payload: { issues: ReadonlyArray<{ code?: string }> }) => payload.issues.every((issue) => issue.code === 'unrecognized_keys') };

export const officeHoursLine = z
  .strictObject({
    days: days.meta({ description: 'The day, or range of days, of this line, as shown: e.g. "Monday - Friday" or "Saturday".' }),
    opens: time.optional().meta({ description: 'When the office opens on those days, as shown, e.g. "8:00 am". Give `closes` with it.' }),
    closes: time.optional().meta({ description: 'When the office closes on those days, as shown, e.g. "6:00 pm".' }),
    closed: text(40).optional().meta({
      description: 'Instead of `opens` and `closes`, on days the office is closed: the words shown for them, e.g. "Emergency calls only" or "Closed".',
    }),
  })
  .superRefine((line, ctx) => {
    if (line.closed !== undefined) {
      if (line.opens || line.closes) ctx.addIssue({ code: 'custom', path: ['closed'], message: 'expected either opens and closes, or closed (for a day the office is closed), not both' });
      return;
    }
    if (!line.opens && !line.closes) {
      ctx.addIssue({ code: 'custom', path: [], message: 'expected opens and closes (e.g. "8:00 am" and "6:00 pm"), or closed for days the office is closed (e.g. "Closed")', params: { found: 'neither' } });
    } else if (!line.closes) {
      ctx.addIssue({ code: 'custom', path: ['closes'], message: 'expected the closing time that goes with opens, e.g. "6:00 pm"' });
    } else if (!line.opens) {
      ctx.addIssue({ code: 'custom', path: ['opens'], message: 'expected the opening time that goes with closes, e.g. "8:00 am"' });
    } else if (line.closes.time <= line.opens.time) {
      ctx.addIssue({ code: 'custom', path: ['closes'], message: `expected a time after opens (${line.opens.display})` });
    }
  }, whenValid);

export type OfficeHoursLine = z.infer<typeof officeHoursLine>;

/** 'YYYY-MM-DD' that is a real calendar date (no 2026-02-30). */
function isCalendarDate(value: string): boolean {
  const [year, month, day] = [Number(value.slice(0, 4)), Number(value.slice(5, 7)), Number(value.slice(8, 10))];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const holiday = z.strictObject({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date in quotes as "YYYY-MM-DD", e.g. "2026-12-25" (without quotes YAML reads it as a timestamp)')
    .refine((value) => !/^\d{4}-\d{2}-\d{2}$/.test(value) || isCalendarDate(value), 'expected a real calendar date, e.g. "2026-12-25"')
    .meta({ description: 'The local date (America/New_York) the office is closed, in quotes, e.g. "2026-12-25".' }),
  name: text(60).meta({ description: 'What the day is, e.g. "Christmas Day".' }),
});

/** A US phone number as people read it; the tap-to-call form ("+1" and the ten digits) is derived, never kept in step by hand. */
export const phoneNumber = text(24)
  .regex(/^\D*(\d\D*){10}$/, 'a US phone number of ten digits, e.g. "(860) 555-0142"')
  .transform((display) => ({ display, e164: `+1${display.replace(/\D/g, '')}` }));

export const siteSchema = z.strictObject({
  name: text(60).meta({ description: 'The agency name shown everywhere, e.g. "Harbor Light Home Care". Page copy names it ((site.name)), never typed, so a new name changes every page.' }),
  legalLine: text(160).meta({
    description: 'The company line in the footer, e.g. "Harbor Light Home Care, LLC. All rights reserved." (the year is added).',
  }),
  phone: phoneNumber.meta({ description: 'The agency phone number as people read it, e.g. "(860) 555-0142". Tap-to-call links dial the same ten digits; page copy names it ((site.phone)).' }),
  recruitingPhone: phoneNumber.meta({
    description: 'The recruiting line, for people applying for a job, as people read it, e.g. "(860) 555-0143". The reply to each applicant gives it (replies.yaml names it ((site.recruitingPhone))), not the clients\' line.',
  }),
  email: z.email().meta({ description: 'The public e-mail address, e.g. "care@example.com"; page copy names it ((site.email)).' }),
  registration: z
    .strictObject({
      number: text(30).meta({ description: 'Connecticut home care agency registration, e.g. "HCA.0002676"; page copy names it ((site.registration.number)). Marked !placeholder until the agency confirms its own.' }),
      label: text(60).meta({ description: 'The words shown with it: "Non-Medical Care Services Only".' }),
    })
    .meta({ description: 'The state registration shown in the footer and on the careers page.' }),
  claims: z
    .strictObject({
      backgroundChecked: text(80).meta({ description: 'e.g. "Background-checked caregivers".' }),
      licensedInsured: text(80).meta({ description: 'e.g. "Licensed and insured".' }),
      careHours: text(80).meta({ description: 'e.g. "Non-medical care from 2 to 24 hours".' }),
      coverage: text(80).meta({ description: 'e.g. "Statewide coverage across Connecticut".' }),
      replyPromise: text(80)
        .regex(
          /^(?![\s\S]*\b\d+\s*([Hh]ours?|[Hh]rs?|[Dd]ays?)\b)/,
          'the promise the office keeps at any hour, without a number of hours or days: the reply e-mail gives the first hour after the office next opens, which is more than a day away on a weekend, e.g. "We reply within the hour when we are open, or in the first hour we next open"',
        )
        .meta({
          description:
            'The reply promise, shown on the pages (page copy names it ((site.claims.replyPromise))). It says the rule the reply e-mail keeps (replies.yaml): within the hour while the office is open, else in the first hour after it next opens, e.g. "We reply within the hour when we are open, or in the first hour we next open".',
        }),
      consultation: text(80).meta({ description: 'e.g. "Free consultation".' }),
    })
    .meta({ description: 'The promises the site makes, in the words the pages show.' }),
  officeHours: z
    .array(officeHoursLine)
    .min(1)
    .max(7)
    .superRefine((lines, ctx) => {
      // One day in two lines would show the office as open twice, and give search engines two sets of hours.
      const lineOf = new Map<Weekday, number>();
      lines.forEach((line, index) => {
        for (const day of line.days.dayOfWeek) {
          const first = lineOf.get(day);
          if (first === undefined) lineOf.set(day, index);
          else ctx.addIssue({ code: 'custom', path: [index, 'days'], message: 'expected each day in one line only', params: { found: `${day} again (also in the ${ordinal(first + 1)} line of the office hours)` } });
        }
      });
    }, whenValid)
    .meta({ description: 'Office hours, one line per day or range of days, in the order shown (home page, /contact, and search engines).' }),
  holidays: z
    .array(holiday)
    .max(60)
    .superRefine((list, ctx) => {
      const first = new Map<string, number>();
      list.forEach((entry, index) => {
        const seen = first.get(entry.date);
        if (seen === undefined) first.set(entry.date, index);
        else ctx.addIssue({ code: 'custom', path: [index, 'date'], message: 'expected each date once', params: { found: `${entry.date} again (also the ${ordinal(seen + 1)} holiday)` } });
      });
    }, whenValid)
    .optional()
    .meta({
      description:
        'Optional: the dates the office is closed although officeHours say it is open, e.g. - { date: "2026-12-25", name: Christmas Day }. The instant reply to each sender names the next opening after them, and the reports count no office time on them. Add next year\'s before it begins.',
    }),
  afterHours: text(160).meta({
    description: 'The line shown under the office hours about emergencies outside them, e.g. "Outside office hours, our on-call line takes emergency calls at any hour, every day of the year."',
  }),
  serviceArea: text(120).meta({ description: 'Where the agency works, e.g. "All of Connecticut".' }),
  geo: z
    .strictObject({
      latitude: z.number().min(40.9).max(42.1),
      longitude: z.number().min(-73.8).max(-71.7),
      radiusMeters: z.int().positive(),
    })
    .meta({ description: 'The centre of the service area and its radius, for search engines (structured data).' }),
  forms: z
    .strictObject({
      region: z.string().regex(/^[a-z]{2,3}\d$/, 'a HubSpot region such as "na2"').meta({ description: 'HubSpot region, e.g. "na2".' }),
      portalId: z.string().regex(/^\d+$/, 'digits only').meta({ description: 'HubSpot portal (account) id.' }),
      contactFormId: z.uuid().meta({ description: 'HubSpot form id of the contact / request-information form.' }),
      careersFormId: z.uuid().meta({ description: 'HubSpot form id of the job application form.' }),
    })
    .optional()
    .meta({
      description:
        "Optional: the embedded form provider (HubSpot). Mark ids not yet known with !placeholder in front (the site's own form then works alone, and the launch check lists them); leave the block out to use the site's own form only.",
    }),
  notifications: z
    .strictObject({
      to: z
        .array(z.email('an e-mail address, e.g. "intake@your-agency.com"'))
        .min(1, 'at least one address: every request must reach someone')
        .max(10)
        .meta({ description: 'The intake addresses told of each new inquiry and application within a minute (the NOTIFY_TO environment variable overrides them), e.g. ["intake@your-agency.com"].' }),
      from: z.email('an e-mail address, e.g. "notifications@your-agency.com"').meta({
        description: 'The address the e-mails come from, on a domain the mail service has verified (MAIL_FROM overrides it); the agency name is shown as the sender.',
      }),
      replyWithinHours: z
        .int('a whole number of hours')
        .min(1)
        .max(168)
        .meta({ description: 'How long an inquiry may wait for a first reply, in hours: one still New after this long is marked Overdue in the dashboard and listed in the daily digest, e.g. 24. The promise families read is claims.replyPromise.' }),
      burst: z
        .strictObject({
          moreThan: z.int('a whole number of requests').min(1).max(1000).meta({ description: 'How many requests within withinMinutes still come one e-mail each, e.g. 10.' }),
          withinMinutes: z.int('a whole number of minutes').min(1).max(60).meta({ description: 'The window a burst is counted in, and how long a burst e-mail gathers requests before it is sent, e.g. 5.' }),
        })
        .default({ moreThan: 10, withinMinutes: 5 })
        .meta({
          description:
            'When many requests arrive at once (more than moreThan within withinMinutes), the rest come as one e-mail listing them by link, sent when the minutes are over, instead of one each. Default: more than 10 within 5 minutes.',
        }),
      repliesPerHour: z
        .int('a whole number of replies')
        .min(1)
        .max(1000)
        .default(20)
        .meta({
          description:
            'The most instant replies sent to the people who sent the forms in any hour, e.g. 20. Past it, replies are held, not lost: staff see them at the top of /admin and an admin sends or drops them. It keeps a script that sends the forms with strangers\' addresses from using the agency\'s mail domain to e-mail them. Default: 20.',
        }),
    })
    .meta({ description: 'Who hears of each new request: an e-mail with what kind of request, when, and a link to it in /admin (never a name, message or phone number).' }),
  siteUrl: z.url({ protocol: /^https?$/ }).meta({
    description: 'The public address of the site, used for canonical links and the sitemap; the SITE_URL environment variable overrides it.',
  }),
  shareImage: z
    .strictObject({
      path: z
        .string()
        .regex(/^\/[\w./-]+\.png$/, 'an address ending in .png, e.g. "/og-image.png"')
        .meta({ description: 'Where the build publishes the share image it draws, e.g. "/og-image.png".' }),
      alt: text(160),
    })
    .meta({
      description:
        'The picture shown when a page is shared (1200x630), and its description. The build draws it from the name, the phone, the registration line, the claims, the home page\'s heading and the About page\'s picture: change those and the next build changes it.',
    }),
});

// The office's address moved to content/offices/ (with whether visitors are received, its hours and its Google
// profile): one place for it, so the footer, /contact and the structured data can never disagree.
retiredFields.add(siteSchema, {
  address: () =>
    'the office\'s address has a file of its own now, content/offices/<office>.yaml, with whether families may visit, its hours and its Google profile (docs/reviews-and-consent.md, "People, the office and awards"). Move the street, town and ZIP code there and delete this block',
});

export type Site = z.infer<typeof siteSchema>;
