/**
 * The deploy's step that sets Supabase Auth's settings, which the going-live guide used to ask the owner to click
 * (Authentication > URL Configuration, Sign In / Providers, Emails): read the project's through the Management API
 * (GET /v1/projects/{ref}/config/auth), and PATCH only the fields that differ, so that a second deploy changes
 * nothing and says so. The values come from supabase/config.toml ([auth], [auth.email], [auth.rate_limit]) mapped
 * to the API's field names as Supabase's CLI maps them for `supabase config push` (supabase/cli,
 * pkg/config/auth.go), and from the deploy's settings:
 *
 * - site_url = SITE_URL; the redirect list gets SITE_URL/admin and SITE_URL/admin/ (the staff invitation's
 *   redirectTo is new URL('/admin', SITE_URL), supabase/functions/_shared/staffInvite.ts; the slash form is what a
 *   browser may ask for). Addresses already in the list stay: the owner may have added some of their own.
 *   config.toml's own site_url and redirect URLs are the local machine's and are never sent.
 * - with MAIL_API_KEY set and Resend's API (MAIL_API_URL unset or api.resend.com), the e-mails Supabase Auth sends
 *   itself (a password reset sent from Supabase's dashboard, a change of address) go through Resend's SMTP
 *   (https://resend.com/docs/send-with-supabase-smtp: host smtp.resend.com, port 465, user `resend`, the API key
 *   as password) instead of Supabase's built-in sender, which only writes to the project's own team and a few an
 *   hour. The sender is MAIL_FROM or site.yaml's notifications sender, named as the agency (site.yaml `name`): the
 *   same as the form functions' e-mails (supabase/functions/_shared/functionEnv.ts). The staff invitation itself
 *   goes through the mail API (staffInvite.ts), with a link Auth makes.
 *
 * [auth.email] enable_signup is NOT sent as external_email_enabled, as the CLI would: on a hosted project that
 * switch turns off e-mail sign-in altogether, and staff sign in with their e-mail and password. Sign-ups are
 * closed by disable_signup ([auth] enable_signup = false) instead.
 *
 * The SMTP password (the mail API key) is never printed nor returned: a line says it was set, not what it is.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { readYamlFully } from '../../src/content/source.ts';
import { SupabaseApiError, supabaseApi, type SupabaseApiOptions } from './supabaseApi.ts';

export const RESEND_SMTP = { host: 'smtp.resend.com', port: '465', user: 'resend' } as const;

interface AuthToml {
  auth?: {
    jwt_expiry?: number;
    enable_refresh_token_rotation?: boolean;
    refresh_token_reuse_interval?: number;
    enable_signup?: boolean;
    rate_limit?: { sign_in_sign_ups?: number };
    email?: { enable_confirmations?: boolean; otp_expiry?: number };
  };
}

/** A field the step sets: its API name, the owner's name for it, and how its value reads. */
interface Field {
  name: string;
  label: string;
  show: (value: unknown) => string;
}

const seconds = (value: unknown) => {
  if (typeof value !== 'number') return '(not set)';
  if (value % 3600 === 0) return `${value / 3600} hour${value === 3600 ? '' : 's'}`;
  if (value % 60 === 0 && value >= 60) return `${value / 60} minutes`;
  return `${value} seconds`;
};
const onOff = (value: unknown) => (value === true ? 'on' : value === false ? 'off' : '(not set)');
const plain = (value: unknown) => (value === null || value === undefined || value === '' ? '(not set)' : String(value));

