/**
 * The submit-application Edge Function: takes a post of the careers form, checks it with the one application
 * schema (every wrong field at once), keeps floods out, files what looks automated apart, stores the resume in the private bucket
 * `resumes` and the row in job_applications as the service role, and answers a browser's plain form post
 * with a 303 to a page of the site, or the enhanced form (and any other client) with JSON.
 *
 * A factory of a web-standard handler: index.ts serves it with Deno.serve on Supabase; the local stand-in
 * (scripts/local-supabase/functions.ts) serves the same handler in Node.
 */
import type { NotifyConfig } from '../_shared/outbox.ts';
import {
  APPLICATION_FIELDS,
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
  applicationSchema,
  type ApplicationField,
  type ApplicationFields,
  type FormChoices,
  type JobApplicationRow,
} from '../_shared/application.ts';
import { firstWords, type SummaryLine } from '../_shared/confirmPage.ts';
import { createFormFunction, fieldErrors, logFailure, slotOutcome, withPostSlot, type Outcome } from '../_shared/formFunction.ts';
import { serverClient } from '../_shared/client.ts';
import type { ClientKey } from '../_shared/formPost.ts';
import { dateInConnecticut } from '../_shared/formPost.ts';
import { originColumns } from '../_shared/leadOrigin.ts';
import { isPdf } from '../_shared/pdf.ts';

export interface SubmitApplicationOptions {
  /** The project's API URL (SUPABASE_URL on Supabase). */
  supabaseUrl: string;
  /** The service-role key: the function writes where nobody else may. Never sent anywhere but the project. */
  serviceRoleKey: string;
  /** Origin of the public site: a plain post is sent on to its /careers/thanks or /careers/not-sent. */
  siteUrl: string;
  /** Whether a page at this origin may post here. Posts from any other origin are refused. */
  allowOrigin: (origin: string) => boolean;
  /** Who a client is for the rate limits: the salt of the hash, and which address counts (see clientHash). */
  rateLimit: ClientKey;
  /** The form's choices: open positions, experience and availability codes (formChoices.generated.ts). */
  choices: FormChoices;
  /** The agency's name (site.yaml), on the page that asks an applicant without JavaScript to confirm. */
  agency: string;
  /** The clock; tests set it. */
  now?: () => Date;
  /** The notification e-mails (functionEnv.ts, mailEnvironment); unset, they wait in the outbox for the schedule. */
  notify?: NotifyConfig | undefined;
}

const NAME = 'submit-application';

