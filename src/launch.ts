/**
 * The launch check: what must be put right before the site goes live. `npm run check -- --launch` runs it, and
 * so does every build with a production signal (src/launchHosts.ts), which then fails listing all of it:
 * - every value content marks `!placeholder` (src/content/source.ts): the agency's name, phone, e-mail and
 *   registration number (the spec's, until the agency confirms its own), the
 *   site's origin, the form provider's ids, the figures on /about whose source the agency has yet to confirm;
 * - every value reserved to be fictional, tagged or not (src/content/reservedValues.ts): 555-01xx numbers,
 *   example.com addresses, .test/.invalid/.example/.localhost hosts;
 * - a backend that cannot be production: VITE_SUPABASE_URL unset (the forms would post to the local stand-in),
 *   plain http, or a host no visitor can reach (src/launchAddress.ts: this machine in any spelling, a private or
 *   local network); VITE_SUPABASE_ANON_KEY unset, the stand-in's demo key, or anything but the project's public
 *   key (src/supabaseKey.ts: a service_role JWT or an sb_secret_ key would be built into every visitor's page);
 * - a site origin (SITE_URL, or siteUrl in site.yaml) that is plain http or that no visitor can reach.
 * A rehearsal of the deploy (src/deployRehearsal.ts, every service on this machine) takes the stand-in for the backend.
 * Each is a ContentProblem, so it reads like every other content message: the file, line and field, or the
 * variable's name. A secret key is also refused by every build, production or not, before anything is bundled
 * (scripts/build.ts, `secretsInBrowserVariables`).
 */
import type { Content } from './content/content.ts';
import { hasPlaceholder, SITE_FILE } from './content/placeholders.ts';
import { formatProblem, sortProblems, type ContentProblem } from './content/problems.ts';
import { reservedValueMessage, type ReservedValue } from './content/reservedValues.ts';
import { readServerEnv } from './env.ts';
import { resolvedHostProblem, unreachableHost, type Lookup } from './launchAddress.ts';
import { LOCAL_ANON_KEY, LOCAL_SUPABASE_URL } from './localBackend.ts';
import { guideSection } from './guides.ts';
import { anonKeyProblem } from './supabaseKey.ts';
import { rehearsing } from './deployRehearsal.ts';

/** What the launch check reads of the content: its placeholders, the reserved values in its files, the site's origin. */
export interface LaunchContent extends Pick<Content, 'site' | 'placeholders'> {
  /** src/content/reservedValues.ts `reservedValues(root)`. */
  reservedValues: readonly ReservedValue[];
}

/** What is wrong with an address for production, or undefined. */
function addressProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `expected an https address, found "${value}"`;
  }
  const unreachable = unreachableHost(url.hostname);
  if (unreachable === 'this machine') return `points at this machine (${value}), which no visitor can reach`;
  if (unreachable) return `points at ${unreachable} (${value}), which no visitor on the internet can reach`;
  if (url.protocol !== 'https:') return `expected an https address, found ${url.protocol.slice(0, -1)} (${value}): requests would travel unencrypted and browsers would block them from an https page`;
  return undefined;
}

