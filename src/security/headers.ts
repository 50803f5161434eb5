/**
 * The site's security headers, from one source (DESIGN 14): `npm run build` writes them to
 * dist/client/_headers in the format Netlify and Cloudflare Pages read, and the local static server
 * (scripts/live/siteServer.ts) applies that very file, so what is tested locally is what is deployed.
 *
 * Two Content-Security-Policies are enforced together (a browser applies every policy it is given):
 * - the site-wide header: scripts, connections, frames and form posts only to the site itself, the Supabase
 *   project, and, when configured, the form provider (HubSpot) and the analytics host; no plugins, no <base>,
 *   no framing. Its style-src allows inline styles, which /admin's Emotion and Radix insert at run time.
 * - on every prerendered public page, a <meta> policy that allows exactly the page's own inline <style>
 *   blocks and style attributes, by hash: an injected style or script has no hash and does not run.
 *   Pages that embed the provider's form (which writes styles of its own) keep the header's rule for styles.
 */
import { createHash } from 'node:crypto';

/** What the policies allow besides the site itself. */
export interface PolicySources {
  /** The Supabase project (or the local stand-in): the dashboard's API, the forms' functions. */
  supabaseUrl: string;
  /** VITE_POSTHOG_HOST, when analytics is on (a key is set). */
  analyticsHost?: string | undefined;
  /** Whether the form provider's script may load (site.yaml holds real HubSpot ids). */
  formProvider: boolean;
  /**
   * The content editor's hosts in production (GitHub's API, the sign-in gateway), when it works on GitHub; none
   * under `npm start`, where it saves through the site itself.
   */
  editorHosts?: string[] | undefined;
}

/**
 * HubSpot's embedded forms (v2): the script from js[-<region>].hsforms.net, which loads its form
 * definition and posts the submission to *.hsforms.com, may frame *.hsforms.net, and reports to
 * HubSpot's collection hosts.
 */
const FORM_PROVIDER_HOSTS = ['https://*.hsforms.net', 'https://*.hsforms.com', 'https://*.hubspot.com', 'https://*.hs-scripts.com', 'https://*.hscollectedforms.net', 'https://*.hs-analytics.net', 'https://*.hs-banner.com'];

/** The analytics host and, for PostHog Cloud, the host its static assets (recorder, surveys) come from. */
function analyticsHosts(host: string | undefined): string[] {
  if (!host) return [];
  const origin = new URL(host).origin;
  const cloud = /^https:\/\/(us|eu)\.i\.posthog\.com$/.exec(origin);
  return cloud ? [origin, `https://${cloud[1]}-assets.i.posthog.com`] : [origin];
}

type Policy = Record<string, string[]>;

function serialise(policy: Policy): string {
  return Object.entries(policy)
    .map(([directive, sources]) => [directive, ...new Set(sources)].join(' '))
    .join('; ');
}

/** Where scripts may come from on every page but the content editor's: the site, analytics, the form provider. */
function scriptSources(sources: PolicySources): string[] {
  return ["'self'", ...analyticsHosts(sources.analyticsHost), ...(sources.formProvider ? FORM_PROVIDER_HOSTS : [])];
}

/**
 * The script rule every page but the content editor's carries in its <meta> policy: no evaluation of strings. The
 * header already refuses it on every path but the editor's (headerRules); the page says so again, for a host that
 * serves the pages without the header file.
 */
export function pageScriptPolicy(sources: PolicySources): string {
  return serialise({ 'script-src': scriptSources(sources) });
}

/**
 * The site-wide policy, sent as a header with every response. `editor`: the content editor's route, where Decap CMS
 * compiles its configuration's schema with `new Function` and so needs 'unsafe-eval'; every other path refuses it.
 */
