/**
 * Forwarding a stored contact request to the agency's HubSpot contact form, through HubSpot's form-submission
 * API (unauthenticated v3: POST /submissions/v3/integration/submit/<portalId>/<formId>). HubSpot accepts only
 * fields its form defines, so the request goes as HubSpot's standard contact fields (firstname, lastname,
 * email, phone, city, message) and three custom ones for the form's choices (care_for, services_of_interest,
 * best_time_to_call; docs/going-live.md tells the agency to add them). `message` holds the visitor's words alone: were
 * the choices written into it, a visitor could type lines that read exactly like them. The visitor's address
 * is not sent. The visitor's consent to store the request's health details (the function stores nothing
 * without it) goes as HubSpot's legalConsentOptions, with the words of the box, so the CRM's copy carries it too.
 * A failure (refused, redirected, unreachable, too slow) is reported to `onFailure` and never thrown: the request
 * is already stored.
 */
import type { InquiryChoices, InquiryFields } from './inquiry.ts';

export interface HubSpotForm {
  region: string;
  portalId: string;
  formId: string;
}

export const HUBSPOT_API = 'https://api.hsforms.com';

export interface ForwardOptions {
  form: HubSpotForm;
  fields: InquiryFields;
  choices: InquiryChoices;
  /** The page the request was sent from, for HubSpot's record of it. */
  pageUri?: string | undefined;
  api?: string;
  timeoutMs: number;
  onFailure: (what: string, error: unknown) => void;
}

/**
 * The contact properties HubSpot's form-submission API takes: one per fact, each in its own field, so nothing
 * the visitor typed shares a field with what the function states. Empty values are left out (a request may
 * have no e-mail, or no message).
 */
export function hubSpotFields(fields: InquiryFields, choices: InquiryChoices): Array<{ objectTypeId: '0-1'; name: string; value: string }> {
  const label = (list: InquiryChoices['careFor'], code: string) => list.find((choice) => choice.code === code)?.label ?? code;
  const words = fields.name.split(/\s+/);
  const lastname = words.length > 1 ? words.pop()! : '';
  const values: Record<string, string> = {
    firstname: words.join(' '),
    lastname,
    email: fields.email,
    phone: fields.phone,
    city: fields.town,
    message: fields.message,
    care_for: label(choices.careFor, fields.care_for),
    // In the form's order, whatever order they were ticked in.
    services_of_interest: choices.services.filter((service) => fields.services.includes(service.code)).map((service) => service.label).join(', '),
    // The form reads no answer as any time; staff in HubSpot should not have to know that.
    best_time_to_call: fields.call_time ? label(choices.callTimes, fields.call_time) : 'Any time',
  };
  return Object.entries(values)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => ({ objectTypeId: '0-1', name, value }));
}

export async function forwardToHubSpot(options: ForwardOptions): Promise<boolean> {
  const { form } = options;
  const url = `${options.api ?? HUBSPOT_API}/submissions/v3/integration/submit/${encodeURIComponent(form.portalId)}/${encodeURIComponent(form.formId)}`;
  const body = {
    submittedAt: String(Date.now()),
    fields: hubSpotFields(options.fields, options.choices),
    ...(options.pageUri ? { context: { pageUri: options.pageUri } } : {}),
    // Consent to store and process the request, as the box worded it (no subscription to any communication).
    legalConsentOptions: { consent: { consentToProcess: true, text: options.choices.consent.text, communications: [] } },
  };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
      // Following a redirect would post the whole request, personal data and all, to wherever the Location
      // header says (a 307 or 308 re-sends the body). HubSpot's API does not redirect, so one is a failure.
      // Deno and Node hand back the 3xx itself; a browser would give an opaque redirect (status 0).
      redirect: 'manual',
    });
    if (response.ok) {
      await response.body?.cancel();
      return true;
    }
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel();
      // Not the Location: where it pointed is not needed to see that something is wrong, and a log is no place
      // for a URL someone else chose.
      options.onFailure('HubSpot answered with a redirect, which was not followed', { name: 'HubSpotRedirect', status: response.status });
      return false;
    }
    // Only the kinds of error (e.g. FIELD_NOT_IN_FORM_DEFINITION, INVALID_EMAIL): HubSpot's messages may quote
    // what the visitor typed, which the log must not hold.
    const answer = (await response.json().catch(() => ({}))) as { errors?: Array<{ errorType?: unknown }> };
    const kinds = Array.isArray(answer.errors) ? answer.errors.map((error) => String(error.errorType)).join(',') : '';
    options.onFailure('HubSpot refused it', { name: 'HubSpotError', status: response.status, code: kinds || undefined });
  } catch (error) {
    options.onFailure('HubSpot could not be reached', error);
  }
  return false;
}
