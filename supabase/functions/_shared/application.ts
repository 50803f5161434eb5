/**
 * The one definition of a job application: the fields of the careers form, their limits and the message an
 * applicant reads when a field is wrong. The Edge Function validates with it (Deno), the site renders the
 * form's constraints from it, and the dashboard's `Database` type derives its row from it (Node/Vite).
 * Imports stay relative with extensions and `zod` is a bare specifier (mapped by supabase/functions/deno.json),
 * so the same file runs under Deno and under Node.
 */
import { z } from 'zod';
import type { FormResponse } from './formFunction.ts';
import { FORM_GUARD, isPhoneNumber } from './formPost.ts';
import type { LeadOrigin } from './leadOrigin.ts';
import { visitorText } from './text.ts';

/** The choices the form offers; generated from content/ into formChoices.generated.ts. */
export interface FormChoices {
  /** One per job file: the code is the file name, `validThrough` the last day it is advertised (YYYY-MM-DD). */
  positions: ReadonlyArray<{ code: string; title: string; validThrough: string }>;
  experience: ReadonlyArray<{ code: string; label: string }>;
  availability: ReadonlyArray<{ code: string; label: string }>;
  /** "How did you hear about us?" (content/application-form.yaml; empty: the form does not ask). */
  heardAbout: ReadonlyArray<{ code: string; label: string }>;
}

/** Limits shared by the form's `maxlength`/`accept` attributes and the server's checks. */
export const APPLICATION_LIMITS = {
  name: 80,
  email: 254,
  phone: 30,
  coverLetter: 5000,
  resumeBytes: 10 * 1024 * 1024,
  /** The whole multipart body: the resume plus the text fields, with room for the encoding. */
  bodyBytes: 10 * 1024 * 1024 + 64 * 1024,
  /** Applications accepted per client (hashed IP) per hour. */
  perHour: 5,
  /** Posts of the form per client per hour, valid or not, before even the body is read (formFunction.ts). */
  postsPerHour: 30,
} as const;

/** The form's field names: the table's columns, plus the resume file and two anti-abuse fields. */
export const APPLICATION_FIELDS = {
  text: ['first_name', 'last_name', 'email', 'phone', 'position', 'experience', 'availability', 'cover_letter'],
  checkbox: ['has_transportation', 'has_license'],
  resume: 'resume',
  /** "How did you hear about us?": a code of FormChoices.heardAbout, or nothing (leadOrigin.ts). */
  heardAbout: 'heard_about',
  /** The page the form was sent from ('/careers/companion-caregiver'): the landing page when nothing else says. */
  page: 'page',
  ...FORM_GUARD,
} as const;

export type ApplicationField = (typeof APPLICATION_FIELDS.text)[number] | (typeof APPLICATION_FIELDS.checkbox)[number] | 'resume';

/** What an applicant reads next to a field, in plain words. */
export const APPLICATION_MESSAGES = {
  first_name: 'Enter your first name.',
  last_name: 'Enter your last name.',
  email: 'Enter an e-mail address like name@example.com.',
  phone: 'Enter a phone number we can call, like (860) 555-0142.',
  position: 'Choose the job you are applying for.',
  positionClosed: 'This opening has closed. Choose another job, or call us.',
  experience: 'Choose how much experience you have.',
  availability: 'Choose when you can work.',
  coverLetterTooLong: `Keep the cover letter under ${APPLICATION_LIMITS.coverLetter.toLocaleString('en-US')} characters.`,
  resumeNotPdf: 'The resume must be a PDF file. Save it as PDF and choose it again, or leave it out.',
  resumeTooLarge: 'The resume is larger than 10 MB. Choose a smaller PDF, or leave it out.',
  resumeTooMany: 'Choose one resume file only.',
  /** Above the field messages when one or more fields are wrong (every wrong field is named at once). */
  invalid: 'Some answers need a change before the application can be sent. Each one is marked.',
  tooLarge: 'The application is larger than 10 MB. Choose a smaller resume, or leave it out.',
  rateLimited: 'We have received several applications from your connection in the last hour. Please try again later, or call us.',
  failed: 'Your application could not be sent. Nothing was saved. Please try again, or call us.',
} as const;

/** Required; cleaned first (text.ts), so a name of only invisible characters is empty and gets `message`. */
const textField = (max: number, message: string) =>
  z
    .string({ error: message })
    .transform((value) => visitorText(value))
    .pipe(z.string().min(1, message).max(max, message));

const code = (allowed: ReadonlyArray<{ code: string }>, message: string) =>
  z.string({ error: message }).refine((value) => allowed.some((choice) => choice.code === value), message);

/**
 * The schema of the text fields and checkboxes of a form post (as strings, the way a form sends them).
 * @param today YYYY-MM-DD; a position whose validThrough is before it is closed.
 */
export function applicationSchema(choices: FormChoices, today: string) {
  return z.object({
    first_name: textField(APPLICATION_LIMITS.name, APPLICATION_MESSAGES.first_name),
    last_name: textField(APPLICATION_LIMITS.name, APPLICATION_MESSAGES.last_name),
    email: z
      .string({ error: APPLICATION_MESSAGES.email })
      .transform((value) => visitorText(value))
      .pipe(z.email(APPLICATION_MESSAGES.email).max(APPLICATION_LIMITS.email, APPLICATION_MESSAGES.email)),
    phone: textField(APPLICATION_LIMITS.phone, APPLICATION_MESSAGES.phone).refine(isPhoneNumber, APPLICATION_MESSAGES.phone),
    position: code(choices.positions, APPLICATION_MESSAGES.position).refine(
      (value) => (choices.positions.find((p) => p.code === value)?.validThrough ?? '') >= today,
      APPLICATION_MESSAGES.positionClosed,
    ),
    experience: code(choices.experience, APPLICATION_MESSAGES.experience),
    availability: code(choices.availability, APPLICATION_MESSAGES.availability),
    // A ticked checkbox sends its value ("yes"); an unticked one sends nothing.
    has_transportation: z.string().optional().transform((value) => value !== undefined && value !== ''),
    has_license: z.string().optional().transform((value) => value !== undefined && value !== ''),
    cover_letter: z
      .string()
      .optional()
      .transform((value) => visitorText(value ?? '', 'lines'))
      .pipe(z.string().max(APPLICATION_LIMITS.coverLetter, APPLICATION_MESSAGES.coverLetterTooLong)),
  });
}

/** The validated fields of an application: exactly the columns the function inserts (besides resume_url). */
export type ApplicationFields = z.output<ReturnType<typeof applicationSchema>>;

/** A row of public.job_applications. */
export interface JobApplicationRow extends ApplicationFields, Partial<LeadOrigin> {
  id: string;
  created_at: string;
  /** Key of the resume in the private bucket 'resumes' ('<uuid>/<uuid>.pdf'), or null. */
  resume_url: string | null;
  /** Why the function suspected a machine sent it (botSignal), or null: it is then filed under the spam stage. */
  spam_reason: string | null;
  /** The answer to "How did you hear about us?" (a content code), or null. Origin columns: absent from rows written by hand. */
  heard_about?: string | null;
}

/** The keys the function generates for resumes; the column and the dashboard accept nothing else. */
const UUID = '[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}';
export const RESUME_KEY_PATTERN = new RegExp(`^${UUID}/${UUID}\\.pdf$`);

/** The JSON the function answers to the enhanced form. */
export type ApplicationResponse = FormResponse<ApplicationField>;
