/**
 * A small built site for the static server's tests (serveHeaders.test.ts, localStack.test.ts): a home page,
 * /services (long enough to be compressed), a hashed asset, the 404 page and the _headers the build writes.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { headerRules, headersFile } from '../../src/security/headers.ts';

export const SITE_RULES = headerRules({ supabaseUrl: 'http://127.0.0.1:54321', formProvider: false });
export const NOT_FOUND_PAGE = '<!doctype html><title>Not found</title><p>Oops! Page not found</p>';

/** Writes the site into a new temporary folder and returns it; the caller removes it. */
export function writeSiteFixture(prefix: string): string {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(root, 'services'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Home</title><p>home page</p>');
  writeFileSync(path.join(root, 'services', 'index.html'), `<!doctype html><title>Services</title><p>${'services '.repeat(200)}</p>`);
  writeFileSync(path.join(root, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(root, '404.html'), NOT_FOUND_PAGE);
  writeFileSync(path.join(root, '_headers'), headersFile(SITE_RULES));
  return root;
}
