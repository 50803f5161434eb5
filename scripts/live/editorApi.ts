/**
 * The content editor's local backend under `npm start`: decap-server's file-system proxy (the API Decap's
 * `proxy` backend speaks), answered by the site server at /admin/content/api/v1, so the editor's page talks to
 * its own origin and nothing else listens. Saves write the files of the working tree; the content watcher builds
 * the site again (scripts/live/contentWatch.ts), and /admin/content/status.json says how that went.
 * Guarded beyond decap-server's own checks (which keep paths inside the project):
 * - only from this machine: a request from another address is refused, whatever HOST the server listens on;
 * - only from the site's own pages: a request with another Origin, or for another host name, is refused, and only JSON is read (a form on
 *   another site cannot send JSON without asking first, and is not answered);
 * - only content: every path a request names must be under content/ (the editor cannot write code or settings),
 *   written plainly (no backslash, NUL or other control character, no `..`, no %-escape), and must stay there once the folders
 *   it passes through are followed (a link inside content/ to another folder of the project is refused);
 * - only content files: an entry is a .yaml or .mdx file (never .ts, .js, .mjs...), an upload a picture in
 *   content/images/ whose bytes are what its name says (a JPEG, PNG, WebP, AVIF or GIF; an SVG passes the content
 *   check's own test, checkSvg, so no script or outside address gets in); an HTML page or any other file is refused;
 * - at most MAX_BODY_BYTES read: a larger request is refused as soon as it is known to be larger (its declared
 *   length, or the bytes read so far), without reading the rest.
 */
import { lstat, realpath } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Express } from 'express';
import { checkSvg } from '../../src/content/images.ts';
import { EDITOR_API_PATH, type EditorStatus } from '../../src/editor/shared.ts';

const require = createRequire(import.meta.url);

/** Where the editor may write, relative to the project. */
const CONTENT = 'content/';

/** decap-server's own registration of its file-system proxy: POST /api/v1 on the app it is given. */
interface DecapMiddlewares {
  registerLocalFs(app: Express, options?: { logLevel?: string }): Promise<void>;
}

/** The keys under which Decap's requests name files and folders. */
const PATH_KEYS = new Set(['path', 'newPath', 'paths', 'folder', 'mediaFolder']);

/** Every path a request names (entries, data files, pictures, files to delete), at any depth. */
function pathsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => pathsIn(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const named = PATH_KEYS.has(key) ? [item].flat() : [];
      if (named.length && named.every((entry) => typeof entry === 'string')) found.push(...(named as string[]));
      else pathsIn(item, found);
    }
  }
  return found;
}

/** The largest picture the editor uploads, and the largest request read (the picture in base64, with room for the JSON around it). */
export const MAX_UPLOAD_MB = 15;
export const MAX_BODY_BYTES = Math.ceil((MAX_UPLOAD_MB * 1024 * 1024 * 4) / 3) + 1024 * 1024;
const TOO_LARGE = `The content editor takes files of at most ${MAX_UPLOAD_MB} MB: this one is larger. Make the picture smaller (a photo of 2,000 pixels across is plenty) and upload it again.`;

/** What an entry's file may be: the content's own formats. */
const ENTRY_EXTENSIONS = ['.yaml', '.mdx'];
/** Where uploads go (editorConfig's IMAGE_FOLDER), and what a picture's first bytes are for each kind the build reads. */
const IMAGES = 'content/images/';
const PICTURES: Record<string, (bytes: Buffer) => boolean> = {
  '.jpg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  '.jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  '.png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  '.webp': (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  '.avif': (b) => b.toString('latin1', 4, 8) === 'ftyp' && /^avi[fs]$/.test(b.toString('latin1', 8, 12)),
  '.gif': (b) => /^GIF8[79]a$/.test(b.toString('latin1', 0, 6)),
};

