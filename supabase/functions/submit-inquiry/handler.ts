/**
 * The submit-inquiry Edge Function: takes a post of the site's own contact form (the home page's Request
 * Information card and /contact), checks it with the one inquiry schema (every wrong field at once; a request
 * without consent to store its health details is one of them, refused like any wrong answer), keeps
 * floods out and files what looks automated apart exactly as submit-application does, stores the row in
 * `inquiries` as the service role, and then, when the agency has configured its HubSpot contact form, forwards
 * the request there too (not suspected spam: the agency's CRM gets only what staff would work on). The
 * stored row is what counts: a HubSpot failure is logged and never loses the request or fails the answer.
 * A request sent with JavaScript off is held until the family presses "Send my request" on the page the function
 * answers with (_shared/confirmPage.ts, DESIGN.md decision 26). The deploy's own test request (its one-time token
 * recognised, _shared/testRequest.ts) is stored marked as the test and never forwarded to HubSpot.
 *
 * A factory of a web-standard handler: index.ts serves it with Deno.serve on Supabase; the local stand-in
 * (scripts/local-supabase/functions.ts) serves the same handler in Node.
 */
import type { NotifyConfig } from '../_shared/outbox.ts';
import { firstWords, type SummaryLine } from '../_shared/confirmPage.ts';
import { createFormFunction, fieldErrors, logFailure, slotOutcome, withPostSlot, type Outcome } from '../_shared/formFunction.ts';
import { serverClient } from '../_shared/client.ts';
import type { ClientKey } from '../_shared/formPost.ts';
import { forwardToHubSpot, type HubSpotForm } from '../_shared/hubspot.ts';
import { originColumns } from '../_shared/leadOrigin.ts';
import { isDeployTest } from '../_shared/testRequest.ts';
import { INQUIRY_FIELDS, INQUIRY_LIMITS, INQUIRY_MESSAGES, inquirySchema, type InquiryChoices, type InquiryField, type InquiryFields, type InquiryRow } from '../_shared/inquiry.ts';

export interface SubmitInquiryOptions {
  /** The project's API URL (SUPABASE_URL on Supabase). */
  supabaseUrl: string;
  /** The service-role key: the function writes where nobody else may. Never sent anywhere but the project. */
  serviceRoleKey: string;
  /** Origin of the public site: a plain post is sent on to its /contact/thanks or /contact/not-sent. */
  siteUrl: string;
  /** Whether a page at this origin may post here. Posts from any other origin are refused. */
  allowOrigin: (origin: string) => boolean;
  /** Who a client is for the rate limits: the salt of the hash, and which address counts (see clientHash). */
  rateLimit: ClientKey;
  /** Who needs care, call times and services (formChoices.generated.ts). */
  choices: InquiryChoices;
  /** The agency's name (site.yaml), on the page that asks a family without JavaScript to confirm. */
  agency: string;
  /** The agency's HubSpot contact form, or null (placeholder ids in site.yaml): then nothing is forwarded. */
  hubspot: HubSpotForm | null;
  /** Where HubSpot's form-submission API lives; tests point it at a loopback stub. */
  hubspotApi?: string;
  /** How long forwarding may take before it is given up (the visitor waits for it). Default 4 s. */
  hubspotTimeoutMs?: number;
  /** The clock; tests set it. */
  now?: () => Date;
  /** The notification e-mails (functionEnv.ts, mailEnvironment); unset, they wait in the outbox for the schedule. */
  notify?: NotifyConfig | undefined;
}

const NAME = 'submit-inquiry';

