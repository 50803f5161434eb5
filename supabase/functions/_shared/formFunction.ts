/**
 * What every Edge Function behind one of the site's public forms does the same way, whatever the form:
 * CORS and preflight for the site's own origins only, 405 for other methods, a body read that stops at the
 * form's limit, a post that looks automated stored apart (never dropped on a guess), a rate limit per client
 * counted in the database, and the answer: a 303 to the site's thank-you or not-sent page for a browser's plain post, JSON
 * for the enhanced form. A browser's plain post without the form's time token (JavaScript off) is stored held and
 * answered with a page that asks the person to press "Send my request" (confirmPage.ts); the press, posted back here,
 * makes it a real request (DESIGN.md decision 26). A function adds only its own checks and what it stores (`submit`).
 * Web-standard APIs and supabase-js only, so it runs under Deno (Supabase) and Node (the local stand-in).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { deliverDue } from './notify.ts';
import type { NotifyConfig } from './outbox.ts';
import { confirmPageHtml, confirmPagePolicy, type SummaryLine } from './confirmPage.ts';
import {
  ALLOWED_REQUEST_HEADERS,
  answerModeOf,
  clientHash,
  corsHeaders,
  botSignal,
  CONFIRM_FIELDS,
  confirmTooSoon,
  FORM_GUARD,
  HELD_REASON,
  heldReferenceId,
  issueFillToken,
  NO_TOKEN_REASON,
  parseForm,
  readBodyWithin,
  signHeldReference,
  type AnswerMode,
  type ClientKey,
} from './formPost.ts';

/** Why a form was not sent: the fragment of the not-sent page (`/careers/not-sent#<reason>`), which explains it. */
export type NotSentReason = 'invalid' | 'resume' | 'too-large' | 'rate-limited' | 'failed';

export type Outcome<Field extends string> =
  | { sent: true; id: string }
  | { sent: false; reason: NotSentReason; status: number; message: string; errors?: Partial<Record<Field, string>>; retryAfter?: number };

/** The JSON a form function answers to the enhanced form (and to any client that does not ask for HTML). */
export type FormResponse<Field extends string> =
  | { ok: true; id: string; redirect: string }
  | { ok: false; message: string; errors?: Partial<Record<Field, string>> };

/** The messages a visitor reads when the post itself fails, whatever its fields. */
export interface PostMessages {
  tooLarge: string;
  rateLimited: string;
  failed: string;
}

export interface FormFunctionOptions<Field extends string> {
  /** The function's name, for its log lines: 'submit-inquiry'. */
  name: string;
  /**
   * Origin of the public site (https://www.agency.com): a plain form post is sent on to its pages. A post from
   * another allowed origin (a staging site, or a local build on any port) is sent back to that origin instead.
   */
  siteUrl: string;
  /** Whether a page at this origin may post here. Posts from any other origin are refused. */
  allowOrigin: (origin: string) => boolean;
  /** The site's pages a plain post is sent on to: the thank-you page and the not-sent page (+ #reason). */
  pages: { thanks: string; notSent: string };
  /** The largest body accepted; a larger one is refused (413) without reading the rest. */
  bodyBytes: number;
  /**
   * Every post counts, valid or not, before its body is read: `perHour` posts of this form per client
   * (`<form>-posts` in private.form_posts, never given back), a larger budget than the stored ones' (withPostSlot),
   * so a person correcting a form a few times never meets it, and a flood of posts, invalid ones too, gets 429.
   */
  attempts: { supabase: SupabaseClient; form: string; key: ClientKey; perHour: number };
  messages: PostMessages;
  /**
   * Checks a post and stores it. `spamReason` is why it looks sent by a machine (botSignal), or null: a valid
   * post is stored either way, a suspected one with the reason, which files it apart. Throwing counts as 'failed'.
   */
  submit: (form: FormData, req: Request, at: Date, spamReason: string | null) => Promise<Outcome<Field>>;
  /**
   * A browser's plain post without the form's time token is held for its sender to confirm (DESIGN.md decision 26):
   * the list it is stored in, what the confirmation page calls it, the agency's name on the page, and what the held
   * record's sender wrote (read again when the page is shown once more; null when the record is gone).
   */
  held: {
    list: 'inquiries' | 'applications';
    noun: 'request' | 'application';
    agency: string;
    summary: (id: string) => Promise<ReadonlyArray<SummaryLine> | null>;
    /** What else a real request gets, once its sender has confirmed it (HubSpot for an inquiry); `site` it came from. */
    confirmed?: (id: string, site: string) => Promise<void>;
  };
  /**
   * The function's own origin (SUPABASE_URL): the confirmation page is served from there, so its press is posted from
   * there. Such a post may only confirm a held record. The request's own URL's origin counts too.
   */
  ownOrigin?: string;
  /** The clock; tests set it. */
  now?: () => Date;
  /**
   * Tells staff at once: after a stored post is answered, the notification outbox (which the insert filled in
   * the same transaction) is delivered in the background. Unset (no mail settings): the rows wait for the
   * schedule. Never delays or fails the visitor's answer.
   */
  notify?: NotifyConfig | undefined;
}

