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
 */
import type { ClientKey } from './formPost.ts';

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
