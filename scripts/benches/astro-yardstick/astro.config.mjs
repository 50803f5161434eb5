// The Astro yardstick (scripts/benches/astroYardstick.ts): static output, MDX for the three .mdx services, a sitemap,
// the CSS inlined in each page (ours inlines its critical CSS), the CSP hashes of each page in a meta tag (ours too).
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { siteValues, tokenValues } from './src/site.ts';

/**
 * ((site.name)) and the other identity tokens of an .mdx body, filled in with content/site.yaml's values as ours
 * does; a text substitution before MDX compiles the file (Astro 7's default MDX processor takes no remark plugins).
 */
function identityTokens() {
  const values = tokenValues();
  return {
    name: 'identity-tokens',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.mdx($|\?)/.test(id)) return undefined;
      return code.replace(/\(\(site\.(\w+)\)\)/g, (token, key) => values[key] ?? token);
    },
  };
}

export default defineConfig({
  site: siteValues().siteUrl,
  output: 'static',
  // Astro's and Vite's caches kept inside the throw-away project (the clean build removes them): node_modules is a
  // link to the shared install, which no run may write to.
  cacheDir: './.astro-cache',
  integrations: [mdx(), sitemap()],
  vite: { cacheDir: './.vite-cache', plugins: [identityTokens()] },
  // No code blocks on the site: no highlighter loaded (ours loads none).
  markdown: { syntaxHighlight: false },
  build: { format: 'directory', inlineStylesheets: 'always' },
  security: { csp: true },
  devToolbar: { enabled: false },
});
