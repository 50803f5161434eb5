// @ts-check
/**
 * The build's TypeScript scripts as plain JavaScript, so that Node runs them without the TypeScript loader: under
 * tsx, loading zod and yaml was half of the content step's time, and the loader alone keeps about 80 MB beside
 * the bundler. esbuild bundles each script with the modules of ours it imports (packages stay imports) into
 * .build-cache/scripts/, under a key that hashes all of our code, so they are compiled again only after a change.
 * Plain JavaScript itself, so that `npm run build` (scripts/build.mjs) can start from it with plain Node.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CACHE_DIR = '.build-cache';

/** Every script the build runs compiled: the build itself and the steps it runs in processes of their own. */
const BUILD_SCRIPTS = ['scripts/build.ts', 'scripts/generator/contentStep.ts', 'scripts/generator/bundle.ts', 'scripts/generator/prerender.ts', 'scripts/live/liveBuild.ts'];

/** What the compiled scripts are made of: our code (packages stay imports, so their versions do not matter here). */
const SCRIPT_INPUTS = ['src', 'scripts', 'supabase/functions/_shared', 'package.json'];

/**
 * Written from content by the content step for the Edge Functions (FORM_CHOICES_FILE); no build script and no
 * bundle imports it, so a new service, job or choice neither compiles the scripts nor bundles again.
 */
export const WRITTEN_FOR_FUNCTIONS = new Set(['supabase/functions/_shared/formChoices.generated.ts']);

/** The folder of the compiled scripts, by project: worked out once per build, before the build writes anything. */
const folders = new Map();

/**
 * Adds every byte of these files and folders (with their paths) to `hash`, except the files in `skip`
 * (paths relative to root, with forward slashes).
 * @param {import('node:crypto').Hash} hash
 * @param {string} root
 * @param {readonly string[]} inputs
 * @param {ReadonlySet<string>} [skip]
 * @returns {import('node:crypto').Hash}
 */
export function hashInputs(hash, root, inputs, skip = new Set()) {
  /** @param {string} relative */
  const addFile = (relative) => {
    if (skip.has(relative)) return;
    const bytes = readFileSync(path.join(root, relative));
    hash.update(`${relative}\0${bytes.length}\0`).update(bytes);
  };
  for (const input of inputs) {
    const absolute = path.join(root, input);
    const stats = statSync(absolute, { throwIfNoEntry: false });
    if (!stats) hash.update(`${input}\0missing\0`);
    else if (stats.isFile()) addFile(input);
    else {
      const files = readdirSync(absolute, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      const names = files.map((entry) => path.relative(absolute, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')).sort();
      for (const name of names) addFile(`${input}/${name}`);
    }
  }
  return hash;
}

/**
 * The compiled form of one of the build's scripts (an entry of BUILD_SCRIPTS), compiling all of them first when
 * our code has changed since they were. Returns the absolute path of the .mjs file to run with Node.
 * @param {string} root
 * @param {string} entry
 * @returns {Promise<string>}
 */
export async function compiledScript(root, entry) {
  if (!BUILD_SCRIPTS.includes(entry)) throw new Error(`${entry} is not one of the build's scripts (${BUILD_SCRIPTS.join(', ')})`);
  // Running compiled (scripts/build.mjs ran the compiled build), the other scripts were compiled with this one,
  // into the same folder: no need to hash our code again.
  const beside = path.join(path.dirname(fileURLToPath(import.meta.url)), `${path.basename(entry, '.ts')}.mjs`);
  if (path.dirname(path.dirname(beside)) === path.join(root, CACHE_DIR, 'scripts') && existsSync(beside)) return beside;
  if (!folders.has(root)) folders.set(root, path.join(root, CACHE_DIR, 'scripts', hashInputs(createHash('sha256'), root, SCRIPT_INPUTS, WRITTEN_FOR_FUNCTIONS).digest('hex').slice(0, 16)));
  /** @type {string} */
  const folder = folders.get(root);
  /** @param {string} script */
  const compiled = (script) => path.join(folder, `${path.basename(script, '.ts')}.mjs`);
  if (existsSync(compiled(entry))) return compiled(entry);
  rmSync(path.dirname(folder), { recursive: true, force: true });
  const esbuild = await import('esbuild');
  const next = `${folder}.${process.pid}.tmp`;
  try {
    await esbuild.build({
      entryPoints: Object.fromEntries(BUILD_SCRIPTS.map((script) => [path.basename(script, '.ts'), path.join(root, script)])),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outdir: next,
      outExtension: { '.js': '.mjs' },
      logLevel: 'warning',
    });
  } finally {
    // esbuild's service process would otherwise stay alive (and in memory) until the build ends.
    await esbuild.stop();
  }
  try {
    renameSync(next, folder);
  } catch (error) {
    // Another build compiled the same code at the same moment (a save while `npm start` was still building): its
    // folder holds the same files, and is used.
    if (!['ENOTEMPTY', 'EEXIST'].includes(/** @type {NodeJS.ErrnoException} */ (error).code ?? '') || !existsSync(folder)) throw error;
    rmSync(next, { recursive: true, force: true });
  }
  return compiled(entry);
}
