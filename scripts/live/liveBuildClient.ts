/**
 * Starts `npm start`'s live builder (liveBuild.ts, compiled) and asks it for one build at a time; each answer is
 * what the build printed and its exit code. Should the builder stop, the next build starts it again, and that one
 * builds in full once (what the builder left half done, and its warm state, are not trusted).
 *
 * A build has a time limit (LIVE_BUILD_TIME_LIMIT, in seconds; 60 by default): one that never ends (a content file
 * that cannot be read, a step stuck for any reason) would hold every later save. Past it, the builder is stopped
 * with everything it started (its prerender workers, the full build and that build's own workers: the builder runs
 * in a process group of its own, killed whole), and the answer says so in plain words. The site served stays the
 * last good one: a live build writes its pages beside the site and moves them in only at its end (liveBuild.ts),
 * and a full build swaps its folder in only at its end (scripts/generator/output.ts); a full build stopped between
 * the two renames of that swap has its previous site put back (restoreInterruptedSwap).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { compiledScript } from '../generator/compiled.mjs';
import { failedBuildText } from '../generator/output.ts';
import type { BuildRun } from './contentWatch.ts';

export interface LiveBuilder {
  build(): Promise<BuildRun>;
  stop(): void;
  /** The builder's process (and process group) id while one runs. */
  pid(): number | undefined;
}

/** The variable that sets a build's time limit under `npm start`, in seconds (docs/developing.md). */
export const TIME_LIMIT_ENV = 'LIVE_BUILD_TIME_LIMIT';

/**
 * 60 s. Measured on two shared cores under a load of 4 to 10 (`npm run bench -- --builds`, and live builds timed
 * alone): a live build takes 0.1-0.5 s (1.5 s at worst; a save to its page served 1 s, 2 s at most), a full build
 * 2.4 s, a first build (the bundles made again, after a code change) 6 s, a rebuild of the site + 1,000 services
 * 7 s and a clean one 9.5-12 s. The limit is five times the slowest of them, so no normal build comes near it on a
 * slow or busy machine, and a stuck save is still told within a minute.
 */
export const DEFAULT_TIME_LIMIT_SECONDS = 60;

/** The longest limit a timer holds (24 days). */
const LONGEST_SECONDS = Math.floor(2 ** 31 / 1000) - 1;

/** The limit `env` sets, in seconds: LIVE_BUILD_TIME_LIMIT when it is a positive number (24 days at most), else the default. */
export function timeLimitSeconds(env: NodeJS.ProcessEnv): number {
  const set = env[TIME_LIMIT_ENV]?.trim();
  const seconds = set ? Number(set) : Number.NaN;
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, LONGEST_SECONDS) : DEFAULT_TIME_LIMIT_SECONDS;
}

/** What a build stopped at the limit says, in the terminal and in the content editor's box. */
export function timedOutMessage(seconds: number): string {
  return (
    `The site was not rebuilt: the build took longer than ${seconds} second${seconds === 1 ? '' : 's'} and was stopped. ` +
    'The site still shows the last good version. Your saved files are kept: save again to build them once more. ' +
    'If it is stopped again, look at the file you changed last (a very large picture, or a file that cannot be read).'
  );
}

/**
 * A full build stopped between the two renames of its swap (scripts/generator/output.ts, publish) left no
 * dist/client, and the previous site in its folder's `previous`: put back. Says whether it did.
 */
export function restoreInterruptedSwap(root: string): boolean {
  const dist = path.join(root, 'dist');
  const client = path.join(dist, 'client');
  if (existsSync(client) || !existsSync(dist)) return false;
  for (const name of readdirSync(dist)) {
    const previous = path.join(dist, name, 'previous');
    if (/^\.build-\d+$/.test(name) && existsSync(previous)) {
      renameSync(previous, client);
      return true;
    }
  }
  return false;
}

/** Sends `signal` to the builder's process group: the builder and every process it started. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Gone already.
  }
}

/** Kills the builder's whole group, and resolves once none of its processes is left (or after two seconds). */
async function killGroup(child: ChildProcess): Promise<void> {
  const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child, 'SIGKILL');
  await exited;
  for (let waited = 0; waited < 2000; waited += 20) {
    try {
      process.kill(-child.pid!, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function startLiveBuilder(env: NodeJS.ProcessEnv, root = process.cwd()): LiveBuilder {
  let child: ChildProcess | undefined;
  let answer: ((run: BuildRun) => void) | undefined;
  /** The next builder builds in full first: the one before stopped without being asked. */
  let cold = false;
  let stopping = false;

  async function start(): Promise<ChildProcess> {
    const args = cold ? ['--full'] : [];
    cold = false;
    // A process group of its own (detached), so that a build past its limit is killed with every process it started.
    const started = spawn(process.execPath, [await compiledScript(root, 'scripts/live/liveBuild.ts'), ...args], { cwd: root, env, stdio: ['pipe', 'pipe', 'inherit'], detached: true });
    started.stdin!.on('error', () => undefined);
    createInterface({ input: started.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      answer?.(JSON.parse(line) as BuildRun);
      answer = undefined;
    });
    started.on('exit', (code) => {
      if (child === started) child = undefined;
      if (!stopping) cold = true;
      answer?.({ code: code ?? 1, stdout: '', stderr: `The live builder stopped (exit code ${code}); the next change builds the site in full.` });
      answer = undefined;
    });
    return started;
  }
  const ready = start().then((started) => (child = started));
  ready.catch(() => undefined);

  return {
    async build() {
      await ready.catch(() => undefined);
      child ??= await start();
      const running = child;
      // Read at each build: a test sets a short limit for one build.
      const seconds = timeLimitSeconds(env);
      return new Promise<BuildRun>((resolve) => {
        const timer = setTimeout(() => {
          // Whatever it answers from now on is not heard; the next build starts a builder anew.
          answer = undefined;
          if (child === running) child = undefined;
          cold = true;
          void killGroup(running).then(() => {
            restoreInterruptedSwap(root);
            resolve({
              code: 1,
              stdout: '',
              stderr: failedBuildText(timedOutMessage(seconds), existsSync(path.join(root, 'dist', 'client'))),
              hint: `Each build under npm start may take ${seconds} s (${TIME_LIMIT_ENV}=<seconds> npm start sets another limit).`,
              stopped: true,
            });
          });
        }, seconds * 1000);
        answer = (run) => {
          clearTimeout(timer);
          resolve(run);
        };
        running.stdin!.write('build\n');
      });
    },
    stop() {
      stopping = true;
      const running = child;
      child = undefined;
      if (!running) return;
      signalGroup(running, 'SIGTERM');
      // A builder stuck in a build never runs its SIGTERM handler (and its own process group does not hear Ctrl-C):
      // killed with what it started a second later, or when this process ends first, if it is still there.
      const kill = () => signalGroup(running, 'SIGKILL');
      const later = setTimeout(kill, 1000).unref();
      process.once('exit', kill);
      running.once('exit', () => {
        clearTimeout(later);
        process.off('exit', kill);
      });
    },
    pid: () => child?.pid,
  };
}
