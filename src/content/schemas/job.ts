/** A job opening on /careers: `content/jobs/<slug>.yaml`. Also published to search engines as a JobPosting. */
import { z } from 'zod';
import { text } from './common.ts';

const isoDate = z.iso.date().meta({ description: 'A date written YYYY-MM-DD, e.g. "2026-11-01".' });

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
});

export type Job = z.infer<typeof jobSchema>;
