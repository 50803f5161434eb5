/**
 * `npm run build`: validate the content, prerender every page with Vike, then write sitemap.xml, robots.txt and
 * the security headers (_headers, and each page's style policy). Everything is built in a folder of its own
 * (dist/.build-<pid>, src/buildDir.ts) and moved to dist/client only when every step succeeded: a failure leaves
 * the previous build in dist/client, served and deployable as it was.
 * The bundles are reused when only content changed (scripts/generator/buildCache.ts); the pages are always all
 * prerendered again. This process stays small: the content step, the bundler and the prerender's workers each run
 * in processes of their own. `npm run build` runs it compiled (scripts/build.mjs).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { BUILD_DIR_ENV } from '../src/buildDir.ts';
import { CONTENT_REFUSED_HELP } from '../src/guides.ts';
import { CONTENT_SNAPSHOT_ENV } from '../src/content/snapshotEnv.ts';
import { backendLine } from '../src/localBackend.ts';
import { secretsInBrowserVariables } from '../src/supabaseKey.ts';
import { siteHeadersFile } from '../src/security/headers.ts';
import { CACHE_DIR, bundleKey, filesUnder, restoreBundles, saveBundles } from './generator/buildCache.ts';
import type { Bundled, BundleStepResult } from './generator/bundle.ts';
import { compiledScript } from './generator/compiled.mjs';
import type { ContentStepResult } from './generator/contentCheck.ts';
import { writeEditorPage } from './generator/editorPage.ts';
import { writeFonts, writeImages } from './generator/publicAssets.ts';
import { startShareImage } from './generator/shareImage.ts';
import { BuildOutput, failedBuildText, publish, removeAbandonedStaging, stagingDir } from './generator/output.ts';
import { prerenderWorkers, startPrerender, type Prerender } from './generator/writePages.ts';

const dist = path.join(process.cwd(), 'dist');
const staging = stagingDir(dist);
const cache = path.join(process.cwd(), CACHE_DIR);
const started = performance.now();
/** BUILD_TIMINGS=1: when each step ended, in seconds since the build started (on stderr). */
const timing = (step: string) => {
  if (process.env.BUILD_TIMINGS) console.error(`[build] ${((performance.now() - started) / 1000).toFixed(2)} s  ${step}`);
};

/** The prerender's workers, once started (with bundles kept, they load while the content is checked). */
let prerender: Prerender | undefined;
/** The bundler, when the bundles must be built (it loads while the content is checked). */
let bundler: Awaited<ReturnType<typeof startBundler>> | undefined;

function fail(message: string): never {
  prerender?.stop();
  bundler?.stop();
  rmSync(staging, { recursive: true, force: true });
  console.error(failedBuildText(message, existsSync(path.join(dist, 'client'))));
  process.exit(1);
}

// A secret key in a VITE_ variable would be built into files every visitor downloads (and kept in the bundle
// cache): refused first, production build or not, before anything is bundled or restored.
const secrets = secretsInBrowserVariables(process.env);
if (secrets.length) fail(`A secret key would be built into the site.\n${secrets.map(({ variable, message }) => `  ${variable}  ${message}.`).join('\n')}`);

mkdirSync(cache, { recursive: true });
removeAbandonedStaging(dist);
rmSync(staging, { recursive: true, force: true });
const snapshot = path.join(cache, 'content.json');
const stepResult = path.join(cache, 'content-step.json');
// The bundler and the prerender run in plain-Node processes of their own, one after the other, so that their
// memory is never held at once.
const childEnv = { ...process.env, NODE_ENV: 'production', [CONTENT_SNAPSHOT_ENV]: snapshot, [BUILD_DIR_ENV]: staging };

/**
 * Starts the bundling step (scripts/generator/bundle.ts), which loads Vite and the plugins while the content is checked
 * and bundles once `run` is called; `stop` ends it without bundling.
 */
