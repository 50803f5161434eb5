/**
 * No module of ours (src/, scripts/, supabase/functions/, pages/, renderer/) imports itself back through others,
 * within a folder or across them (supabase/functions/_shared/notify.ts and staffInvite.ts once did). A cycle makes load order decide which module sees the
 * other half-initialised, and makes two modules one in all but name (content.ts and loader.ts, events.ts and
 * servicePages.ts once did). Every relative import counts: `import type` (erased at run time, but it still ties
 * the modules together), `export … from`, side-effect imports and `import()` (a lazy chunk that imports its
 * loader back is still a knot).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

/** The folders of our code; the Astro yardstick under scripts/benches/ is a project of its own. */
const ROOTS = ['src', 'scripts', 'supabase/functions', 'pages', 'renderer'];
const NOT_OURS = 'scripts/benches/astro-yardstick/';

/** Every .ts/.tsx/.mjs file under `root`, as a path relative to the working directory with forward slashes. */
function sourceFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(tsx?|mjs)$/.test(file))
    .map((file) => path.posix.join(root, file.split(path.sep).join('/')))
    .filter((file) => !file.startsWith(NOT_OURS))
    .sort();
}

/** The files of ours that `file` imports by a relative specifier ('./x.ts', '../y.tsx?raw'). */
function relativeImports(file: string, known: ReadonlySet<string>): string[] {
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

/** The shortest import path from `start` back to `start`, staying inside `component` (breadth first). */
function shortestCycle(start: string, component: ReadonlySet<string>, edges: ReadonlyMap<string, string[]>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (const file of queue) {
    for (const next of edges.get(file)!.filter((target) => component.has(target))) {
      if (next === start) {
        const cycle = [start];
        for (let step = file; step !== start; step = cameFrom.get(step)!) cycle.splice(1, 0, step);
        return [...cycle, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  throw new Error(`${start} is in no cycle`);
}

/**
 * One line per knot of modules that import each other (a strongly connected component, by Tarjan's algorithm):
 * the shortest cycle through its first file, "a.ts -> b.ts -> a.ts", then any other files of the knot.
 */
function importCycles(roots: readonly string[]): string[] {
  const missing = roots.find((root) => !existsSync(root));
  if (missing) throw new Error(`${missing} not found: run the tests from the repository's root`);
  const files = roots.flatMap(sourceFiles);
  const known = new Set(files);
  const edges = new Map(files.map((file) => [file, [...new Set(relativeImports(file, known))].sort()]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file)!) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || edges.get(file)!.includes(file)) components.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return components
    .sort((a, b) => a[0]!.localeCompare(b[0]!))
    .map((component) => {
      const cycle = shortestCycle(component[0]!, new Set(component), edges);
      const others = component.filter((file) => !cycle.includes(file));
      return cycle.join(' -> ') + (others.length > 0 ? ` (knotted with ${others.join(', ')})` : '');
    });
}

test('no module of ours imports itself back, directly or through others', () => {
  expect(importCycles(ROOTS)).toEqual([]);
});

test('the check sees the imports it must: the content modules are found and linked', () => {
  // Guards the check itself: a resolver that found no edges would pass the test above for nothing.
  const files = ROOTS.flatMap(sourceFiles);
  const known = new Set(files);
  expect(relativeImports('src/content/loader.ts', known)).toContain('src/content/content.ts');
  expect(relativeImports('src/content/getContent.ts', known)).toContain('src/content/loader.ts'); // import()
  expect(relativeImports('src/analytics/events.ts', known)).toContain('src/analytics/servicePages.ts'); // import type
  expect(relativeImports('scripts/build.ts', known)).toContain('scripts/generator/compiled.mjs');
  expect(relativeImports('supabase/functions/_shared/staffInvite.ts', known)).toContain('supabase/functions/_shared/outbox.ts');
  expect(relativeImports('scripts/local-supabase/server.ts', known)).toContain('supabase/functions/_shared/notify.ts');
});
