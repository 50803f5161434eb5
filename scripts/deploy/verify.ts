/**
 * After a deploy, production proves itself (`npm run deploy -- --verify`, run by the deploy workflow after it
 * deploys; issue 41, item 4). Four parts, each one CheckResult (findings.ts), in this order:
 *
 * - "Public pages": the home page, /contact/, /careers/, one service page and /admin/ answer 200, and a page that
 *   does not exist answers 404; each but the last with the security headers this build writes (scripts/generator/securityHeaders.ts
 *   and src/security/headers.ts: the site's _headers file), their values as written.
 * - "Contact form": one request sent through the real contact function, as the page's own script sends it (the form
 *   read from /contact/, its fill-time token asked for first, Accept JSON, Origin SITE_URL), so a family's path is
 *   what is proved. It is marked as the deploy's test by a one-time token the database issued to the service role
 *   (supabase/functions/_shared/testRequest.ts, supabase/migrations/20261129200000_test_requests.sql): stored with
 *   the mark, its history marked, its staff e-mail sent (or queued, when the functions have no mail key) and worded
 *   as the test, no reply to a sender (it gives a phone number only; the database never queues one for a test), never
 *   sent to HubSpot (the function skips it), and no analytics (only the page's script in a browser sends any). Staff
 *   never see it, and Reports never count it. Then it is erased (public.erase_test_requests, the service role's
 *   erasure of test requests only, which also erases one an earlier stopped run left) and seen to be gone.
 * - "Staff dashboard": /admin/ loads (its page and its script), and with the site's public key a read of
 *   inquiries and job_applications returns no rows while the test request exists (row level security refuses a
 *   visitor's read).
 * - "Schedules": with SUPABASE_DB_URL, pg_cron's cron.job holds each of deployPlan.ts's SCHEDULES with its times,
 *   active, calling its function.
 *
 * It reads SITE_URL, VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and SUPABASE_DB_URL (and
 * what the headers depend on: VITE_POSTHOG_*, CMS_*), and MAIL_API_KEY to know whether the staff e-mail is sent or
 * only queued. It changes nothing but its own test request.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { policySources } from '../generator/securityHeaders.ts';
import { loadContent } from '../../src/content/loader.ts';
import { headerRules, headersFor } from '../../src/security/headers.ts';
import { siteAddressToRead } from '../../src/deployRehearsal.ts';
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import { FORM_GUARD, MIN_FILL_MS } from '../../supabase/functions/_shared/formPost.ts';
import { ORIGIN_FIELDS } from '../../supabase/functions/_shared/leadOrigin.ts';
import { TEST_REQUEST_HEADER } from '../../supabase/functions/_shared/testRequest.ts';
import { pgEnvironment, SCHEDULES } from './deployPlan.ts';
import type { CheckResult, Finding } from './findings.ts';

export const VERIFY_PARTS = ['Public pages', 'Contact form', 'Staff dashboard', 'Schedules'] as const;

export interface VerifyOptions {
  /** The project's files (content/, for the headers the build writes); the working folder by default. */
  root?: string;
  /** Whether the functions send e-mail (then the staff e-mail must be sent, else queued); default: MAIL_API_KEY is set. */
  mail?: boolean;
  /** How long the staff e-mail may take (the notify schedule runs every minute); 90 s by default. */
  mailDeadlineMs?: number;
  /** How long one page or API answer may take; 20 s by default. */
  requestTimeoutMs?: number;
  /** The psql program; `psql` on the PATH by default. */
  psql?: string;
  /** Lines of progress, as each part runs. */
  log?: (line: string) => void;
  /** For the tests: run while the test request exists, after the dashboard's check (what staff see meanwhile). */
  whileStored?: (id: string) => Promise<void>;
}

type Env = NodeJS.ProcessEnv;
const setting = (env: Env, name: string) => env[name]?.trim() || undefined;
const withoutSlash = (url: string) => url.replace(/\/+$/, '');
/** A page of the project's Supabase dashboard (`_` lets the dashboard ask which project, when the ref is not set). */
const dashboard = (env: Env, tail: string) => `https://supabase.com/dashboard/project/${setting(env, 'SUPABASE_PROJECT_REF') ?? '_'}${tail}`;

/** "A, B and C". */
const listed = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? ''));