async function startBundler() {
  const resultFile = path.join(cache, 'bundle-step.json');
  rmSync(resultFile, { force: true });
  // Rolldown's allocator (mimalloc) would otherwise commit its arenas up front: about 150 MB more resident memory
  // for the same bundles, in the same time (measured on Linux; a setting already in the environment is kept). It
  // also gives back what it frees at once rather than later (MIMALLOC_PURGE_DELAY=0: about 30 MB less at the peak),
  // and V8 is held to a small young generation and grows its old generation by half at most between collections
  // (--heap-growing-percent=50; by its own measure it may grow it several times over): the bundling step alone
  // peaked at 233-237 MB, against 300 MB with V8's defaults and 272-287 MB with the young generation capped only,
  // in the same time. (--optimize-for-size took 15 MB more off, for 5% more time of a clean build and 15% more of
  // this step.) Only a build after a change of code or dependencies bundles: a content edit reuses the bundles.
  const child = spawn(process.execPath, ['--max-semi-space-size=2', '--heap-growing-percent=50', await compiledScript(process.cwd(), 'scripts/generator/bundle.ts'), resultFile], {
    stdio: ['pipe', 'inherit', 'inherit'],
    env: { MIMALLOC_ARENA_EAGER_COMMIT: '0', MIMALLOC_PURGE_DELAY: '0', ...childEnv },
  });
  child.stdin!.on('error', () => undefined);
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    async run(): Promise<Bundled> {
      child.stdin!.end('bundle\n');
      const code = await exited;
      let result: BundleStepResult;
      try {
        result = JSON.parse(readFileSync(resultFile, 'utf8')) as BundleStepResult;
      } catch {
        fail(`The bundles could not be built (the step stopped with exit code ${code}); its output is above.`);
      }
      if (!result.ok) fail(result.error);
      return result.bundled;
    },
    stop: () => child.kill(),
  };
}

const prerenderScript = await compiledScript(process.cwd(), 'scripts/generator/prerender.ts');
// How many pages the content gives, before it is read: about one per service and job file.
const filesIn = (folder: string) => (existsSync(path.join('content', folder)) ? readdirSync(path.join('content', folder)).length : 0);
const workers = prerenderWorkers(filesIn('services') + filesIn('jobs'));
const startWorkers = () => startPrerender({ script: prerenderScript, env: childEnv, workers });

// The bundles depend on code only, not on content (the form's choices the content step writes for the Edge
// Functions are left out of the key: the dashboard gets its labels with its page). When they are kept, they are
// put in the build's folder first, and the prerender's workers start loading them while the content is checked; otherwise the
// bundler starts loading Vite meanwhile, and bundles once the content is valid.
const output = new BuildOutput(path.join(staging, 'client'));
const key = bundleKey(process.cwd());
let bundled = restoreBundles<Bundled>(process.cwd(), key, output, staging);
const reused = bundled !== undefined;
if (reused) prerender = startWorkers();
else bundler = await startBundler();

// The content is validated (and the form's choices and the workflow's SQL written) in a process of its own, before
// anything is bundled: a content error (an MDX body's too) gets the positioned message of `npm run check`.
rmSync(stepResult, { force: true });
// V8's young generation kept small: the step makes much short-lived garbage, and with the default it held about
// 30 MB more for a +1,000-service site, beside the bundler loading, in the same time.
const step = spawnSync(process.execPath, ['--max-semi-space-size=2', await compiledScript(process.cwd(), 'scripts/generator/contentStep.ts'), snapshot, stepResult], { stdio: 'inherit' });
let site: ContentStepResult;
try {
  site = JSON.parse(readFileSync(stepResult, 'utf8')) as ContentStepResult;
} catch {
  fail(`The content could not be checked (the step stopped with exit code ${step.status}); its output is above.`);
}
if (!site.ok) fail(`${site.error}\n\n${CONTENT_REFUSED_HELP}`);
timing('content checked');
// The share image is drawn from the content (scripts/generator/shareImage.ts) while the pages are rendered.
const sharing = startShareImage(snapshot, cache);