export function createSubmitInquiry(options: SubmitInquiryOptions): (req: Request) => Promise<Response> {
  const supabase = serverClient(options.supabaseUrl, options.serviceRoleKey);

  /** What the family wrote, shortened, so they recognise it on the confirmation page. */
  function summaryOf(fields: Pick<InquiryFields, 'name' | 'care_for' | 'message'>): SummaryLine[] {
    return [
      { label: 'Your name', value: fields.name },
      { label: 'Who needs care', value: options.choices.careFor.find((choice) => choice.code === fields.care_for)?.label ?? '' },
      { label: 'Your message begins', value: firstWords(fields.message) },
    ];
  }

  /** Forwards a stored request to the agency's HubSpot form (when it has one); a failure is logged, never the visitor's. */
  async function forward(id: string, fields: InquiryFields, page: string | undefined): Promise<void> {
    if (!options.hubspot) return;
    await forwardToHubSpot({
      form: options.hubspot,
      fields,
      choices: options.choices,
      pageUri: page,
      ...(options.hubspotApi ? { api: options.hubspotApi } : {}),
      timeoutMs: options.hubspotTimeoutMs ?? 4000,
      onFailure: (what, error) => logFailure(NAME, `inquiry ${id} is stored, but ${what}`, error),
    });
  }

  async function store(req: Request, form: FormData, fields: InquiryFields, at: Date, spamReason: string | null): Promise<Outcome<InquiryField>> {
    // Where the request came from (leadOrigin.ts): stored with it, never forwarded to analytics or HubSpot.
    const origin = originColumns({ form, referer: req.headers.get('referer'), page: fields.page, allowOrigin: options.allowOrigin, heardAbout: options.choices.heardAbout });
    // The deploy's test request: marked when stored (the database hides it from staff and counts it nowhere).
    const test = await isDeployTest(supabase, req, (error) => logFailure(NAME, "the deploy's test token could not be checked: the request is stored as an ordinary one", error));
    const slot = await withPostSlot({ supabase, form: 'inquiry', req, key: options.rateLimit, perHour: INQUIRY_LIMITS.perHour, name: NAME }, async (id) => {
      // Consent is given when the post arrives, on the function's clock (never the client's).
      const row: Omit<InquiryRow, 'created_at'> = { id, ...fields, ...origin, consented_at: at.toISOString(), spam_reason: spamReason, ...(test ? { deploy_test: true } : {}) };
      const insert = await supabase.from('inquiries').insert(row);
      if (insert.error) logFailure(NAME, 'the inquiry could not be inserted', insert.error);
      return !insert.error;
    });
    // The agency's CRM gets real requests only: never suspected spam, never the deploy's test.
    if (slot.ok && spamReason === null && !test) await forward(slot.id, fields, pageUri(req.headers.get('origin'), fields.page));
    return slotOutcome(slot, INQUIRY_MESSAGES);
  }

  return createFormFunction<InquiryField>({
    name: NAME,
    siteUrl: options.siteUrl,
    allowOrigin: options.allowOrigin,
    pages: { thanks: '/contact/thanks', notSent: '/contact/not-sent' },
    bodyBytes: INQUIRY_LIMITS.bodyBytes,
    attempts: { supabase, form: 'inquiry', key: options.rateLimit, perHour: INQUIRY_LIMITS.postsPerHour },
    messages: INQUIRY_MESSAGES,
    held: {
      list: 'inquiries',
      noun: 'request',
      agency: options.agency,
      async summary(id) {
        const found = await supabase.from('inquiries').select('name, care_for, message').eq('id', id).maybeSingle();
        if (found.error) throw found.error;
        return found.data ? summaryOf(found.data as Pick<InquiryFields, 'name' | 'care_for' | 'message'>) : null;
      },
      // Held until its family confirmed it, it goes to HubSpot now, as any real request did when it arrived.
      async confirmed(id, site) {
        if (!options.hubspot) return;
        const found = await supabase.from('inquiries').select('name, phone, email, care_for, town, services, message, call_time, page, consent_version').eq('id', id).maybeSingle();
        if (found.error || !found.data) return logFailure(NAME, `inquiry ${id} was confirmed, but could not be read to forward it`, found.error);
        const fields = found.data as InquiryFields;
        await forward(id, fields, pageUri(site, fields.page));
      },
    },
    ownOrigin: options.supabaseUrl,
    ...(options.now ? { now: options.now } : {}),
    notify: options.notify,
    async submit(form, req, at, spamReason) {
      const parsed = inquirySchema(options.choices).safeParse(answers(form));
      if (parsed.success) return store(req, form, parsed.data, at, spamReason);
      return { sent: false, reason: 'invalid', status: 400, message: INQUIRY_MESSAGES.invalid, errors: fieldErrors<InquiryField>(parsed.error.issues) };
    },
  });
}

/** The text fields and the consent box as strings or absent, and every ticked service: what the schema reads. */
function answers(form: FormData): Record<string, string | string[] | undefined> {
  const result: Record<string, string | string[] | undefined> = {};
  for (const name of [...INQUIRY_FIELDS.text, INQUIRY_FIELDS.page, INQUIRY_FIELDS.consent]) {
    const value = form.get(name);
    // A file sent under a text field's name is no answer to it.
    result[name] = typeof value === 'string' ? value : undefined;
  }
  result[INQUIRY_FIELDS.services] = form.getAll(INQUIRY_FIELDS.services).map((value) => (typeof value === 'string' ? value : ''));
  return result;
}

/** The page the request was sent from, as a full URL for HubSpot's record: the posting origin and the form's page field. */
function pageUri(origin: string | null, page: string): string | undefined {
  return origin !== null && page !== '' ? `${origin}${page}` : undefined;
}
