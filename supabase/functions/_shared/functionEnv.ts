/**
 * The settings every form function reads from its environment, checked at start-up: a missing or malformed
 * one stops the function with a message that names it and says how to set it.
 *
 * SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided by Supabase. Secrets (`supabase secrets set`):
 * SITE_URL (required) the public site, where a plain form post is sent on to its thank-you or not-sent page;
 * ALLOWED_ORIGINS (optional) more origins whose pages may post here, comma-separated (e.g. a staging site);
 * RATE_LIMIT_SALT (optional) the secret in the hash of client addresses; the service-role key otherwise;
 * TRUSTED_PROXY_HOPS (optional, 1) how many proxies append to X-Forwarded-For between the visitor and the function:
 * 1 is Supabase's gateway alone; add one for each proxy of your own in front that appends (see clientAddress);
 * IPV6_PREFIX_BITS (optional, 64) how much of an IPv6 address names one client for the rate limits.
 * The notification e-mails (see mailEnvironment): MAIL_API_KEY, MAIL_API_URL, MAIL_FROM, NOTIFY_TO.
 */
import type { ClientKey } from './formPost.ts';
import { mailApi, RESEND_API } from './mail.ts';
import type { NotificationSettings, NotifyConfig } from './outbox.ts';

export interface FormEnvironment {
  supabaseUrl: string;
  serviceRoleKey: string;
  siteUrl: string;
  allowOrigin: (origin: string) => boolean;
  rateLimit: ClientKey;
}

/** `Deno.env`, or any object that reads variables the same way (tests). */
export interface EnvReader {
  get(name: string): string | undefined;
}

export function formEnvironment(functionName: string, env: EnvReader): FormEnvironment {
  function required(name: string, hint: string): string {
    const value = env.get(name);
    if (value === undefined || value.trim() === '') throw new Error(`${functionName}: ${name} is not set. ${hint}`);
    return value.trim();
  }
  function origin(name: string, value: string): string {
    try {
      return new URL(value).origin;
    } catch {
      throw new Error(`${functionName}: ${name} must be an origin like https://www.your-agency.com, found "${value}".`);
    }
  }
  function whole(name: string, fallback: number, min: number, max: number): number {
    const value = env.get(name)?.trim();
    if (value === undefined || value === '') return fallback;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new Error(`${functionName}: ${name} must be a whole number from ${min} to ${max}, found "${value}".`);
    return Number(value);
  }
  const provided = 'Supabase provides it to every function; set it when running the function elsewhere.';
  const supabaseUrl = required('SUPABASE_URL', provided);
  const serviceRoleKey = required('SUPABASE_SERVICE_ROLE_KEY', provided);
  const siteUrl = origin('SITE_URL', required('SITE_URL', 'Run `supabase secrets set SITE_URL=https://www.your-agency.com` (the public site).'));
  const extra = env.get('ALLOWED_ORIGINS')?.split(',').map((value) => value.trim()).filter((value) => value !== '') ?? [];
  const allowed = new Set([siteUrl, ...extra.map((value) => origin('ALLOWED_ORIGINS', value))]);
  return {
    supabaseUrl,
    serviceRoleKey,
    siteUrl,
    allowOrigin: (candidate) => allowed.has(candidate),
    rateLimit: {
      // Without a salt of its own the service-role key serves: it is secret, and stable across restarts, so the
      // hashes of one client keep matching for the hour they are counted.
      salt: env.get('RATE_LIMIT_SALT') ?? serviceRoleKey,
      proxyHops: whole('TRUSTED_PROXY_HOPS', 1, 1, 10),
      ipv6PrefixBits: whole('IPV6_PREFIX_BITS', 64, 32, 128),
    },
  };
}

/** The address the e-mails come from: MAIL_FROM when set, content's (site.yaml `notifications.from`) otherwise. The deploy's preflight asks the same (scripts/deploy/mailChecks.ts). */
export function mailSender(env: EnvReader, contentFrom: string): string {
  return env.get('MAIL_FROM')?.trim() || contentFrom;
}

/**
 * The notification e-mails' settings: MAIL_API_KEY (the mail API's key, e.g. Resend's; without it nothing is sent
 * and the notifications wait in the outbox, counted in the dashboard), MAIL_API_URL (optional, Resend's API by
 * default: any service that takes the same request), MAIL_FROM (optional: the sending address, on a domain the
 * service has verified; site.yaml's otherwise) and NOTIFY_TO (optional: the intake addresses, comma-separated;
 * site.yaml's otherwise). Undefined when MAIL_API_KEY is not set.
 */
export function mailEnvironment(functionName: string, env: EnvReader, settings: NotificationSettings, siteUrl: string): NotifyConfig | undefined {
  const key = env.get('MAIL_API_KEY')?.trim();
  if (!key) {
    console.warn(`${functionName}: MAIL_API_KEY is not set, so no notification e-mail is sent: they wait in the outbox (the dashboard counts them). Run \`supabase secrets set MAIL_API_KEY=...\`.`);
    return undefined;
  }
  const url = env.get('MAIL_API_URL')?.trim() || RESEND_API;
  if (!/^https:\/\/[^/]/.test(url) && !/^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(url)) {
    throw new Error(`${functionName}: MAIL_API_URL must be an https:// URL like ${RESEND_API}, found "${url}".`);
  }
  const to = env.get('NOTIFY_TO')?.split(',').map((value) => value.trim()).filter((value) => value !== '');
  const address = /^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/;
  for (const value of [...(to ?? []), env.get('MAIL_FROM')?.trim()].filter((value) => value)) {
    if (!address.test(value!)) throw new Error(`${functionName}: "${value}" in MAIL_FROM or NOTIFY_TO is not an e-mail address.`);
  }
  return {
    ...settings,
    ...(to?.length ? { to } : {}),
    from: mailSender(env, settings.from),
    siteUrl,
    mailer: mailApi({ url, key }),
  };
}
