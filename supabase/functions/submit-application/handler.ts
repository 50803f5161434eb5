/**
 * The submit-application Edge Function: takes a post of the careers form, checks it with the one application
 * schema (every wrong field at once), keeps bots and floods out, stores the resume in the private bucket
 * `resumes` and the row in job_applications as the service role, and answers a browser's plain form post
 * with a 303 to a page of the site, or the enhanced form (and any other client) with JSON.
 *
 * A factory of a web-standard handler: index.ts serves it with Deno.serve on Supabase; the local stand-in
 * (scripts/local-supabase/functions.ts) serves the same handler in Node.
 */
import { createClient, type WebSocketLikeConstructor } from '@supabase/supabase-js';
import {
  APPLICATION_FIELDS,
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
  applicationSchema,
  looksLikePdf,
  type ApplicationField,
  type ApplicationFields,
  type ApplicationResponse,
  type FormChoices,
  type JobApplicationRow,
} from '../_shared/application.ts';
import { ALLOWED_REQUEST_HEADERS, answerModeOf, clientHash, corsHeaders, dateInConnecticut, parseForm, readBodyWithin, type AnswerMode } from '../_shared/formPost.ts';

export interface SubmitApplicationOptions {
  /** The project's API URL (SUPABASE_URL on Supabase). */
  supabaseUrl: string;
  /** The service-role key: the function writes where nobody else may. Never sent anywhere but the project. */
  serviceRoleKey: string;
  /**
   * Origin of the public site (https://www.agency.com): a plain form post is sent on to its pages. A post from
   * another allowed origin (a staging site, or a local build on any port) is sent back to that origin instead.
   */
  siteUrl: string;
  /** Whether a page at this origin may post here. Posts from any other origin are refused. */
  allowOrigin: (origin: string) => boolean;
  /** Secret mixed into the hash of each client's address (see clientHash). */
  rateLimitSalt: string;
  /** The form's choices: open positions, experience and availability codes (formChoices.generated.ts). */
  choices: FormChoices;
  /** The clock; tests set it. */
  now?: () => Date;
}

/** Why an application was not sent: the fragment of /careers/not-sent#<reason>, which that page explains. */
export type NotSentReason = 'invalid' | 'resume' | 'too-large' | 'rate-limited' | 'failed';

type FieldErrors = Partial<Record<ApplicationField, string>>;

type Outcome =
  | { sent: true; id: string }
  | { sent: false; reason: NotSentReason; status: number; message: string; errors?: FieldErrors; retryAfter?: number };

const FAILED: Outcome = { sent: false, reason: 'failed', status: 500, message: APPLICATION_MESSAGES.failed };

/**
 * This function never opens a Realtime channel. Naming a transport keeps supabase-js from looking for a
 * global WebSocket when the client is made, which Node 20 (running the local stand-in) does not have.
 */
const NoRealtime = class {
  constructor() {
    throw new Error('submit-application does not use Realtime');
  }
} as unknown as WebSocketLikeConstructor;