/** Work that goes on after the answer: Supabase's EdgeRuntime.waitUntil keeps the function alive for it. */
function inBackground(name: string, work: Promise<unknown>): void {
  const settled = work.catch((error) => logFailure(name, 'the notifications could not be sent now (the schedule sends them)', error));
  (globalThis as { EdgeRuntime?: { waitUntil(promise: Promise<unknown>): void } }).EdgeRuntime?.waitUntil(settled);
}

export function createFormFunction<Field extends string>(options: FormFunctionOptions<Field>): (req: Request) => Promise<Response> {
  const now = options.now ?? (() => new Date());
  const siteUrl = options.siteUrl.replace(/\/+$/, '');
  const failed: Outcome<Field> = { sent: false, reason: 'failed', status: 500, message: options.messages.failed };

  /** `site`: the origin a plain post is sent on to (the allowed origin it came from, or the one a confirmation names). */
  function reply(mode: AnswerMode, cors: Headers, outcome: Outcome<Field>, site: string): Response {
    const headers = new Headers(cors);
    headers.set('Cache-Control', 'no-store');
    if (!outcome.sent && outcome.retryAfter !== undefined) headers.set('Retry-After', String(outcome.retryAfter));
    const thanks = `${site}${options.pages.thanks}`;
    if (mode === 'redirect') {
      headers.set('Location', outcome.sent ? thanks : `${site}${options.pages.notSent}#${outcome.reason}`);
      return new Response(null, { status: 303, headers });
    }
    const body: FormResponse<Field> = outcome.sent
      ? { ok: true, id: outcome.id, redirect: thanks }
      : { ok: false, message: outcome.message, ...(outcome.errors ? { errors: outcome.errors } : {}) };
    return json(outcome.sent ? 201 : outcome.status, body, headers);
  }

  /** The confirmation page of a held record, with a token issued now (confirmPage.ts). */
  async function heldPage(cors: Headers, held: Held): Promise<Response> {
    const headers = new Headers(cors);
    headers.set('Cache-Control', 'no-store');
    headers.set('Content-Type', 'text/html; charset=utf-8');
    headers.set('Content-Security-Policy', await confirmPagePolicy(held.site));
    // Same-origin: the press is posted with its Origin (no-referrer would send "null"), and the site learns nothing.
    headers.set('Referrer-Policy', 'same-origin');
    headers.set('X-Frame-Options', 'DENY');
    const secret = options.attempts.key.salt;
    const html = confirmPageHtml({
      agency: options.held.agency,
      noun: options.held.noun,
      site: held.site,
      reference: await signHeldReference(secret, options.attempts.form, held.id),
      token: await issueFillToken(secret, options.attempts.form, now().getTime()),
      summary: held.summary,
      again: held.again,
    });
    return new Response(html, { status: 200, headers });
  }

  /**
   * The press of a confirmation page: a reference this function signed, and the page's own token, old enough to be a
   * person's. Too soon (or a token not signed here): the page again. Otherwise the database moves the record out of
   * Spam once (public.confirm_held_request); a second press finds it done, and both go on to the thank-you page.
   */
  async function confirm(form: FormData, at: Date, where: { site: string }): Promise<Outcome<Field> | Held> {
    // The site the person came from, as the page carried it: only ever one of the site's own origins.
    const named = form.get(CONFIRM_FIELDS.site);
    if (typeof named === 'string' && options.allowOrigin(named)) where.site = named;
    const site = where.site;
    const reference = form.get(CONFIRM_FIELDS.reference);
    const id = typeof reference === 'string' ? await heldReferenceId(reference, options.attempts.key.salt, options.attempts.form) : undefined;
    if (id === undefined) return { sent: false, reason: 'failed', status: 400, message: options.messages.failed };
    const check = { secret: options.attempts.key.salt, form: options.attempts.form };
    if (await confirmTooSoon(form.get(FORM_GUARD.fillToken), at.getTime(), check)) {
      const summary = await options.held.summary(id);
      if (summary === null) return { sent: false, reason: 'failed', status: 410, message: options.messages.failed };
      return { held: true, id, summary, site, again: true };
    }
    const confirmed = await options.attempts.supabase.rpc('confirm_held_request', { p_list: options.held.list, p_id: id });
    if (confirmed.error) throw confirmed.error;
    // Erased, or purged as spam long ago: nothing is left to send.
    if (confirmed.data === 'gone') return { sent: false, reason: 'failed', status: 410, message: options.messages.failed };
    if (confirmed.data === 'confirmed') await options.held.confirmed?.(id, site);
    return { sent: true, id };
  }

  async function submit(req: Request, mode: AnswerMode, selfPost: boolean, where: { site: string }): Promise<Outcome<Field> | Held> {
    const attempt = await withPostSlot({ ...options.attempts, form: `${options.attempts.form}-posts`, req, name: options.name }, async () => true);
    if (!attempt.ok) return slotOutcome(attempt, options.messages);
    const body = await readBodyWithin(req, options.bodyBytes);
    if (!body.ok) return { sent: false, reason: 'too-large', status: 413, message: options.messages.tooLarge };
    const form = await parseForm(req.headers.get('content-type'), body.bytes);
    // Not a form at all: no browser sends this, so there is no field to point at.
    if (form === null) return { sent: false, reason: 'invalid', status: 400, message: options.messages.failed };
    const at = now();
    if (form.has(CONFIRM_FIELDS.reference)) return confirm(form, at, where);
    // From the function's own origin only a confirmation page posts, and it has been answered above.
    if (selfPost) return { sent: false, reason: 'failed', status: 403, message: options.messages.failed };
    // A post that looks automated is answered exactly as any other (a bot learns nothing to adapt to, a person
    // taken for one sees their request sent, which it is): only validation and the rate limit refuse a post.
    const check = { secret: options.attempts.key.salt, form: options.attempts.form };
    const signal = await botSignal(form, at.getTime(), check);
    // A browser's own post without a token is a person without JavaScript until shown otherwise: held, and asked.
    const hold = signal === NO_TOKEN_REASON && mode === 'redirect';
    const outcome = await options.submit(form, req, at, hold ? HELD_REASON : signal);
    if (!hold || !outcome.sent) return outcome;
    // What they wrote, read back as stored: the same words the page shows when it is asked again.
    return { held: true, id: outcome.id, summary: (await options.held.summary(outcome.id)) ?? [], site: where.site, again: false };
  }

  return async function handle(req: Request): Promise<Response> {
    const response = await answer(req);
    // No answer of a form function is ever to be read as anything but what it says it is.
    response.headers.set('X-Content-Type-Options', 'nosniff');
    return response;
  };

  async function answer(req: Request): Promise<Response> {
    const cors = corsHeaders(req, options.allowOrigin);
    const origin = req.headers.get('origin');
    const foreign = origin !== null && !options.allowOrigin(origin);
    // The confirmation page's press: posted from the function's own address (or "null", as a browser may say).
    const own = [new URL(req.url).origin, ...(options.ownOrigin ? [new URL(options.ownOrigin).origin] : [])];
    const selfPost = foreign && (origin === 'null' || own.includes(origin ?? ''));
    const refused: FormResponse<Field> = { ok: false, message: options.messages.failed };

    if (req.method === 'OPTIONS') {
      if (foreign) return json(403, refused, cors);
      cors.set('Access-Control-Allow-Methods', 'POST, OPTIONS');
      cors.set('Access-Control-Allow-Headers', ALLOWED_REQUEST_HEADERS);
      cors.set('Access-Control-Max-Age', '86400');
      return new Response(null, { status: 204, headers: cors });
    }
    // The form script asks for a fill-time token as the page starts (GET ?fill-token): the moment, signed.
    if (req.method === 'GET' && new URL(req.url).searchParams.has('fill-token')) {
      if (foreign) return json(403, refused, cors);
      cors.set('Cache-Control', 'no-store');
      return json(200, { token: await issueFillToken(options.attempts.key.salt, options.attempts.form, now().getTime()) }, cors);
    }
    if (req.method !== 'POST') {
      cors.set('Allow', 'POST, OPTIONS');
      return json(405, refused, cors);
    }
    // Another site's page posting here (its form, or its script): refused before anything is read or stored.
    if (foreign && !selfPost) return json(403, refused, cors);

    const mode = answerModeOf(req);
    // Where a plain post is sent on to: the allowed origin it came from, or the one a confirmation page names.
    const where = { site: cors.get('Access-Control-Allow-Origin') ?? siteUrl };
    try {
      const outcome = await submit(req, mode, selfPost, where);
      if ('held' in outcome) return await heldPage(cors, outcome);
      if (outcome.sent && options.notify) inBackground(options.name, deliverDue(options.attempts.supabase, options.notify));
      return reply(mode, cors, outcome, where.site);
    } catch (error) {
      logFailure(options.name, 'unexpected error', error);
      return reply(mode, cors, failed, where.site);
    }
  }
}

