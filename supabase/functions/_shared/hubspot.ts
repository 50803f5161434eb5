/**
 * Forwarding a stored contact request to the agency's HubSpot contact form, through HubSpot's form-submission
 * API (unauthenticated v3: POST /submissions/v3/integration/submit/<portalId>/<formId>). HubSpot accepts only
 * fields its form defines, so the request goes as HubSpot's standard contact fields (firstname, lastname,
 * email, phone, city, message), with who needs care, the services and the best time to call written into the
 * message. The visitor's address is not sent. A failure (refused, unreachable, too slow) is reported to
 * `onFailure` and never thrown: the request is already stored.
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

/** HubSpot's standard contact properties, as its form-submission API takes them. */
export function hubSpotFields(fields: InquiryFields, choices: InquiryChoices): Array<{ objectTypeId: '0-1'; name: string; value: string }> {
  const label = (list: InquiryChoices[keyof InquiryChoices], code: string) => list.find((choice) => choice.code === code)?.label ?? code;
  const words = fields.name.split(/\s+/);
  const lastname = words.length > 1 ? words.pop()! : '';
  const details = [
    fields.message,
    `Care is for: ${label(choices.careFor, fields.care_for)}`,
    // In the form's order, whatever order they were ticked in.
    fields.services.length ? `Services of interest: ${choices.services.filter((service) => fields.services.includes(service.code)).map((service) => service.label).join(', ')}` : '',
    `Best time to call: ${fields.call_time ? label(choices.callTimes, fields.call_time) : 'Any time'}`,
  ].filter((line) => line !== '');
  const values: Record<string, string> = {
    firstname: words.join(' '),
    lastname,
    email: fields.email,
    phone: fields.phone,
    city: fields.town,
    message: details.join('\n\n'),
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
  };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (response.ok) {
      await response.body?.cancel();
      return true;
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
