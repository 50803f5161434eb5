/**
 * `npm run dev` as an editor uses it, in a copy of the project: a content edit shows on the next reload; a
 * content error shows in Vite's overlay and in the terminal with the message `npm run check` gives; fixing the
 * file brings the page back, all without restarting the server.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { type Browser, chromium, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumLaunchOptions } from '../../scripts/harness/chromium.ts';
import { freePorts } from '../../scripts/harness/freePorts.ts';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';

const SERVICE = 'content/services/housekeeping.yaml';
const HERO_TITLE = /^(hero:\n  icon: .*\n  title: ).*$/m;

let project: ProjectCopy;
let server: ChildProcess;
let terminal = '';
let origin: string;
let browser: Browser;
let page: Page;
let original: string;

/**
 * The copy's own node_modules folder of links to the real packages, so that the caches the dev server
 * writes there (.vite, .vite-temp, .vike) are its own and not the checkout's.
 */
function linkPackagesOneByOne(dir: string) {
  const real = path.join(process.cwd(), 'node_modules');
  rmSync(path.join(dir, 'node_modules'));
  mkdirSync(path.join(dir, 'node_modules'));
  for (const entry of readdirSync(real)) {
    if (!['.vite', '.vite-temp', '.vike'].includes(entry)) symlinkSync(path.join(real, entry), path.join(dir, 'node_modules', entry));
  }
}

/** Starts `vike dev` (what `npm run dev` runs) on a free port and resolves with the address it prints. */
function startDevServer(dir: string): Promise<string> {
  const [port] = freePorts(1);
  // Its own process group, so that it and everything it starts are stopped together.
  server = spawn(process.execPath, ['node_modules/.bin/vike', 'dev', '--port', String(port)], { cwd: dir, detached: true, env: { ...process.env, NODE_ENV: undefined, NO_COLOR: '1' } });
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      terminal += stripVTControlCharacters(chunk.toString());
      const address = /Local:\s+(http:\/\/localhost:\d+)/.exec(terminal);
      if (address) resolve(address[1]!);
    };
    server.stdout!.on('data', read);
    server.stderr!.on('data', read);
    server.on('exit', (code) => reject(new Error(`the dev server stopped (exit ${code}):\n${terminal}`)));
  });
}

const writeService = (text: string) => writeFileSync(path.join(project.dir, SERVICE), text);
const heading = () => page.locator('h1#service-title');

/** Saves the file and waits for the page to reload by itself, as an editor's browser does. */
async function saveAndWaitForReload(text: string) {
  const reloaded = page.waitForEvent('load');
  writeService(text);
  await reloaded;
}

beforeAll(async () => {
  project = copyProject();
  linkPackagesOneByOne(project.dir);
  original = readFileSync(path.join(project.dir, SERVICE), 'utf8');
  origin = await startDevServer(project.dir);
  browser = await chromium.launch(chromiumLaunchOptions);
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  if (server?.pid && server.exitCode === null) {
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await stopped;
  }
  project?.cleanup();
});

describe('npm run dev', () => {
  test('shows a service page', async () => {
    await page.goto(`${origin}/housekeeping`);
    expect(await heading().textContent()).toBe('Housekeeping');
  }, 60_000);

  test('serves the pictures and fonts the page names, at the addresses a build publishes', async () => {
    const picture = page.getByRole('img', { name: /laundry basket/ });
    expect(await picture.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBeGreaterThan(0);
    expect(await picture.getAttribute('src')).toMatch(/^\/assets\/images\/housekeeping\.[0-9a-f]{10}\.svg$/);
    const faces = await page.evaluate(() => document.fonts.ready.then((fonts) => [...fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replace(/"/g, ''))));
    expect(faces).toEqual(expect.arrayContaining(['Atkinson Hyperlegible', 'Fraunces']));
    // The share image the head names, drawn from the content as the build draws it.
    const shareImage = await page.locator('meta[property="og:image"]').getAttribute('content');
    const answer = await fetch(`${origin}${new URL(shareImage!).pathname}`);
    expect(answer.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await answer.arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  }, 30_000);

  test('shows a content edit on the next reload', async () => {
    await saveAndWaitForReload(original.replace(HERO_TITLE, '$1Housekeeping, Edited'));
    expect(await heading().textContent()).toBe('Housekeeping, Edited');
    await page.reload();
    expect(await heading().textContent()).toBe('Housekeeping, Edited');
  }, 30_000);

  test("shows a content error in Vite's overlay and in the terminal, with the message of npm run check", async () => {
    await saveAndWaitForReload(original.replace(HERO_TITLE, '$142'));
    const overlay = page.locator('vite-error-overlay .message-body');
    await overlay.waitFor();

    const check = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check.ts'], { cwd: project.dir, encoding: 'utf8' });
    expect(check.status).toBe(1);
    expect(check.stderr.trim()).toBe(
      'The content has 1 problem:\n  Title of the top of the page: expected a string, found a whole number (42)  (content/services/housekeeping.yaml, line 14)\n\n' +
        'What each message means and how to put it right: docs/editing-the-site.md, "When the build refuses a change".',
    );
    expect((await overlay.textContent())!.trim()).toBe(check.stderr.trim());
    expect(terminal).toContain(check.stderr.trim());
  }, 30_000);

  test('recovers when the file is fixed, without a restart', async () => {
    await saveAndWaitForReload(original);
    expect(await heading().textContent()).toBe('Housekeeping');
    expect(await page.locator('vite-error-overlay').count()).toBe(0);
    expect(server.exitCode).toBeNull();
    expect(terminal).not.toMatch(/server restarted/);
  }, 30_000);
});
