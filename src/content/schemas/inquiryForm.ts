/**
 * The choices of the site's own contact form (the inquiry form on the home page and /contact) and the words of
 * its consent box: `content/inquiry-form.yaml`. The services it offers are not listed here: they are the service
 * files.
 */
import { z } from 'zod';
import { choices } from './applicationForm.ts';
import { text } from './common.ts';

/**
 * What a visitor agrees to by ticking the consent box: that the agency may store the health details of the request
 * (Connecticut's privacy law asks consent for health data). Each stored request keeps the version it was sent with.
 */
export const consentSchema = z
  .strictObject({
    version: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}(\.\d{1,2})?$/, 'a date written YYYY-MM-DD, e.g. "2026-11-25"')
      .meta({
        description:
          'The date the words of the box last changed, YYYY-MM-DD (a second change on one day: "2026-11-25.2"). Change it with the words: every request is stored with the version its sender agreed to, and staff see it.',
      }),
    label: text(160).meta({ description: 'The words beside the box, what the visitor agrees to, e.g. "I agree that you may store the health details in my request, to answer it."' }),
    details: text(400).meta({ description: 'The line under the box: which details, what they are used for, how to have them erased. It must contain the words of privacyLink.' }),
    privacyLink: text(60).meta({ description: 'The words of `details` that link to the privacy notice (/privacy), e.g. "privacy notice".' }),
  })
  .superRefine((consent, ctx) => {
    if (!consent.details.includes(consent.privacyLink)) {
      ctx.addIssue({ code: 'custom', path: ['privacyLink'], message: 'expected words that appear in details (they become the link to the privacy notice)' });
    }
  });

export const inquiryFormSchema = z.strictObject({
  careFor: choices('"who needs care"'),
  callTimes: choices('best-time-to-call').meta({
    description: 'The best-time-to-call choices, in the order the form lists them. Not choosing one means any time.',
  }),
  heardAbout: choices('"How did you hear about us?"')
    .optional()
    .meta({
      description:
        'The answers to "How did you hear about us?" (optional for the family), in the order the form lists them, e.g. a discharge planner, a doctor. Staff see the answer and reports count by it. Leave the list out and the form does not ask.',
    }),
  consent: consentSchema.meta({ description: 'The consent box at the end of the form: the visitor ticks it to let the agency store the health details of the request.' }),
});

export type InquiryForm = z.infer<typeof inquiryFormSchema>;
export type InquiryConsent = InquiryForm['consent'];
