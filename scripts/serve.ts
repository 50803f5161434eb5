/**
 * Serves dist/client as a static host would: pretty URLs (/services -> /services/index.html), gzip/brotli
 * compression, a year of caching for hashed assets, and status 404 with the 404 page for unknown paths.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import sirv from 'sirv';

export function createStaticServer(root = path.join(process.cwd(), 'dist', 'client'), log = console.log): Server {
  const notFoundPage = readFileSync(path.join(root, '404.html'));
  const compress = compression();
  const assets = sirv(root, {
    extensions: ['html'],
    etag: true,
    // Vite names files under /assets/ after their content hash, so they never change.
    setHeaders(res, pathname) {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (pathname.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
    },
  });

  return createServer((req, res) => {
    compress(req as never, res as never, () => {
      assets(req, res, () => {
        log(`404 ${req.method} ${req.url}`);
        res.statusCode = 404;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(req.method === 'HEAD' ? undefined : notFoundPage);
      });
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 3000);
  createStaticServer().listen(port, () => console.log(`Site: http://localhost:${port}`));
}
