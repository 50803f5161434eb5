/**
 * The one definition of a contact request (an inquiry): the fields of the site's own inquiry form, their
 * limits and the message a visitor reads when a field is wrong. The submit-inquiry Edge Function validates
 * with it (Deno), the site renders the form's constraints from it, and the dashboard's row type derives from
 * it (Node/Vite). Relative imports with extensions and a bare `zod`, so the same file runs under both.
 */
import { z } from 'zod';
import type { FormResponse } from './formFunction.ts';
import { FORM_GUARD, isPhoneNumber } from './formPost.ts';
import type { LeadOrigin } from './leadOrigin.ts';
import { visitorText, type TextShape } from './text.ts';

/** The choices the inquiry form offers; generated from content/ into formChoices.generated.ts. */
export interface InquiryChoices {
  /** Who needs care: content/inquiry-form.yaml. */
  careFor: ReadonlyArray<{ code: string; label: string }>;
  /** The best time to call: content/inquiry-form.yaml. Not answering means any time. */
  callTimes: ReadonlyArray<{ code: string; label: string }>;
  /** Services of interest: one per service file (the code is its slug). */
  services: ReadonlyArray<{ code: string; label: string }>;
  /**
   * The consent box (content/inquiry-form.yaml): the version of its words, which the box sends and the row keeps,
   * and the words themselves (what HubSpot records as the consent's text).
   */
  consent: { version: string; text: string };
  /** "How did you hear about us?" (content/inquiry-form.yaml; empty: the form does not ask). */
  heardAbout: ReadonlyArray<{ code: string; label: string }>;
}

/** Limits shared by the form's `maxlength` attributes and the server's checks. */
export const INQUIRY_LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  town: 60,
  message: 3000,
  /** No file is sent: the text fields with room for encoding (a message of 3,000 multi-byte characters). */
  bodyBytes: 64 * 1024,
  /** Requests accepted per client (hashed IP) per hour; counted apart from job applications. */
  perHour: 5,
  /** Posts of the form per client per hour, valid or not, before even the body is read (formFunction.ts). */
  postsPerHour: 30,
} as const;

/** The form's field names: the table's columns (services is a list of ticked boxes) and the guard fields. */
export const INQUIRY_FIELDS = {
  text: ['name', 'phone', 'email', 'care_for', 'town', 'message', 'call_time'],
  services: 'services',
  /** The consent box: ticked, it sends the version of the words beside it (consented_at is the function's clock). */
  consent: 'consent_version',
  /** The page the form was sent from ('/', '/contact'): staff see where a request came from. */
  page: 'page',
  /** "How did you hear about us?": a code of InquiryChoices.heardAbout, or nothing (leadOrigin.ts). */
  heardAbout: 'heard_about',
  ...FORM_GUARD,
} as const;

export type InquiryField = (typeof INQUIRY_FIELDS.text)[number] | 'services' | 'consent_version';

/** What a visitor reads next to a field, in plain words. */
export const INQUIRY_MESSAGES = {
  name: 'Enter your name, so we know whom to ask for.',
  phone: 'Enter a phone number we can call, like (860) 555-0142.',
  email: 'Enter an e-mail address like name@example.com.',
  /** Neither a phone number nor an e-mail address: shown at the phone field, the first of the two. */
  replyWay: 'Give a phone number or an e-mail address (or both), so we can reply to you.',
  care_for: 'Choose who needs care.',
  town: `Keep the town under ${INQUIRY_LIMITS.town} characters.`,
  services: 'Choose services from the list only.',
  message: `Keep the message under ${INQUIRY_LIMITS.message.toLocaleString('en-US')} characters.`,
  call_time: 'Choose a time from the list, or leave it at any time.',
  /** The consent box left unticked (the browser refuses that first; this is the function's word, and the script's). */
  consent_version: 'Tick this box to let us store the health details in your request, or call us instead.',
  /** The box sent the version of other words than the form's now (a page opened before they changed). */
  consentChanged: 'The words beside this box have changed since this page was opened. Reload the page, read them, and tick the box again.',
  /** Above the field messages when one or more fields are wrong (every wrong field is named at once). */
  invalid: 'Some answers need a change before your request can be sent. Each one is marked.',
  tooLarge: 'Your request is too long to send. Shorten the message, or call us.',
  rateLimited: 'We have received several requests from your connection in the last hour. Please call us instead.',
  failed: 'Your request could not be sent. Nothing was saved. Please try again, or call us.',
} as const;

