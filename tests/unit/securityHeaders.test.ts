/**
 * The security headers' one source (src/security/headers.ts): the site-wide Content-Security-Policy names
 * exactly the hosts the build is configured for, the _headers file reads back as written, path patterns
 * match as static hosts match them, and each page's style policy allows its own inline styles by hash and
 * nothing else. The browser side (no violation on any route) is tests/e2e/csp.spec.ts.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { EDITOR_PATH, headerRules, headersDialect, headersFile, headersFor, parseHeadersFile, pageScriptPolicy, pageStylePolicy, pathMatches, siteContentSecurityPolicy, withPagePolicy } from '../../src/security/headers.ts';

const LOCAL = { supabaseUrl: 'http://127.0.0.1:54321', formProvider: false };
const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the site-wide policy', () => {
  test('without analytics or the form provider, scripts come from the site only and connections go to the site and Supabase', () => {
    const policy = siteContentSecurityPolicy({ ...LOCAL, supabaseUrl: 'https://abc.supabase.co/' });
    // 'unsafe-eval' for the content editor's route alone (the _headers file, below).
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    expect(directive(siteContentSecurityPolicy({ ...LOCAL, supabaseUrl: 'https://abc.supabase.co/' }, { editor: true }), 'script-src')).toBe("script-src 'self' 'unsafe-eval'");
    expect(pageScriptPolicy({ ...LOCAL, supabaseUrl: 'https://abc.supabase.co/' })).toBe("script-src 'self'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' blob: https://abc.supabase.co");
    expect(directive(policy, 'form-action')).toBe("form-action 'self' https://abc.supabase.co");
    expect(directive(policy, 'frame-src')).toBe("frame-src 'none'");
    for (const rule of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "default-src 'self'"]) expect(policy).toContain(rule);
    expect(policy).not.toMatch(/posthog|hsforms|\*/);
  });

  test('the analytics host (and PostHog Cloud\'s assets host) are added only with analytics on', () => {
    const policy = siteContentSecurityPolicy({ ...LOCAL, analyticsHost: 'https://us.i.posthog.com' });
    expect(directive(policy, 'script-src')).toBe("script-src 'self' https://us.i.posthog.com https://us-assets.i.posthog.com");
    expect(pageScriptPolicy({ ...LOCAL, analyticsHost: 'https://us.i.posthog.com' })).toBe("script-src 'self' https://us.i.posthog.com https://us-assets.i.posthog.com");
    expect(directive(policy, 'connect-src')).toContain('https://us.i.posthog.com');
    expect(directive(policy, 'worker-src')).toBe("worker-src 'self' blob:");
    expect(directive(siteContentSecurityPolicy({ ...LOCAL, analyticsHost: 'http://127.0.0.1:9999/ingest' }), 'script-src')).toBe("script-src 'self' http://127.0.0.1:9999");
  });

  test('the content editor on GitHub adds GitHub\'s API and the sign-in gateway, and lets its sign-in pop-up answer', () => {
    const sources = { ...LOCAL, editorHosts: ['https://api.github.com', 'https://auth.example.org'] };
    expect(directive(siteContentSecurityPolicy(sources), 'connect-src')).toBe("connect-src 'self' blob: http://127.0.0.1:54321 https://api.github.com https://auth.example.org");
    expect(headersFor(headerRules(sources), '/admin/content/')['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
    expect(headersFor(headerRules(LOCAL), '/admin/content/')['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(directive(siteContentSecurityPolicy(LOCAL), 'connect-src')).toBe("connect-src 'self' blob: http://127.0.0.1:54321");
  });

  test('HubSpot\'s hosts are added only when real form ids are configured', () => {
    const policy = siteContentSecurityPolicy({ ...LOCAL, formProvider: true });
    expect(directive(policy, 'script-src')).toContain('https://*.hsforms.net');
    expect(directive(policy, 'frame-src')).toContain('https://*.hsforms.net');
    expect(directive(policy, 'form-action')).toContain('https://*.hsforms.com');
  });
});

describe('the _headers file', () => {
  test('reads back as written, with the security headers on every path and long caching on /assets/ only', () => {
    const rules = headerRules(LOCAL);
    expect(parseHeadersFile(headersFile(rules))).toEqual(rules);
    const page = headersFor(rules, '/about');
    expect(Object.keys(page).sort()).toEqual(['Content-Security-Policy', 'Cross-Origin-Opener-Policy', 'Permissions-Policy', 'Referrer-Policy', 'Strict-Transport-Security', 'X-Content-Type-Options']);
    expect(page['Cache-Control']).toBeUndefined();
    expect(headersFor(rules, '/assets/app.1a2b.js')).toMatchObject({ 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' });
  });

  test('only the policy is set by two rules, the editor\'s after the site-wide one; every other header by one', () => {
    const rules = headerRules({ ...LOCAL, analyticsHost: 'https://eu.i.posthog.com', formProvider: true });
    const names = rules.flatMap((rule) => Object.keys(rule.headers));
    expect(names.filter((name) => name === 'Content-Security-Policy')).toHaveLength(2);
    const rest = names.filter((name) => name !== 'Content-Security-Policy');
    expect(new Set(rest).size).toBe(rest.length);
    expect(rules.map((rule) => rule.path)).toEqual(['/*', '/assets/*', `${EDITOR_PATH}*`]);
  });

  test.each([
    ['/*', '/', true],
    ['/*', '/careers/companion-caregiver', true],
    ['/assets/*', '/assets/x.js', true],
    ['/assets/*', '/assetsx/x.js', false],
    ['/assets/*', '/about', false],
    ['/careers/:slug', '/careers/nurse', true],
    ['/careers/:slug', '/careers/nurse/x', false],
  ])('pattern %s matches %s: %s', (pattern, pathname, expected) => {
    expect(pathMatches(pattern, pathname)).toBe(expected);
  });
});

describe('a page\'s own style policy', () => {
  const page = `<!DOCTYPE html><html><head><meta charset="utf-8"><style data-emotion="c a">.a{color:red}</style><style>.b{margin:0}</style></head>
<body><span style="background:#fff;color:&quot;x&quot;">x</span><span style="background:#fff;color:&quot;x&quot;">y</span><script type="application/ld+json">{"@type":"Thing"}</script></body></html>`;

  test('allows each inline style block and style attribute by its hash, once, and nothing else', () => {
    expect(pageStylePolicy(page)).toBe(`style-src 'self' ${hash('.a{color:red}')} ${hash('.b{margin:0}')} 'unsafe-hashes' ${hash('background:#fff;color:"x"')}`);
  });

  test('is put right after <meta charset>, before anything it governs, with the script rule that refuses evaluation', () => {
    const result = withPagePolicy(page, 'about/index.html', "script-src 'self'");
    expect(result).toMatch(/^<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="style-src 'self' 'sha256-[^"]+; script-src 'self'"><style/);
    expect(withPagePolicy(page, 'admin/index.html', "script-src 'self'", false)).toMatch(/^<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="script-src 'self'"><style/);
  });

  test('a page with an executable inline script stops the build, naming the page', () => {
    expect(() => withPagePolicy(page.replace('</body>', '<script>alert(1)</script></body>'), 'about/index.html')).toThrow(/about\/index\.html has an inline script/);
    expect(() => withPagePolicy(page.replace('</body>', '<script type="module" src="/assets/a.js"></script></body>'), 'x')).not.toThrow();
  });
});

/**
 * How each host combines the rules of one _headers file, as its documentation and its own code say:
 * - Netlify (and the local server, scripts/live/siteServer.ts, which applies headersFor): every matching rule in
 *   order, a later rule's value of a header replacing the earlier one's (netlify/build's headers-parser); it refuses
 *   a `!` line.
 * - Cloudflare Pages: every matching rule in order; a `! Name` line removes what earlier rules set; a header set
 *   again by a later rule is joined to the earlier value with a comma (developers.cloudflare.com/pages/configuration/
 *   headers). A browser reads "A, B" in Content-Security-Policy as two policies and enforces both.
 */
function cloudflareHeaders(rules: ReturnType<typeof parseHeadersFile>, pathname: string): Record<string, string> {
  const values = new Map<string, string[]>();
  for (const rule of rules.filter((candidate) => pathMatches(candidate.path, pathname))) {
    for (const name of rule.detach ?? []) values.delete(name);
    for (const [name, value] of Object.entries(rule.headers)) values.set(name, [...(values.get(name) ?? []), value]);
  }
  return Object.fromEntries([...values].map(([name, list]) => [name, list.join(', ')]));
}

/** The policies a browser enforces from one Content-Security-Policy header (a comma separates policies). */
const policies = (header: string | undefined) => (header ?? '').split(',').map((policy) => policy.trim()).filter(Boolean);
const evaluates = (header: string | undefined) => {
  const enforced = policies(header);
  return enforced.length > 0 && enforced.every((policy) => /script-src[^;]*'unsafe-eval'/.test(policy));
};

describe("'unsafe-eval' on the content editor's route alone, on every host", () => {
  const SOURCES = { ...LOCAL, analyticsHost: 'https://us.i.posthog.com', formProvider: true, editorHosts: ['https://api.github.com'] };
  const OTHER_PATHS = ['/', '/contact/', '/services/companion-care/', '/careers/companion-caregiver/', '/admin/', '/admin/applications', '/assets/app.1a2b.js', '/images/logo.svg', '/no-such-page', '/admin/contents/', '/admin/content'];
  const EDITOR_PATHS = [EDITOR_PATH, `${EDITOR_PATH}index.html`, `${EDITOR_PATH}config.yml`];

  test.each(['netlify', 'cloudflare'] as const)('the %s file: no other path is given a policy that allows evaluation, the editor is given one it can run under', (dialect) => {
    const file = headersFile(headerRules(SOURCES, dialect));
    const rules = parseHeadersFile(file);
    const served = dialect === 'netlify' ? headersFor : cloudflareHeaders;
    for (const pathname of OTHER_PATHS) {
      const header = served(rules, pathname)['Content-Security-Policy'];
      expect(policies(header), pathname).toHaveLength(1);
      expect(header, pathname).not.toContain("'unsafe-eval'");
      expect(header, pathname).toContain("frame-ancestors 'none'");
    }
    for (const pathname of EDITOR_PATHS) {
      const header = served(rules, pathname)['Content-Security-Policy'];
      // One policy, the editor's: with two (Cloudflare's join without the detach), the stricter one would stop Decap.
      expect(policies(header), pathname).toHaveLength(1);
      expect(evaluates(header), pathname).toBe(true);
      expect(header, pathname).toContain("frame-ancestors 'none'");
      expect(served(rules, pathname)['Strict-Transport-Security'], pathname).toBe('max-age=63072000; includeSubDomains');
    }
  });

  test('the local server reads the Cloudflare file as Cloudflare serves it, and the Netlify file as Netlify does', () => {
    const netlify = parseHeadersFile(headersFile(headerRules(SOURCES, 'netlify')));
    const cloudflare = parseHeadersFile(headersFile(headerRules(SOURCES, 'cloudflare')));
    for (const pathname of [...OTHER_PATHS, ...EDITOR_PATHS]) {
      expect(headersFor(cloudflare, pathname), pathname).toEqual(cloudflareHeaders(cloudflare, pathname));
      expect(headersFor(netlify, pathname), pathname).toEqual(headersFor(cloudflare, pathname));
    }
  });

  test('the Netlify file has no `!` line (Netlify refuses it); Cloudflare needs one, or the editor would get two policies', () => {
    expect(headersFile(headerRules(SOURCES, 'netlify'))).not.toMatch(/^\s+!/m);
    expect(headersFile(headerRules(SOURCES, 'cloudflare'))).toMatch(new RegExp(`^${EDITOR_PATH}\\*\\n  ! Content-Security-Policy\\n  Content-Security-Policy: `, 'm'));
    const joined = cloudflareHeaders(parseHeadersFile(headersFile(headerRules(SOURCES, 'netlify'))), EDITOR_PATH)['Content-Security-Policy'];
    expect(policies(joined)).toHaveLength(2);
    expect(evaluates(joined)).toBe(false);
  });

  test.each([
    [{}, 'netlify'],
    [{ CF_PAGES: '1' }, 'cloudflare'],
    [{ HEADERS_HOST: 'Cloudflare' }, 'cloudflare'],
    [{ HEADERS_HOST: 'netlify' }, 'netlify'],
    [{ CF_PAGES: '' }, 'netlify'],
  ])('a build with %o writes the %s file', (env, dialect) => {
    expect(headersDialect(env)).toBe(dialect);
  });
});
