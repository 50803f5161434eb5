/**
 * `npm run build`: validate the content, prerender every page with Vike into dist/client, then write
 * sitemap.xml, robots.txt and the security headers (_headers, and each page's style policy). Any failure
 * removes dist/ so that nothing half-built can be deployed.
 * The bundles are reused when only content changed (scripts/lib/buildCache.ts); the pages are always all
 * prerendered again. This process stays small: the content is validated in a process of its own.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { CONTENT_SNAPSHOT_ENV } from '../src/content/snapshotEnv.ts';
import { FORM_CHOICES_FILE } from '../src/forms/formChoices.ts';
import { CACHE_DIR, bundleKey, compiledScript, restoreBundles, saveBundles } from './lib/buildCache.ts';
import type { ContentStepResult } from './lib/contentStep.ts';
import { writeFonts, writeImages } from './lib/publicAssets.ts';
import { writeHeadersFile } from './lib/securityHeaders.ts';
import { writePrerenderedPages } from './lib/writePages.ts';

const dist = path.join(process.cwd(), 'dist');
const cache = path.join(process.cwd(), CACHE_DIR);
const started = performance.now();

function fail(message: string): never {
  rmSync(dist, { recursive: true, force: true });
  console.error(`\nBuild failed. Nothing was written to dist/.\n\n${message}\n`);
  process.exit(1);
}

// The content is validated (and the form's choices written) in a process that ends before the bundler starts.
mkdirSync(cache, { recursive: true });
const snapshot = path.join(cache, 'content.json');
const stepResult = path.join(cache, 'content-step.json');
rmSync(stepResult, { force: true });
const step = spawnSync(process.execPath, [await compiledScript(process.cwd(), 'scripts/lib/contentStep.ts'), snapshot, stepResult], { stdio: 'inherit' });
let site: ContentStepResult;
try {
  site = JSON.parse(readFileSync(stepResult, 'utf8')) as ContentStepResult;
} catch {
  fail(`The content could not be checked (the step stopped with exit code ${step.status}); its output is above.`);
}
if (!site.ok) fail(site.error);
if (site.formChoicesUpdated) console.log(`Updated ${FORM_CHOICES_FILE} (deploy submit-application and submit-inquiry again to use the new choices).`);

// The bundler and the prerender run in plain-Node processes of their own (without the TypeScript loader these
// scripts use), one after the other, so that their memory is never held at once.
const childEnv = { ...process.env, NODE_ENV: 'production', [CONTENT_SNAPSHOT_ENV]: snapshot, ...(process.env.BUILD_QUIET ? { VITE_CONFIG: '{logLevel:"warn"}' } : {}) };
function vike(command: 'build') {
  const run = spawnSync(process.execPath, ['node_modules/vike/bin.js', command], { stdio: 'inherit', env: childEnv });
  if (run.status !== 0) fail(`\`vike ${command}\` stopped with exit code ${run.status}; its output is above.`);
}

/** What the bundling step reports, kept with the bundles for the builds that reuse them. */
interface Bundled {
  formScript: { src: string; gzipBytes: number };
  analytics: { src: string; bootGzipBytes: number; lazyGzipBytes: number } | undefined;
}

async function bundle(): Promise<Bundled> {
  vike('build');
  // Loaded only to bundle: Vite is a large import this process does not otherwise need.
  const [{ buildFormScript }, { buildAnalytics }] = await Promise.all([import('./lib/buildFormScript.ts'), import('./lib/buildAnalytics.ts')]);
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
  return { formScript, analytics };
}

// Keyed after the content step. The form's choices it writes for the Edge Functions are left out of the key: no
// bundle imports them (the dashboard gets its labels with its page), so a new service is a content-only rebuild.
const key = bundleKey(process.cwd());
let bundled = restoreBundles<Bundled>(process.cwd(), key);
const reused = bundled !== undefined;
if (!bundled) {
  bundled = await bundle();
  saveBundles(process.cwd(), key, bundled);
}
const { formScript, analytics } = bundled;
// Every page, from the bundles, with Vike's server runtime (see prerender.mjs for why not `vike prerender`),
// written here with its style policy as the prerender goes on.
let pageCount = 0;
try {
  pageCount = await writePrerenderedPages({ client: path.join(dist, 'client'), plan: stepResult, sources: site.policySources, env: childEnv });
} catch (error) {
  fail(`The pages could not be prerendered: ${(error as Error).message}.`);
}

// The pictures and fonts the pages link to.
let pictures;
try {
  pictures = await writeImages(site.images, path.join(process.cwd(), 'content', 'images'), path.join(dist, 'client'), path.join(cache, 'images'));
  writeFonts(path.join(dist, 'client'));
} catch (error) {
  fail(`The pictures or fonts could not be published: ${(error as Error).message}`);
}

writeFileSync(path.join(dist, 'client', 'sitemap.xml'), site.sitemap);
writeFileSync(path.join(dist, 'client', 'robots.txt'), site.robots);
try {
  writeHeadersFile(path.join(dist, 'client'), site.policySources);
} catch (error) {
  fail(`The security headers could not be written: ${(error as Error).message}`);
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Built ${site.paths.length} public pages (${pageCount} with /admin and 404.html), sitemap.xml, robots.txt and _headers into dist/client in ${seconds} s.`);
console.log(reused ? 'Bundles: reused (no code, configuration, dependency, MDX or VITE_* change since they were built); every page prerendered again.' : `Bundles: built, and kept in ${CACHE_DIR}/ for content-only rebuilds.`);
console.log(`Pictures: ${site.images.length} (${pictures.files} files${pictures.converted ? `, ${pictures.converted} converted now` : ''}).`);
console.log(`Form script (contact and application forms): ${formScript.src} (${formScript.gzipBytes} B gzipped).`);
console.log(
  analytics
    ? `Analytics (VITE_POSTHOG_KEY set): boot script ${analytics.src} (${analytics.bootGzipBytes} B gzipped, on every public page), posthog-js loaded after it when the page is idle (${analytics.lazyGzipBytes} B gzipped).`
    : 'Analytics: off (no VITE_POSTHOG_KEY); no analytics code is shipped.',
);
