/**
 * `npm run build`: validate the content, prerender every page with Vike into dist/client, then write
 * sitemap.xml, robots.txt and the security headers (_headers, and each page's style policy). Any failure
 * removes dist/ so that nothing half-built can be deployed.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { contentRoot, loadContent } from '../src/content/loader.ts';
import { ContentError } from '../src/content/problems.ts';
import { siteOrigin } from '../src/env.ts';
import { FORM_CHOICES_FILE, writeFormChoices } from '../src/forms/formChoices.ts';
import { publicRoutes } from '../src/routes.ts';
import { robotsTxt, sitemapXml } from '../src/seo/sitemap.ts';
import { buildAnalytics } from './lib/buildAnalytics.ts';
import { buildFormScript } from './lib/buildFormScript.ts';
import { applySecurityHeaders, policySources } from './lib/securityHeaders.ts';

const dist = path.join(process.cwd(), 'dist');
const started = performance.now();

function fail(message: string): never {
  rmSync(dist, { recursive: true, force: true });
  console.error(`\nBuild failed. Nothing was written to dist/.\n\n${message}\n`);
  process.exit(1);
}

let content;
try {
  content = await loadContent(contentRoot());
} catch (error) {
  if (error instanceof ContentError) fail(error.message);
  throw error;
}

// The Edge Function cannot read content/: it gets the form's choices from a generated module.
if (writeFormChoices(content)) console.log(`Updated ${FORM_CHOICES_FILE} (deploy submit-application and submit-inquiry again to use the new choices).`);

// Vike runs in plain-Node processes of its own (without the TypeScript loader these scripts use): first the
// bundler, then the prerender, so that their memory is never held at once.
function vike(command: 'build' | 'prerender') {
  const run = spawnSync(process.execPath, ['node_modules/vike/bin.js', command], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', ...(process.env.BUILD_QUIET ? { VITE_CONFIG: '{logLevel:"warn"}' } : {}) },
  });
  if (run.status !== 0) fail(`\`vike ${command}\` stopped with exit code ${run.status}; its output is above.`);
}

vike('build');
// The form script is bundled on its own, so that only pages with a form load it; the
// prerender reads its hashed name from the manifest this writes.
let formScript;
try {
  formScript = await buildFormScript();
} catch (error) {
  fail(`The form script could not be built: ${(error as Error).message}`);
}
// Only with VITE_POSTHOG_KEY: the analytics boot script for every public page, and the chunk it loads lazily.
let analytics;
try {
  analytics = await buildAnalytics();
} catch (error) {
  fail(`The analytics script could not be built: ${(error as Error).message}`);
}
vike('prerender');

const origin = siteOrigin(content.site.siteUrl);
const routes = publicRoutes(content);
writeFileSync(path.join(dist, 'client', 'sitemap.xml'), sitemapXml(routes, origin));
writeFileSync(path.join(dist, 'client', 'robots.txt'), robotsTxt(origin));
try {
  applySecurityHeaders(path.join(dist, 'client'), policySources(content.site));
} catch (error) {
  fail(`The security headers could not be written: ${(error as Error).message}`);
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Built ${routes.length} public pages, 404.html, sitemap.xml, robots.txt and _headers into dist/client in ${seconds} s.`);
console.log(`Form script (contact and application forms): ${formScript.src} (${formScript.gzipBytes} B gzipped).`);
console.log(
  analytics
    ? `Analytics (VITE_POSTHOG_KEY set): boot script ${analytics.src} (${analytics.bootGzipBytes} B gzipped, on every public page), posthog-js loaded after it when the page is idle (${analytics.lazyGzipBytes} B gzipped).`
    : 'Analytics: off (no VITE_POSTHOG_KEY); no analytics code is shipped.',
);
