import mdx from '@mdx-js/rollup';
import react from '@vitejs/plugin-react';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdxFrontmatter from 'remark-mdx-frontmatter';
import vike from 'vike/plugin';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { remarkIdentityTokens } from './src/content/identityTokens.ts';
import { remarkContentIsData } from './src/content/mdxBody.ts';
import type { ContentError } from './src/content/problems.ts';
import { CONTENT_REFUSED_HELP } from './src/guides.ts';

/**
 * In development, a change under content/ reloads the browser; the loader reads the files again. While the
 * content has a problem, a page shows Vite's error overlay with the message of `npm run check` (Vite's error
 * handler also prints it in the terminal) instead of Vike's bare error page, and a fix reloads the page.
 */
function contentInDev(): Plugin {
  return {
    name: 'content-in-dev',
    apply: 'serve',
    configureServer(server) {
      const contentDir = path.join(server.config.root, 'content');
      server.watcher.add(contentDir);
      server.watcher.on('all', (_event, file) => {
        // The watcher names some files relative to the root and others absolutely.
        const inContent = path.resolve(server.config.root, file).startsWith(contentDir + path.sep);
        if (inContent && !file.endsWith('.mdx')) server.ws.send({ type: 'full-reload' });
      });
      // The pictures and fonts a build publishes (scripts/generator/publicAssets.ts), served from their sources, and
      // the share image, drawn from the content (any .png at the top: its path is site.yaml's shareImage.path).
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' || !/^\/(assets\/(images|fonts)\/|[\w-]+\.png(\?|$))/.test(req.url ?? '')) return next();
        import('./scripts/generator/devAssets.ts')
          .then(({ devAsset }) => devAsset(server.config.root, req.url!.split('?')[0]!))
          .then((asset) => {
            if (!asset) return next();
            res.setHeader('Content-Type', asset.type);
            res.setHeader('Cache-Control', 'no-cache');
            res.end(asset.body);
          }, next);
      });
      server.middlewares.use((req, _res, next) => {
        if (req.method !== 'GET' || !req.headers.accept?.includes('text/html')) return next();
        // Loaded on the first page request, so that a build does not pay for the loader when reading this file.
        import('./src/content/getContent.ts')
          .then(({ getContent }) => getContent())
          .then(
            () => next(),
            (error: Error) => next(error.name === 'ContentError' ? overlayError(error as ContentError, server.config.root) : error),
          );
      });
    },
  };
}

/** The overlay shows the message and links the first problem's file; the loader's stack would only be noise. */
function overlayError(error: ContentError, root: string) {
  const first = error.problems[0]!;
  const file = path.resolve(root, first.file);
  return Object.assign(new Error(`${error.message}\n\n${CONTENT_REFUSED_HELP}`), { stack: '', id: file, loc: first.line === undefined ? undefined : { file, line: first.line, column: first.column ?? 1 } });
}

export default defineConfig({
  plugins: [
    {
      enforce: 'pre',
      ...mdx({
        jsxImportSource: '@emotion/react',
        // Content is data: the compiler itself refuses any expression, spread or import in a body (checked
        // before remark-mdx-frontmatter adds its own export of the frontmatter).
        // ((site.name)) and the other identity tokens become <Identity>, rendered from content/site.yaml.
        remarkPlugins: [remarkFrontmatter, remarkContentIsData, remarkIdentityTokens, remarkMdxFrontmatter],
      }),
    },
    react({ jsxImportSource: '@emotion/react', include: /\.(mdx|tsx|ts)$/ }),
    vike(),
    contentInDev(),
  ],
  resolve: {
    // Parts of supabase-js the dashboard never uses, kept out of its 150 KB budget: realtime channels, Edge
    // Function calls and storage's analytics catalog (see src/admin/noRealtime.ts, noFunctions.ts, noIceberg.ts).
    alias: {
      '@supabase/realtime-js': fileURLToPath(new URL('./src/admin/noRealtime.ts', import.meta.url)),
      '@supabase/functions-js': fileURLToPath(new URL('./src/admin/noFunctions.ts', import.meta.url)),
      'iceberg-js': fileURLToPath(new URL('./src/admin/noIceberg.ts', import.meta.url)),
    },
  },
  build: { reportCompressedSize: false },
});
