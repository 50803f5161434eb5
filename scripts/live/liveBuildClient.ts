/**
 * Starts `npm start`'s live builder (liveBuild.ts, compiled) and asks it for one build at a time; each answer is
 * what the build printed and its exit code. Should the builder stop, the next build starts it again (and it builds
 * in full once).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { compiledScript } from '../generator/compiled.mjs';
import type { BuildRun } from './contentWatch.ts';

export interface LiveBuilder {
  build(): Promise<BuildRun>;
  stop(): void;
}

export function startLiveBuilder(env: NodeJS.ProcessEnv, root = process.cwd()): LiveBuilder {
  let child: ChildProcess | undefined;
  let answer: ((run: BuildRun) => void) | undefined;

  async function start(): Promise<ChildProcess> {
    const started = spawn(process.execPath, [await compiledScript(root, 'scripts/live/liveBuild.ts')], { cwd: root, env, stdio: ['pipe', 'pipe', 'inherit'] });
    started.stdin!.on('error', () => undefined);
    createInterface({ input: started.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      answer?.(JSON.parse(line) as BuildRun);
      answer = undefined;
    });
    started.on('exit', (code) => {
      if (child === started) child = undefined;
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
      return new Promise<BuildRun>((resolve) => {
        answer = resolve;
        running.stdin!.write('build\n');
      });
    },
    stop() {
      child?.kill();
      child = undefined;
    },
  };
}