export function siteContentSecurityPolicy(sources: PolicySources, { editor = false }: { editor?: boolean } = {}): string {
  const supabase = new URL(sources.supabaseUrl).origin;
  const analytics = analyticsHosts(sources.analyticsHost);
  const provider = sources.formProvider ? FORM_PROVIDER_HOSTS : [];
  const editorHosts = sources.editorHosts ?? [];
  return serialise({
    'default-src': ["'self'"],
    'script-src': [...scriptSources(sources), ...(editor ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", "'unsafe-inline'", ...provider],
    // blob: the content editor's preview of a picture being uploaded; GitHub's pictures (avatars, stored files).
    'img-src': ["'self'", 'data:', 'blob:', ...analytics, ...provider, ...(editorHosts.length ? ['https://avatars.githubusercontent.com', 'https://raw.githubusercontent.com'] : [])],
    'font-src': ["'self'"],
    // blob: the content editor reads a picture being uploaded from the page's own memory before saving it.
    'connect-src': ["'self'", 'blob:', supabase, ...analytics, ...provider, ...editorHosts],
    // The analytics recorder compresses in a worker it makes from a blob.
    'worker-src': ["'self'", ...(analytics.length ? ['blob:'] : [])],
    'frame-src': provider.length ? provider : ["'none'"],
    'form-action': ["'self'", supabase, ...provider],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
}

export interface HeaderRule {
  /** A path pattern as Netlify and Cloudflare read it: `*` matches any rest of the path. */
  path: string;
  /**
   * Headers an earlier rule set that this one removes first (`! Name`, Cloudflare Pages' syntax): Cloudflare joins
   * the values of one header set by two matching rules, where Netlify and the local server keep the later one.
   */
  detach?: string[];
  headers: Record<string, string>;
}

/** The content editor's route: the one path whose policy allows 'unsafe-eval'. */
export const EDITOR_PATH = '/admin/content/';

/**
 * Which host's `_headers` dialect the build writes: Cloudflare Pages' (a `! Name` line to replace a header an
 * earlier rule set) when the build runs on Cloudflare Pages (CF_PAGES, set on its every build) or HEADERS_HOST is
 * `cloudflare`; otherwise Netlify's, which the local server reads too (Netlify refuses a `!` line, and keeps the
 * later of two rules' values).
 */
export function headersDialect(env: Record<string, string | undefined>): 'cloudflare' | 'netlify' {
  return env.CF_PAGES?.trim() || env.HEADERS_HOST?.trim().toLowerCase() === 'cloudflare' ? 'cloudflare' : 'netlify';
}

/**
 * Every rule of the site, in order. One header is set by two rules: the policy, on every path and again, with
 * 'unsafe-eval', on the editor's route, after it (the later rule's value is the one kept; on Cloudflare the editor's
 * rule detaches the first value, which Cloudflare would otherwise join to its own into two policies, both enforced).
 */
export function headerRules(sources: PolicySources, dialect: 'cloudflare' | 'netlify' = 'netlify'): HeaderRule[] {
  return [
    {
      path: '/*',
      headers: {
        'Content-Security-Policy': siteContentSecurityPolicy(sources),
        'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
        // The editor's GitHub sign-in answers its page from a pop-up, which same-origin would cut off.
        'Cross-Origin-Opener-Policy': sources.editorHosts?.length ? 'same-origin-allow-popups' : 'same-origin',
      },
    },
    // Vite names files under /assets/ after their content hash, so they never change; the build names the pictures
    // and fonts it publishes there the same way (scripts/generator/publicAssets.ts).
    { path: '/assets/*', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
    {
      path: `${EDITOR_PATH}*`,
      ...(dialect === 'cloudflare' ? { detach: ['Content-Security-Policy'] } : {}),
      headers: { 'Content-Security-Policy': siteContentSecurityPolicy(sources, { editor: true }) },
    },
  ];
}

/** The `_headers` file. */
export function headersFile(rules: HeaderRule[]): string {
  const lines = ['# Written by `npm run build` from src/security/headers.ts: do not edit.'];
  for (const rule of rules) {
    lines.push(rule.path, ...(rule.detach ?? []).map((name) => `  ! ${name}`), ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`));
  }
  return `${lines.join('\n')}\n`;
}

/** The site's `_headers` file, in the dialect of the host the build runs on (headersDialect). */
export function siteHeadersFile(sources: PolicySources, env: Record<string, string | undefined> = process.env): string {
  return headersFile(headerRules(sources, headersDialect(env)));
}

/** Reads a `_headers` file back (the local server applies what the build wrote). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const rule = rules.at(-1);
    if (!rule) continue;
    const detached = /^\s+!\s*(\S+)\s*$/.exec(line);
    if (detached) {
      (rule.detach ??= []).push(detached[1]!);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0) rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** Whether a rule's path pattern matches a URL path. */
export function pathMatches(pattern: string, pathname: string): boolean {
  const expression = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]\w*/g, '[^/]+'))
    .join('.*');
  return new RegExp(`^${expression}$`).test(pathname);
}

/**
 * The headers the rules give a path, as Netlify applies them (and the local server): every matching rule in order,
 * a later rule's value of a header replacing an earlier one's; a detached header removed first.
 */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules.filter((candidate) => pathMatches(candidate.path, pathname))) {
    for (const name of rule.detach ?? []) delete headers[name];
    Object.assign(headers, rule.headers);
  }
  return headers;
}

/** Hashes already taken: a build gives most pages the same style blocks (its template's), hashed once each. */
const hashed = new Map<string, string>();
function sha256(text: string): string {
  let hash = hashed.get(text);
  if (hash === undefined) {
    hash = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    if (hashed.size >= 500) hashed.clear();
    hashed.set(text, hash);
  }
  return hash;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const decode = (value: string) => value.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity]!);

/**
 * A page's own policy for styles: the hash of each inline <style> block and of each style="" attribute
 * (the latter needs 'unsafe-hashes', which allows exactly those attribute values and nothing else).
 */
export function pageStylePolicy(html: string): string {
  const blocks = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => sha256(match[1]!));
  const attributes = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((match) => sha256(decode(match[1]!)));
  const sources = ["'self'", ...new Set(blocks), ...(attributes.length ? ["'unsafe-hashes'", ...new Set(attributes)] : [])];
  return serialise({ 'style-src': sources });
}

/**
 * The page with its style policy as the first thing after <meta charset> (a <meta> policy governs only what
 * follows it). Executable inline scripts are refused outright: the site has none, and a page that had one
 * would be blocked by the header's script-src anyway, so the build says so instead.
 */
export function withPagePolicy(html: string, file: string, scriptPolicy?: string, styles = true): string {
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes, body]) => !/\ssrc=/.test(attributes!) && !/type="application\/(ld\+)?json"/.test(attributes!) && body!.trim() !== '');
  if (inline.length) throw new Error(`${file} has an inline script, which the Content-Security-Policy blocks: load it from a file instead.`);
  const charset = /<meta charset="utf-8">/i.exec(html);
  if (!charset) throw new Error(`${file} has no <meta charset="utf-8"> to put its Content-Security-Policy after.`);
  const at = charset.index + charset[0].length;
  const policy = [...(styles ? [pageStylePolicy(html)] : []), ...(scriptPolicy ? [scriptPolicy] : [])].join('; ');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
  return `${html.slice(0, at)}${meta}${html.slice(at)}`;
}
