/**
 * The README's first run, as a new user makes it: in a fresh copy of the project, `npm start` itself (the npm
 * script, with no NODE_OPTIONS, on the Node running these tests: CI runs this spec on the machine's Node and on
 * Node 24) builds the site and starts the stand-in, the mail catcher and the site; the home page shows and a demo
 * staff member signs in to /admin and sees the applications. Ctrl-C stops everything. Started again while one of
 * its ports is taken, it says which part could not start and why, and leaves nothing running.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePorts, portIsFree } from '../../scripts/harness/freePorts.ts';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';

test.describe.configure({ mode: 'serial' });

let project: ProjectCopy;
const [sitePort, apiPort, mailPort] = freePorts(3) as [number, number, number];

interface Run {
  child: ChildProcess;
  printed: () => string;
  ended: Promise<number | null>;
}

/** `npm start [args]` in the copy, in a process group of its own (as a terminal runs it), on this Node. */
function npmStart(args: string[] = []): Run {
  let printed = '';
  const child = spawn('npm', ['start', ...(args.length ? ['--', ...args] : [])], {
    cwd: project.dir,
    env: {
      ...process.env,
      // The Node that runs this test runs npm start too (npm's scripts take `node` from PATH).
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH}`,
      NODE_OPTIONS: '',
      PORT: String(sitePort),
      LOCAL_SUPABASE_PORT: String(apiPort),
      MAIL_CATCHER_PORT: String(mailPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  for (const stream of [child.stdout!, child.stderr!]) stream.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, printed: () => printed, ended };
}

/** The processes whose command line names the copy: what npm start left behind, if anything. */
function leftRunning(): string[] {
  const ps = spawnSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' }).stdout;
  return ps.split('\n').filter((line) => line.includes(project.dir) && !line.includes('ps -eo'));
}

test.beforeAll(() => {
  project = copyProject();
});

test.afterAll(() => {
  for (const line of leftRunning()) process.kill(Number(line.trim().split(/\s+/)[0]), 'SIGKILL');
  project?.cleanup();
});

test(`npm start works first time on Node ${process.versions.node}, and Ctrl-C leaves nothing running`, { tag: '@desktop' }, async ({ page }) => {
  test.setTimeout(300_000);
  const run = npmStart();
  try {
    await expect.poll(() => /Press Ctrl-C to stop\.|npm start stopped/.test(run.printed()), { timeout: 240_000, message: 'npm start never became ready' }).toBe(true);
    const printed = run.printed();
    expect(printed).not.toContain('WebSocket');
    // Nothing a user cannot act on: no warning, except supabase-js's own on Node 20 (upgrading Node is the fix).
    const warnings = printed.split('\n').filter((line) => /warn/i.test(line) && !/Node\.js 20 and below are deprecated/.test(line));
    expect(warnings).toEqual([]);
    expect(printed).toContain(`API URL: http://127.0.0.1:${apiPort}`);
    expect(printed).toContain(`Inbox:    http://127.0.0.1:${mailPort}`);
    expect(printed).toMatch(/Demo login \(staff\): staff@example\.com \/ staff-demo-password/);
    const site = /^Site:\s+(\S+)/m.exec(printed)![1]!;

    await page.goto(site);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(`${site}/admin`);
    await page.getByLabel('Email').fill('staff@example.com');
    await page.getByLabel('Password').fill('staff-demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  } finally {
    // Ctrl-C in a terminal: SIGINT to the whole foreground process group.
    if (run.child.exitCode === null) process.kill(-run.child.pid!, 'SIGINT');
  }
  await run.ended;
  await expect.poll(() => leftRunning(), { timeout: 15_000 }).toEqual([]);
  for (const port of [sitePort, apiPort, mailPort]) expect(await portIsFree(port), `port ${port} is free after Ctrl-C`).toBe(true);
});

test('npm start with a port taken says which part and why, and leaves nothing running', { tag: '@desktop' }, async () => {
  test.setTimeout(120_000);
  // The stand-in starts last, after the site server and the mail catcher are up.
  const taken: Server = createServer();
  await new Promise<void>((resolve) => taken.listen(apiPort, '127.0.0.1', resolve));
  try {
    const run = npmStart(['--no-build']);
    expect(await run.ended).toBe(1);
    expect(run.printed()).toContain(
      `The local Supabase stand-in could not start: port 127.0.0.1:${apiPort} is already in use, most likely by an \`npm start\` still running in another terminal (stop it with Ctrl-C), or by another program. Or choose another port: LOCAL_SUPABASE_PORT=${apiPort + 1} npm start`,
    );
    expect(run.printed()).toContain('npm start stopped: nothing it started is left running.');
    expect(leftRunning()).toEqual([]);
    for (const port of [sitePort, mailPort]) expect(await portIsFree(port), `port ${port} is free`).toBe(true);
  } finally {
    taken.close();
  }
});
