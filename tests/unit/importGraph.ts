/**
 * Our modules and the imports between them, as the tests that hold the code's shape read them
 * (importCycles.test.ts, codeLayout.test.ts): TypeScript's own scanner finds every relative import, `import type`,
 * `export … from`, side-effect imports and `import()` alike. Paths are relative to the repository's root (the
 * tests run from there), with forward slashes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The folders of our code; the Astro yardstick under scripts/benches/ is a project of its own. */
export const ROOTS = ['src', 'scripts', 'supabase/functions', 'pages', 'renderer'];
const NOT_OURS = 'scripts/benches/astro-yardstick/';

/** Every .ts/.tsx/.mjs file under `root`, as a path relative to the working directory with forward slashes. */
export function sourceFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(tsx?|mjs)$/.test(file))
    .map((file) => path.posix.join(root, file.split(path.sep).join('/')))
    .filter((file) => !file.startsWith(NOT_OURS))
    .sort();
}

/** The files of ours that `file` imports by a relative specifier ('./x.ts', '../y.tsx?raw'). */
export function relativeImports(file: string, known: ReadonlySet<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName.split('?')[0]!)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`];
      return candidates.find((candidate) => known.has(candidate)) ?? target;
    })
    .filter((target) => known.has(target));
}
