/**
 * No module of ours (src/, scripts/, supabase/functions/, pages/, renderer/) imports itself back through others,
 * within a folder or across them. A cycle makes load order decide which module sees the other half-initialised,
 * and makes two modules one in all but name (content.ts and loader.ts, events.ts and servicePages.ts, and
 * supabase/functions/_shared/notify.ts and staffInvite.ts once did). Every relative import counts: `import type` (erased at run time, but it still ties
 * the modules together), `export … from`, side-effect imports and `import()` (a lazy chunk that imports its
 * loader back is still a knot).
 */
import { existsSync } from 'node:fs';
import { expect, test } from 'vitest';
import { ROOTS, relativeImports, sourceFiles } from './importGraph.ts';

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
