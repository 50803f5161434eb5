/**
 * The build's bundling step, in a process of its own (compiled, run with plain Node) so that Vite, Rolldown and
 * the plugins are loaded once and their memory is given back before the prerender starts: `vike build` (the
 * pages' client and server bundles), then the form script on its own, then, only with VITE_POSTHOG_KEY, the
 * analytics scripts. Usage: bundle <result file>; the result is a BundleStepResult.
 * The build starts it with MIMALLOC_ARENA_EAGER_COMMIT=0 (see scripts/build.ts), beside the content step: it loads
 * Vite, Vike and the configuration's plugins meanwhile, then waits for a line on stdin before bundling anything
 * (stdin closed with nothing written: the content had a problem, and there is nothing to do).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { build } from 'vike/api';
import { loadConfigFromFile, type UserConfig } from 'vite';
import { buildDir } from '../../src/buildDir.ts';
import { buildAnalytics } from './buildAnalytics.ts';
import { buildEditorScript } from './buildEditorScript.ts';
import { buildFormScript } from './buildFormScript.ts';

/** What the bundling step reports, kept with the bundles for the builds that reuse them. */
export interface Bundled {
  formScript: { src: string; gzipBytes: number };
  /** The content editor's own script (Decap's bundle is copied as it is). */
  editorScript: { src: string; gzipBytes: number };
  analytics: { src: string; bootGzipBytes: number; lazyGzipBytes: number } | undefined;
}

export type BundleStepResult = { ok: true; bundled: Bundled } | { ok: false; error: string };

/**
 * The project's Vite configuration (vite.config.ts, and through it its plugins), loaded once. Vike's plugin leaves
 * itself out of a configuration loaded under Vitest outside Vike's API: this process is a build's step even when a
 * build test started it, and is never Vitest itself.
 */
async function viteConfig(): Promise<UserConfig> {
  delete process.env.VITEST;
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, undefined, process.cwd(), 'warn');
  if (!loaded) throw new Error(`there is no vite.config.ts in ${process.cwd()}`);
  return loaded.config;
}

async function bundle(quiet: boolean): Promise<BundleStepResult> {
  try {
    const config = await viteConfig();
    // Into the build's own folder (BUILD_DIR): dist/client stays as it is until the build has succeeded. The
    // configuration is loaded once and given as it is: with `configFile`, Vite would load and bundle
    // vite.config.ts again each time it resolves the configuration (four times in `vike build`: Vike's own look,
    // the builder, the client and the server), about a third of this step's time; the bundles are byte for byte
    // the same.
    await build({ viteConfig: { ...config, configFile: false, build: { ...config.build, outDir: buildDir() }, ...(quiet ? { logLevel: 'warn' } : {}) } });
  } catch (error) {
    // Vite has printed what it could not bundle, with the file and line.
    console.error(error);
    return { ok: false, error: '`vike build` failed; its output is above.' };
  }
  // The form script is bundled on its own, so that only pages with a form load it; the prerender reads its
  // hashed name from the manifest this writes.
  let formScript;
  try {
    formScript = await buildFormScript();
  } catch (error) {
    return { ok: false, error: `The form script could not be built: ${(error as Error).message}` };
  }
  let editorScript;
  try {
    editorScript = await buildEditorScript();
  } catch (error) {
    return { ok: false, error: `The content editor's script could not be built: ${(error as Error).message}` };
  }
  // Only with VITE_POSTHOG_KEY: the analytics boot script for every public page, and the chunk it loads lazily.
  let analytics;
  try {
    analytics = await buildAnalytics();
  } catch (error) {
    return { ok: false, error: `The analytics script could not be built: ${(error as Error).message}` };
  }
  return { ok: true, bundled: { formScript, editorScript, analytics } };
}

const [resultFile] = process.argv.slice(2);
if (!resultFile) throw new Error('usage: bundle.ts <result file>');

// The packages vite.config.ts imports (its plugins), loaded while the content is checked; loading the
// configuration itself then finds them loaded. The configuration is loaded only once the content is valid: its
// own modules (the content's MDX checks, and through them zod and the schemas) and Rolldown's bundling of it would
// otherwise be held beside the content step, the largest moment of a large site's build.
const configPackages = [...readFileSync('vite.config.ts', 'utf8').matchAll(/^import [^;]* from '([^.'][^']*)';$/gm)].map(([, name]) => name!);
await Promise.all(configPackages.filter((name) => !name.startsWith('node:')).map((name) => import(name)));

let go = '';
for await (const chunk of process.stdin) go += String(chunk);
if (go.trim()) writeFileSync(resultFile, JSON.stringify(await bundle(Boolean(process.env.BUILD_QUIET))));
