/**
 * Runs the prerender: workers (prerender.ts, plain-Node processes) render the pages, give each its style policy
 * (securityHeaders.ts) and write it into the build's folder, then name it here, where it is claimed (output.ts):
 * the pages never pass through this process. The workers are started as soon as the bundles are in place, so that loading Vike,
 * React and the pages' code overlaps the content step; `render` then hands them the plan.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import type { BuildOutput } from './output.ts';

/**
 * How many workers render at once. One unless the site is large: a worker's start (loading Vike, React and the
 * pages' code) costs as much as rendering a few hundred pages, each worker holds about 150 MB, and on this
 * machine's two cores (two threads of one core) a second worker made a +1,000-page build only 4% faster.
 * BUILD_PRERENDER_WORKERS sets it.
 */
export function prerenderWorkers(pages: number, env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.BUILD_PRERENDER_WORKERS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return Math.max(1, Math.min(availableParallelism(), Math.floor(pages / PAGES_PER_WORKER)));
}

const PAGES_PER_WORKER = 2000;

export interface Prerender {
  /** Renders every page of the plan (a ContentStepResult file) into the build's folder; resolves with the number of pages. */
  render(planFile: string, output: BuildOutput): Promise<number>;
  /** Stops the workers without rendering (the build failed before the pages). */
  stop(): void;
}

/** Calls `line` with each line a worker writes: the file of each page it has written. */
function onLines(stream: Readable, line: (text: string) => void): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop()!;
    for (const text of lines) line(text);
  });
}

export function startPrerender(options: { script: string; env: NodeJS.ProcessEnv; workers: number }): Prerender {
  const children: ChildProcess[] = [];
  let written: (file: string) => void = () => {
    throw new Error('a prerender worker wrote a page before it was given the plan');
  };
  const done = Array.from({ length: options.workers }, (_, worker) => {
    const child = spawn(process.execPath, [options.script, String(worker), String(options.workers)], { stdio: ['pipe', 'pipe', 'inherit'], env: options.env });
    children.push(child);
    // Written to once; a worker that has already stopped is reported by its exit code instead.
    child.stdin!.on('error', () => undefined);
    onLines(child.stdout!, (file) => written(file));
    return new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`a prerender worker stopped with exit code ${code}; its output is above`))));
    });
  });
  // A worker that fails before it is given the plan is reported by render().
  const all = Promise.all(done);
  all.catch(() => undefined);
  return {
    async render(planFile, output) {
      let pages = 0;
      let failed: unknown;
      // Each page is claimed as its worker names it: a file written twice in one build is an error (output.ts).
      written = (line) => {
        const [file] = line.split('\t') as [string];
        try {
          output.claimWritten(file);
          pages += 1;
        } catch (error) {
          failed ??= error;
        }
      };
      for (const child of children) child.stdin!.end(`${planFile}\n`);
      try {
        await all;
      } catch (error) {
        this.stop();
        throw error;
      }
      if (failed) throw failed;
      return pages;
    },
    stop() {
      for (const child of children) if (child.exitCode === null) child.kill();
    },
  };
}
