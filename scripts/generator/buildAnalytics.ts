/**
 * Bundles the analytics boot script (src/analytics/boot.ts) and, split from it, the posthog-js chunk it loads
 * lazily (src/analytics/start.ts), outside Vike, like the form script (buildFormScript.ts). Only with
 * VITE_POSTHOG_KEY: without a key nothing is built, no manifest is written (a stale one is removed), and pages
 * get no analytics script at all (DESIGN 7). The key, host and test switch are baked in at build time.
 * Runs after `vike build` (which empties client/ of the build's folder) and before the prerender (which reads the
 * manifest).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { buildDir } from '../../src/buildDir.ts';
import { ANALYTICS_SCRIPT_MANIFEST, ANALYTICS_SCRIPT_SOURCE, type AnalyticsScriptManifest } from '../../src/analytics/script.ts';

/** The browser-safe variables the analytics code reads (src/analytics/options.ts). */
const ANALYTICS_ENV = ['VITE_POSTHOG_KEY', 'VITE_POSTHOG_HOST', 'VITE_POSTHOG_TEST_ALLOW_HEADLESS'] as const;

export interface AnalyticsBuild {
  /** The boot script's URL path, as written to the manifest. */
  src: string;
  /** Gzipped size of the boot script, what a page loads before it is usable. */
  bootGzipBytes: number;
  /** Gzipped size of everything loaded lazily after it (posthog-js and the site's wrapper). */
  lazyGzipBytes: number;
  /** Every file written, relative to outDir. */
  files: string[];
}

export interface BuildAnalyticsOptions {
  root?: string;
  /** Where the scripts go (assets/ below it); default client/ of the build's folder (src/buildDir.ts). */
  outDir?: string;
  /** Where the manifest goes; default ANALYTICS_SCRIPT_MANIFEST in the build's folder. */
  manifest?: string;
  env?: NodeJS.ProcessEnv;
}

export async function buildAnalytics(options: BuildAnalyticsOptions = {}): Promise<AnalyticsBuild | undefined> {
  const root = options.root ?? process.cwd();
  const env = options.env ?? process.env;
  const manifestFile = options.manifest ?? path.join(buildDir(env, root), ANALYTICS_SCRIPT_MANIFEST);
  rmSync(manifestFile, { force: true });
  if (!env.VITE_POSTHOG_KEY?.trim()) return undefined;

  const outDir = options.outDir ?? path.join(buildDir(env, root), 'client');
  const chunks = await bundleBrowserScripts({ root, outDir, env, inputs: { analytics: path.join(root, ANALYTICS_SCRIPT_SOURCE) } });
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`no entry chunk built from ${ANALYTICS_SCRIPT_SOURCE}`);
  const gzipBytes = (chunk: Rolldown.OutputChunk) => gzipSync(readFileSync(path.join(outDir, chunk.fileName))).length;
  const manifest: AnalyticsScriptManifest = { src: `/${entry.fileName}` };
  mkdirSync(path.dirname(manifestFile), { recursive: true });
  writeFileSync(manifestFile, `${JSON.stringify(manifest)}\n`);
  return {
    src: manifest.src,
    bootGzipBytes: gzipBytes(entry),
    lazyGzipBytes: chunks.filter((chunk) => !chunk.isEntry).reduce((sum, chunk) => sum + gzipBytes(chunk), 0),
    files: chunks.map((chunk) => chunk.fileName),
  };
}

/**
 * Vite's build of browser entries with the analytics variables of `env` baked in (undefined when unset),
 * code-split into outDir/assets/. Exported for the browser tests' harness, which builds its own entry with it.
 */
export async function bundleBrowserScripts(options: {
  root: string;
  outDir: string;
  env: NodeJS.ProcessEnv;
  inputs: Record<string, string>;
}): Promise<Rolldown.OutputChunk[]> {
  const define = Object.fromEntries(ANALYTICS_ENV.map((name) => [`import.meta.env.${name}`, JSON.stringify(options.env[name]?.trim() || undefined) ?? 'undefined']));
  const output = (await build({
    root: options.root,
    configFile: false,
    envDir: false,
    publicDir: false,
    logLevel: 'warn',
    define,
    build: {
      outDir: options.outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2020',
      modulePreload: false,
      reportCompressedSize: false,
      // Library mode: the only way to keep Vite's preload helper (1 KB gzipped) out of a script whose one
      // dynamic import has nothing to preload. Its defaults suit a package, not a page, and are undone below:
      // keep whitespace and comments, and give a module shared by boot and chunk a file of its own (one more
      // request before the page is usable).
      lib: { entry: options.inputs, formats: ['es'] },
      rolldownOptions: {
        preserveEntrySignatures: 'allow-extension',
        output: {
          format: 'es',
          entryFileNames: 'assets/[name].[hash].js',
          chunkFileNames: 'assets/[name].[hash].js',
          minify: true,
          comments: false,
        },
      },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  return (Array.isArray(output) ? output : [output]).flatMap((one) => one.output).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
}
