/**
 * How long personal data is kept: `content/retention.yaml`. A scheduled purge (supabase/functions/_shared/purge.ts)
 * erases what has passed its period: the record, its notes and its resume file, leaving only a "deleted" event.
 */
import { z } from 'zod';

export const retentionSchema = z.strictObject({
  suspectedSpam: z
    .strictObject({
      days: z
        .int('a whole number of days')
        .min(1, 'at least 1 day: staff need time to find a real request filed as spam')
        .max(365, 'at most 365 days: suspected spam is not kept for long')
        .meta({ description: 'Days after a request was filed as suspected spam (and left at the Spam stage) before it is erased, e.g. 30.' }),
    })
    .meta({ description: 'Requests the form functions took for a machine and filed under the Spam stage, where staff left them.' }),
});

export type Retention = z.infer<typeof retentionSchema>;