const FIELDS: Record<string, Field> = {
  site_url: { name: 'site_url', label: 'Site URL', show: plain },
  uri_allow_list: { name: 'uri_allow_list', label: 'Redirect URLs', show: plain },
  disable_signup: { name: 'disable_signup', label: 'Sign-ups', show: (value) => (value === true ? 'closed' : value === false ? 'open' : '(not set)') },
  mailer_autoconfirm: { name: 'mailer_autoconfirm', label: 'E-mail confirmation of new accounts', show: (value) => (value === true ? 'not asked' : value === false ? 'asked' : '(not set)') },
  mailer_otp_exp: { name: 'mailer_otp_exp', label: 'E-mail links (invitations, password resets) work for', show: seconds },
  jwt_exp: { name: 'jwt_exp', label: 'Sign-in token lasts', show: seconds },
  refresh_token_rotation_enabled: { name: 'refresh_token_rotation_enabled', label: 'Refresh token rotation', show: onOff },
  security_refresh_token_reuse_interval: { name: 'security_refresh_token_reuse_interval', label: 'Refresh token reuse interval', show: seconds },
  rate_limit_otp: { name: 'rate_limit_otp', label: 'Sign-in attempts per 5 minutes per address', show: plain },
  smtp_host: { name: 'smtp_host', label: 'Mail server (SMTP)', show: (value) => (value ? String(value) : "Supabase's built-in sender") },
  smtp_port: { name: 'smtp_port', label: 'Mail server port', show: plain },
  smtp_user: { name: 'smtp_user', label: 'Mail server user', show: plain },
  smtp_admin_email: { name: 'smtp_admin_email', label: 'Auth e-mails sent from', show: plain },
  smtp_sender_name: { name: 'smtp_sender_name', label: "Auth e-mails' sender name", show: plain },
};

const value = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;

/** The agency's name and the notifications' sender, from content/site.yaml (its !placeholder tags read as text). */
function siteIdentity(root: string): { name?: string; from?: string } {
  const file = path.join(root, 'content', 'site.yaml');
  const data = readYamlFully(file, readFileSync(file, 'utf8')).data as { name?: unknown; notifications?: { from?: unknown } } | undefined;
  return {
    ...(typeof data?.name === 'string' ? { name: data.name } : {}),
    ...(typeof data?.notifications?.from === 'string' ? { from: data.notifications.from } : {}),
  };
}

/** Whether the mail API is Resend's, whose key is also its SMTP password. */
export function mailIsResend(env: NodeJS.ProcessEnv): boolean {
  const url = value(env, 'MAIL_API_URL');
  if (!url) return true;
  try {
    return new URL(url).hostname === 'api.resend.com';
  } catch {
    return false;
  }
}

/** The settings wanted, as the API names them (the password apart: it is compared by its hash). */
export function wantedAuthSettings(root: string, env: NodeJS.ProcessEnv): { fields: Record<string, unknown>; redirects: string[]; smtpPass?: string } {
  const siteUrl = value(env, 'SITE_URL')?.replace(/\/+$/, '');
  if (!siteUrl) throw new Error('SITE_URL is not set: Supabase Auth needs the public site\'s address for its links (e.g. https://www.your-agency.com).');
  const config = parse(readFileSync(path.join(root, 'supabase', 'config.toml'), 'utf8')) as AuthToml;
  const auth = config.auth ?? {};
  const fields: Record<string, unknown> = { site_url: siteUrl };
  if (auth.enable_signup !== undefined) fields.disable_signup = !auth.enable_signup;
  if (auth.email?.enable_confirmations !== undefined) fields.mailer_autoconfirm = !auth.email.enable_confirmations;
  if (auth.email?.otp_expiry !== undefined) fields.mailer_otp_exp = auth.email.otp_expiry;
  if (auth.jwt_expiry !== undefined) fields.jwt_exp = auth.jwt_expiry;
  if (auth.enable_refresh_token_rotation !== undefined) fields.refresh_token_rotation_enabled = auth.enable_refresh_token_rotation;
  if (auth.refresh_token_reuse_interval !== undefined) fields.security_refresh_token_reuse_interval = auth.refresh_token_reuse_interval;
  if (auth.rate_limit?.sign_in_sign_ups !== undefined) fields.rate_limit_otp = auth.rate_limit.sign_in_sign_ups;

  // The invitation's link lands on new URL('/admin', SITE_URL) (staffInvite.ts); Auth compares redirect addresses
  // exactly, so the form with the slash is allowed too.
  const invite = new URL('/admin', `${siteUrl}/`).href;
  const redirects = [...new Set([`${siteUrl}/admin`, `${siteUrl}/admin/`, invite])];

  const key = value(env, 'MAIL_API_KEY');
  if (!key || !mailIsResend(env)) return { fields, redirects };
  const site = siteIdentity(root);
  const from = value(env, 'MAIL_FROM') ?? site.from;
  fields.smtp_host = RESEND_SMTP.host;
  fields.smtp_port = RESEND_SMTP.port;
  fields.smtp_user = RESEND_SMTP.user;
  if (from) fields.smtp_admin_email = from;
  if (site.name) fields.smtp_sender_name = site.name;
  return { fields, redirects, smtpPass: key };
}