/** The pages read, by what the owner calls them. */
const PAGES = [
  { path: '/', name: 'the home page' },
  { path: '/contact/', name: 'the contact page' },
  { path: '/careers/', name: 'the careers page' },
  { path: '/admin/', name: 'the staff dashboard' },
] as const;

/** The headers the build writes that a browser's safety rests on: each must be there, with the value written. */
const SECURITY_HEADERS = ['Content-Security-Policy', 'Strict-Transport-Security', 'X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy', 'Cross-Origin-Opener-Policy'];

const SETTINGS_NEEDED: Record<(typeof VERIFY_PARTS)[number], string[]> = {
  'Public pages': ['SITE_URL'],
  'Contact form': ['SITE_URL', 'VITE_SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'],
  'Staff dashboard': ['SITE_URL', 'VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'],
  Schedules: ['SUPABASE_DB_URL'],
};

/** Each part's result, in VERIFY_PARTS' order. A part that cannot run (a setting missing) says so. */
export async function verifyProduction(env: Env, options: VerifyOptions = {}): Promise<CheckResult[]> {
  const log = options.log ?? (() => undefined);
  const timeout = options.requestTimeoutMs ?? 20_000;
  const results = new Map<string, CheckResult>(VERIFY_PARTS.map((title) => [title, { title, findings: [], passed: [] }]));
  const result = (title: (typeof VERIFY_PARTS)[number]) => results.get(title)!;
  const ready = (title: (typeof VERIFY_PARTS)[number]) => {
    const missing = SETTINGS_NEEDED[title].filter((name) => !setting(env, name));
    if (missing.length) {
      result(title).findings.push({
        settings: missing,
        problem: `Not checked: ${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} not set.`,
        fix: `Set ${listed(missing)} as for the deploy (docs/going-live.md, "Settings"), then run npm run deploy -- --verify again.`,
      });
    }
    return missing.length === 0;
  };

  // A part that breaks off (an answer nobody expected) is that part's finding: the other parts still run.
  const guarded = async (title: (typeof VERIFY_PARTS)[number], work: () => Promise<void> | void) => {
    try {
      await work();
    } catch (error) {
      result(title).findings.push({ settings: [], problem: `The check broke off: ${(error as Error).message}`, fix: 'Run npm run deploy -- --verify again; if it breaks off the same way, the message above says where.' });
    }
  };

  if (ready('Public pages')) {
    log('Checking the public pages and their security headers...');
    await guarded('Public pages', () => checkPages(env, options.root ?? process.cwd(), timeout, result('Public pages')));
  }

  // The test request exists from here until it is erased: the dashboard's anonymous read is tried meanwhile.
  let stored: StoredTest | undefined;
  const contact = result('Contact form');
  try {
    if (ready('Contact form')) {
      log('Sending a test request through the contact form...');
      await guarded('Contact form', async () => {
        stored = await sendTestRequest(env, timeout, contact);
        if (stored) {
          log('Waiting for its staff e-mail...');
          await checkAnnounced(stored, options.mail ?? Boolean(setting(env, 'MAIL_API_KEY')), options.mailDeadlineMs ?? 90_000, contact);
        }
      });
    }
    if (ready('Staff dashboard')) {
      log('Checking the staff dashboard...');
      await guarded('Staff dashboard', () => checkDashboard(env, timeout, stored !== undefined, result('Staff dashboard')));
    }
    if (stored) await options.whileStored?.(stored.id);
  } finally {
    if (stored) {
      log('Erasing the test request...');
      const erasing = stored;
      await guarded('Contact form', () => eraseTestRequest(erasing, contact));
    }
  }
  if (!contact.findings.length && stored) contact.passed.unshift(`a test request was stored (${stored.id.slice(0, 8)}…), marked as the deploy's test`);

  if (ready('Schedules')) {
    log('Checking the schedules...');
    await guarded('Schedules', () => checkSchedules(env, options.psql ?? 'psql', result('Schedules')));
  }
  return [...results.values()];
}

// ---------------------------------------------------------------------------------------------------------------
// Public pages

/**
 * GET of a page of the site with a deadline; the error in words when it does not answer at all. In a rehearsal the
 * site is read where the rehearsal serves it (src/deployRehearsal.ts).
 */
async function get(env: Env, url: string, timeout: number): Promise<Response | string> {
  try {
    return await fetch(siteAddressToRead(env, url), { redirect: 'manual', signal: AbortSignal.timeout(timeout), headers: { 'cache-control': 'no-cache' } });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? (error as Error).message;
  }
}

