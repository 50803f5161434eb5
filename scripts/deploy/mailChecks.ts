/**
 * The preflight's mail check: MAIL_API_KEY is a key the mail service accepts, and the domain of the address the
 * e-mails come from (MAIL_FROM, or content/site.yaml's `notifications.from`) is verified there. A domain that is
 * not verified is the quiet failure: the site launches, and every e-mail is refused.
 *
 * One call: GET /domains with `Authorization: Bearer <key>` (Resend's List Domains,
 * https://resend.com/docs/api-reference/domains/list-domains; the `ListDomainsResponse` of
 * https://github.com/resend/resend-openapi): 200 `{ "object": "list", "has_more": false, "data": [{ "id", "name",
 * "status", "created_at", "region" }] }`, all domains in one answer when no `limit` is given. The statuses
 * (https://resend.com/docs/dashboard/domains/introduction): not_started, pending, verified, failed,
 * temporary_failure (the API reference also lists partially_verified and partially_failed). Errors
 * (https://resend.com/docs/api-reference/errors) come as `{ "statusCode", "name", "message" }`: 401
 * `restricted_api_key` for a sending-only key (it may send, not list domains), `missing_api_key`; a key Resend
 * does not know is `validation_error` "API key is invalid" (400 on every endpoint but sending, 401 on sending) in
 * the page's current text, `invalid_api_key` 403 in its earlier one: both are read as a refused key.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mailSender as functionsMailSender } from '../../supabase/functions/_shared/functionEnv.ts';
import { parseYamlSource } from '../../src/content/source.ts';
import { siteSchema } from '../../src/content/schemas/site.ts';
import { askService, field, notReached, serviceTrouble, unexpectedAnswer, type Service } from './askService.ts';
import { serviceApis, type CheckResult, type Finding } from './findings.ts';

const TITLE = 'Mail';
const RESEND_API = 'https://api.resend.com';
const DOMAINS_PAGE = 'https://resend.com/domains';
const KEYS_PAGE = 'https://resend.com/api-keys';

/**
 * The address the form functions send from, found as they find it: MAIL_FROM when set, else content/site.yaml's
 * `notifications.from` (the functions' mailEnvironment reads the same through the same helper, mailSender in
 * supabase/functions/_shared/functionEnv.ts). Empty when neither gives one.
 */
export function mailSender(root: string, env: NodeJS.ProcessEnv): string {
  return functionsMailSender({ get: (name) => env[name] }, contentSender(root));
}

/** site.yaml's `notifications.from`, read with the content's own parser and schema; empty when it has none. */
function contentSender(root: string): string {
  const file = path.join(root, 'content', 'site.yaml');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return '';
  }
  const data = parseYamlSource('content/site.yaml', text).data as { notifications?: unknown } | undefined;
  const notifications = siteSchema.shape.notifications.safeParse(data?.notifications);
  return notifications.success ? notifications.data.from : '';
}

/** Whether the sender came from MAIL_FROM (the setting to change) or from the content. */
const senderSetting = (env: NodeJS.ProcessEnv) => (env.MAIL_FROM?.trim() ? 'MAIL_FROM' : 'MAIL_FROM (or notifications.from in content/site.yaml)');

interface ResendDomain {
  name: string;
  status: string;
}

/** What each status means to the owner and what to do, as Resend's Domains page explains them. */
function unverified(domain: ResendDomain, sender: string, setting: string): Finding {
  const name = domain.name;
  const why: Record<string, [string, string]> = {
    not_started: [`${name} is added at the mail service, but its check was never started, so nothing can be sent from ${sender}.`, `Open ${name} on Resend's Domains page, put the DNS records it lists at your domain's registrar, then click Verify DNS Records.`],
    pending: [`${name} is still being checked by the mail service (pending): until it is verified, nothing can be sent from ${sender}.`, `Make sure the DNS records Resend lists for ${name} are at your domain's registrar exactly as given. Resend keeps checking for up to 72 hours; run this check again once the page says Verified.`],
    failed: [`The mail service could not find ${name}'s DNS records within 72 hours (failed), so nothing can be sent from ${sender}.`, `Put the DNS records Resend lists for ${name} at your domain's registrar exactly as given (a mistyped name or value is the usual cause), then click Verify DNS Records again.`],
    temporary_failure: [`${name} was verified, but the mail service can no longer find its DNS records (temporary failure): sending from ${sender} stops if they are not back within 72 hours.`, `Check that the DNS records Resend lists for ${name} are still at your domain's registrar (a change of DNS host often drops them) and put back any that are missing.`],
  };
  const [problem, fix] = why[domain.status] ?? [
    `${name} is "${domain.status}" at the mail service, not verified, so e-mails from ${sender} may be refused.`,
    `Open ${name} on Resend's Domains page and do what it asks until it says Verified.`,
  ];
  return { settings: [setting], problem, fix, page: DOMAINS_PAGE };
}

