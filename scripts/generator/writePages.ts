/**
 * Runs the prerender: workers (prerender.ts, plain-Node processes) render the pages and send each here, where it
 * is given its style policy (securityHeaders.ts) and written into the build's folder (output.ts), while
 * the worker renders the next. The workers are started as soon as the bundles are in place, so that loading Vike,
 * React and the pages' code overlaps the content step; `render` then hands them the plan.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import type { Readable } from 'node:stream';
import type { PolicySources } from '../../src/security/headers.ts';
import type { BuildOutput } from './output.ts';
import { withPolicyWhereItApplies } from './securityHeaders.ts';

/**
 * How many workers render at once. One unless the site is large: a worker's start (loading Vike, React and the
 * pages' code) costs as much as rendering a few hundred pages, and on two cores one worker and this process
 * writing already keep both busy. BUILD_PRERENDER_WORKERS sets it.
 */
export function prerenderWorkers(pages: number, env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.BUILD_PRERENDER_WORKERS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return Math.max(1, Math.min(availableParallelism() - 1, Math.floor(pages / PAGES_PER_WORKER)));
}

const PAGES_PER_WORKER = 2000;

/** Pages written at once; libuv runs four file operations at a time. */
const WRITES_IN_FLIGHT = 16;

export interface Prerender {
  /** Renders every page of the plan (a ContentStepResult file) and writes it; resolves with the number of pages. */
  render(planFile: string, output: BuildOutput, sources: PolicySources): Promise<number>;
  /** Stops the workers without rendering (the build failed before the pages). */
  stop(): void;
}

/** Reads the pages a worker sends: a header line "<file>\t<bytes>", then the HTML. */
function onPages(stream: Readable, page: (file: string, html: string) => void): void {
  let buffered: Buffer = Buffer.alloc(0);
  let next: { file: string; bytes: number } | undefined;
  stream.on('data', (chunk: Buffer) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    for (;;) {
      if (!next) {
        const end = buffered.indexOf(10);
        if (end < 0) return;
        const [file, bytes] = buffered.subarray(0, end).toString('utf8').split('\t') as [string, string];
        next = { file, bytes: Number(bytes) };
        buffered = buffered.subarray(end + 1);
      }
      if (buffered.length < next.bytes) return;
      page(next.file, buffered.subarray(0, next.bytes).toString('utf8'));
      buffered = buffered.subarray(next.bytes);
      next = undefined;
    }
  });
}

export function startPrerender(options: { script: string; env: NodeJS.ProcessEnv; workers: number }): Prerender {
  const children: ChildProcess[] = [];
  let write: (file: string, html: string) => void = () => {
    throw new Error('a prerender worker sent a page before it was given the plan');
  };
  const done = Array.from({ length: options.workers }, (_, worker) => {
    const child = spawn(process.execPath, [options.script, String(worker), String(options.workers)], { stdio: ['pipe', 'pipe', 'inherit'], env: options.env });
    children.push(child);
    // Written to once; a worker that has already stopped is reported by its exit code instead.
    child.stdin!.on('error', () => undefined);
    onPages(child.stdout!, (file, html) => write(file, html));
    return new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`a prerender worker stopped with exit code ${code}; its output is above`))));
    });
  });
  // A worker that fails before it is given the plan is reported by render().
  const all = Promise.all(done);
  all.catch(() => undefined);
  return {
    async render(planFile, output, sources) {
      let pages = 0;
      // Several pages are written at once by libuv's threads: each file created waits on the
      // disk's journal (about 1 ms on a virtual disk), longer than it takes to render a page.
      const writing = new Set<Promise<void>>();
      let failed: unknown;
      // Past WRITES_IN_FLIGHT the workers wait (their pipe fills), so pages never pile up in memory here.
      let paused = false;
      const flow = (pause: boolean) => {
        if (pause !== paused) for (const child of children) child.stdout![pause ? 'pause' : 'resume']();
        paused = pause;
      };
      write = (file, html) => {
        const written = output.write(file, withPolicyWhereItApplies(file, html, sources).html);
        writing.add(written);
        if (writing.size >= WRITES_IN_FLIGHT) flow(true);
        written.then(
          () => (pages += 1),
          (error: unknown) => (failed ??= error),
        ).finally(() => {
          writing.delete(written);
          if (writing.size <= WRITES_IN_FLIGHT / 2) flow(false);
        });
      };
      for (const child of children) child.stdin!.end(`${planFile}\n`);
      try {
        await all;
      } catch (error) {
        this.stop();
        throw error;
      }
      await Promise.allSettled(writing);
      if (failed) throw failed;
      return pages;
    },
    stop() {
      for (const child of children) if (child.exitCode === null) child.kill();
    },
  };
}