async function checkPages(env: Env, root: string, timeout: number, result: CheckResult): Promise<void> {
  const site = withoutSlash(setting(env, 'SITE_URL')!);
  let content: Awaited<ReturnType<typeof loadContent>>;
  try {
    content = await loadContent(path.join(root, 'content'));
  } catch (error) {
    result.findings.push({ settings: [], problem: `The content could not be read, so the headers this build writes are not known: ${(error as Error).message}`, fix: 'Run npm run check to see what to put right in content/, then npm run deploy again.' });
    return;
  }
  const rules = headerRules(policySources(content, env));
  const service = content.services[0];
  const missing = `/deploy-check-missing-page-${Date.now().toString(36)}/`;
  const pages: Array<{ path: string; name: string; status: number }> = [
    ...PAGES.map((page) => ({ ...page, status: 200 })),
    ...(service ? [{ path: `/${service.slug}/`, name: `the service page ${service.title}`, status: 200 }] : []),
    { path: missing, name: 'a page that does not exist', status: 404 },
  ];
  const answered: string[] = [];
  for (const page of pages) {
    const response = await get(env, `${site}${page.path}`, timeout);
    if (typeof response === 'string') {
      result.findings.push({
        settings: ['SITE_URL'],
        problem: `${site}${page.path} (${page.name}) does not answer: ${response}.`,
        fix: "Check that SITE_URL is the site's public address and that its domain points at Netlify (Domain management in the site's Netlify settings).",
        page: 'https://app.netlify.com/',
      });
      continue;
    }
    await response.arrayBuffer().catch(() => undefined);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location && page.status === 200) {
      result.findings.push({
        settings: ['SITE_URL'],
        problem: `${site}${page.path} (${page.name}) sends visitors on to ${new URL(location, `${site}${page.path}`).href} (${response.status}).`,
        fix: "Set SITE_URL to the site's own address, as visitors reach it (https://, with or without www as Netlify's primary domain), and run npm run deploy again.",
        page: 'https://app.netlify.com/',
      });
    } else if (response.status !== page.status) {
      result.findings.push({
        settings: [],
        problem:
          page.status === 404
            ? `A page that does not exist answers ${response.status} instead of 404 "not found"${response.status === 200 ? ': search engines would list every mistyped address' : ''}.`
            : `${page.path} (${page.name}) answers ${response.status} instead of 200.`,
        fix: 'Publish the site again (npm run deploy): dist/client, with its 404.html and every page, must be what Netlify serves.',
      });
    }
    // A missing page: its status only. Whether Netlify sends _headers' headers with its 404 answer is not said in its
    // documentation (https://docs.netlify.com/manage/routing/headers/), and a proof that fails a good site is worse
    // than none; the 404 page holds no form and no data.
    const expected = page.status === 404 ? {} : headersFor(rules, page.path);
    const absent = SECURITY_HEADERS.filter((name) => expected[name] !== undefined && !response.headers.has(name));
    const differing = SECURITY_HEADERS.filter((name) => expected[name] !== undefined && response.headers.has(name) && response.headers.get(name) !== expected[name]);
    if (absent.length) {
      result.findings.push({
        settings: [],
        problem: `${page.path} (${page.name}) is served without ${absent.length === 1 ? 'the security header' : 'the security headers'} ${absent.join(', ')}.`,
        fix: "The site's _headers file (written by npm run build into dist/client) did not take effect: publish dist/client again with npm run deploy, and remove any header rules in Netlify's settings that replace it.",
      });
    }
    if (differing.length) {
      result.findings.push({
        settings: [],
        problem: `${page.path} (${page.name}) is served with ${differing.join(', ')} other than this build writes.`,
        fix: 'The site and its headers must come from the same build: run npm run deploy with the same settings again (a header set in netlify.toml or the Netlify dashboard must not override _headers).',
      });
    }
    if (!absent.length && !differing.length && response.status === page.status && page.path !== missing) answered.push(page.path);
  }
  if (!result.findings.length) result.passed.push(`${answered.join(', ')} answer with the security headers`, 'a missing page answers 404');
}

// ---------------------------------------------------------------------------------------------------------------
// Contact form