/** Cleaned (text.ts) and trimmed; empty is allowed and stays '', and so does text with nothing visible. */
const optionalText = (max: number, message: string, shape: TextShape = 'line') =>
  z
    .string()
    .optional()
    .transform((value) => visitorText(value ?? '', shape))
    .pipe(z.string().max(max, message));

const inChoices = (choices: ReadonlyArray<{ code: string }>) => (value: string) => choices.some((choice) => choice.code === value);

/** An answer left empty (or only spaces), whatever else is wrong with the post. */
const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** The schema of a form post (strings, the way a form sends them; services as every ticked value). */
export function inquirySchema(choices: InquiryChoices) {
  return z
    .object({
      name: z
        .string({ error: INQUIRY_MESSAGES.name })
        // Cleaned first (text.ts): a name of only invisible characters is empty and gets the name message.
        .transform((value) => visitorText(value))
        .pipe(z.string().min(1, INQUIRY_MESSAGES.name).max(INQUIRY_LIMITS.name, INQUIRY_MESSAGES.name)),
      phone: optionalText(INQUIRY_LIMITS.phone, INQUIRY_MESSAGES.phone).refine((value) => value === '' || isPhoneNumber(value), INQUIRY_MESSAGES.phone),
      email: optionalText(INQUIRY_LIMITS.email, INQUIRY_MESSAGES.email).refine((value) => value === '' || z.email().safeParse(value).success, INQUIRY_MESSAGES.email),
      care_for: z.string({ error: INQUIRY_MESSAGES.care_for }).refine(inChoices(choices.careFor), INQUIRY_MESSAGES.care_for),
      town: optionalText(INQUIRY_LIMITS.town, INQUIRY_MESSAGES.town),
      services: z
        .array(z.string())
        .transform((values) => [...new Set(values)])
        .refine((values) => values.every(inChoices(choices.services)), INQUIRY_MESSAGES.services),
      message: optionalText(INQUIRY_LIMITS.message, INQUIRY_MESSAGES.message, 'lines'),
      call_time: optionalText(40, INQUIRY_MESSAGES.call_time).refine((value) => value === '' || inChoices(choices.callTimes)(value), INQUIRY_MESSAGES.call_time),
      page: z
        .string()
        .optional()
        .transform((value) => (value !== undefined && /^\/[\w\-/]{0,100}$/.test(value) ? value : '')),
      // Consent to store the request's health details, to the words the form shows now: an unticked box sends nothing.
      consent_version: z
        .string({ error: INQUIRY_MESSAGES.consent_version })
        .refine((value) => value.trim() !== '', INQUIRY_MESSAGES.consent_version)
        .refine((value) => value.trim() === '' || value === choices.consent.version, INQUIRY_MESSAGES.consentChanged),
    })
    // `when`: the check runs even when other answers are wrong, so that every problem is named at once.
    .refine((inquiry) => blank(inquiry.phone) === false || blank(inquiry.email) === false, {
      path: ['phone'],
      message: INQUIRY_MESSAGES.replyWay,
      when: () => true,
    });
}

/** The validated fields of an inquiry: the columns the function inserts, but for the moment of consent (its clock). */
export type InquiryFields = z.output<ReturnType<typeof inquirySchema>>;

/** A row of public.inquiries. */
export interface InquiryRow extends Omit<InquiryFields, 'consent_version'>, Partial<LeadOrigin> {
  id: string;
  created_at: string;
  /** Why the function suspected a machine sent it (botSignal), or null: it is then filed under the spam stage. */
  spam_reason: string | null;
  /**
   * The version of the consent box's words the visitor agreed to (content/inquiry-form.yaml), and when the function
   * received that consent. The database refuses a new row without them; null only in rows stored before the form
   * asked (20261126000100_inquiry_consent.sql).
   */
  consent_version: string | null;
  consented_at: string | null;
  /** The answer to "How did you hear about us?" (a content code), or null. Origin columns: absent from rows written by hand. */
  heard_about?: string | null;
  /** The deploy's own test request (_shared/testRequest.ts): staff never see it. Absent (false) on every real one. */
  deploy_test?: boolean;
}

/** The JSON the function answers to the enhanced form. */
export type InquiryResponse = FormResponse<InquiryField>;
