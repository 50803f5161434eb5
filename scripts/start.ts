/**
 * `npm start`: builds the site, then runs the local Supabase stand-in on 127.0.0.1:$LOCAL_SUPABASE_PORT (54321)
 * with demo data, the mail catcher's inbox on 127.0.0.1:$MAIL_CATCHER_PORT (54324), where the notification
 * e-mails land, and serves dist/client on http://localhost:$PORT (3000), each in a process of its own that
 * is started again if it stops (scripts/live/stack.ts). `HOST` changes the address both listen on.
 * While it runs, a change under content/ builds the site again (scripts/live/contentWatch.ts), in a live builder
 * that keeps the build warm and renders only the pages the change can touch (scripts/live/liveBuild.ts): the site
 * served changes only when the build succeeds, the stand-in's functions take the new form choices at
 * once, and a content error is printed in plain words while the previous site stays up: a refused file keeps its last
 * good version on the site, and other files' changes still go live (scripts/live/standIn.ts).
 * The content editor (/admin/content/) saves into content/ through the site server (scripts/live/editorApi.ts) and
 * shows how each save was built. `npm start -- --no-build` serves the existing dist/ and builds nothing. Ctrl-C stops everything. When a part
 * cannot start (a port taken, most often by another `npm start`), it says which part and why, and stops the parts
 * it had started.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EDITOR_PATH, type EditorStatus } from '../src/editor/shared.ts';
import { GUIDES } from '../src/guides.ts';
import { freePorts } from './harness/freePorts.ts';
import { followContent } from './live/contentWatch.ts';
import { startLiveBuilder } from './live/liveBuildClient.ts';
import { StartFailure, startStack, type Stack } from './live/stack.ts';

const DEFAULT_API_PORT = 54321;
// 0 asks for a free port: it is found now, because the site is built for the stand-in's address before it starts.
const askedPort = Number(process.env.LOCAL_SUPABASE_PORT ?? DEFAULT_API_PORT);
const apiPort = askedPort === 0 ? freePorts(1)[0]! : askedPort;
const building = !process.argv.includes('--no-build');

const env: NodeJS.ProcessEnv = { ...process.env, BUILD_QUIET: '1' };
// The forms post to the stand-in and the dashboard talks to it: on another port, the site is built for that port
// (unset, VITE_SUPABASE_URL means the stand-in on 54321, src/supabaseEnv.ts).
if (!process.env.VITE_SUPABASE_URL && apiPort !== DEFAULT_API_PORT) env.VITE_SUPABASE_URL = `http://127.0.0.1:${apiPort}`;

/** Runs `npm run build`'s script, its output in this terminal; resolves with its exit code. */
function build(): Promise<number> {
  return new Promise((resolve) => spawn(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', env }).on('close', (code) => resolve(code ?? 1)));
}

if (building && (await build()) !== 0) {
  // With a site built before, it is served as it was while the problem is fixed: saving builds again.
  if (!existsSync(path.join('dist', 'client', 'index.html'))) process.exit(1);
  console.log('\nServing the site built before; fix the problem above and save: the site is built again.');
}

// How the last save was built, for the content editor's status bar (the site server reads it).
const statusFile = path.join(mkdtempSync(path.join(tmpdir(), 'homecare-editor-')), 'status.json');
function report(status: EditorStatus) {
  writeFileSync(`${statusFile}.tmp`, JSON.stringify(status));
  renameSync(`${statusFile}.tmp`, statusFile);
}

// Warms up while the stack starts: the first save is then built as fast as the next.
const live = building ? startLiveBuilder(env) : undefined;

let stack: Stack;
try {
  stack = await startStack({
    sitePort: Number(process.env.PORT ?? 3000),
    apiPort,
    mailPort: Number(process.env.MAIL_CATCHER_PORT ?? 54324),
    host: process.env.HOST ?? '127.0.0.1',
    // The content editor saves into this working tree, and shows how the last save was built.
    ...(building ? { editor: { repo: process.cwd(), statusFile } } : {}),
  });
} catch (error) {
  // startStack has stopped whatever it had started: nothing is left holding a port.
  console.error(`\n${error instanceof StartFailure ? error.message : (error as Error).stack}\nnpm start stopped: nothing it started is left running.`);
  process.exit(1);
}
console.log(`\nLocal Supabase (stand-in, data in memory):\n${stack.apiDescription}`);
console.log(`\nSite:     ${stack.siteUrl}`);
console.log(`Inbox:    ${stack.mailUrl}  (the e-mails staff are sent: a new request, the overdue digest)`);
if (building) console.log(`Editor:   ${stack.siteUrl}${EDITOR_PATH}  (change the site's words and pictures; saves are built at once)`);
console.log(`Guides:   ${[GUIDES.editing, GUIDES.requests, GUIDES.agency, GUIDES.goingLive].join(', ')}`);
// Each change is built by the live builder, which keeps the content step and the prerender warm and renders only
// the pages the change can touch (scripts/live/liveBuild.ts); it started warming up meanwhile.
const watching = live ? followContent('content', () => live.build(), undefined, report) : undefined;
console.log(`${watching ? 'Content is watched: a saved change to content/ builds the site again.\n' : ''}Press Ctrl-C to stop.`);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    watching?.close();
    live?.stop();
    rmSync(path.dirname(statusFile), { recursive: true, force: true });
    void stack.stop().finally(() => process.exit(0));
  });
}
