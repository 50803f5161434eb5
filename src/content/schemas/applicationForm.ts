/**
 * The choices of the job application form: `content/application-form.yaml`. Positions are not listed here:
 * they are the files in content/jobs/.
 */
import { z } from 'zod';
import { slug, text } from './common.ts';

export const choice = z.strictObject({
  code: slug.max(40).meta({ description: 'What is stored with an application or request: lowercase words joined by hyphens, e.g. "less-than-one-year". Never reuse a code for a different meaning.' }),
  label: text(60).meta({ description: 'What visitors and staff read, e.g. "Less than 1 year".' }),
});

export const choices = (what: string) =>
  z.array(choice).min(2).max(12).meta({ description: `The ${what} choices, in the order the form lists them.` });

export const applicationFormSchema = z.strictObject({
  experience: choices('experience'),
  availability: choices('availability'),
  heardAbout: choices('"How did you hear about us?"')
    .optional()
    .meta({
      description:
        'The answers to "How did you hear about us?" (optional for the applicant), in the order the form lists them, e.g. Indeed, a friend. Staff see the answer and reports count by it. Leave the list out and the form does not ask.',
    }),
});

export type ApplicationForm = z.infer<typeof applicationFormSchema>;