if (!bundled) {
  // Everything in the build's folder now is a bundle.
  bundled = await bundler!.run();
  timing('bundled');
  // The workers load Vike, React and the pages while the bundles are copied into the cache.
  prerender = startWorkers();
  saveBundles(process.cwd(), key, bundled, staging);
  for (const file of filesUnder(output.root)) output.keep(file);
}
const { formScript, editorScript, analytics } = bundled;
// Every page, from the bundles, with Vike's server runtime (see prerender.ts for why not `vike prerender`),
// written here with its style policy as the workers go on.
let pageCount = 0;
try {
  pageCount = await prerender!.render(stepResult, output, site.policySources);
} catch (error) {
  fail(`The pages could not be prerendered: ${(error as Error).message}.`);
}
// As `vike prerender` does when every page is prerendered: the server bundle is not deployed.
rmSync(path.join(staging, 'server'), { recursive: true, force: true });
timing('pages rendered and written');

// The pictures and fonts the pages link to, and the files for the host.
let pictures;
let shareLine = '';
try {
  pictures = await writeImages(site.images, path.join(process.cwd(), 'content', 'images'), output, path.join(cache, 'images'));
  writeFonts(output);
  const share = await sharing;
  if ('error' in share) throw new Error(`the share image could not be drawn: ${share.error.message}`);
  timing(`share image drawn (${share.seconds.toFixed(2)} s)`);
  await output.write(share.card.path.slice(1), share.png);
  shareLine = `Share image: ${share.card.path} (1200x630), drawn from site.yaml in ${share.seconds.toFixed(2)} s.`;
  await Promise.all([output.write('sitemap.xml', site.sitemap), output.write('robots.txt', site.robots)]);
} catch (error) {
  fail(`The pictures, fonts or sitemap could not be published: ${(error as Error).message}`);
}
// The content editor's page (/admin/content/), its configuration from the schemas, and Decap's bundle.
try {
  await writeEditorPage(output, editorScript, site);
} catch (error) {
  fail(`The content editor could not be written: ${(error as Error).message}`);
}
try {
  await output.write('_headers', siteHeadersFile(site.policySources));
} catch (error) {
  fail(`The security headers could not be written: ${(error as Error).message}`);
}
timing('pictures, fonts, sitemap and headers written');
// Every step succeeded: the new site replaces the one served.
try {
  publish(staging, dist);
} catch (error) {
  fail(`The new site could not be moved into dist/client: ${(error as Error).message}`);
}
timing('published');

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Built ${site.paths.length} public pages (${pageCount} with /admin and 404.html), sitemap.xml, robots.txt and _headers into dist/client in ${seconds} s.`);
console.log(reused ? 'Bundles: reused (no code, configuration, dependency, MDX or VITE_* change since they were built); every page prerendered again.' : `Bundles: built, and kept in ${CACHE_DIR}/ for content-only rebuilds.`);
console.log(`Files: ${output.produced.size} in dist/client (${output.kept} from the bundler), built beside the previous site and put in its place at the end.`);
console.log(backendLine());
console.log(`Pictures: ${site.images.length} (${pictures.files} files${pictures.converted ? `, ${pictures.converted} converted now` : ''}).`);
console.log(shareLine);
console.log(`Form script (contact and application forms): ${formScript.src} (${formScript.gzipBytes} B gzipped).`);
console.log(
  analytics
    ? `Analytics (VITE_POSTHOG_KEY set): boot script ${analytics.src} (${analytics.bootGzipBytes} B gzipped, on every public page), posthog-js loaded after it when the page is idle (${analytics.lazyGzipBytes} B gzipped).`
    : 'Analytics: off (no VITE_POSTHOG_KEY); no analytics code is shipped.',
);