export function createSubmitApplication(options: SubmitApplicationOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? (() => new Date());
  const siteUrl = options.siteUrl.replace(/\/+$/, '');
  const supabase = createClient(options.supabaseUrl, options.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime },
  });

  function reply(mode: AnswerMode, cors: Headers, outcome: Outcome): Response {
    const headers = new Headers(cors);
    headers.set('Cache-Control', 'no-store');
    if (!outcome.sent && outcome.retryAfter !== undefined) headers.set('Retry-After', String(outcome.retryAfter));
    // corsHeaders only echoes an allowed origin.
    const site = headers.get('Access-Control-Allow-Origin') ?? siteUrl;
    const thanks = `${site}/careers/thanks`;
    if (mode === 'redirect') {
      headers.set('Location', outcome.sent ? thanks : `${site}/careers/not-sent#${outcome.reason}`);
      return new Response(null, { status: 303, headers });
    }
    const body: ApplicationResponse = outcome.sent
      ? { ok: true, id: outcome.id, redirect: thanks }
      : { ok: false, message: outcome.message, ...(outcome.errors ? { errors: outcome.errors } : {}) };
    return json(outcome.sent ? 201 : outcome.status, body, headers);
  }

  async function submit(req: Request): Promise<Outcome> {
    const body = await readBodyWithin(req, APPLICATION_LIMITS.bodyBytes);
    if (!body.ok) return { sent: false, reason: 'too-large', status: 413, message: APPLICATION_MESSAGES.tooLarge };
    const form = await parseForm(req.headers.get('content-type'), body.bytes);
    // Not a form at all: no browser sends this, so there is no field to point at.
    if (form === null) return { sent: false, reason: 'invalid', status: 400, message: APPLICATION_MESSAGES.failed };

    const at = now();
    // A bot is answered exactly as a person is, so it learns nothing to adapt to; nothing is stored or counted.
    if (looksLikeBot(form, at.getTime())) return { sent: true, id: crypto.randomUUID() };

    const errors: FieldErrors = {};
    const parsed = applicationSchema(options.choices, dateInConnecticut(at)).safeParse(textAnswers(form));
    if (!parsed.success) {
      // The first message of each field: an unknown position also fails the "still open" check after it.
      for (const issue of parsed.error.issues) errors[String(issue.path[0]) as ApplicationField] ??= issue.message;
    }
    const resume = await resumeOf(form);
    if (!resume.ok) errors.resume = resume.message;
    if (!parsed.success || !resume.ok) {
      return { sent: false, reason: parsed.success ? 'resume' : 'invalid', status: 400, message: APPLICATION_MESSAGES.invalid, errors };
    }
    return store(req, parsed.data, resume.bytes);
  }

  /** Counts the application against its client, then stores resume and row; on any failure, nothing stays. */
  async function store(req: Request, fields: ApplicationFields, resume: Uint8Array | null): Promise<Outcome> {
    const id = crypto.randomUUID();
    const slot = await supabase.rpc('take_application_slot', {
      client_hash: await clientHash(req, options.rateLimitSalt),
      application_id: id,
      per_hour: APPLICATION_LIMITS.perHour,
    });
    if (slot.error) {
      logFailure('the rate limit could not be checked', slot.error);
      return FAILED;
    }
    if (slot.data !== null) {
      return { sent: false, reason: 'rate-limited', status: 429, message: APPLICATION_MESSAGES.rateLimited, retryAfter: Number(slot.data) };
    }

    // A generated key, never the applicant's file name: it is all the column and the dashboard accept.
    const resumeKey = resume ? `${id}/${crypto.randomUUID()}.pdf` : null;
    let stored = false;
    try {
      if (resumeKey && resume) {
        const upload = await supabase.storage.from('resumes').upload(resumeKey, resume, { contentType: 'application/pdf', upsert: false });
        if (upload.error) {
          logFailure('the resume could not be uploaded', upload.error);
          return FAILED;
        }
      }
      const row: Omit<JobApplicationRow, 'created_at'> = { id, ...fields, resume_url: resumeKey };
      const insert = await supabase.from('job_applications').insert(row);
      if (insert.error) {
        logFailure('the application could not be inserted', insert.error);
        return FAILED;
      }
      stored = true;
      return { sent: true, id };
    } finally {
      if (!stored) {
        // Nothing half-saved: no resume without its row, and a failure does not count against the client.
        // (Removing a resume that was never uploaded is harmless; an upload that timed out may have landed.)
        if (resumeKey) {
          const removed = await supabase.storage.from('resumes').remove([resumeKey]);
          if (removed.error) logFailure(`the resume ${resumeKey} of an application that was not stored could not be removed`, removed.error);
        }
        const released = await supabase.rpc('release_application_slot', { application_id: id });
        if (released.error) logFailure('a rate-limit slot could not be given back', released.error);
      }
    }
  }

  return async function submitApplication(req: Request): Promise<Response> {
    const cors = corsHeaders(req, options.allowOrigin);
    const origin = req.headers.get('origin');
    const foreign = origin !== null && !options.allowOrigin(origin);
    const refused: ApplicationResponse = { ok: false, message: APPLICATION_MESSAGES.failed };

    if (req.method === 'OPTIONS') {
      if (foreign) return json(403, refused, cors);
      cors.set('Access-Control-Allow-Methods', 'POST, OPTIONS');
      cors.set('Access-Control-Allow-Headers', ALLOWED_REQUEST_HEADERS);
      cors.set('Access-Control-Max-Age', '86400');
      return new Response(null, { status: 204, headers: cors });
    }
    if (req.method !== 'POST') {
      cors.set('Allow', 'POST, OPTIONS');
      return json(405, refused, cors);
    }
    // Another site's page posting here (its form, or its script): refused before anything is read or stored.
    if (foreign) return json(403, refused, cors);

    const mode = answerModeOf(req);
    try {
      return reply(mode, cors, await submit(req));
    } catch (error) {
      logFailure('unexpected error', error);
      return reply(mode, cors, FAILED);
    }
  };
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
  return looksLikePdf(bytes) ? { ok: true, bytes } : { ok: false, message: APPLICATION_MESSAGES.resumeNotPdf };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A bot: it filled the field people never see, or it posted sooner after the page was ready than a person can.
 * `started_at` is the browser's clock and the check uses the server's, so a clock that runs ahead makes a
 * person's post look like it started in the future: that is let through (dropping a real application
 * silently is worse than letting one bot by; the rate limit still holds). Only what no browser sends is a
 * bot: a value that is not a whole number of milliseconds, or one more than a day ahead. Absent or empty
 * (JavaScript off, or the script not run yet) means no timing check.
 */
function looksLikeBot(form: FormData, nowMs: number): boolean {
  const honeypot = form.get(APPLICATION_FIELDS.honeypot);
  if (honeypot !== null && honeypot !== '') return true;
  const startedAt = form.get(APPLICATION_FIELDS.startedAt);
  if (startedAt === null || startedAt === '') return false;
  if (typeof startedAt !== 'string' || !/^\d{1,15}$/.test(startedAt.trim())) return true;
  const elapsed = nowMs - Number(startedAt.trim());
  if (elapsed < -DAY_MS) return true;
  return elapsed >= 0 && elapsed < APPLICATION_LIMITS.minFillMs;
}

function json(status: number, body: ApplicationResponse, headers: Headers): Response {
  const withType = new Headers(headers);
  withType.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { status, headers: withType });
}

/**
 * Logs a failure for whoever runs the project, without personal data: the error's kind, code and message
 * only (PostgREST's `details` would quote the row), and never a stack in an answer.
 */
function logFailure(what: string, error: unknown): void {
  const { name, code, status, statusCode, message } = (error ?? {}) as Record<string, unknown>;
  console.error(`submit-application: ${what}`, JSON.stringify({ name, code, status, statusCode, message }));
}