/** The path as the project names it (no leading ./ or /), or undefined when it is not written plainly under content/. */
function plainContentPath(file: string): string | undefined {
  // A backslash is a letter of a file name here (content\x is a file beside content/), NUL and control characters are never in a name.
  if (/[\u0000-\u001f\u007f\\]/.test(file)) return undefined;
  // Nothing decodes %2e%2e%2f here, so it would name a file "%2e%2e%2f..."; no content file is named so, and a tool that decodes it later would leave content/.
  if (/%[0-9a-f]{2}/i.test(file)) return undefined;
  const normal = file.replace(/^\.\//, '').replace(/^\//, '');
  if (!normal.startsWith(CONTENT) || normal.split('/').includes('..')) return undefined;
  return normal;
}

/** Whether the path, its links and folders followed, stays in the project's content/ folder (or is that folder). */
async function staysInContent(repoPath: string, normal: string): Promise<boolean> {
  const content = await realpath(path.join(repoPath, CONTENT));
  let existing = path.resolve(repoPath, normal);
  for (;;) {
    const found = await lstat(existing).then(
      () => true,
      (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
    );
    if (found) break;
    existing = path.dirname(existing);
  }
  const real = await realpath(existing).catch(() => undefined);
  return real !== undefined && (real === content || real.startsWith(content + path.sep));
}

/** What is wrong with a file the request would write, if anything: an entry's kind, or an upload's place, kind and bytes. */
function writeProblem(kind: 'entry' | 'upload', file: string, content?: unknown, encoding?: unknown): string | undefined {
  const extension = path.extname(file).toLowerCase();
  if (kind === 'entry') {
    return ENTRY_EXTENSIONS.includes(extension) ? undefined : `The editor saves entries as ${ENTRY_EXTENSIONS.join(' or ')} files only; refused: ${file}`;
  }
  const name = file.replace(/^\.?\//, '').slice(IMAGES.length);
  if (!file.replace(/^\.?\//, '').startsWith(IMAGES) || !name || name.includes('/')) return `The editor uploads pictures into ${IMAGES} only; refused: ${file}`;
  if (extension !== '.svg' && !PICTURES[extension]) {
    return `The editor uploads pictures only (JPEG, PNG, WebP, AVIF, GIF or SVG); refused: ${file}`;
  }
  if (typeof content !== 'string' || encoding !== 'base64') return `The editor uploads a picture's bytes in base64; refused: ${file}`;
  const bytes = Buffer.from(content, 'base64');
  if (extension === '.svg') {
    const checked = checkSvg(bytes.toString('utf8'), name);
    return 'problem' in checked ? checked.problem : undefined;
  }
  return PICTURES[extension]!(bytes) ? undefined : `expected a ${extension.slice(1).toUpperCase()} picture, found ${file} holding something else (its bytes are not a ${extension.slice(1).toUpperCase()} file's); refused`;
}

/** Every file a request would write, with its content for an upload. */
function writesIn(action: unknown, params: unknown): Array<{ kind: 'entry' | 'upload'; path: string; content?: unknown; encoding?: unknown }> {
  const p = (params ?? {}) as { entry?: unknown; dataFiles?: unknown; assets?: unknown; asset?: unknown };
  const list = (value: unknown) => (Array.isArray(value) ? value : value === undefined ? [] : [value]) as Array<Record<string, unknown>>;
  const named = (value: Record<string, unknown>, key: string) => (value && typeof value[key] === 'string' ? [value[key] as string] : []);
  if (action === 'persistEntry') {
    const dataFiles = list(p.dataFiles ?? p.entry);
    return [
      ...dataFiles.flatMap((file) => [...named(file, 'path'), ...named(file, 'newPath')].map((to) => ({ kind: 'entry' as const, path: to }))),
      ...list(p.assets).flatMap((asset) => named(asset, 'path').map((to) => ({ kind: 'upload' as const, path: to, content: asset.content, encoding: asset.encoding }))),
    ];
  }
  if (action === 'persistMedia') {
    return list(p.asset).flatMap((asset) => named(asset, 'path').map((to) => ({ kind: 'upload' as const, path: to, content: asset.content, encoding: asset.encoding })));
  }
  return [];
}

/** Why the request is refused (a plain sentence), or undefined when it may go on to decap-server. */
async function refusal(repoPath: string, body: { action?: unknown; params?: unknown }): Promise<{ status: number; error: string } | undefined> {
  const named = pathsIn(body.params);
  const outside: string[] = [];
  for (const file of named) {
    const normal = plainContentPath(file);
    if (normal === undefined || !(await staysInContent(repoPath, normal))) outside.push(JSON.stringify(file));
  }
  if (outside.length) return { status: 403, error: `The editor changes only the files under content/; refused: ${outside.join(', ')}` };
  for (const write of writesIn(body.action, body.params)) {
    const problem = writeProblem(write.kind, write.path, write.content, write.encoding);
    if (problem) return { status: 422, error: problem };
  }
  return undefined;
}

/** The request's body, at most MAX_BODY_BYTES of it: undefined once it is known to be larger (the rest is never read). */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        req.pause();
        chunks.length = 0;
        resolve(undefined);
      } else chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The handler of the editor's API and status: true when it answered, false for other paths. */
export async function editorApi(repoPath: string, statusFile: string | undefined) {
  const express = require('express') as typeof import('express');
  const decap = require('decap-server/dist/middlewares.js') as DecapMiddlewares;
  const app = express();
  // The body is read (with its size limit) and checked by handle() below, before this app sees the request.
  // decap-server works on the folder GIT_REPO_DIRECTORY names, at /api/v1 of the app it is given.
  process.env.GIT_REPO_DIRECTORY = repoPath;
  const proxy = express();
  await decap.registerLocalFs(proxy, { logLevel: 'warn' });
  app.use(EDITOR_API_PATH.slice(0, -'/api/v1'.length), proxy);

  return function handle(req: IncomingMessage, res: ServerResponse): boolean {
    const pathname = (req.url ?? '').split('?')[0];
    if (pathname === '/admin/content/status.json' && (req.method === 'GET' || req.method === 'HEAD')) {
      let status: EditorStatus = { state: 'idle' };
      try {
        if (statusFile) status = JSON.parse(readFileSync(statusFile, 'utf8')) as EditorStatus;
      } catch {
        // No save yet.
      }
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(status));
      return true;
    }
    if (pathname !== EDITOR_API_PATH) return false;
    const refuse = (status: number, message: string) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ error: message }));
      return true;
    };
    const remote = req.socket.remoteAddress ?? '';
    if (!/^(127\.|::1$|::ffff:127\.)/.test(remote)) return refuse(403, 'The content editor saves only from this computer.');
    // The page's own address, named as this computer names itself: a site elsewhere whose name was pointed at
    // 127.0.0.1 (DNS rebinding) sends its own name, and is refused.
    const host = req.headers.host ?? '';
    if (!/^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(host)) return refuse(403, 'Open the content editor at localhost or 127.0.0.1.');
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== `http://${host}`) return refuse(403, 'The content editor saves only from its own page.');
    if (req.method !== 'POST') return refuse(405, 'Method Not Allowed');
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return refuse(415, 'The content editor speaks JSON only.');
    const tooLarge = () => {
      // The rest of the body is never kept: what is still arriving is let through into nothing for a moment, so that
      // the sender reads the answer before the connection is closed under it (closing at once resets it, answer unread).
      refuse(413, TOO_LARGE);
      res.on('finish', () => {
        req.removeAllListeners('data');
        req.resume();
        setTimeout(() => req.socket.destroy(), 1000).unref();
      });
      return true;
    };
    if (Number(req.headers['content-length']) > MAX_BODY_BYTES) return tooLarge();
    void (async () => {
      const bytes = await readBody(req);
      if (!bytes) return tooLarge();
      let body: { action?: unknown; params?: unknown };
      try {
        body = JSON.parse(bytes.toString('utf8'));
      } catch {
        return refuse(400, 'The content editor could not read this request (it is not JSON).');
      }
      if (!body || typeof body !== 'object' || Array.isArray(body)) return refuse(400, 'The content editor could not read this request (it is not an action).');
      const refused = await refusal(repoPath, body);
      if (refused) return refuse(refused.status, refused.error);
      // decap-server's own JSON parser (body-parser) passes over a body already read: _body says so.
      Object.assign(req, { body, _body: true });
      app(req as never, res as never);
    })().catch(() => {
      if (res.headersSent) res.destroy();
      else refuse(500, 'The content editor could not save this: try again.');
    });
    return true;
  };
}
