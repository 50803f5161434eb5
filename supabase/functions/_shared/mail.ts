/**
 * Sending e-mail from the functions: one small interface, and one implementation for an HTTPS mail API shaped like
 * Resend's (`POST <api>/emails`, a Bearer key, an `Idempotency-Key` header), since Edge Functions cannot rely on
 * SMTP ports. Production points it at Resend (or any service that speaks the same request); the local mail
 * catcher (scripts/mail-catcher/) answers the same request, so the code that runs locally is the code that ships.
 */

export interface Mail {
  /** `"Agency name" <address>`. */
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Sends once per key: the same key again (a retry after a sender stopped before it could mark the row sent)
   * is answered without a second message. Throws a MailError when the message was not accepted.
   */
  send(mail: Mail, idempotencyKey: string): Promise<void>;
}

/** A refused or failed send. `permanent`: trying again the same way would fail the same way (a refused address). */
export class MailError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

export interface MailApiOptions {
  /** The API's base URL: https://api.resend.com in production, the mail catcher's locally. */
  url: string;
  key: string;
  /** How long one send may take before it counts as failed (and is retried). Default 10 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const RESEND_API = 'https://api.resend.com';

export function mailApi({ url, key, timeoutMs = 10_000, fetch: fetchImpl = fetch }: MailApiOptions): Mailer {
  const endpoint = `${url.replace(/\/+$/, '')}/emails`;
  return {
    async send(mail, idempotencyKey) {
      let response: Response;
      try {
        response = await fetchImpl(endpoint, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
          body: JSON.stringify({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }),
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (error as Error).message;
        throw new MailError(`The mail service could not be reached: ${reason}`, false);
      }
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      const detail = await errorMessage(response);
      // 429 and 5xx pass; 409 is a send under the same key still in progress. The rest is the request itself:
      // an address refused, a key or sender domain not accepted. Staff see the reason and send it again once mended.
      const transient = response.status === 429 || response.status === 409 || response.status >= 500;
      throw new MailError(`The mail service answered ${response.status}${detail ? `: ${detail}` : ''}`, !transient);
    },
  };
}

async function errorMessage(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 2000);
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') return body.message.slice(0, 300);
  } catch {
    // Not JSON: the first line of the text, if any.
  }
  return text.split('\n')[0]!.trim().slice(0, 300);
}

/** `Name <address>`, the name as an RFC 5322 quoted string when it holds anything but letters, digits and spaces. */
export function mailbox(name: string, address: string): string {
  return `${/^[\p{L}\p{N} ]+$/u.test(name) ? name : `"${name.replace(/["\\]/g, '\\$&')}"`} <${address}>`;
}

/** Text made safe for an e-mail's HTML part. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
