/**
 * The choices of the site's own contact form (the inquiry form on the home page and /contact):
 * `content/inquiry-form.yaml`. The services it offers are not listed here: they are the service files.
 */
import { z } from 'zod';
import { choices } from './applicationForm.ts';

export const inquiryFormSchema = z.strictObject({
  careFor: choices('"who needs care"'),
  callTimes: choices('best-time-to-call').meta({
    description: 'The best-time-to-call choices, in the order the form lists them. Not choosing one means any time.',
  }),
});

export type InquiryForm = z.infer<typeof inquiryFormSchema>;
