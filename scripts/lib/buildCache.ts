/**
 * The bundles a build reuses: what `vike build` and the form and analytics scripts write to dist/ depends on
 * the code, the configuration, the dependencies, the MDX bodies (compiled into the server bundle) and the
 * VITE_* variables, never on the YAML content. So after a build the bundles are kept in .build-cache/, under
 * a key that hashes all of those inputs, and a build whose key is the same (an edit of content only) starts
 * from them and runs only the prerender. Any other change gives another key: everything is bundled again.
 * The last KEPT sets are kept, so that going back (a reverted edit, another branch) reuses them too.
 * Pages are never reused: every build prerenders every page into a fresh dist/client.
 */
import { createHash, type Hash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Folders and files whose every byte goes into the bundles (or decides how they are built). */
const CODE_INPUTS = ['src', 'pages', 'renderer', 'scripts', 'public', 'supabase/functions/_shared', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];

/**
 * Written from content by the content step for the Edge Functions; no bundle imports it (the dashboard gets
 * its labels with the page), so a new service, job or choice does not bundle again.
 */
const NOT_BUNDLED = new Set(['supabase/functions/_shared/formChoices.generated.ts']);

/** Vite reads these for VITE_* values. */
const ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local'];

export const CACHE_DIR = '.build-cache';

/** How many sets of bundles are kept (each about 2 MB). */
const KEPT = 3;

/** Adds every byte of these files and folders (with their paths) to `hash`. */
function hashInputs(hash: Hash, root: string, inputs: readonly string[]): Hash {
  const add = (relative: string) => {
    const absolute = path.join(root, relative);
    if (!existsSync(absolute)) return hash.update(`${relative}\0missing\0`);
    if (statSync(absolute).isFile()) return hash.update(`${relative}\0${statSync(absolute).size}\0`).update(readFileSync(absolute));
    for (const name of readdirSync(absolute, { recursive: true, encoding: 'utf8' }).sort()) {
      const file = path.join(absolute, name);
      if (statSync(file).isFile() && !NOT_BUNDLED.has(`${relative}/${name}`)) hash.update(`${relative}/${name}\0${statSync(file).size}\0`).update(readFileSync(file));
    }
    return hash;
  };
  for (const input of inputs) add(input);
  return hash;
}

/** The key of the bundles the project would build now. */
export function bundleKey(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = hashInputs(createHash('sha256'), root, [...CODE_INPUTS, ...ENV_FILES]);
  const add = (relative: string) => hashInputs(hash, root, [relative]);
  // The MDX bodies are compiled into the server bundle; the YAML files and the frontmatter are read at prerender.
  const services = path.join(root, 'content/services');
  for (const name of existsSync(services) ? readdirSync(services).sort() : []) if (name.endsWith('.mdx')) add(`content/services/${name}`);
  const variables = Object.keys(env)
    .filter((name) => name.startsWith('VITE_') || name === 'SITE_URL')
    .sort()
    .map((name) => `${name}=${env[name]}`);
  hash.update(`${variables.join('\n')}\0${process.version}\0${process.platform}-${process.arch}`);
  return hash.digest('hex');
}

const bundlesDir = (root: string) => path.join(root, CACHE_DIR, 'bundles');

/** Puts the kept bundles for `key` into a fresh dist/; returns what was saved with them, or undefined. */
export function restoreBundles<T>(root: string, key: string): T | undefined {
  const kept = path.join(bundlesDir(root), key);
  let saved: { key: string; meta: T };
  try {
    saved = JSON.parse(readFileSync(path.join(kept, 'key.json'), 'utf8')) as { key: string; meta: T };
  } catch {
    return undefined;
  }
  if (saved.key !== key) return undefined;
  const dist = path.join(root, 'dist');
  rmSync(dist, { recursive: true, force: true });
  cpSync(path.join(kept, 'dist'), dist, { recursive: true });
  const now = new Date();
  utimesSync(kept, now, now);
  return saved.meta;
}

/** Keeps dist/ as it is now (the bundles, before the prerender) for builds with the same key. */
export function saveBundles<T>(root: string, key: string, meta: T): void {
  const kept = path.join(bundlesDir(root), key);
  const next = `${kept}.${process.pid}.tmp`;
  rmSync(next, { recursive: true, force: true });
  mkdirSync(next, { recursive: true });
  cpSync(path.join(root, 'dist'), path.join(next, 'dist'), { recursive: true });
  // Written last: an entry without its key is never used.
  writeFileSync(path.join(next, 'key.json'), JSON.stringify({ key, meta }));
  rmSync(kept, { recursive: true, force: true });
  renameSync(next, kept);
  // The least recently used sets beyond KEPT go.
  const entries = readdirSync(bundlesDir(root))
    .filter((name) => /^[0-9a-f]{64}$/.test(name))
    .map((name) => ({ name, used: statSync(path.join(bundlesDir(root), name)).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { name } of entries.slice(KEPT)) rmSync(path.join(bundlesDir(root), name), { recursive: true, force: true });
}

/**
 * One of our TypeScript scripts as a plain-JavaScript file in .build-cache/scripts/, bundled by esbuild (the
 * packages it imports stay imports), so that Node runs it without the TypeScript loader: loading zod and yaml
 * through tsx was half of the content step's time. Bundled again when any of our code or package.json changes.
 */
export async function compiledScript(root: string, entry: string): Promise<string> {
  const key = hashInputs(createHash('sha256'), root, ['src', 'scripts', 'supabase/functions/_shared', 'package.json']).digest('hex');
  const compiled = path.join(root, CACHE_DIR, 'scripts', `${path.basename(entry, '.ts')}.${key.slice(0, 16)}.mjs`);
  if (existsSync(compiled)) return compiled;
  rmSync(path.dirname(compiled), { recursive: true, force: true });
  const { build } = await import('esbuild');
  const next = `${compiled}.${process.pid}.tmp`;
  await build({ entryPoints: [path.join(root, entry)], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile: next, logLevel: 'warning' });
  renameSync(next, compiled);
  return compiled;
}