/** A post held for its sender to confirm: the confirmation page to answer with. */
interface Held {
  held: true;
  id: string;
  summary: ReadonlyArray<SummaryLine>;
  /** The site the person came from: the page's link back and form-action, and the thank-you page's origin. */
  site: string;
  /** The button was pressed too soon: the page asks once more. */
  again: boolean;
}

export interface SlotOptions {
  supabase: SupabaseClient;
  /** Which form's count: each form has its own limit ('application', 'inquiry'). */
  form: string;
  req: Request;
  /** Who the client is, as a salted hash (see clientHash). */
  key: ClientKey;
  perHour: number;
  /** The function's name, for its log lines. */
  name: string;
}

export type SlotResult = { ok: true } | { ok: false; retryAfter: number } | { ok: false; retryAfter?: undefined };

/**
 * Counts a post against its client in the database (private.form_posts, one locked step), then runs `store`
 * with the post's id. When `store` returns false or throws, the slot is given back: only stored posts count.
 * `{ ok: false, retryAfter }` when the client is over the limit; `{ ok: false }` when the count failed.
 */
export async function withPostSlot(options: SlotOptions, store: (id: string) => Promise<boolean>): Promise<SlotResult & { id: string }> {
  const id = crypto.randomUUID();
  const slot = await options.supabase.rpc('take_form_slot', {
    form_name: options.form,
    client_hash: await clientHash(options.req, options.key),
    post_id: id,
    per_hour: options.perHour,
  });
  if (slot.error) {
    logFailure(options.name, 'the rate limit could not be checked', slot.error);
    return { ok: false, id };
  }
  if (slot.data !== null) return { ok: false, retryAfter: Number(slot.data), id };

  let stored = false;
  try {
    stored = await store(id);
    return stored ? { ok: true, id } : { ok: false, id };
  } finally {
    if (!stored) {
      const released = await options.supabase.rpc('release_form_slot', { post_id: id });
      if (released.error) logFailure(options.name, 'a rate-limit slot could not be given back', released.error);
    }
  }
}