interface StoredTest {
  id: string;
  service: SupabaseClient;
  /** Stored with the test's mark: only then may the service role's erasure take it (and staff never see it). */
  marked: boolean;
}

/** The contact form as the page carries it: where it posts and the values the family's answers take. */
interface ContactForm {
  action: string;
  fields: Array<[string, string]>;
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, '&').replace(/&quot;/g, '"');

/**
 * Reads /contact/'s form (InquiryForm.tsx, as built) and fills it as a family would: a name, a phone number (no
 * e-mail address, so that nothing could ever be sent to a stranger), the first "who needs care" choice, the consent
 * box ticked (its value is the version of its words), the page's hidden fields as they are, and the landing page
 * as src/forms/enhance.ts adds it.
 */
function readContactForm(html: string): ContactForm | string {
  const open = /<form\b[^>]*\bid="inquiry-form"[^>]*>/.exec(html);
  if (!open) return 'the contact page has no contact form (form id "inquiry-form")';
  const body = html.slice(open.index, html.indexOf('</form>', open.index));
  const action = attribute(open[0], 'action');
  if (!action) return 'the contact form has no address to post to';
  const inputs = [...body.matchAll(/<input\b[^>]*>/g)].map((match) => match[0]);
  const byName = (name: string) => inputs.filter((tag) => attribute(tag, 'name') === name);
  const careFor = byName('care_for')[0];
  const consent = byName('consent_version')[0];
  if (!careFor || !consent) return 'the contact form lacks its "who needs care" choices or its consent box';
  const hidden = inputs.filter((tag) => attribute(tag, 'type') === 'hidden' && !/\sdisabled/.test(tag) && attribute(tag, 'name'));
  return {
    action,
    fields: [
      ['name', 'Deploy check (test)'],
      ['phone', '(860) 555-0100'],
      ['care_for', attribute(careFor, 'value') ?? ''],
      ['message', "The deploy's test request (npm run deploy -- --verify). It is erased at once."],
      ['consent_version', attribute(consent, 'value') ?? ''],
      ...hidden.map((tag): [string, string] => [attribute(tag, 'name')!, attribute(tag, 'value') ?? '']),
      [FORM_GUARD.honeypot, ''],
      [ORIGIN_FIELDS.landingPage, '/contact/'],
    ],
  };
}

/** What a refusal of the post means to the owner, by the function's status. */
function refusal(env: Env, status: number, body: string, action: string, site: string): Finding {
  const message = (() => {
    try {
      return (JSON.parse(body) as { message?: string }).message;
    } catch {
      return undefined;
    }
  })();
  const said = message ? ` ("${message}")` : '';
  const logs = { settings: [], page: dashboard(env, '/functions') };
  if (status === 403) return { ...logs, settings: ['SITE_URL', 'ALLOWED_ORIGINS'], problem: `The contact function refused a post from ${site}${said}: it does not take ${site} for the site's own address.`, fix: "Set SITE_URL to the site's public address (exactly, with https://), run npm run deploy again (it passes SITE_URL to the functions)." };
  if (status === 404) return { ...logs, problem: `There is no contact function at ${action} (404).`, fix: 'Run npm run deploy again: its step "Deploy the Edge Functions" deploys submit-inquiry.' };
  if (status === 401) return { ...logs, problem: `The contact function asks for a key (401)${said}: it was deployed without the settings of supabase/config.toml.`, fix: 'Run npm run deploy again: it deploys the functions with supabase/config.toml, where the forms need no key.' };
  if (status === 400) return { ...logs, problem: `The contact function refused the test request as a family would fill it (400)${said}.`, fix: 'The functions and the site are from different builds: run npm run deploy again, so that both come from this one.' };
  if (status === 429) return { ...logs, problem: `The contact function refused the test request: too many posts from this machine this hour (429).`, fix: 'Wait an hour and run npm run deploy -- --verify again.' };
  return { ...logs, problem: `The contact function failed (${status || 'no answer'})${said}.`, fix: 'Open the function submit-inquiry in the Supabase dashboard (Edge Functions > submit-inquiry > Logs) to see why, put it right, and run npm run deploy again.' };
}

