/**
 * The site server: serves dist/client as a static host would (`npm run serve`, `npm start`'s site, the audits,
 * benches and browser tests): pretty URLs (/services -> /services/index.html), gzip
 * compression, the headers the build wrote in dist/client/_headers (security headers, a year of caching for
 * hashed assets), status 404 with the 404 page for unknown paths.
 * Byte ranges, conditional requests and HEAD are `send`'s (the file server under Express), which answers a
 * bad Range with 416 rather than throwing. Only GET and HEAD are served (405 otherwise), and no request can
 * end the process: whatever fails inside one request is answered (or its socket closed) and logged.
 * Every answer, errors included, carries the headers _headers gives its path, as a static host sends them.
 * A build replaces the folder while it is served (scripts/generator/output.ts): the headers and the 404 page are read
 * again when they change, and a request that comes in the instant the folder is being swapped waits for it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import send from 'send';
import { headersFor, parseHeadersFile } from '../../src/security/headers.ts';

type Log = (line: string) => void;

/** Answers a request the static files do not (the content editor's local API under `npm start`); false: not its own. */
export type ExtraHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

export function createStaticServer(root = path.join(process.cwd(), 'dist', 'client'), log: Log = console.log, extra?: ExtraHandler): Server {
  const compress = compression();
  const notFoundPage = whenChanged(path.join(root, '404.html'), (text) => text ?? Buffer.from('Not Found\n'));
  const rules = whenChanged(path.join(root, '_headers'), (text) => (text ? parseHeadersFile(text.toString('utf8')) : []));

  /**
   * The headers the build wrote for this path (dist/client/_headers), as a static host applies them: set
   * before anything else is decided, so that no answer (405, 412, 416, 500, 404) goes out without them.
   */
  function applyRules(req: IncomingMessage, res: ServerResponse) {
    let pathname = '/';
    try {
      pathname = new URL(req.url ?? '/', 'http://host').pathname;
    } catch {
      // an unparsable URL still gets the site-wide headers
    }
    for (const [name, value] of Object.entries(headersFor(rules(), pathname))) res.setHeader(name, value);
  }

  function notFound(req: IncomingMessage, res: ServerResponse) {
    log(`404 ${req.method} ${req.url}`);
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.end(req.method === 'HEAD' ? undefined : notFoundPage());
  }

  function serveFile(req: IncomingMessage, res: ServerResponse) {
    const file = resolveFile(root, req.url ?? '/');
    // The headers file is the host's configuration, not a page; the 404 page is an answer, found at no address.
    if (!file || file === '/_headers' || file === '/404.html') return notFound(req, res);
    // send decodes the path it is given, so it gets the encoded form back.
    send(req, encodeURI(file), { root, index: false, dotfiles: 'ignore', etag: true, lastModified: true, cacheControl: false })
      .on('headers', (response: ServerResponse) => {
        response.setHeader('X-Content-Type-Options', 'nosniff');
        // What static hosts do for files the rules give no caching of their own (pages): check each time.
        if (!response.hasHeader('Cache-Control')) response.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
        if (file.endsWith('.html')) response.setHeader('Content-Type', 'text/html; charset=utf-8');
      })
      .on('error', (error: { status?: number }) => (error.status === 404 ? notFound(req, res) : fail(res, error.status ?? 500)))
      .pipe(res);
  }

  return createServer(async (req, res) => {
    try {
      await swapped(root);
      applyRules(req, res);
      if (extra?.(req, res)) return;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end('Method Not Allowed\n');
        return;
      }
      // A byte range counts bytes of the file as stored, so it is served uncompressed.
      if (req.headers.range) return serveFile(req, res);
      compress(req as never, res as never, () => serveFile(req, res));
    } catch (error) {
      log(`500 ${req.method} ${req.url}: ${(error as Error).message}`);
      fail(res, 500);
    }
  });
}

/**
 * A value made from a file (undefined when there is none), made again only when the file is another one or has
 * changed: a build puts a new folder in place, so its files are new inodes.
 */
function whenChanged<T>(file: string, make: (bytes: Buffer | undefined) => T): () => T {
  let seen: string | undefined;
  let value: T;
  return () => {
    const stats = statSync(file, { throwIfNoEntry: false });
    const stamp = stats ? `${stats.ino}:${stats.mtimeMs}:${stats.size}` : 'none';
    if (stamp !== seen) {
      let bytes: Buffer | undefined;
      try {
        bytes = stats ? readFileSync(file) : undefined;
      } catch {
        bytes = undefined;
      }
      value = make(bytes);
      seen = stamp;
    }
    return value;
  };
}

/** How long a request waits for the served folder when it is missing (a build swapping it in takes microseconds). */
const SWAP_WAIT_MS = 2000;

/** Resolves once the served folder is there, or after SWAP_WAIT_MS (then the request gets the 404 it would). */
async function swapped(root: string): Promise<void> {
  for (const started = Date.now(); !existsSync(root) && Date.now() - started < SWAP_WAIT_MS; ) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** An error answer: the headers already set (the rules') stay, with no caching. */
function fail(res: ServerResponse, status: number) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`${status === 416 ? 'Range Not Satisfiable' : status < 500 ? 'Bad Request' : 'Internal Server Error'}\n`);
}

/**
 * The file a URL path names, relative to root ("/services" -> "/services/index.html"), or undefined.
 * A path that cannot be decoded, or that leaves root, names no file.
 */
export function resolveFile(root: string, url: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://host').pathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0')) return undefined;
  const base = pathname.replace(/\/+$/, '');
  for (const candidate of [pathname, `${base}.html`, `${base}/index.html`]) {
    const absolute = path.join(root, candidate);
    if (!absolute.startsWith(root + path.sep)) continue;
    if (statSync(absolute, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return undefined;
}
