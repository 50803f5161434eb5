/**
 * The content editor's local backend under `npm start`: decap-server's file-system proxy (the API Decap's
 * `proxy` backend speaks), answered by the site server at /admin/content/api/v1, so the editor's page talks to
 * its own origin and nothing else listens. Saves write the files of the working tree; the content watcher builds
 * the site again (scripts/live/contentWatch.ts), and /admin/content/status.json says how that went.
 * Guarded beyond decap-server's own checks (which keep paths inside the project):
 * - only from this machine: a request from another address is refused, whatever HOST the server listens on;
 * - only from the site's own pages: a request with another Origin, or for another host name, is refused, and only JSON is read (a form on
 *   another site cannot send JSON without asking first, and is not answered);
 * - only content: every path a request names must be under content/ (the editor cannot write code or settings).
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { Express } from 'express';
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

const underContent = (file: string) => {
  const normal = file.replace(/\\/g, '/').replace(/^\.\//, '').replace(/^\//, '');
  return normal.startsWith(CONTENT) && !normal.split('/').includes('..');
};

/** The handler of the editor's API and status: true when it answered, false for other paths. */
export async function editorApi(repoPath: string, statusFile: string | undefined) {
  const express = require('express') as typeof import('express');
  const decap = require('decap-server/dist/middlewares.js') as DecapMiddlewares;
  const app = express();
  app.use(express.json({ limit: '50mb', type: 'application/json' }));
  app.post(EDITOR_API_PATH, (req, res, next) => {
    const body = req.body as { action?: unknown; params?: unknown } | undefined;
    const outside = pathsIn(body?.params).filter((file) => !underContent(file));
    if (outside.length) {
      res.status(403).json({ error: `The editor changes only the files under content/; refused: ${outside.join(', ')}` });
      return;
    }
    next();
  });
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
    app(req as never, res as never);
    return true;
  };
}