async function sendTestRequest(env: Env, timeout: number, result: CheckResult): Promise<StoredTest | undefined> {
  const site = new URL(setting(env, 'SITE_URL')!).origin;
  const project = withoutSlash(setting(env, 'VITE_SUPABASE_URL')!);
  const fail = (finding: Finding) => void result.findings.push(finding);

  const page = await get(env, `${site}/contact/`, timeout);
  if (typeof page === 'string' || page.status !== 200) {
    fail({ settings: ['SITE_URL'], problem: `The contact page ${site}/contact/ could not be read (${typeof page === 'string' ? page : page.status}).`, fix: 'See "Public pages" above.' });
    return undefined;
  }
  const form = readContactForm(await page.text());
  if (typeof form === 'string') {
    fail({ settings: [], problem: `The published ${form}.`, fix: 'Publish the site again with npm run deploy.' });
    return undefined;
  }
  if (new URL(form.action).origin !== new URL(project).origin) {
    fail({
      settings: ['VITE_SUPABASE_URL'],
      problem: `The contact form posts to ${new URL(form.action).origin}, not to the project in VITE_SUPABASE_URL (${project}).`,
      fix: 'The site was built for another project: run npm run deploy again with the right VITE_SUPABASE_URL.',
    });
    return undefined;
  }

  const service = serverClient(project, setting(env, 'SUPABASE_SERVICE_ROLE_KEY')!);
  const issued = await service.rpc('issue_test_request_token');
  if (issued.error || typeof issued.data !== 'string') {
    fail({
      settings: ['SUPABASE_SERVICE_ROLE_KEY'],
      problem: `The database would not give the deploy a test token: ${issued.error?.message ?? 'no token came back'}.`,
      fix: /Invalid API key|JWT|401/i.test(issued.error?.message ?? '')
        ? "Copy the project's service_role (secret) key into SUPABASE_SERVICE_ROLE_KEY (Project Settings > API Keys)."
        : 'Run npm run deploy again: it applies the migrations (supabase/migrations/20261129200000_test_requests.sql brings the test token).',
      page: dashboard(env, '/settings/api-keys'),
    });
    return undefined;
  }

  // As the page's script: the fill-time token first (GET ?fill-token, from the site's origin), then the post, no
  // sooner than a person could send it (MIN_FILL_MS), asking for JSON.
  const headers = { origin: site, referer: `${site}/contact/` };
  let fillToken = '';
  try {
    const answer = await fetch(`${form.action}?fill-token`, { headers, signal: AbortSignal.timeout(timeout) });
    if (answer.ok) fillToken = ((await answer.json()) as { token?: string }).token ?? '';
    else {
      fail(refusal(env, answer.status, await answer.text(), form.action, site));
      return undefined;
    }
  } catch (error) {
    fail({ settings: ['VITE_SUPABASE_URL'], problem: `The contact function at ${form.action} does not answer: ${(error as Error).message}.`, fix: 'Check VITE_SUPABASE_URL, and run npm run deploy again (it deploys the functions).' });
    return undefined;
  }
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS + 300));
  const body = new FormData();
  for (const [name, value] of form.fields) body.append(name, value);
  body.set(FORM_GUARD.fillToken, fillToken);
  let response: Response;
  try {
    response = await fetch(form.action, { method: 'POST', body, headers: { ...headers, accept: 'application/json', [TEST_REQUEST_HEADER]: issued.data }, signal: AbortSignal.timeout(timeout) });
  } catch (error) {
    fail({ settings: ['VITE_SUPABASE_URL'], problem: `The contact function at ${form.action} does not answer: ${(error as Error).message}.`, fix: 'Check VITE_SUPABASE_URL, and run npm run deploy again (it deploys the functions).' });
    return undefined;
  }
  const text = await response.text();
  const id = response.status === 201 ? ((JSON.parse(text) as { id?: string }).id ?? '') : '';
  if (!id) {
    fail(refusal(env, response.status, text, form.action, site));
    return undefined;
  }
  const stored: StoredTest = { id, service, marked: false };

  const row = await service.from('inquiries').select('deploy_test, spam_reason').eq('id', id).maybeSingle();
  const record = row.data as { deploy_test: boolean; spam_reason: string | null } | null;
  if (row.error || !record) {
    fail({ settings: [], problem: `The contact function answered "sent", but the request is not in the database${row.error ? ` (${row.error.message})` : ''}.`, fix: 'Open Edge Functions > submit-inquiry > Logs in the Supabase dashboard to see why.', page: dashboard(env, '/functions') });
    return stored;
  }
  stored.marked = record.deploy_test;
  if (!record.deploy_test) {
    // Unmarked, it is a request like any other: the service role's erasure of test requests will not take it, and
    // nothing here removes a real-looking record behind staff's back. An admin erases it as any record.
    fail({
      settings: [],
      problem: `The test request was stored as an ordinary request: the contact function did not recognise the deploy's test token. Staff see it in the dashboard as "Deploy check (test)".`,
      fix: 'Run npm run deploy again (it deploys the functions after the migrations). An admin can erase that request in the dashboard (open it, then Erase).',
    });
  }
  if (record.spam_reason !== null) {
    fail({ settings: [], problem: `The test request was filed as suspected spam: ${record.spam_reason}`, fix: 'A family sending the form the same way would be filed there too: check the functions and the site come from the same deploy (run npm run deploy again).' });
  }
  const history = await service.from('record_events').select('kind, deploy_test').eq('record_id', id);
  const events = (history.data ?? []) as Array<{ kind: string; deploy_test: boolean }>;
  // Unmarked, its history is unmarked too: said once, above.
  if (history.error || !events.some((event) => event.kind === 'created') || (record.deploy_test && events.some((event) => !event.deploy_test))) {
    fail({ settings: [], problem: `The test request's history is ${history.error ? `unreadable (${history.error.message})` : events.length ? 'not marked as the test' : 'missing'}.`, fix: 'Run npm run deploy again (it applies the migrations).' });
  }
  return stored;
}

