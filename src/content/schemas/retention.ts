/**
 * How long personal data is kept: `content/retention.yaml`. A scheduled purge (supabase/functions/_shared/purge.ts,
 * public.purge_expired) erases what has passed its period: the record, its notes, its outbox rows and its resume
 * file, leaving only a "deleted" event. Real records are measured from their last activity (arrival, a stage or
 * owner change, a note; not an export): see supabase/migrations/20261126000400_retention_periods.sql. The spam
 * rule takes only what an admin filed under Spam, or what the bot signals filed on arrival (a job application not
 * before it is 12 months old); what a plain staff member moved to Spam keeps its list's months
 * (supabase/migrations/20261127000100_spam_retention_floor.sql).
 * Which stages mean "became a client" is a list here, beside the rule it bends, checked against
 * content/workflow.yaml by the loader (a typo would otherwise keep nobody).
 */
import { z } from 'zod';
import { slug } from './common.ts';

/** The EEOC's floor for job applications (29 CFR 1602.14): one year. */
export const APPLICATION_MONTHS_MIN = 12;

const months = (what: string) => z.int('a whole number of months').max(120, `at most 120 months (10 years): ${what} are not kept that long`);

export const retentionSchema = z.strictObject({
  suspectedSpam: z
    .strictObject({
      days: z
        .int('a whole number of days')
        .min(1, 'at least 1 day: staff need time to find a real request filed as spam')
        .max(365, 'at most 365 days: suspected spam is not kept for long')
        .meta({
          description:
            'Days after a request was filed under the Spam stage (and left there) before it is erased, when an admin filed it there or the bot signals did on arrival; a job application the bot signals filed is kept at least 12 months from its arrival all the same (EEOC), e.g. 30.',
        }),
    })
    .meta({
      description:
        'Requests the form functions took for a machine, or an admin filed under the Spam stage, where they were left. A request a plain staff member moved to Spam is not suspected spam here: it keeps the months of its list.',
    }),
  inquiries: z
    .strictObject({
      months: months('inquiries')
        .min(1, 'at least 1 month: staff need time to call the family back')
        .meta({ description: 'Months after the last thing staff did on an inquiry (or after it arrived) before it is erased, unless the family became a client, e.g. 24.' }),
      clientStages: z
        .array(slug)
        .min(1, 'at least one stage: the inquiries of families who became clients are kept, so the purge must know which they are')
        .meta({
          description:
            'The codes of the stages in content/workflow.yaml (inquiries) that mean the family became a client, e.g. [became-a-client]. Inquiries at these stages are never erased by the purge.',
        }),
    })
    .meta({ description: 'Contact requests that never became clients.' }),
  applications: z
    .strictObject({
      months: months('job applications')
        // A rule, not .min(): the message says why, and the content's error formatter words a plain minimum itself.
        .refine((n) => n >= APPLICATION_MONTHS_MIN, {
          message: `expected at least ${APPLICATION_MONTHS_MIN} months (federal law, EEOC 29 CFR 1602.14, requires keeping a job application for one year after it arrived or after the decision on it, whichever is later)`,
        })
        .meta({
          description: 'Months after the last thing staff did on a job application (or after it arrived) before it is erased, hired or not; at least 12 (EEOC), e.g. 18.',
          minimum: APPLICATION_MONTHS_MIN,
        }),
    })
    .meta({ description: 'Job applications from the careers page, with their resumes.' }),
});

export type Retention = z.infer<typeof retentionSchema>;
