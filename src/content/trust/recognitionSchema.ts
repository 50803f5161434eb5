/**
 * Awards and badges from others: `content/recognition.yaml`. Each is shown only with who gave it, the year and a
 * link to the issuer's own page, so a visitor can check it; there is no field for stars or a rating, on purpose.
 */
import { z } from 'zod';
import { text } from '../schemas/common.ts';
import { imageSchema } from '../schemas/image.ts';
import { httpsUrl } from './officeSchema.ts';

const award = z.strictObject({
  name: text(100).meta({ description: 'The award or badge as the issuer names it, e.g. "Best of Home Care - Provider of Choice".' }),
  issuer: text(80).meta({ description: 'Who gave it, e.g. the survey company or the association.' }),
  year: z.int().min(2000).max(2100).meta({ description: 'The year it was given, e.g. 2026.' }),
  link: httpsUrl.meta({ description: "The issuer's page that shows the award, so a visitor can check it (https only)." }),
  image: imageSchema.optional().meta({ description: "Optional: the issuer's badge, as they allow it to be shown, and what it shows." }),
});

export const recognitionSchema = z.strictObject({
  awards: z.array(award).max(12).default([]).meta({ description: 'The awards and badges, in the order shown. Never stars or a rating.' }),
});

export type Recognition = z.infer<typeof recognitionSchema>;
export type Award = Recognition['awards'][number];