export function createSubmitApplication(options: SubmitApplicationOptions): (req: Request) => Promise<Response> {
  const supabase = serverClient(options.supabaseUrl, options.serviceRoleKey);

  /** What the applicant wrote, shortened, so they recognise it on the confirmation page. */
  function summaryOf(fields: Pick<ApplicationFields, 'first_name' | 'last_name' | 'position' | 'cover_letter'>, resume: boolean): SummaryLine[] {
    return [
      { label: 'Your name', value: `${fields.first_name} ${fields.last_name}` },
      { label: 'The job', value: options.choices.positions.find((position) => position.code === fields.position)?.title ?? fields.position },
      { label: 'Your cover letter begins', value: firstWords(fields.cover_letter) },
      { label: 'Resume', value: resume ? 'Attached (PDF)' : '' },
    ];
  }

  /** Counts the application against its client, then stores resume and row; on any failure, nothing stays. */
  async function store(req: Request, form: FormData, fields: ApplicationFields, resume: Uint8Array | null, spamReason: string | null): Promise<Outcome<ApplicationField>> {
    // Where the applicant came from (leadOrigin.ts): stored with the application, never sent to analytics.
    const page = form.get(APPLICATION_FIELDS.page);
    const origin = originColumns({
      form,
      referer: req.headers.get('referer'),
      page: typeof page === 'string' && /^\/[\w\-/]{0,100}$/.test(page) ? page : '',
      allowOrigin: options.allowOrigin,
      heardAbout: options.choices.heardAbout,
    });
    const slot = await withPostSlot({ supabase, form: 'application', req, key: options.rateLimit, perHour: APPLICATION_LIMITS.perHour, name: NAME }, async (id) => {
      // A generated key, never the applicant's file name: it is all the column and the dashboard accept.
      const resumeKey = resume ? `${id}/${crypto.randomUUID()}.pdf` : null;
      let stored = false;
      try {
        if (resumeKey && resume) {
          const upload = await supabase.storage.from('resumes').upload(resumeKey, resume, { contentType: 'application/pdf', upsert: false });
          if (upload.error) {
            logFailure(NAME, 'the resume could not be uploaded', upload.error);
            return false;
          }
        }
        const row: Omit<JobApplicationRow, 'created_at'> = { id, ...fields, ...origin, resume_url: resumeKey, spam_reason: spamReason };
        const insert = await supabase.from('job_applications').insert(row);
        if (insert.error) logFailure(NAME, 'the application could not be inserted', insert.error);
        else stored = true;
        return stored;
      } finally {
        // Nothing half-saved: no resume without its row. (Removing a resume that was never uploaded is
        // harmless; an upload that timed out may have landed.) A function killed before it gets here leaves the
        // file behind: the retention purge sweeps it once ORPHAN_GRACE_MINUTES have passed (_shared/purge.ts).
        if (!stored && resumeKey) {
          const removed = await supabase.storage.from('resumes').remove([resumeKey]);
          if (removed.error) logFailure(NAME, `the resume ${resumeKey} of an application that was not stored could not be removed`, removed.error);
        }
      }
    });
    return slotOutcome(slot, APPLICATION_MESSAGES);
  }

  return createFormFunction<ApplicationField>({
    name: NAME,
    siteUrl: options.siteUrl,
    allowOrigin: options.allowOrigin,
    pages: { thanks: '/careers/thanks', notSent: '/careers/not-sent' },
    bodyBytes: APPLICATION_LIMITS.bodyBytes,
    attempts: { supabase, form: 'application', key: options.rateLimit, perHour: APPLICATION_LIMITS.postsPerHour },
    messages: APPLICATION_MESSAGES,
    held: {
      list: 'applications',
      noun: 'application',
      agency: options.agency,
      async summary(id) {
        const found = await supabase.from('job_applications').select('first_name, last_name, position, cover_letter, resume_url').eq('id', id).maybeSingle();
        if (found.error) throw found.error;
        const row = found.data as (Pick<ApplicationFields, 'first_name' | 'last_name' | 'position' | 'cover_letter'> & { resume_url: string | null }) | null;
        return row ? summaryOf(row, row.resume_url !== null) : null;
      },
    },
    ownOrigin: options.supabaseUrl,
    ...(options.now ? { now: options.now } : {}),
    notify: options.notify,
    async submit(form, req, at, spamReason) {
      const parsed = applicationSchema(options.choices, dateInConnecticut(at)).safeParse(textAnswers(form));
      // An unknown position also fails the "still open" check after it: the first message is the one shown.
      const errors = parsed.success ? {} : fieldErrors<ApplicationField>(parsed.error.issues);
      const resume = await resumeOf(form);
      if (!resume.ok) errors.resume = resume.message;
      if (!parsed.success || !resume.ok) {
        return { sent: false, reason: parsed.success ? 'resume' : 'invalid', status: 400, message: APPLICATION_MESSAGES.invalid, errors };
      }
      return store(req, form, parsed.data, resume.bytes, spamReason);
    },
  });
}

/** The text fields and checkboxes, as strings or absent: what the schema reads. */
function textAnswers(form: FormData): Record<string, string | undefined> {
  const answers: Record<string, string | undefined> = {};
  for (const name of [...APPLICATION_FIELDS.text, ...APPLICATION_FIELDS.checkbox]) {
    const value = form.get(name);
    // A file sent under a text field's name is no answer to it.
    answers[name] = typeof value === 'string' ? value : undefined;
  }
  return answers;
}

type ResumeCheck = { ok: true; bytes: Uint8Array | null } | { ok: false; message: string };

async function resumeOf(form: FormData): Promise<ResumeCheck> {
  // A file input with no file chosen still sends a part, with no file name and no bytes: that is "no resume".
  const parts = form.getAll(APPLICATION_FIELDS.resume).filter((part) => (typeof part === 'string' ? part !== '' : part.name !== '' || part.size > 0));
  if (parts.length > 1) return { ok: false, message: APPLICATION_MESSAGES.resumeTooMany };
  const part = parts[0];
  if (part === undefined) return { ok: true, bytes: null };
  // Text under the resume's name (a urlencoded post) is at best a file name, not a file.
  if (typeof part === 'string') return { ok: false, message: APPLICATION_MESSAGES.resumeNotPdf };
  if (part.size > APPLICATION_LIMITS.resumeBytes) return { ok: false, message: APPLICATION_MESSAGES.resumeTooLarge };
  const bytes = new Uint8Array(await part.arrayBuffer());
  // The bytes decide, not the name or the type the browser guessed from it: a renamed .exe is not a PDF.
  return (await isPdf(bytes)) ? { ok: true, bytes } : { ok: false, message: APPLICATION_MESSAGES.resumeNotPdf };
}