/**
 * How the API shows a secret it holds: the HMAC-SHA256 of it, keyed by the project's ref, in hex. Supabase's CLI
 * compares config.toml's secrets with the project's so (supabase/cli, pkg/config/secret.go and utils.go,
 * sha256Hmac; internal/config/push/push.go keys it by the ref).
 */
export const secretHash = (ref: string, secret: string) => createHmac('sha256', ref).update(secret).digest('hex');
const listOf = (text: unknown) => (typeof text === 'string' ? text.split(',').map((entry) => entry.trim()).filter((entry) => entry) : []);

/**
 * Sets Supabase Auth's settings on the project SUPABASE_PROJECT_REF (token SUPABASE_ACCESS_TOKEN). Returns one
 * line per change ("Site URL: http://localhost:3000 -> https://www.hearthside-care.com"), or one line saying that
 * nothing needed changing. A refused request throws an Error whose message is the owner's words.
 */
export async function applyAuthSettings(root: string, env: NodeJS.ProcessEnv, options: SupabaseApiOptions = {}): Promise<string[]> {
  const ref = value(env, 'SUPABASE_PROJECT_REF');
  if (!ref || !value(env, 'SUPABASE_ACCESS_TOKEN')) throw new Error('SUPABASE_PROJECT_REF and SUPABASE_ACCESS_TOKEN must be set to change Supabase Auth\'s settings.');
  const wanted = wantedAuthSettings(root, env);
  const api = supabaseApi(env, options);
  const plainError = (error: unknown) => {
    if (!(error instanceof SupabaseApiError)) return error as Error;
    return new Error(`${error.message} ${error.fix}${error.page ? ` (${error.page})` : ''}`);
  };

  let current: Record<string, unknown>;
  try {
    current = await api.get<Record<string, unknown>>(`/v1/projects/${ref}/config/auth`, `read project ${ref}'s Auth settings`);
  } catch (error) {
    throw plainError(error);
  }

  const patch: Record<string, unknown> = {};
  const lines: string[] = [];
  for (const [name, wantedValue] of Object.entries(wanted.fields)) {
    if (current[name] === wantedValue) continue;
    patch[name] = wantedValue;
    const field = FIELDS[name]!;
    lines.push(`${field.label}: ${field.show(current[name])} -> ${field.show(wantedValue)}`);
  }
  const have = listOf(current.uri_allow_list);
  const added = wanted.redirects.filter((url) => !have.includes(url));
  if (added.length) {
    patch.uri_allow_list = [...have, ...added].join(',');
    lines.push(`Redirect URLs: added ${added.join(', ')}${have.length ? ` (kept ${have.join(', ')})` : ''}`);
  }
  if (wanted.smtpPass !== undefined) {
    // The API gives back a hash of the password, never the password (secretHash).
    const now = current.smtp_pass;
    if (now !== secretHash(ref, wanted.smtpPass) && now !== wanted.smtpPass) {
      patch.smtp_pass = wanted.smtpPass;
      lines.push('Mail server password: set to MAIL_API_KEY (not shown)');
    }
  }

  const summary = `site URL ${String(wanted.fields.site_url)}, sign-ups ${FIELDS.disable_signup!.show(wanted.fields.disable_signup)}, e-mail links work for ${seconds(wanted.fields.mailer_otp_exp)}${wanted.smtpPass !== undefined ? `, e-mail through ${RESEND_SMTP.host}` : ''}`;
  if (!Object.keys(patch).length) return [`Supabase Auth settings: nothing needed changing (${summary}).`];

  try {
    await api.patch(`/v1/projects/${ref}/config/auth`, patch, `change project ${ref}'s Auth settings`);
  } catch (error) {
    if (error instanceof SupabaseApiError && error.status === 400) {
      throw new Error(`Supabase refused the new Auth settings (${Object.keys(patch).join(', ')}): ${error.said ?? 'it gave no reason'}. The settings come from SITE_URL, MAIL_FROM, content/site.yaml and supabase/config.toml: correct the one it names and run again.`);
    }
    throw plainError(error);
  }
  return lines;
}