export function launchProblems(content: LaunchContent, env: NodeJS.ProcessEnv = process.env): ContentProblem[] {
  const problems: ContentProblem[] = content.placeholders.map(({ file, line, column, path, value }) => ({
    file,
    line,
    column,
    path,
    message: `a placeholder ("${value}"): write the agency's own in its place, without !placeholder`,
  }));
  for (const found of content.reservedValues) {
    problems.push({ file: found.file, line: found.line, column: found.column, path: found.path, message: reservedValueMessage(found) });
  }

  const supabaseUrl = env.VITE_SUPABASE_URL?.trim();
  if (!supabaseUrl) {
    problems.push({ file: 'VITE_SUPABASE_URL', path: [], message: `not set: the forms would post to the local stand-in (${LOCAL_SUPABASE_URL}) and every request would be lost. Set it to the Supabase project's URL, https://<project>.supabase.co` });
  } else if (!rehearsing(env)) {
    // A rehearsal's project is the stand-in on this machine (src/deployRehearsal.ts); never a real deploy's.
    const wrong = addressProblem(supabaseUrl);
    if (wrong) problems.push({ file: 'VITE_SUPABASE_URL', path: [], message: `${wrong}. Set it to the Supabase project's URL, https://<project>.supabase.co` });
  }
  const anonKey = env.VITE_SUPABASE_ANON_KEY?.trim();
  if (!anonKey) problems.push({ file: 'VITE_SUPABASE_ANON_KEY', path: [], message: "not set: the dashboard could not reach the project. Set it to the project's anon (public) key, from its API settings" });
  else if (anonKey === LOCAL_ANON_KEY && !rehearsing(env)) problems.push({ file: 'VITE_SUPABASE_ANON_KEY', path: [], message: "is the local stand-in's public demo key. Set it to the project's own anon key, from its API settings" });
  else {
    const wrongKey = anonKeyProblem(anonKey);
    if (wrongKey) problems.push({ file: 'VITE_SUPABASE_ANON_KEY', path: [], message: wrongKey });
  }

  let origin: string | undefined;
  try {
    origin = readServerEnv(env).SITE_URL ?? content.site.siteUrl;
  } catch (error) {
    problems.push({ file: 'SITE_URL', path: [], message: (error as Error).message });
  }
  // A siteUrl still marked !placeholder is listed as one already.
  const originPlaceholder = !env.SITE_URL?.trim() && hasPlaceholder(content.placeholders, SITE_FILE, ['siteUrl']);
  const wrongOrigin = origin === undefined || originPlaceholder ? undefined : addressProblem(origin);
  if (wrongOrigin) problems.push(env.SITE_URL?.trim() ? { file: 'SITE_URL', path: [], message: wrongOrigin } : { file: 'content/site.yaml', path: ['siteUrl'], message: wrongOrigin });
  return problems;
}

/** The problems as one message: the content's in file order, then the environment's. */
export function launchReport(problems: ContentProblem[]): string {
  const inFiles = sortProblems(problems.filter((problem) => problem.file.includes('/')));
  const inEnvironment = problems.filter((problem) => !problem.file.includes('/'));
  const count = problems.length === 1 ? '1 thing' : `${problems.length} things`;
  return `Not ready to launch: ${count} to put right first.\n${[...inFiles, ...inEnvironment].map((problem) => formatProblem(problem).replace(/^/gm, '  ')).join('\n')}\nWhy each one matters and how to put it right: ${guideSection('launchCheck')}.`;
}

/**
 * The launch check's look at DNS, where the network can be asked (`npm run check -- --launch --resolve`, which the
 * deploy runs first): each production address (the backend, the site's origin) that passed the check by its name is
 * resolved, and one whose name points at this machine or a private network is refused like the literal address.
 * A name that does not resolve yet is only a warning: the site's own domain is often pointed at the host after the
 * first deploy.
 */
export async function resolvedAddressProblems(content: Pick<Content, 'site'>, env: NodeJS.ProcessEnv = process.env, lookup?: Lookup): Promise<{ problems: ContentProblem[]; warnings: string[] }> {
  const problems: ContentProblem[] = [];
  const warnings: string[] = [];
  let origin: string | undefined;
  try {
    origin = readServerEnv(env).SITE_URL ?? content.site.siteUrl;
  } catch {
    // Reported by launchProblems.
  }
  const checked: Array<{ file: string; path: string[]; value: string | undefined; fix: string }> = [
    { file: 'VITE_SUPABASE_URL', path: [], value: env.VITE_SUPABASE_URL?.trim(), fix: "Set it to the Supabase project's URL, https://<project>.supabase.co" },
    env.SITE_URL?.trim()
      ? { file: 'SITE_URL', path: [], value: origin, fix: "Set it to the site's public address" }
      : { file: 'content/site.yaml', path: ['siteUrl'], value: origin, fix: "Write the site's public address" },
  ];
  for (const { file, path, value, fix } of checked) {
    if (!value || addressProblem(value)) continue;
    const host = new URL(value).hostname;
    const found = await resolvedHostProblem(host, lookup);
    if (!found) continue;
    if ('unresolved' in found) warnings.push(`${file}: ${host} has no address in DNS yet (${found.unresolved}); it could not be checked. Once its records are set, run \`npm run check -- --launch --resolve\` again.`);
    else problems.push({ file, path, message: `points at ${found.reason} (${host} resolves to ${found.address}), which no visitor on the internet can reach. ${fix}` });
  }
  return { problems, warnings };
}