/** What a post slot's result means to the visitor: stored, over the hourly limit (429), or failed (500). */
export function slotOutcome<Field extends string>(slot: SlotResult & { id: string }, messages: PostMessages): Outcome<Field> {
  if (slot.ok) return { sent: true, id: slot.id };
  if (slot.retryAfter !== undefined) return { sent: false, reason: 'rate-limited', status: 429, message: messages.rateLimited, retryAfter: slot.retryAfter };
  return { sent: false, reason: 'failed', status: 500, message: messages.failed };
}

/** The first message of each wrong field (a field may fail several checks; the first says what to do). */
export function fieldErrors<Field extends string>(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) errors[String(issue.path[0]) as Field] ??= issue.message;
  return errors;
}

export function json(status: number, body: unknown, headers: Headers): Response {
  const withType = new Headers(headers);
  withType.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { status, headers: withType });
}

/**
 * Logs a failure for whoever runs the project, without personal data: the error's kind, code and message
 * only (PostgREST's `details` would quote the row), and never a stack in an answer.
 */
export function logFailure(name: string, what: string, error: unknown): void {
  const { name: kind, code, status, statusCode, message } = (error ?? {}) as Record<string, unknown>;
  console.error(`${name}: ${what}`, JSON.stringify({ name: kind, code, status, statusCode, message }));
}
