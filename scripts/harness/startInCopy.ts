/**
 * `npm start` run in a copy of the project (scripts/harness/projectCopy.ts), on free ports, as the browser tests and the
 * bench use it: what it printed so far, its addresses once ready, and a stop that ends its whole process group.
 */
import { spawn } from 'node:child_process';
import { freePorts } from './freePorts.ts';
import type { ProjectCopy } from './projectCopy.ts';

export interface StartedCopy {
  /** Everything `npm start` printed so far (with a last line when it ended). */
  printed(): string;
  site: string;
  api: string;
  serviceRoleKey: string;
  stop(): Promise<void>;
}

/**
 * The ports are chosen before `npm start` listens on them (the site is built for its stand-in's address first), and
 * in those seconds another process may take one: an outgoing connection is given a port from the same range. Then
 * `npm start` says a port is in use and stops, and it is started again on other ports (three tries in all).
 */
export async function startInCopy(project: ProjectCopy, timeoutMs = 200_000): Promise<StartedCopy> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(project, timeoutMs);
    } catch (error) {
      if (attempt === 3 || !/is already in use/.test((error as Error).message)) throw error;
    }
  }
}

async function startOnce(project: ProjectCopy, timeoutMs: number): Promise<StartedCopy> {
  const [sitePort, apiPort] = freePorts(2);
  const start = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: project.dir,
    env: { ...process.env, PORT: String(sitePort), LOCAL_SUPABASE_PORT: String(apiPort), MAIL_CATCHER_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let printed = '';
  for (const stream of [start.stdout, start.stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  const ended = new Promise<void>((resolve) =>
    start.on('exit', (code, signal) => {
      printed += `\n[npm start ended: ${signal ?? `exit code ${code}`}]\n`;
      resolve();
    }),
  );
  const stop = async () => {
    if (start.pid && start.exitCode === null && start.signalCode === null) process.kill(-start.pid, 'SIGTERM');
    await ended;
  };
  const deadline = Date.now() + timeoutMs;
  while (!/Press Ctrl-C to stop\./.test(printed)) {
    if (Date.now() > deadline || /\[npm start ended/.test(printed)) {
      await stop();
      throw new Error(`npm start did not get ready:\n${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    printed: () => printed,
    site: /^Site:\s+(\S+)/m.exec(printed)![1]!,
    api: /^API URL: (\S+)/m.exec(printed)![1]!,
    serviceRoleKey: /^service_role key: (\S+)/m.exec(printed)![1]!,
    stop,
  };
}
