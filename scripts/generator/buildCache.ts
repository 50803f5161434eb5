/**
 * The bundles a build reuses: what `vike build` and the form and analytics scripts write depends on
 * the code, the configuration, the dependencies, the MDX bodies (compiled into the server bundle) and the
 * VITE_* variables, never on the YAML content. So after a build the bundles are kept in .build-cache/, under
 * a key that hashes all of those inputs, and a build whose key is the same (an edit of content only) starts
 * from them and runs only the prerender. Any other change gives another key: everything is bundled again.
 * The last KEPT sets are kept, so that going back (a reverted edit, another branch) reuses them too.
 * Pages are never reused: every build prerenders every page (and writes those whose bytes changed, output.ts).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CACHE_DIR, hashInputs, WRITTEN_FOR_FUNCTIONS } from './compiled.mjs';
import type { BuildOutput } from './output.ts';

export { CACHE_DIR };

/** Folders and files whose every byte goes into the bundles (or decides how they are built). */
const CODE_INPUTS = ['src', 'pages', 'renderer', 'scripts', 'public', 'supabase/functions/_shared', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** Vite reads these for VITE_* values. */
const ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local'];

/** How many sets of bundles are kept (each about 2 MB). */
const KEPT = 3;

/** The key of the bundles the project would build now. */
export function bundleKey(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = hashInputs(createHash('sha256'), root, [...CODE_INPUTS, ...ENV_FILES], WRITTEN_FOR_FUNCTIONS);
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

/**
 * Puts the kept bundles for `key` in the build's folder `out` (an empty one, src/buildDir.ts): server/ (which only
 * the prerender reads) and assets.json as they are, and each file of client/ through `output`. Returns what was
 * saved with them, or undefined.
 */
export function restoreBundles<T>(root: string, key: string, output: BuildOutput, out: string): T | undefined {
  const kept = path.join(bundlesDir(root), key);
  let saved: { key: string; meta: T };
  try {
    saved = JSON.parse(readFileSync(path.join(kept, 'key.json'), 'utf8')) as { key: string; meta: T };
  } catch {
    return undefined;
  }
  if (saved.key !== key) return undefined;
  mkdirSync(out, { recursive: true });
  for (const name of readdirSync(path.join(kept, 'dist'))) {
    if (name !== 'client') cpSync(path.join(kept, 'dist', name), path.join(out, name), { recursive: true });
  }
  const client = path.join(kept, 'dist', 'client');
  for (const file of filesUnder(client)) output.copySync(file, path.join(client, file));
  const now = new Date();
  utimesSync(kept, now, now);
  return saved.meta;
}

/** Every file under `folder`, relative to it. */
export function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

/** Keeps the build's folder `out` as it is now (the bundles, before the prerender) for builds with the same key. */
export function saveBundles<T>(root: string, key: string, meta: T, out: string): void {
  const kept = path.join(bundlesDir(root), key);
  const next = `${kept}.${process.pid}.tmp`;
  rmSync(next, { recursive: true, force: true });
  mkdirSync(next, { recursive: true });
  cpSync(out, path.join(next, 'dist'), { recursive: true });
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
