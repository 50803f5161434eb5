/**
 * The launch check: what must be put right before the site goes live. `npm run check -- --launch` runs it, and
 * so does every build with a production signal (`productionSignal`), which then fails listing all of it:
 * - every value content marks `!placeholder` (src/content/source.ts): the agency's name, phone and e-mail, the
 *   site's origin, the form provider's ids, the figures on /about whose source the agency has yet to confirm;
 * - a backend that cannot be production: VITE_SUPABASE_URL unset (the forms would post to the local stand-in),
 *   on this machine or over plain http; VITE_SUPABASE_ANON_KEY unset or the stand-in's public demo key;
 * - a site origin (SITE_URL, or siteUrl in site.yaml) on this machine or over plain http.
 * Each is a ContentProblem, so it reads like every other content message: the file, line and field, or the
 * variable's name.
 */
import type { Content } from './content/content.ts';
import { formatProblem, sortProblems, type ContentProblem } from './content/problems.ts';
import { readServerEnv } from './env.ts';
import { LOCAL_ANON_KEY, LOCAL_SUPABASE_URL } from './localBackend.ts';

/** Why this build is taken for a production build, or undefined for a development build. */
export function productionSignal(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.SITE_URL?.trim()) return 'SITE_URL is set';
  if (env.CONTEXT === 'production') return 'CONTEXT=production (a Netlify production deploy)';
  if (env.CF_PAGES?.trim()) return 'CF_PAGES is set (a Cloudflare Pages build)';
  if (env.VERCEL_ENV === 'production') return 'VERCEL_ENV=production (a Vercel production deploy)';
  return undefined;
}

/** The backend a build targets, in one line for the build's output. */
export function backendLine(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.VITE_SUPABASE_URL?.trim();
  return url
    ? `Backend: ${url} (VITE_SUPABASE_URL).`
    : `Backend: the local Supabase stand-in, ${LOCAL_SUPABASE_URL} (VITE_SUPABASE_URL is not set): a development build. A production build (SITE_URL set, or the host's production signal) must name the project, and is refused until \`npm run check -- --launch\` passes.`;
}

/** A host that names this machine, which no visitor can reach. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1' || host === '0.0.0.0' || host === '::';
}

/** What is wrong with an address for production, or undefined. */
function addressProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `expected an https address, found "${value}"`;
  }
  if (isLoopback(url.hostname)) return `points at this machine (${value}), which no visitor can reach`;
  if (url.protocol !== 'https:') return `expected an https address, found ${url.protocol.slice(0, -1)} (${value}): requests would travel unencrypted and browsers would block them from an https page`;
  return undefined;
}

export function launchProblems(content: Pick<Content, 'site' | 'placeholders'>, env: NodeJS.ProcessEnv = process.env): ContentProblem[] {
  const problems: ContentProblem[] = content.placeholders.map(({ file, line, column, path, value }) => ({
    file,
    line,
    column,
    path,
    message: `a placeholder ("${value}"): write the agency's own in its place, without !placeholder`,
  }));

  const supabaseUrl = env.VITE_SUPABASE_URL?.trim();
  if (!supabaseUrl) {
    problems.push({ file: 'VITE_SUPABASE_URL', path: [], message: `not set: the forms would post to the local stand-in (${LOCAL_SUPABASE_URL}) and every request would be lost. Set it to the Supabase project's URL, https://<project>.supabase.co` });
  } else {
    const wrong = addressProblem(supabaseUrl);
    if (wrong) problems.push({ file: 'VITE_SUPABASE_URL', path: [], message: `${wrong}. Set it to the Supabase project's URL, https://<project>.supabase.co` });
  }
  const anonKey = env.VITE_SUPABASE_ANON_KEY?.trim();
  if (!anonKey) problems.push({ file: 'VITE_SUPABASE_ANON_KEY', path: [], message: "not set: the dashboard could not reach the project. Set it to the project's anon (public) key, from its API settings" });
  else if (anonKey === LOCAL_ANON_KEY) problems.push({ file: 'VITE_SUPABASE_ANON_KEY', path: [], message: "is the local stand-in's public demo key. Set it to the project's own anon key, from its API settings" });

  let origin: string | undefined;
  try {
    origin = readServerEnv(env).SITE_URL ?? content.site.siteUrl;
  } catch (error) {
    problems.push({ file: 'SITE_URL', path: [], message: (error as Error).message });
  }
  const wrongOrigin = origin === undefined ? undefined : addressProblem(origin);
  if (wrongOrigin) problems.push(env.SITE_URL?.trim() ? { file: 'SITE_URL', path: [], message: wrongOrigin } : { file: 'content/site.yaml', path: ['siteUrl'], message: wrongOrigin });
  return problems;
}

/** The problems as one message: the content's in file order, then the environment's. */
export function launchReport(problems: ContentProblem[]): string {
  const inFiles = sortProblems(problems.filter((problem) => problem.file.includes('/')));
  const inEnvironment = problems.filter((problem) => !problem.file.includes('/'));
  const count = problems.length === 1 ? '1 thing' : `${problems.length} things`;
  return `Not ready to launch: ${count} to put right first.\n${[...inFiles, ...inEnvironment].map((problem) => formatProblem(problem).replace(/^/gm, '  ')).join('\n')}`;
}
