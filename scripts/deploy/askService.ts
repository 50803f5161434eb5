/**
 * One request to a service's API for the deploy's checks, and the answers every service can give that are not
 * about a setting (too many requests, an error on the service's side, no answer at all) in plain words. A check
 * reads the status and body it gets back and says what they mean for its own settings; it never sees an exception.
 */
import type { Finding } from './findings.ts';

/** What came back: the status and the body (parsed when it is JSON), or why nothing came back. */
export type Answered = { status: number; body: unknown; text: string };
export type Answer = Answered | { unreachable: string };

/** How long one request may take before the check says the service did not answer. */
export const ANSWER_WITHIN_MS = 15_000;

/** A connection cut under the request: most often a kept-alive connection the service had just closed. */
const connectionCut = (error: unknown) => ['ECONNRESET', 'UND_ERR_SOCKET'].includes(String((error as { cause?: NodeJS.ErrnoException }).cause?.code ?? (error as NodeJS.ErrnoException).code));

/**
 * The request itself, redirects not followed: what came back, or the error fetch (or reading the body) threw. A
 * read (GET, HEAD) whose connection is cut is asked once more, on a new connection: a deploy asks the same service
 * minutes apart, and the connection kept from its first question may have been closed by the other side meanwhile.
 */
export async function requestService(url: string, init: RequestInit, timeoutMs: number): Promise<Answered | { failed: unknown }> {
  let response: Response;
  let text = '';
  const read = ['GET', 'HEAD'].includes((init.method ?? 'GET').toUpperCase());
  for (let attempt = 1; ; attempt += 1) {
    try {
      response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      text = await response.text();
      break;
    } catch (error) {
      if (!(read && attempt === 1 && connectionCut(error))) return { failed: error };
    }
  }
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page, a plain-text "Unauthorized"): the status still says what happened.
  }
  return { status: response.status, body, text };
}

export async function askService(url: string, init: RequestInit = {}, timeoutMs = ANSWER_WITHIN_MS): Promise<Answer> {
  const answer = await requestService(url, init, timeoutMs);
  return 'failed' in answer ? { unreachable: reasonNotReached(answer.failed, timeoutMs) } : answer;
}

/** Why fetch gave no answer, in words: fetch's own message is only "fetch failed", its cause names the reason. */
function reasonNotReached(error: unknown, timeoutMs: number): string {
  const name = (error as Error).name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: NodeJS.ErrnoException }).cause;
  const code = cause?.code ?? (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return 'nothing answers at that address (connection refused)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'its name could not be looked up (no internet connection, or a mistyped address)';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was cut before it answered';
  return cause?.message ?? (error as Error).message;
}

/** The service a check asks, as the owner knows it. */
export interface Service {
  /** "Netlify", "The mail service (Resend)". */
  name: string;
  /** Its API's address as asked, for the message. */
  api: string;
  /** The setting that moves its address, named when the address was moved. */
  urlSetting: string;
  /** Whether the address was moved from the real one (then the setting is the first suspect). */
  moved: boolean;
  /** Its status page, where an outage is announced. */
  statusPage: string;
}

/** A field of a JSON body, when it is a string. */
export function field(body: unknown, name: string): string | undefined {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** No answer at all: the service is down, or this computer is offline, or its address was moved wrongly. */
export function notReached(service: Service, reason: string): Finding {
  return {
    settings: service.moved ? [service.urlSetting] : [],
    problem: `${service.name} could not be reached at ${service.api}: ${reason}.`,
    fix: service.moved
      ? `Check ${service.urlSetting}, which moves ${service.name}'s address, and this computer's internet connection, then run the check again.`
      : "Check this computer's internet connection, then run the check again. If it is fine, the service may be down: see its status page.",
    page: service.statusPage,
  };
}

/** The answers no setting can mend: too many requests, the service's own fault. Undefined for any other status. */
export function serviceTrouble(service: Service, answer: Answered): Finding | undefined {
  if (answer.status === 429) {
    return {
      settings: [],
      problem: `${service.name} says too many requests came in a short time (429), so it did not answer this one.`,
      fix: 'Wait a minute and run the check again.',
    };
  }
  if (answer.status >= 500) {
    return {
      settings: [],
      problem: `${service.name} had a fault of its own and could not answer (${answer.status}${detail(answer.body)}).`,
      fix: 'Nothing is wrong with your settings as far as this shows. Wait a few minutes and run the check again; the status page says whether the service has trouble.',
      page: service.statusPage,
    };
  }
  return undefined;
}

/** Any other answer the check does not expect: said as it came, with the service's own words. */
export function unexpectedAnswer(service: Service, answer: Answered, settings: string[]): Finding {
  return {
    settings,
    problem: `${service.name} gave an answer the check does not know (${answer.status}${detail(answer.body)}).`,
    fix: `Check ${settings.length ? settings.join(' and ') : 'the settings'} and run the check again; if it stays, the service's status page may say more.`,
    page: service.statusPage,
  };
}

/** The service's own message, when its body has one: ": Not Found". */
function detail(body: unknown): string {
  const message = field(body, 'message');
  return message ? `: ${message.slice(0, 200)}` : '';
}
