/**
 * A small client of Supabase's Management API (https://supabase.com/docs/reference/api/introduction), for the
 * deploy's checks (supabaseChecks.ts) and its Auth settings step (authSettings.ts). Every request carries
 * `Authorization: Bearer <SUPABASE_ACCESS_TOKEN>`, the documented way to call it with a personal access token.
 * The address is https://api.supabase.com unless SUPABASE_API_URL moves it (findings.ts, serviceApis), as the
 * tests and the rehearsal do to reach scripts/deploy/rehearsal/supabaseManagementFake.ts.
 *
 * A failed request becomes a SupabaseApiError whose message is for the agency's owner: what Supabase said, in
 * plain words, and what to do. Never a stack trace, never the token.
 */
import { requestService } from './askService.ts';
import { serviceApis } from './findings.ts';

/** The answers the documentation names, and "no answer at all" (status 0). */
export class SupabaseApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when the service did not answer. */
    readonly status: number,
    /** What to do about it, in plain words. */
    readonly fix: string,
    /** Where to do it, when there is a page for it. */
    readonly page?: string,
    /** What Supabase's answer said, when it said something. */
    readonly said?: string,
  ) {
    super(message);
    this.name = 'SupabaseApiError';
  }
}

export const TOKENS_PAGE = 'https://supabase.com/dashboard/account/tokens';
export const STATUS_PAGE = 'https://status.supabase.com';

export interface SupabaseApiOptions {
  /** How long to wait for an answer, in milliseconds (default 20 s). */
  timeoutMs?: number;
}

export interface SupabaseApi {
  /** The API's address, for messages. */
  readonly base: string;
  get<T>(path: string, what: string): Promise<T>;
  patch<T>(path: string, body: unknown, what: string): Promise<T>;
}

/** The message an error answer carries: the Management API answers errors as JSON `{ "message": "..." }`. */
function answerMessage(body: unknown, text: string): string | undefined {
  if (body === undefined) return text.trim().slice(0, 200) || undefined;
  const { message, error } = (body ?? {}) as { message?: unknown; error?: unknown };
  const said = typeof message === 'string' ? message : typeof error === 'string' ? error : undefined;
  return said?.trim() || undefined;
}

/**
 * The owner's words for a refused request. `what` says what was asked ("read project abcd…"), so that the message
 * names it; 404 is left to the caller when it means something of its own (a project that does not exist).
 */
export function describeRefusal(status: number, what: string, said: string | undefined): SupabaseApiError {
  const quoted = said ? ` (Supabase said: "${said}")` : '';
  if (status === 401) {
    return new SupabaseApiError(
      `Supabase did not accept SUPABASE_ACCESS_TOKEN when asked to ${what}: the token is mistyped, was revoked, or has expired${quoted}.`,
      status,
      'Make a new access token (Account > Access Tokens > Generate new token) and put the whole token, starting sbp_, in SUPABASE_ACCESS_TOKEN.',
      TOKENS_PAGE,
      said,
    );
  }
  if (status === 403) {
    return new SupabaseApiError(
      `Supabase refused to ${what} with SUPABASE_ACCESS_TOKEN: the token's account may not do that${quoted}.`,
      status,
      "Make the token while signed in as an owner or administrator of the organization the project belongs to, and put it in SUPABASE_ACCESS_TOKEN.",
      TOKENS_PAGE,
      said,
    );
  }
  if (status === 404) {
    return new SupabaseApiError(`Supabase found nothing when asked to ${what}${quoted}.`, status, 'Check SUPABASE_PROJECT_REF: it is the <ref> in the project\'s address, supabase.com/dashboard/project/<ref>.', 'https://supabase.com/dashboard/projects', said);
  }
  if (status === 429) {
    return new SupabaseApiError(
      `Supabase asked to slow down when asked to ${what}: its Management API takes 60 requests a minute per account, and this account has used them${quoted}.`,
      status,
      'Wait a minute and run the deploy again (another deploy or tool using the same account may be running).',
      undefined,
      said,
    );
  }
  if (status >= 500) {
    return new SupabaseApiError(
      `Supabase had a fault of its own when asked to ${what} (HTTP ${status})${quoted}.`,
      status,
      'Nothing is wrong with your settings. Try again in a few minutes; Supabase\'s status page says whether it has a problem.',
      STATUS_PAGE,
      said,
    );
  }
  return new SupabaseApiError(`Supabase refused to ${what} (HTTP ${status})${quoted}.`, status, 'Read what Supabase said above; if it names a setting, correct that setting and run again.', undefined, said);
}

export function supabaseApi(env: NodeJS.ProcessEnv, options: SupabaseApiOptions = {}): SupabaseApi {
  const base = serviceApis(env).supabase;
  const token = env.SUPABASE_ACCESS_TOKEN?.trim() ?? '';
  const timeoutMs = options.timeoutMs ?? 20_000;

  async function request<T>(method: 'GET' | 'PATCH', path: string, body: unknown, what: string): Promise<T> {
    const answer = await requestService(
      `${base}${path}`,
      {
        method,
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      timeoutMs,
    );
    if ('failed' in answer) {
      const error = answer.failed as Error & { cause?: { code?: string } };
      const cause = error.cause?.code ?? error.name;
      const waited = Math.max(1, Math.round(timeoutMs / 1000));
      const why = cause === 'TimeoutError' ? `no answer within ${waited} second${waited === 1 ? '' : 's'}` : cause === 'ENOTFOUND' || cause === 'EAI_AGAIN' ? 'its address could not be found' : cause === 'ECONNREFUSED' ? 'the connection was refused' : `the connection failed (${cause})`;
      throw new SupabaseApiError(
        `Supabase's Management API (${base}) did not answer when asked to ${what}: ${why}.`,
        0,
        "Check this machine's internet connection and try again; Supabase's status page says whether it has a problem." + (env.SUPABASE_API_URL?.trim() ? ' SUPABASE_API_URL is set: unset it to reach the real service.' : ''),
        STATUS_PAGE,
      );
    }
    if (answer.status < 200 || answer.status > 299) throw describeRefusal(answer.status, what, answerMessage(answer.body, answer.text));
    if (!answer.text) return undefined as T;
    if (answer.body === undefined) {
      throw new SupabaseApiError(`Supabase's answer when asked to ${what} was not the JSON its documentation describes.`, answer.status, 'Try again in a few minutes; if it persists, SUPABASE_API_URL may point somewhere other than Supabase\'s Management API.', STATUS_PAGE);
    }
    return answer.body as T;
  }

  return {
    base,
    get: (path, what) => request('GET', path, undefined, what),
    patch: (path, body, what) => request('PATCH', path, body, what),
  };
}
