/**
 * The preflight's address check: SITE_URL is https, and its name resolves on the public DNS to addresses a visitor
 * can reach. The rules for what no visitor can reach are the launch check's (src/launchAddress.ts); this asks the
 * DNS for the name's actual addresses, A and AAAA, with node:dns's Resolver: the system's DNS servers, or those
 * DEPLOY_DNS_SERVERS names (comma-separated ip:port), so that a rehearsal can answer from a local server
 * (rehearsal/dnsFake.ts). The Resolver reads no /etc/hosts: a name this computer alone knows does not pass.
 */
import { Resolver } from 'node:dns/promises';
import { resolvedHostProblem, unreachableHost, type Lookup } from '../../src/launchAddress.ts';
import type { CheckResult, Finding } from './findings.ts';
import { domainPage, netlifySite } from './netlifyChecks.ts';

const TITLE = 'Site address';
const NETLIFY_DNS_DOCS = 'https://docs.netlify.com/domains-https/custom-domains/configure-external-dns/';
/** The resolver's answers that mean the name has no address (rather than that the DNS could not be asked). */
const NO_ADDRESS = new Set(['ENOTFOUND', 'ENODATA', 'no address']);

/** DEPLOY_DNS_SERVERS as a list, or undefined for the system's servers. */
export function dnsServers(env: NodeJS.ProcessEnv): string[] | undefined {
  const servers = env.DEPLOY_DNS_SERVERS?.split(',').map((server) => server.trim()).filter((server) => server !== '');
  return servers?.length ? servers : undefined;
}

/** A Lookup (src/launchAddress.ts) that asks the DNS servers for A and AAAA records, as a visitor's resolver would. */
export function dnsLookup(servers?: string[]): Lookup {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (servers) resolver.setServers(servers);
  return async (hostname) => {
    const [four, six] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    const addresses = [four, six].flatMap((result) => (result.status === 'fulfilled' ? result.value : [])).map((address) => ({ address }));
    if (addresses.length) return addresses;
    // Neither has an address: say why, preferring "no such name" over "no record of this type".
    const reasons = [four, six].flatMap((result) => (result.status === 'rejected' ? [result.reason as NodeJS.ErrnoException] : []));
    const reason = reasons.find((error) => error.code !== 'ENODATA') ?? reasons[0];
    if (reason) throw reason;
    return [];
  };
}

/** The records a custom domain needs at the registrar, as Netlify's "Configure external DNS" page gives them. */
function recordsToAdd(host: string, siteName: string | undefined): string {
  const target = siteName ? `${siteName}.netlify.app` : 'your-site.netlify.app (your Netlify site\'s own address)';
  const bare = host.split('.').length === 2;
  return bare
    ? `for the bare domain ${host}, an A record pointing to Netlify's load balancer, 75.2.60.5 (or, where the registrar offers it, an ALIAS or ANAME record to apex-loadbalancer.netlify.com)`
    : `for ${host}, a CNAME record pointing to ${target}`;
}

export async function checkSiteAddress(env: NodeJS.ProcessEnv, options: { servers?: string[] } = {}): Promise<CheckResult[]> {
  const siteUrl = env.SITE_URL?.trim();
  if (!siteUrl) return [];
  const result = (findings: Finding[], passed: string[] = []): CheckResult[] => [{ title: TITLE, findings, passed }];
  let url: URL;
  try {
    url = new URL(siteUrl);
  } catch {
    return result([{ settings: ['SITE_URL'], problem: `SITE_URL is not a web address (found "${siteUrl}").`, fix: "Write the site's public address in full, e.g. https://www.your-agency.com." }]);
  }
  const host = url.hostname.replace(/\.$/, '');
  const findings: Finding[] = [];
  if (url.protocol !== 'https:') {
    findings.push({ settings: ['SITE_URL'], problem: `SITE_URL begins ${url.protocol}// (${siteUrl}): the site must be https, or browsers warn visitors and the forms' pages are sent unencrypted.`, fix: `Write it with https://, e.g. https://${url.host}. Netlify gives every domain a certificate for free.` });
  }
  const unreachable = unreachableHost(url.hostname);
  if (unreachable) {
    findings.push({ settings: ['SITE_URL'], problem: `SITE_URL's name ${host} is ${unreachable}, which no visitor on the internet can reach.`, fix: "Set SITE_URL to the site's public address, e.g. https://www.your-agency.com." });
    return result(findings);
  }

  const seen: string[] = [];
  const lookup = dnsLookup(options.servers ?? dnsServers(env));
  const problem = await resolvedHostProblem(host, async (name) => {
    const addresses = await lookup(name);
    seen.push(...addresses.map(({ address }) => address));
    return addresses;
  });
  // The Netlify site, when the settings name one, for its own records and Domain management page.
  const site = problem && !('unresolved' in problem && !NO_ADDRESS.has(problem.unresolved)) ? await netlifySite(env).catch(() => undefined) : undefined;
  if (problem && 'unresolved' in problem && NO_ADDRESS.has(problem.unresolved)) {
    findings.push({
      settings: ['SITE_URL'],
      problem: `${host} has no address on the internet yet (the DNS answers ${problem.unresolved}): the domain is not pointed at the site's host, so visitors would find nothing there.`,
      fix: `At your domain's registrar (where the domain was bought), add the record Netlify gives for a custom domain: ${recordsToAdd(host, site?.name)}. Netlify's Domain management lists the exact records for your site; new records can take up to a day to be seen everywhere.`,
      page: site ? domainPage(site) : NETLIFY_DNS_DOCS,
    });
  } else if (problem && 'unresolved' in problem) {
    findings.push({
      settings: options.servers || dnsServers(env) ? ['DEPLOY_DNS_SERVERS'] : [],
      problem: `The DNS could not be asked where ${host} points (${problem.unresolved}).`,
      fix: "Check this computer's internet connection (and DEPLOY_DNS_SERVERS, if set) and run the check again.",
    });
  } else if (problem) {
    findings.push({
      settings: ['SITE_URL'],
      problem: `${host} points at ${problem.address}, ${problem.reason}, which no visitor on the internet can reach.`,
      fix: `At your domain's registrar, replace that record with the one Netlify gives for a custom domain: ${recordsToAdd(host, site?.name)}.`,
      page: site ? domainPage(site) : NETLIFY_DNS_DOCS,
    });
  }
  return result(findings, findings.length ? [] : [`${host} resolves publicly (${[...new Set(seen)].join(', ')})`]);
}
