import mdx from '@mdx-js/rollup';
import react from '@vitejs/plugin-react';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdxFrontmatter from 'remark-mdx-frontmatter';
import vike from 'vike/plugin';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { remarkContentIsData } from './src/content/mdxBody.ts';

/** In development, a change under content/ reloads the browser; the loader reads the files again. */
function reloadOnContentChange(): Plugin {
  return {
    name: 'reload-on-content-change',
    apply: 'serve',
    configureServer(server) {
      server.watcher.add('content');
      server.watcher.on('all', (_event, file) => {
        if (/[\\/]content[\\/]/.test(file) && !file.endsWith('.mdx')) server.ws.send({ type: 'full-reload' });
      });
    },
  };
}

export default defineConfig({
  plugins: [
    {
      enforce: 'pre',
      ...mdx({
        jsxImportSource: '@emotion/react',
        // Content is data: the compiler itself refuses any expression, spread or import in a body (checked
        // before remark-mdx-frontmatter adds its own export of the frontmatter).
        remarkPlugins: [remarkFrontmatter, remarkContentIsData, remarkMdxFrontmatter],
      }),
    },
    react({ jsxImportSource: '@emotion/react', include: /\.(mdx|tsx|ts)$/ }),
    vike(),
    reloadOnContentChange(),
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
