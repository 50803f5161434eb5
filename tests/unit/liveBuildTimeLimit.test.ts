/**
 * A build under `npm start` has a time limit (scripts/live/liveBuildClient.ts, LIVE_BUILD_TIME_LIMIT): a build past
 * it is stopped with every process it started, said so plainly in the terminal and in the content editor's box, the
 * site served stays as it was, and the next save builds again in a new builder. The builds here hang for real: a
 * content file that is a named pipe (FIFO) no program writes to, whose read waits forever, as a file on a network
 * folder that stopped answering would. The watcher, the live builder and the site server are `npm start`'s own,
 * on a throw-away copy of the project.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';
import { followContent } from '../../scripts/live/contentWatch.ts';
import {
  DEFAULT_TIME_LIMIT_SECONDS,
  TIME_LIMIT_ENV,
  restoreInterruptedSwap,
  startLiveBuilder,
  timeLimitSeconds,
  timedOutMessage,
  type LiveBuilder,
} from '../../scripts/live/liveBuildClient.ts';
import { createStaticServer } from '../../scripts/live/siteServer.ts';
import type { EditorStatus } from '../../src/editor/shared.ts';
import { withoutProductionSignals } from '../../src/launchHosts.ts';
import { PINNED_ENV, outputManifest, withoutAnalyticsEnv } from './buildOutput.ts';

describe('the time limit', () => {
  test('is 60 s unless LIVE_BUILD_TIME_LIMIT gives a positive number of seconds', () => {
    expect(DEFAULT_TIME_LIMIT_SECONDS).toBe(60);
    expect(timeLimitSeconds({})).toBe(60);
    expect(timeLimitSeconds({ [TIME_LIMIT_ENV]: '90' })).toBe(90);
    expect(timeLimitSeconds({ [TIME_LIMIT_ENV]: ' 2.5 ' })).toBe(2.5);
    for (const wrong of ['', '0', '-5', 'a minute', 'Infinity']) expect(timeLimitSeconds({ [TIME_LIMIT_ENV]: wrong })).toBe(60);
    // What a timer holds at most: 24 days.
    expect(timeLimitSeconds({ [TIME_LIMIT_ENV]: '1e12' })).toBe(2_147_482);
  });

  test('a full build stopped between the two renames of its swap gets its previous site back', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'swap-'));
    try {
      // What publish() leaves after its first rename: dist/client moved aside into the build's folder.
      mkdirSync(path.join(root, 'dist/.build-4194304/previous'), { recursive: true });
      mkdirSync(path.join(root, 'dist/.build-4194304/client'), { recursive: true });
      writeFileSync(path.join(root, 'dist/.build-4194304/previous/index.html'), 'the last good site');
      expect(restoreInterruptedSwap(root)).toBe(true);
      expect(readFileSync(path.join(root, 'dist/client/index.html'), 'utf8')).toBe('the last good site');
      // A site in place is never touched.
      expect(restoreInterruptedSwap(root)).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('npm start with a build that never ends', () => {
  let project: ProjectCopy;
  let live: LiveBuilder;
  let watching: { close(): void };
  let server: Server;
  let base: string;
  const env: NodeJS.ProcessEnv = { ...withoutProductionSignals(process.env), BUILD_QUIET: '1', ...PINNED_ENV, [TIME_LIMIT_ENV]: '120' };
  const statuses: EditorStatus[] = [];
  const terminal: string[] = [];
  const file = (relative: string) => path.join(project.dir, relative);
  const client = () => file('dist/client');
  const SERVICE = 'content/services/housekeeping.yaml';
  const STUCK = 'content/services/stuck.yaml';
  const page = async (urlPath: string) => (await fetch(`${base}${urlPath}`)).text();

  /** The first status of `state` reported after the `after`th, within `seconds`. */
  async function status<S extends EditorStatus['state']>(state: S, after: number, seconds = 60): Promise<Extract<EditorStatus, { state: S }>> {
    for (const deadline = Date.now() + seconds * 1000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const found = statuses.slice(after).find((reported) => reported.state === state);
      if (found) return found as Extract<EditorStatus, { state: S }>;
    }
    throw new Error(`no "${state}" status within ${seconds} s; reported: ${JSON.stringify(statuses.slice(after))}\n${terminal.join('\n')}`);
  }

  /** The live processes (not zombies) of process group `group`, by their command line. */
  function groupProcesses(group: number): string[] {
    const found: string[] = [];
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // After the command's closing parenthesis: state, parent, process group.
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(pgrp) === group && state !== 'Z') found.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim());
      } catch {
        // Ended while being read.
      }
    }
    return found;
  }

  /** Waits until `check` holds, within `seconds`. */
  async function until(check: () => boolean, seconds: number, what: string): Promise<void> {
    for (const deadline = Date.now() + seconds * 1000; !check(); await new Promise((resolve) => setTimeout(resolve, 50))) {
      if (Date.now() > deadline) throw new Error(`not within ${seconds} s: ${what}`);
    }
  }

  function setDescription(text: string) {
    writeFileSync(file(SERVICE), readFileSync(file(SERVICE), 'utf8').replace(/^description: .*$/m, `description: ${text}`));
  }

  beforeAll(async () => {
    withoutAnalyticsEnv();
    project = copyProject();
    expect(project.build(PINNED_ENV).status).toBe(0);
    live = startLiveBuilder(env, project.dir);
    server = createStaticServer(client(), () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    watching = followContent(file('content'), () => live.build(), (text) => terminal.push(text), (reported) => statuses.push(reported));
    // A first save, built live, once the watcher is ready (saved again until it is seen).
    const seen = statuses.length;
    for (let tries = 0; statuses.length === seen; tries += 1) {
      if (tries === 20) throw new Error('the watcher never saw a save');
      setDescription('Light housekeeping at home, saved once before the time limit is tried.');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect((await status('live', seen)).pages).toEqual(['/housekeeping']);
    expect(await page('/housekeeping')).toContain('saved once before the time limit is tried.');
  }, 180_000);

  afterAll(async () => {
    watching?.close();
    live?.stop();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    project?.cleanup();
  });

  test('a live build past the limit is stopped with its workers, said plainly, and the site served stays as it was', async () => {
    env[TIME_LIMIT_ENV] = '2';
    const before = outputManifest(client());
    const served = await page('/housekeeping');
    const builder = live.pid()!;
    // The builder and its warm prerender workers.
    expect(groupProcesses(builder).length).toBeGreaterThan(1);
    const seen = statuses.length;
    const started = Date.now();
    execFileSync('mkfifo', [file(STUCK)]);

    const failed = await status('failed', seen, 30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    // The content editor's box: the message alone.
    expect(failed.message).toBe(timedOutMessage(2));
    // Marked stopped, so the box's headline does not ask the editor to correct anything.
    expect(failed).toMatchObject({ stopped: true });
    expect(failed.message).toMatch(/^The site was not rebuilt: the build took longer than 2 seconds and was stopped\. The site still shows the last good version\./);
    // The terminal: the build's failure, the message, and the setting.
    const printed = terminal.join('\n');
    expect(printed).toContain('Build failed. dist/client still holds the previous build, untouched');
    expect(printed).toContain(timedOutMessage(2));
    expect(printed).toContain(`${TIME_LIMIT_ENV}=<seconds> npm start sets another limit`);
    // Every process of the builder is gone, its workers too.
    await until(() => groupProcesses(builder).length === 0, 5, `the processes of group ${builder} end: ${groupProcesses(builder).join('; ')}`);
    expect(live.pid()).toBeUndefined();
    // Nothing served changed.
    expect(await page('/housekeeping')).toBe(served);
    expect(outputManifest(client())).toBe(before);
  }, 60_000);

  test('the next save starts a new builder, whose full build past the limit is stopped too, with the build it ran', async () => {
    const before = outputManifest(client());
    const served = await page('/housekeeping');
    const seen = statuses.length;
    // The pipe is still there: the service saved again, unchanged, is built in full, and the build hangs on the pipe.
    writeFileSync(file(SERVICE), readFileSync(file(SERVICE), 'utf8'));
    await status('building', seen, 10);
    await until(() => live.pid() !== undefined, 10, 'a new builder starts');
    const builder = live.pid()!;
    // It builds in full first (the builder before it stopped mid-way): npm run build's script, in its group.
    await until(() => groupProcesses(builder).some((command) => command.includes('scripts/build.mjs')), 10, 'the full build runs in the builder\'s group');

    const failed = await status('failed', seen, 30);
    expect(failed.message).toBe(timedOutMessage(2));
    // Marked stopped, so the box's headline does not ask the editor to correct anything.
    expect(failed).toMatchObject({ stopped: true });
    await until(() => groupProcesses(builder).length === 0, 5, `the processes of group ${builder} end: ${groupProcesses(builder).join('; ')}`);
    expect(await page('/housekeeping')).toBe(served);
    expect(outputManifest(client())).toBe(before);
  }, 60_000);

  test('once the file is readable again, the next save builds and is served', async () => {
    env[TIME_LIMIT_ENV] = '120';
    const seen = statuses.length;
    rmSync(file(STUCK));
    setDescription('Light housekeeping at home, built again after a build was stopped.');

    const built = await status('live', seen, 90);
    expect(built.files).toEqual(expect.arrayContaining(['services/housekeeping.yaml', 'services/stuck.yaml']));
    expect(await page('/housekeeping')).toContain('built again after a build was stopped.');
    expect(terminal.at(-1)).toBe('The site now serves the new build; reload the page to see it.');
    // What the stopped builds left beside the site is gone: the full build's folder, the first builder's.
    expect(readdirSync(file('dist')).filter((name) => name.startsWith('.build-'))).toEqual([]);
    expect(readdirSync(file('.build-cache')).filter((name) => name.startsWith('live-'))).toEqual([`live-${live.pid()}`]);
    expect(existsSync(client())).toBe(true);

    // And the builder is warm again: the save after is built live.
    const next = statuses.length;
    const printed = terminal.length;
    setDescription('Light housekeeping at home, and then saved once more, built live.');
    await status('live', next, 30);
    expect(await page('/housekeeping')).toContain('and then saved once more, built live.');
    expect(terminal.slice(printed).join('\n')).toMatch(/Built 77 public pages into dist\/client in [\d.]+ s: 1 page of what changed rendered again, 1 written;/);
  }, 180_000);

  test('npm start stopped (Ctrl-C) while a build hangs leaves none of the builder\'s processes running', async () => {
    const seen = statuses.length;
    const builder = live.pid()!;
    execFileSync('mkfifo', [file(STUCK)]);
    await status('building', seen, 10);
    // Stuck in the read: its SIGTERM handler cannot run.
    await new Promise((resolve) => setTimeout(resolve, 500));
    live.stop();
    await until(() => groupProcesses(builder).length === 0, 5, `the processes of group ${builder} end: ${groupProcesses(builder).join('; ')}`);
    rmSync(file(STUCK));
  }, 60_000);
});