function refusedKey(): Finding {
  return {
    settings: ['MAIL_API_KEY'],
    problem: 'The mail service refused the key in MAIL_API_KEY: it is mistyped, or the key was deleted.',
    fix: "Make a new key on Resend's API Keys page (Create API Key) and put it in MAIL_API_KEY. Full access lets this check also see whether your sending domain is verified.",
    page: KEYS_PAGE,
  };
}

/**
 * The mail check, run only when MAIL_API_KEY is set (whether it must be is the preflight's own question).
 * `site.mailFrom` is the sender the functions will use: mailSender(root, env).
 */
export async function checkMail(env: NodeJS.ProcessEnv, site: { mailFrom: string }): Promise<CheckResult[]> {
  const key = env.MAIL_API_KEY?.trim();
  if (!key) return [];
  const api = serviceApis(env).mail;
  const isResend = api === RESEND_API;
  const service: Service = {
    name: isResend ? 'The mail service (Resend)' : 'The mail service',
    api,
    urlSetting: 'MAIL_API_URL',
    moved: !isResend,
    statusPage: 'https://resend-status.com',
  };
  const setting = senderSetting(env);
  const sender = site.mailFrom.trim();
  const domain = sender.slice(sender.lastIndexOf('@') + 1).toLowerCase();
  const result = (findings: Finding[], passed: string[] = []): CheckResult[] => [{ title: TITLE, findings, passed }];
  if (!sender.includes('@') || !domain) {
    return result([{ settings: [setting], problem: `The e-mails have no sender address to come from (found "${sender}").`, fix: 'Set MAIL_FROM to an address on your own domain, e.g. notifications@your-agency.com, or write it as notifications.from in content/site.yaml.' }]);
  }

  const answer = await askService(`${api}/domains`, { headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' } });
  if ('unreachable' in answer) return result([notReached(service, answer.unreachable)]);
  const trouble = serviceTrouble(service, answer);
  if (trouble) return result([trouble]);
  const name = field(answer.body, 'name');
  const message = field(answer.body, 'message') ?? '';

  if (answer.status === 401 && name === 'restricted_api_key') {
    return result([], [
      'MAIL_API_KEY is accepted, as a sending-only key',
      `whether ${domain} (the domain of ${sender}) is verified could not be checked with a sending-only key: look on Resend's Domains page (${DOMAINS_PAGE}) that it says Verified, or give the check a Full access key`,
    ]);
  }
  const keyRefused = answer.status === 401 || answer.status === 403 || (answer.status === 400 && /api key/i.test(message));
  if (keyRefused) return result([refusedKey()]);
  if (!isResend && (answer.status === 404 || answer.status === 405)) {
    // A service that takes Resend's sending request but has no list of domains: only the sending itself could tell.
    return result([], [
      `${api} is not Resend's API and has no list of domains (GET /domains answered ${answer.status}), so neither MAIL_API_KEY nor whether ${domain} is verified could be checked here: check both in that service's own dashboard`,
    ]);
  }
  const list = (answer.body as { data?: unknown } | undefined)?.data;
  if (answer.status !== 200 || !Array.isArray(list)) return result([unexpectedAnswer(service, answer, ['MAIL_API_KEY'])]);

  const domains = list.filter((item): item is ResendDomain => !!field(item, 'name') && !!field(item, 'status'));
  const found = domains.find((item) => item.name.toLowerCase() === domain);
  if (!found) {
    const have = domains.length ? `it has ${domains.map((item) => `${item.name} (${item.status})`).join(', ')}` : 'it has none yet';
    return result([
      {
        settings: [setting],
        problem: `The e-mails come from ${sender}, but ${domain} is not among the mail service's domains (${have}), so every e-mail would be refused.`,
        fix: `On Resend's Domains page, click Add Domain and enter ${domain}, put the DNS records it lists at your domain's registrar, then click Verify DNS Records. Or set MAIL_FROM to an address on a domain that is already verified there.`,
        page: DOMAINS_PAGE,
      },
    ]);
  }
  if (found.status !== 'verified') return result([unverified(found, sender, setting)]);
  return result([], ['MAIL_API_KEY is accepted', `${domain}, the domain of the sender ${sender}, is verified`]);
}
