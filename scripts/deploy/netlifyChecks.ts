/**
 * The preflight's Netlify check: NETLIFY_AUTH_TOKEN opens the site NETLIFY_SITE_ID names, and SITE_URL's host is
 * one of that site's domains (otherwise the deploy publishes to a site the address does not lead to).
 *
 * One call: GET /api/v1/sites/{site_id} with `Authorization: Bearer <token>` (Netlify's API reference, operation
 * getSite: https://open-api.netlify.com/#tag/site/operation/getSite; the definition in
 * https://github.com/netlify/open-api/blob/master/swagger.yml). It answers 200 with the site (id, name, url,
 * ssl_url, custom_domain, domain_aliases, admin_url ...), or an error `{ "code": <status>, "message": "..." }`:
 * 401 for a token Netlify does not know, 404 for a site that token cannot see.
 */
import { askService, field, notReached, serviceTrouble, unexpectedAnswer, type Service } from './askService.ts';
import { serviceApis, type CheckResult, type Finding } from './findings.ts';

const TITLE = 'Netlify site';
const TOKENS_PAGE = 'https://app.netlify.com/user/applications#personal-access-tokens';
const SITES_PAGE = 'https://app.netlify.com/';
const REAL_API = 'https://api.netlify.com';

/** What the check reads of Netlify's site object (the `site` definition of the API reference). */
export interface NetlifySite {
  id: string;
  name: string;
  url?: string;
  ssl_url?: string;
  custom_domain?: string | null;
  domain_aliases?: string[] | null;
  admin_url?: string;
}

const value = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;

function netlifyService(env: NodeJS.ProcessEnv): Service {
  const api = serviceApis(env).netlify;
  return { name: 'Netlify', api, urlSetting: 'NETLIFY_API_URL', moved: api !== REAL_API, statusPage: 'https://www.netlifystatus.com' };
}

/** The site's page in Netlify's dashboard: its admin_url, or the address Netlify gives every site by its name. */
export function sitePage(site: Pick<NetlifySite, 'name' | 'admin_url'>): string {
  return (site.admin_url || `https://app.netlify.com/sites/${site.name}`).replace(/\/+$/, '');
}

/** Where a domain is added to the site: Domain management. */
export const domainPage = (site: Pick<NetlifySite, 'name' | 'admin_url'>) => `${sitePage(site)}/domain-management`;

/** Every host name the site answers to: its custom domain, its aliases, and its own <name>.netlify.app. */
export function siteHosts(site: NetlifySite): string[] {
  const hosts = [site.custom_domain, ...(site.domain_aliases ?? []), `${site.name}.netlify.app`];
  for (const address of [site.url, site.ssl_url]) {
    try {
      if (address) hosts.push(new URL(address).hostname);
    } catch {
      // An address Netlify gave that does not parse adds no name.
    }
  }
  return [...new Set(hosts.filter((host): host is string => !!host).map(normalHost))];
}

const normalHost = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

type SiteAnswer = { site: NetlifySite } | { finding: Finding };

/** Asks Netlify for the site: the site, or the finding that says why it could not be had. */
async function getSite(env: NodeJS.ProcessEnv, token: string, siteId: string): Promise<SiteAnswer> {
  const service = netlifyService(env);
  const answer = await askService(`${service.api}/api/v1/sites/${encodeURIComponent(siteId)}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  if ('unreachable' in answer) return { finding: notReached(service, answer.unreachable) };
  const trouble = serviceTrouble(service, answer);
  if (trouble) return { finding: trouble };
  if (answer.status === 200 && field(answer.body, 'name')) return { site: answer.body as NetlifySite };
  if (answer.status === 401) {
    return {
      finding: {
        settings: ['NETLIFY_AUTH_TOKEN'],
        problem: 'Netlify refused the token in NETLIFY_AUTH_TOKEN: it is mistyped, has expired, or was deleted.',
        fix: 'In Netlify, open User settings > Applications > Personal access tokens, make a new token (New access token), and put it in NETLIFY_AUTH_TOKEN.',
        page: TOKENS_PAGE,
      },
    };
  }
  if (answer.status === 404) {
    return {
      finding: {
        settings: ['NETLIFY_SITE_ID'],
        problem: `Netlify has no site with the id "${siteId}" that this token can open (NETLIFY_SITE_ID).`,
        fix: "Open your site in Netlify and copy its Site ID from Site configuration > General > Site details (a long id like 1a2b3c4d-...) into NETLIFY_SITE_ID. If it is already that, the token belongs to an account that is not a member of the site's team: make the token while signed in as one.",
        page: SITES_PAGE,
      },
    };
  }
  if (answer.status === 403) {
    return {
      finding: {
        settings: ['NETLIFY_AUTH_TOKEN', 'NETLIFY_SITE_ID'],
        problem: `Netlify knows the token but does not let it open the site "${siteId}" (403).`,
        fix: "Make the token (User settings > Applications > Personal access tokens) while signed in as a member of the team that owns the site, with a role that may deploy, and put it in NETLIFY_AUTH_TOKEN.",
        page: TOKENS_PAGE,
      },
    };
  }
  return { finding: unexpectedAnswer(service, answer, ['NETLIFY_AUTH_TOKEN', 'NETLIFY_SITE_ID']) };
}

/**
 * The site NETLIFY_SITE_ID names, when the token opens it; undefined otherwise (checkNetlify says why). For the other
 * checks' messages: the address check names the site's Domain management page.
 */
export async function netlifySite(env: NodeJS.ProcessEnv): Promise<NetlifySite | undefined> {
  const token = value(env, 'NETLIFY_AUTH_TOKEN');
  const siteId = value(env, 'NETLIFY_SITE_ID');
  if (!token || !siteId) return undefined;
  const answer = await getSite(env, token, siteId);
  return 'site' in answer ? answer.site : undefined;
}

/** The Netlify check: the token, the site, and SITE_URL's host among the site's domains. Only settings that are set. */
export async function checkNetlify(env: NodeJS.ProcessEnv): Promise<CheckResult[]> {
  const token = value(env, 'NETLIFY_AUTH_TOKEN');
  const siteId = value(env, 'NETLIFY_SITE_ID');
  // Without both there is nothing to ask: the preflight lists the missing one itself.
  if (!token || !siteId) return [];
  const answer = await getSite(env, token, siteId);
  if ('finding' in answer) return [{ title: TITLE, findings: [answer.finding], passed: [] }];
  const { site } = answer;
  const hosts = siteHosts(site);
  const passed = [`the token opens site "${site.name}" (${site.ssl_url || site.url || `${site.name}.netlify.app`})`];
  const findings: Finding[] = [];
  const siteUrl = value(env, 'SITE_URL');
  let host: string | undefined;
  try {
    host = siteUrl ? normalHost(new URL(siteUrl).hostname) : undefined;
  } catch {
    // An address that does not parse is the address check's to report.
  }
  if (host && !hosts.includes(host)) {
    findings.push({
      settings: ['SITE_URL', 'NETLIFY_SITE_ID'],
      problem: `SITE_URL's domain ${host} is not a domain of the Netlify site "${site.name}" (its domains: ${hosts.join(', ')}), so visitors to ${host} would not see what the deploy publishes.`,
      fix: `Add your domain to this Netlify site under Domain management (Add a domain, then type ${host}). If ${host} belongs to another of your Netlify sites, put that site's id in NETLIFY_SITE_ID instead.`,
      page: domainPage(site),
    });
  } else if (host) {
    passed.push(`${host} is one of its domains`);
  }
  return [{ title: TITLE, findings, passed }];
}
