/**
 * A small built site for the static server's tests (serveHeaders.test.ts, localStack.test.ts): a home page,
 * /services (long enough to be compressed), a hashed asset, a picture, the content editor's page, the 404 page and
 * the _headers the build writes (in Netlify's dialect unless told otherwise).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { headerRules, headersFile } from '../../src/security/headers.ts';

const SITE_SOURCES = { supabaseUrl: 'http://127.0.0.1:54321', formProvider: false };
export const SITE_RULES = headerRules(SITE_SOURCES);
export const NOT_FOUND_PAGE = '<!doctype html><title>Not found</title><p>Oops! Page not found</p>';

/** Writes the site into a new temporary folder and returns it; the caller removes it. */
export function writeSiteFixture(prefix: string, dialect: 'netlify' | 'cloudflare' = 'netlify'): string {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(root, 'services'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Home</title><p>home page</p>');
  writeFileSync(path.join(root, 'services', 'index.html'), `<!doctype html><title>Services</title><p>${'services '.repeat(200)}</p>`);
  writeFileSync(path.join(root, 'assets', 'app-abc123.js'), 'console.log(1)');
  mkdirSync(path.join(root, 'images'));
  writeFileSync(path.join(root, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
  mkdirSync(path.join(root, 'admin', 'content'), { recursive: true });
  writeFileSync(path.join(root, 'admin', 'content', 'index.html'), '<!doctype html><title>Content editor</title>');
  writeFileSync(path.join(root, '404.html'), NOT_FOUND_PAGE);
  writeFileSync(path.join(root, '_headers'), headersFile(dialect === 'netlify' ? SITE_RULES : headerRules(SITE_SOURCES, dialect)));
  return root;
}
