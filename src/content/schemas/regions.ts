/** Counties and towns served, and the travel policy: `content/regions.yaml`. */
import { z } from 'zod';
import { text } from './common.ts';

export const regionsSchema = z.strictObject({
  counties: z
    .array(
      z.strictObject({
        name: text(40).meta({ description: 'e.g. "New Haven County".' }),
        towns: z.array(text(40)).min(1).meta({ description: 'The towns served in the county.' }),
      }),
    )
    .min(1)
    .meta({ description: 'The counties served, in the order the locations page lists them.' }),
  travelPolicy: text(600).meta({ description: 'The travel-policy paragraph on the locations page.' }),
});

export type Regions = z.infer<typeof regionsSchema>;
