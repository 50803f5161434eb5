/**
 * `npm run serve` answers every request with the headers dist/client/_headers gives its path, whatever the
 * answer: a page, an asset, HEAD, 304, 404, 405, 412, 416 or a failure inside the server. A static host applies
 * the file to every response, so a local test that passes on a 200 but would miss the policy on an error page
 * is not testing what is deployed. The 404 page answers 404 at its own address too, as it does everywhere else.
 */
import { rmSync, symlinkSync } from 'node:fs';
import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStaticServer } from '../../scripts/live/siteServer.ts';
import { headersFor } from '../../src/security/headers.ts';
import { NOT_FOUND_PAGE, SITE_RULES, writeSiteFixture } from './siteFixture.ts';


let root: string;
let server: Server;
let base: string;
const logged: string[] = [];

beforeAll(async () => {
  root = writeSiteFixture('serve-headers-');
  // A link to itself: looking the file up fails (ELOOP), which the server answers with 500.
  symlinkSync('broken.html', path.join(root, 'broken.html'));
  server = createStaticServer(root, (line) => logged.push(line));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

const request = (pathname: string, init: RequestInit = {}) => fetch(`${base}${pathname}`, { redirect: 'manual', ...init });

/** A GET with If-None-Match, as a browser revalidating its copy sends it, as a Response. */
function conditionalGet(pathname: string, etag: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    get(`${base}${pathname}`, { headers: { 'if-none-match': etag } }, (incoming) => {
      incoming.resume();
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value);
      resolve(new Response(null, { status: incoming.statusCode, headers }));
    }).on('error', reject);
  });
}

/**
 * The headers of `_headers` for the path that the response lacks or has with another value. An answer that is
 * not the file (an error) may not be cached at all, so its Cache-Control is `no-store` whatever the rule says.
 */
function missingRuleHeaders(pathname: string, response: Response): string[] {
  const expected = { ...headersFor(SITE_RULES, pathname) };
  const isFile = response.status < 300 || response.status === 304;
  if (!isFile) expected['Cache-Control'] = 'no-store';
  return Object.entries(expected)
    .filter(([name, value]) => response.headers.get(name) !== value)
    .map(([name, value]) => `${name}: expected ${JSON.stringify(value)}, found ${JSON.stringify(response.headers.get(name))}`);
}

describe('every answer of the static server carries the headers of _headers for its path', () => {
  test.each<[string, string, number, RequestInit]>([
    ['a page', '/', 200, {}],
    ['a page at its pretty URL', '/services', 200, {}],
    ['a hashed asset', '/assets/app-abc123.js', 200, {}],
    ['HEAD of a page', '/services', 200, { method: 'HEAD' }],
    ['a byte range', '/services', 206, { headers: { range: 'bytes=0-9' } }],
    ['a missing page', '/no-such-page', 404, {}],
    ['HEAD of a missing page', '/no-such-page', 404, { method: 'HEAD' }],
    ['a missing asset', '/assets/gone-000000.js', 404, {}],
    ['the headers file itself', '/_headers', 404, {}],
    ['POST to a page', '/contact', 405, { method: 'POST', body: 'name=x' }],
    ['PUT to a page', '/services', 405, { method: 'PUT', body: 'x' }],
    ['DELETE of an asset', '/assets/app-abc123.js', 405, { method: 'DELETE' }],
    ['OPTIONS', '/', 405, { method: 'OPTIONS' }],
    ['a Range past the end', '/services', 416, { headers: { range: 'bytes=99999999-' } }],
    ['an If-Match that fails', '/services', 412, { headers: { 'if-match': '"not-this-one"' } }],
    ['a failure inside the server', '/broken', 500, {}],
  ])('%s: %s answers %i', async (_, pathname, status, init) => {
    const response = await request(pathname, init);
    expect(response.status).toBe(status);
    expect(missingRuleHeaders(pathname, response)).toEqual([]);
  });

  test('a conditional GET answered 304', async () => {
    const etag = (await request('/services')).headers.get('etag');
    expect(etag).toBeTruthy();
    // fetch() adds `Cache-Control: no-cache` to a request it is given a validator for, which rules out a 304.
    const response = await conditionalGet('/services', etag!);
    expect(response.status).toBe(304);
    expect(missingRuleHeaders('/services', response)).toEqual([]);
  });

  test('a 405 says which methods are allowed and is not cached', async () => {
    const response = await request('/contact', { method: 'POST', body: 'name=x' });
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  test('the failure is logged with its request', () => {
    expect(logged.some((line) => line.startsWith('500 GET /broken'))).toBe(true);
  });
});

describe('the 404 page', () => {
  test.each(['/404', '/404/', '/404.html'])('answers %s with status 404 and the 404 page', async (pathname) => {
    const response = await request(pathname);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(NOT_FOUND_PAGE);
    expect(missingRuleHeaders(pathname, response)).toEqual([]);
  });
});

/** What `curl -I` shows of a path's policy, from a server started on a site written in `dialect`. */
async function policiesServed(dialect: 'netlify' | 'cloudflare', paths: string[]): Promise<Record<string, string | null>> {
  const site = writeSiteFixture(`serve-policy-${dialect}-`, dialect);
  const local = createStaticServer(site, () => undefined);
  try {
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
    const served: Record<string, string | null> = {};
    for (const pathname of paths) served[pathname] = (await fetch(`${origin}${pathname}`, { method: 'HEAD', redirect: 'manual' })).headers.get('content-security-policy');
    return served;
  } finally {
    await new Promise<void>((resolve) => local.close(() => resolve()));
    rmSync(site, { recursive: true, force: true });
  }
}

describe("the policy every answer carries allows 'unsafe-eval' on the content editor's route alone", () => {
  const OTHER = ['/', '/services', '/assets/app-abc123.js', '/images/logo.svg', '/no-such-page', '/404', '/admin/', '/admin/contents/'];
  const EDITOR = ['/admin/content/', '/admin/content/index.html'];
  test.each(['netlify', 'cloudflare'] as const)('the %s file, as the local server applies it', async (dialect) => {
    const served = await policiesServed(dialect, [...OTHER, ...EDITOR]);
    for (const pathname of OTHER) {
      expect(served[pathname], pathname).toContain("script-src 'self'");
      expect(served[pathname], pathname).not.toContain("'unsafe-eval'");
    }
    for (const pathname of EDITOR) {
      expect(served[pathname], pathname).toMatch(/script-src 'self' 'unsafe-eval'/);
      // One policy, not two joined by a comma.
      expect(served[pathname], pathname).not.toContain(',');
    }
  });
});
