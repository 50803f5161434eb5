/** A job opening on /careers: `content/jobs/<slug>.yaml`. Also published to search engines as a JobPosting. */
import { z } from 'zod';
import { text } from './common.ts';

const isoDate = z.iso.date().meta({ description: 'A date written YYYY-MM-DD, e.g. "2026-11-01".' });

/** How often the pay is counted, in the words Google reads (a salary's unitText) and the words the page shows. */
export const PAY_UNITS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'] as const;

const pay = z
  .strictObject({
    min: z.number().min(1).multipleOf(0.01, 'expected dollars and cents, at most two decimals').meta({
      description: 'The pay, or the bottom of its range, as a number without the $ sign, e.g. 18 (an hour) or 42000 (a year).',
    }),
    max: z.number().min(1).multipleOf(0.01, 'expected dollars and cents, at most two decimals').optional().meta({
      description: 'Optional: the top of the range, e.g. 22; leave it out for one rate. At least min.',
    }),
    per: z.enum(PAY_UNITS).meta({ description: 'What the figures are counted per: HOUR, DAY, WEEK, MONTH or YEAR.' }),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'a currency code of three capital letters, e.g. "USD"')
      .default('USD')
      .meta({ description: 'Optional: the currency code, "USD" by default.' }),
  })
  .superRefine(
    ({ min, max }, ctx) => {
      if (max !== undefined && max < min) ctx.addIssue({ code: 'custom', path: ['max'], message: `expected a number of at least min (${min})` });
    },
    // Only once min and max are numbers themselves.
    { when: (payload) => payload.issues.every((issue) => issue.code === 'unrecognized_keys') },
  );

export const jobSchema = z.strictObject({
  title: text(80).meta({ description: 'The job title, e.g. "Companion Caregiver".' }),
  employmentTypes: z
    .array(z.enum(['FULL_TIME', 'PART_TIME']))
    .min(1)
    .max(2)
    .meta({ description: 'FULL_TIME, PART_TIME or both.' }),
  workHours: text(120).meta({ description: 'The hours in words, e.g. "Flexible: mornings, evenings and weekends".' }),
  summary: text(300).meta({ description: 'One or two sentences shown on the card.' }),
  description: z.array(text(800)).min(1).max(5).meta({ description: 'Paragraphs describing the job.' }),
  responsibilities: z.array(text(200)).min(3).max(10).meta({ description: 'What the person will do.' }),
  requirements: z.array(text(200)).min(1).max(10).meta({ description: 'What the person must have.' }),
  preferred: z.array(text(200)).max(6).default([]).meta({ description: 'What helps but is not required.' }),
  datePosted: isoDate,
  validThrough: isoDate.meta({ description: 'The last day the opening is advertised, YYYY-MM-DD.' }),
  locality: text(60).optional().meta({ description: 'The town the job is based in, if any, e.g. "Middletown".' }),
  pay: pay.optional().meta({
    description: 'Optional: what the job pays, shown with the job ("$18–$22 an hour") and given to search engines, e.g. min: 18, max: 22, per: HOUR.',
  }),
});

export type Job = z.infer<typeof jobSchema>;