/** The staff e-mail: sent (or, without a mail key, queued), marked as the test; and no reply to any sender. */
async function checkAnnounced(stored: StoredTest, mail: boolean, deadlineMs: number, result: CheckResult): Promise<void> {
  const until = Date.now() + deadlineMs;
  let rows: Array<{ status: string; acknowledgement: boolean; deploy_test: boolean; last_error: string | null }> = [];
  for (;;) {
    const read = await stored.service.from('notification_outbox').select('status, acknowledgement, deploy_test, last_error').eq('inquiry_id', stored.id);
    if (read.error) {
      result.findings.push({ settings: [], problem: `The notifications could not be read: ${read.error.message}.`, fix: 'Run npm run deploy again (it applies the migrations).' });
      return;
    }
    rows = read.data as typeof rows;
    const staff = rows.find((row) => !row.acknowledgement);
    if (staff && (staff.status !== 'pending' || !mail)) break;
    if (Date.now() > until) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const staff = rows.find((row) => !row.acknowledgement);
  if (rows.some((row) => row.acknowledgement)) {
    result.findings.push({ settings: [], problem: 'A reply to the sender was queued for the test request.', fix: 'Run npm run deploy again (it applies the migrations, which never answer the test).' });
  }
  if (!staff) {
    result.findings.push({ settings: [], problem: 'No staff e-mail was queued for the test request: staff would not hear of a new request.', fix: 'Run npm run deploy again (it applies the migrations, whose trigger queues the e-mail).' });
    return;
  }
  if (stored.marked && !staff.deploy_test) result.findings.push({ settings: [], problem: "The staff e-mail of the test request is not marked as the deploy's test.", fix: 'Run npm run deploy again (it applies the migrations).' });
  const seconds = Math.round(deadlineMs / 1000);
  if (mail && staff.status === 'pending') {
    result.findings.push({
      settings: ['MAIL_API_KEY'],
      problem: `The staff e-mail was not sent within ${seconds} seconds${staff.last_error ? `: ${staff.last_error}` : ' (it waits in the outbox)'}.`,
      fix: 'Check MAIL_API_KEY and that the sending domain (MAIL_FROM) is verified at the mail service; then run npm run deploy again (it passes them to the functions).',
      page: 'https://resend.com/domains',
    });
  } else if (staff.status === 'failed') {
    result.findings.push({
      settings: ['MAIL_API_KEY', 'MAIL_FROM', 'NOTIFY_TO'],
      problem: `The staff e-mail failed: ${staff.last_error ?? 'no reason given'}.`,
      fix: 'Put right what the mail service said (the key, the verified sending domain, the staff addresses), then run npm run deploy again.',
      page: 'https://resend.com/domains',
    });
  } else if (staff.status === 'sent') {
    result.passed.push('its staff e-mail was sent, saying it is the test');
  } else {
    result.passed.push('its staff e-mail is queued (no mail key: it waits in the outbox)');
  }
}

async function eraseTestRequest(stored: StoredTest, result: CheckResult): Promise<void> {
  const erased = await stored.service.rpc('erase_test_requests');
  // An unmarked one is not the test erasure's to take (see sendTestRequest, which said so).
  if (!stored.marked) return;
  const left = await stored.service.from('inquiries').select('id').eq('id', stored.id);
  const mails = await stored.service.from('notification_outbox').select('id').eq('inquiry_id', stored.id);
  if (erased.error || left.error || (left.data ?? []).length > 0 || (mails.data ?? []).length > 0) {
    result.findings.push({
      settings: [],
      problem: `The test request ${stored.id} could not be erased${erased.error ? `: ${erased.error.message}` : ''}. Staff cannot see it; it stays in the database.`,
      fix: 'Run npm run deploy -- --verify again: it erases every test request left behind.',
    });
    return;
  }
  result.passed.push(`then erased (${erased.data === 1 ? 'it is gone' : `it and ${Number(erased.data) - 1} left by an earlier run are gone`}; reports never counted it)`);
}

// ---------------------------------------------------------------------------------------------------------------
// Staff dashboard

async function checkDashboard(env: Env, timeout: number, testExists: boolean, result: CheckResult): Promise<void> {
  const site = new URL(setting(env, 'SITE_URL')!).origin;
  const page = await get(env, `${site}/admin/`, timeout);
  if (typeof page === 'string' || page.status !== 200) {
    result.findings.push({ settings: ['SITE_URL'], problem: `The staff dashboard ${site}/admin/ does not load (${typeof page === 'string' ? page : page.status}).`, fix: 'Publish the site again with npm run deploy.' });
  } else {
    const html = await page.text();
    // The page's program: its module script (the attributes in whatever order the build writes them).
    const tag = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]).find((candidate) => /\stype="module"/.test(candidate) && /\ssrc="/.test(candidate));
    const script = tag ? attribute(tag, 'src') : undefined;
    const loaded = script ? await get(env, new URL(script, `${site}/admin/`).href, timeout) : 'no script';
    if (typeof loaded === 'string' || loaded.status !== 200) {
      result.findings.push({ settings: [], problem: `The staff dashboard's page loads, but its program does not (${typeof loaded === 'string' ? loaded : `${script}: ${loaded.status}`}): nobody could sign in.`, fix: 'Publish the site again with npm run deploy (dist/client/assets must be published with the pages).' });
    } else {
      await loaded.arrayBuffer().catch(() => undefined);
      result.passed.push('/admin/ loads with its sign-in');
    }
  }

  // A visitor's read, with the key built into the site: refused (no grant), or no rows (row level security).
  const anon = serverClient(withoutSlash(setting(env, 'VITE_SUPABASE_URL')!), setting(env, 'VITE_SUPABASE_ANON_KEY')!);
  const readable: string[] = [];
  for (const table of ['inquiries', 'job_applications']) {
    const read = await anon.from(table).select('id').limit(5);
    if (read.error) {
      // permission denied (42501, "permission denied for table ...", answered 401 or 403 with {code, message}:
      // https://docs.postgrest.org/en/latest/references/errors.html and
      // https://supabase.com/docs/guides/troubleshooting/database-api-42501-errors): what a visitor must get.
      // Anything else says the key or the project is wrong.
      if (read.error.code === '42501') continue;
      result.findings.push({
        settings: ['VITE_SUPABASE_ANON_KEY'],
        problem: `A visitor's read of ${table} could not be tried: ${read.error.message}.`,
        fix: "Copy the project's anon (publishable) key into VITE_SUPABASE_ANON_KEY (Project Settings > API Keys) and run npm run deploy again.",
        page: dashboard(env, '/settings/api-keys'),
      });
      continue;
    }
    if ((read.data ?? []).length > 0) readable.push(table);
  }
  if (readable.length) {
    result.findings.push({
      settings: [],
      problem: `Anyone can read ${readable.join(' and ')} with the site's public key: families' and applicants' personal details are open to the world.`,
      fix: 'Turn row level security back on for these tables and remove any policy that lets anon read them (Database > Policies), or run npm run deploy again; then check again at once.',
      page: dashboard(env, '/auth/policies'),
    });
  } else if (!result.findings.some((finding) => finding.problem.startsWith("A visitor's read"))) {
    result.passed.push(`a visitor's read of inquiries and job_applications gets nothing${testExists ? ' (while the test request exists)' : ''}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Schedules

/** What a schedule does, in the owner's words. */
const SCHEDULE_WORDS: Record<string, string> = {
  'retention-purge': 'erases records past their keeping time',
  notify: 'sends the e-mails waiting in the outbox',
  'overdue-digest': 'sends the daily list of overdue inquiries',
};

function checkSchedules(env: Env, psql: string, result: CheckResult): void {
  let pg: Record<string, string>;
  try {
    pg = pgEnvironment(setting(env, 'SUPABASE_DB_URL')!);
  } catch (error) {
    result.findings.push({ settings: ['SUPABASE_DB_URL'], problem: (error as Error).message, fix: 'Copy the connection string under Connect > Session pooler in the Supabase dashboard.', page: dashboard(env, '?showConnect=true') });
    return;
  }
  // libpq reads a socket folder written into the URL percent-encoded (postgresql://%2Ftmp%2Fpg/...): as a variable
  // it must be plain. A host name has nothing to decode.
  pg.PGHOST = decodeURIComponent(pg.PGHOST!);
  // One line of JSON, whatever the commands hold (jsonb_agg writes no line breaks between the jobs).
  const sql = "select coalesce(jsonb_agg(jsonb_build_object('job', jobname, 'cron', schedule, 'active', active, 'command', command)), '[]') from cron.job";
  const { SUPABASE_DB_URL: _url, SUPABASE_SERVICE_ROLE_KEY: _key, ...rest } = process.env;
  const run = spawnSync(psql, ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-c', sql], { env: { ...rest, ...pg }, encoding: 'utf8', timeout: 30_000 });
  if (run.error) {
    result.findings.push({
      settings: [],
      problem: `psql could not be started (${(run.error as NodeJS.ErrnoException).code ?? run.error.message}), so the schedules were not checked.`,
      fix: "Install PostgreSQL's client, version 15 or later (on GitHub's runners: sudo apt-get install postgresql-client).",
    });
    return;
  }
  if (run.status !== 0) {
    const said = run.stderr.trim().replace(/^psql: (error: )?/i, '');
    const noCron = /cron\.job|schema "cron"/i.test(said);
    result.findings.push({
      settings: noCron ? [] : ['SUPABASE_DB_URL'],
      problem: noCron ? 'The schedules are not set up: the database has no pg_cron.' : `The database could not be read: ${said}`,
      fix: noCron
        ? 'Run npm run deploy again: its step "Schedule the calls" turns on pg_cron and adds them.'
        : 'Check SUPABASE_DB_URL: the Session pooler\'s connection string with the password inside (Connect in the Supabase dashboard).',
      page: noCron ? dashboard(env, '/integrations/cron/overview') : dashboard(env, '?showConnect=true'),
    });
    return;
  }
  const jobs = JSON.parse(run.stdout.trim() || '[]') as Array<{ job: string | null; cron: string; active: boolean; command: string }>;
  for (const schedule of SCHEDULES) {
    const job = jobs.find((candidate) => candidate.job === schedule.job);
    const what = `The schedule "${schedule.job}" (it ${SCHEDULE_WORDS[schedule.job] ?? `calls ${schedule.path}`})`;
    const again = 'Run npm run deploy again: its step "Schedule the calls" sets every schedule as it should be.';
    const page = dashboard(env, '/integrations/cron/jobs');
    if (!job) result.findings.push({ settings: [], problem: `${what} is missing.`, fix: again, page });
    else if (job.cron !== schedule.cron) result.findings.push({ settings: [], problem: `${what} runs at "${job.cron}" instead of "${schedule.cron}".`, fix: again, page });
    else if (!job.active) result.findings.push({ settings: [], problem: `${what} is paused.`, fix: `Turn it on again (Integrations > Cron in the Supabase dashboard), or ${again[0]!.toLowerCase()}${again.slice(1)}`, page });
    else if (!job.command.includes(`'${schedule.path}'`)) result.findings.push({ settings: [], problem: `${what} does not call ${schedule.path}.`, fix: again, page });
  }
  if (!result.findings.length) result.passed.push(SCHEDULES.map(({ job, cron }) => `${job} "${cron}"`).join(', '));
}
