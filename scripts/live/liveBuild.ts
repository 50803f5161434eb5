/**
 * `npm start`'s live builder: a process that stays up beside the site and builds each saved change to content/ in
 * well under a second, by keeping warm what `npm run build` starts anew each time: the content step's code and the
 * service files already validated (scripts/generator/contentCheck.ts), and prerender workers with Vike, React and the
 * pages' code loaded (prerender.ts --live).
 *
 * A change of content only (the bundles' key is the same: scripts/generator/buildCache.ts) is built here:
 *   1. the content is checked as the build checks it, with the same messages (only changed files are parsed);
 *   2. the pages that can depend on the change are rendered again: the changed services' own pages when only
 *      fields shown on a service's own page changed (OWN_PAGE_FIELDS) and nothing else in content/ did; otherwise
 *      every page. They are rendered into a folder beside the site, and only once every page is rendered are those
 *      whose bytes differ moved over the ones served, each by a rename: the server never sends half of one, and a
 *      build stopped while rendering (liveBuildClient.ts: a build past its time limit) leaves the site served as it
 *      was. The pages of removed services are removed;
 *   3. sitemap.xml, robots.txt and _headers, the pictures, the share image and the content editor's page, when what
 *      they are made from changed.
 * Anything else (no warm state yet, a code change since, a worker that failed) runs `npm run build`'s script in
 * full, as `npm start` did before, and warms up again from what it built. A content error changes nothing served of
 * the file at fault: that file keeps its last good version on the site, while the other files' changes are built
 * (standIn.ts), and the answer names each such file with its own problems (BuildRun.refused).
 * Started with --full (a builder before it stopped mid-way, liveBuildClient.ts), it does not warm up from the last
 * full build: its first build is a full one.
 *
 * Protocol: a line "build" on stdin; the answer is one JSON line on stdout, a BuildRun ({ code, stdout, stderr }:
 * what the build would have printed). Run compiled (scripts/generator/compiled.mjs), started by liveBuildClient.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { contentHash, contentRoot, type Content, type ContentSnapshot } from '../../src/content/content.ts';
import { ownPagesOnly } from './liveChanges.ts';
import type { ValidatedServices } from '../../src/content/loader.ts';
import { BUILD_DIR_ENV } from '../../src/buildDir.ts';
import { siteHeadersFile } from '../../src/security/headers.ts';
import { CACHE_DIR, bundleKey, filesUnder } from '../generator/buildCache.ts';
import type { Bundled } from '../generator/bundle.ts';
import { compiledScript } from '../generator/compiled.mjs';
import { checkContent, readValidatedServices, updatedLines, type ContentStepResult } from '../generator/contentCheck.ts';
import { writeEditorPage } from '../generator/editorPage.ts';
import { BuildOutput, failedBuildText, removeAbandonedStaging, replaceIfChanged } from '../generator/output.ts';
import { writeImages } from '../generator/publicAssets.ts';
import { shareCard, writeShareImage } from '../generator/shareImage.ts';
import { prerenderWorkers } from '../generator/writePages.ts';
import type { BuildRun } from './contentWatch.ts';
import { contentTexts, standIn, writeContentFolder, type Attempt, type Texts } from './standIn.ts';

type Plan = Extract<ContentStepResult, { ok: true }>;

const root = process.cwd();
const client = path.join(root, 'dist', 'client');
const cache = path.join(root, CACHE_DIR);
const liveDir = path.join(cache, `live-${process.pid}`);

/** A warm prerender worker: one job at a time. */
class LiveWorker {
  private readonly child: ChildProcess;
  private waiting: { resolve: (result: { rendered: number; written: string[] }) => void; reject: (error: Error) => void } | undefined;
  private rendered = 0;
  private written: string[] = [];
  exited = false;

  constructor(script: string, index: number, count: number, bundles: string) {
    this.child = spawn(process.execPath, [script, String(index), String(count), '--live'], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', [BUILD_DIR_ENV]: bundles },
    });
    this.child.stdin!.on('error', () => undefined);
    this.child.on('exit', () => {
      this.exited = true;
      this.waiting?.reject(new Error('a prerender worker stopped'));
      this.waiting = undefined;
    });
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      if (line === '=done') {
        this.waiting?.resolve({ rendered: this.rendered, written: this.written });
        this.waiting = undefined;
      } else if (line.startsWith('=failed ')) {
        this.waiting?.reject(new Error(line.slice('=failed '.length)));
        this.waiting = undefined;
      } else {
        this.rendered += 1;
        if (line.endsWith('\t1')) this.written.push(line.slice(0, -'\t1'.length));
      }
    });
  }

  /**
   * Renders the job's pages into `client`; resolves with how many it rendered and the files it wrote there (a page
   * is written when there is no file of its name there, or one with other bytes).
   */
  render(job: { plan: string; snapshot: string; client: string; paths?: string[] }): Promise<{ rendered: number; written: string[] }> {
    if (this.exited) return Promise.reject(new Error('a prerender worker stopped'));
    this.rendered = 0;
    this.written = [];
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.child.stdin!.write(`${JSON.stringify(job)}\n`);
    });
  }

  stop(): void {
    if (!this.exited) this.child.kill();
  }
}

interface Warm {
  key: string;
  bundled: Bundled;
  workers: LiveWorker[];
  plan: Plan;
  content: Content;
  validated: ValidatedServices['known'];
  /** The files of the previous job, removed once the next one has replaced them. */
  files: string[];
}

let warm: Warm | undefined;
let jobs = 0;
/** Every content file's text in the site last built (its last good version); unknown until a build is known good. */
let lastGood: Texts | undefined;
/** The files at their last good version on the site, because their text as saved was refused: with their problems. */
let standing = new Map<string, string>();

/** Warms up from the full build just made: its bundles, its plan and content, and the service files it validated. */
async function warmUp(): Promise<void> {
  stopWorkers();
  warm = undefined;
  const key = bundleKey(root);
  const kept = path.join(cache, 'bundles', key);
  let saved: { key: string; meta: Bundled };
  let plan: ContentStepResult;
  let content: Content;
  let contentHashThen: string;
  try {
    saved = JSON.parse(readFileSync(path.join(kept, 'key.json'), 'utf8')) as { key: string; meta: Bundled };
    plan = JSON.parse(readFileSync(path.join(cache, 'content-step.json'), 'utf8')) as ContentStepResult;
    ({ content, hash: contentHashThen } = JSON.parse(readFileSync(path.join(cache, 'content.json'), 'utf8')) as ContentSnapshot);
  } catch {
    return;
  }
  if (saved.key !== key || !plan.ok) return;
  // The workers' bundles, a copy of their own: a later build may drop the kept set. A live builder that was killed
  // left its folder: removed here.
  removeAbandonedStaging(cache, /^live-(\d+)$/);
  rmSync(liveDir, { recursive: true, force: true });
  const bundles = path.join(liveDir, 'bundles');
  cpSync(path.join(kept, 'dist'), bundles, { recursive: true });
  const script = await compiledScript(root, 'scripts/generator/prerender.ts');
  const count = prerenderWorkers(plan.paths.length);
  const workers = Array.from({ length: count }, (_, index) => new LiveWorker(script, index, count, bundles));
  // Service files the build validated are not validated again on the first change.
  warm = { key, bundled: saved.meta, workers, plan, content, validated: readValidatedServices(path.join(cache, 'validated-services.json')), files: [] };
  // The files as they are are each one's last good version when the site was built from them; otherwise they are
  // known only after the next build that passes.
  const texts = contentTexts(contentRoot());
  lastGood = contentHash(contentRoot()) === contentHashThen ? texts : undefined;
  standing = new Map();
}

function stopWorkers(): void {
  for (const worker of warm?.workers ?? []) worker.stop();
}

/** `npm run build`'s script, as `npm start` ran it for every change before; then warm again from what it built. */
function fullBuild(): Promise<BuildRun> {
  stopWorkers();
  warm = undefined;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (code) => {
      const run = { code: code ?? 1, stdout, stderr };
      if (run.code === 0) void warmUp().then(() => resolve(run), () => resolve(run));
      else resolve(run);
    });
  });
}

/** A page of a route the content no longer gives: its file, and its folder once empty. */
function removePage(urlPath: string): void {
  const file = path.join(client, urlPath.slice(1), 'index.html');
  rmSync(file, { force: true });
  try {
    rmdirSync(path.dirname(file));
  } catch {
    // Not empty, or gone already.
  }
}

/** Whether the pages folder may hold pages of a job that stopped half way (a worker failed): emptied first. */
let pagesLeft = true;

/**
 * The folder a job's pages are rendered into, beside the site served, holding no page: the workers write each page
 * there, and the job then moves those whose bytes differ over the pages served. The folders inside it are kept from
 * job to job, so that a job makes no folder for a page already rendered once.
 */
function pagesFolder(): string {
  const folder = path.join(liveDir, 'pages');
  if (pagesLeft) rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  pagesLeft = true;
  return folder;
}

/** What `write` puts into a folder of its own, copied into dist/client where it differs. */
async function published(write: (output: BuildOutput) => Promise<unknown>): Promise<void> {
  const folder = path.join(liveDir, `out-${jobs}`);
  rmSync(folder, { recursive: true, force: true });
  const output = new BuildOutput(folder);
  try {
    await write(output);
    for (const file of filesUnder(folder)) replaceIfChanged(path.join(client, file), readFileSync(path.join(folder, file)));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A check of the content, with what it printed and validated. */
interface Tried extends Attempt {
  printed: string[];
  warnings: string[];
  validated: ValidatedServices['next'];
}

/** A check that passed. */
interface Checked extends Tried {
  result: Plan;
  content: Content;
}

/**
 * The content to build: as saved when the content step takes it; otherwise, with each refused file at its last good
 * version (standIn.ts), when the rest builds. `texts` is what is built, `refused` the files left at their last good
 * version with their own problems, `updated` says what was written for the backend. Or the answer to give when
 * nothing can be built.
 */
async function checkedContent(state: Warm): Promise<(Checked & { texts: Texts; refused: Map<string, string>; updated: { formChoicesUpdated: boolean; workflowSqlUpdated: boolean } }) | { refusedRun: BuildRun }> {
  const from = contentRoot();
  // Hashed before reading, as the loader does; a snapshot made from last good versions is the prerender's all the
  // same for the files as they are now (src/content/getContent.ts compares the two).
  const hash = contentHash(from);
  const now = contentTexts(from);
  let checks = 0;
  const attempts: Tried[] = [];
  const check = async (texts?: Texts): Promise<Tried> => {
    checks += 1;
    const snapshot = path.join(liveDir, `content-${jobs}${checks > 1 ? `-${checks}` : ''}.json`);
    // What the content step prints (a stage note, the warnings) is the build's output, as it would be.
    const printed: string[] = [];
    const warnings: string[] = [];
    const validated: ValidatedServices = { known: state.validated, next: new Map() };
    const root = texts ? writeContentFolder(path.join(liveDir, 'last-good'), texts, path.join(from, 'images')) : from;
    const { result, content } = await checkContent(snapshot, validated, { log: (text) => printed.push(text), warn: (text) => warnings.push(text) }, root);
    if (result.ok && content && texts) {
      const kept = JSON.parse(readFileSync(snapshot, 'utf8')) as ContentSnapshot;
      writeFileSync(snapshot, JSON.stringify({ ...kept, hash }));
    }
    const attempt: Tried = { result, content, snapshot, printed, warnings, validated: validated.next };
    attempts.push(attempt);
    return attempt;
  };
  const removeSnapshots = (but?: Attempt) => {
    for (const attempt of attempts) if (attempt !== but) rmSync(attempt.snapshot, { force: true });
  };

  const first = await check();
  if (first.result.ok && first.content) return { ...(first as Checked), texts: now, refused: new Map(), updated: first.result };
  const refusedFirst: Extract<ContentStepResult, { ok: false }> = first.result.ok ? { ok: false, error: 'The content could not be checked.' } : first.result;
  const stood = lastGood ? await standIn(lastGood, now, from, refusedFirst, check) : undefined;
  if (stood?.built?.result.ok && stood.built.content) {
    const built = stood.built as Checked;
    removeSnapshots(built);
    const ok = stood.passed.map((attempt) => attempt.result).filter((result): result is Plan => result.ok);
    return {
      ...built,
      texts: stood.texts,
      refused: stood.refused,
      updated: { formChoicesUpdated: ok.some((result) => result.formChoicesUpdated), workflowSqlUpdated: ok.some((result) => result.workflowSqlUpdated) },
    };
  }
  removeSnapshots();
  if (!stood) return { refusedRun: { code: 1, stdout: first.printed.join('\n'), stderr: failedBuildText(refusedFirst.error, true) } };
  // Every changed file refused: nothing to build. Each file is told its own problems (a file put back as it was on
  // the site no longer waits).
  standing = stood.refused;
  const heldBack = [...standing].map(([file, message]) => ({ file, message }));
  return { refusedRun: { code: 1, stdout: '', stderr: failedBuildText(heldBack.map(({ message }) => message).join('\n\n'), true), refused: heldBack } };
}

async function liveBuild(): Promise<BuildRun> {
  const started = performance.now();
  if (!warm || warm.workers.some((worker) => worker.exited) || !existsSync(client) || bundleKey(root) !== warm.key) return fullBuild();
  const state = warm;
  jobs += 1;
  mkdirSync(liveDir, { recursive: true });
  const planFile = path.join(liveDir, `plan-${jobs}.json`);
  // The content as saved; refused, each refused file at its last good version in its place (standIn.ts).
  const checked = await checkedContent(state);
  if ('refusedRun' in checked) return checked.refusedRun;
  const { result, content, snapshot, printed, warnings } = checked;
  state.validated = checked.validated;
  writeFileSync(planFile, JSON.stringify(result));

  const only = ownPagesOnly(state.content, content);
  const pages = pagesFolder();
  let rendered = 0;
  const renderedFiles: string[] = [];
  try {
    const done = await Promise.all(
      state.workers.map((worker, index) => (only && index > 0 ? { rendered: 0, written: [] } : worker.render({ plan: planFile, snapshot, client: pages, ...(only ? { paths: only } : {}) }))),
    );
    for (const part of done) {
      rendered += part.rendered;
      renderedFiles.push(...part.written);
    }
  } catch {
    // A worker that failed or stopped: the full build renders every page, and says what went wrong if it does too.
    return fullBuild();
  }
  // The pictures first (new files beside the old, none removed): a page served from the next line on finds its
  // pictures there, rather than loading in the moment before they are written and showing them broken.
  if (JSON.stringify(result.images) !== JSON.stringify(state.plan.images)) {
    await published((output) => writeImages(result.images, path.join(root, 'content', 'images'), output, path.join(cache, 'images')));
  }
  const card = shareCard(content);
  if (JSON.stringify(card) !== JSON.stringify(shareCard(state.content))) await published((output) => writeShareImage(card, output, cache));
  // Every page rendered: those whose bytes differ go over the pages served, each by a rename.
  const written: string[] = [];
  for (const file of renderedFiles) {
    const page = path.join(pages, file);
    const served = path.join(client, file);
    if (existsSync(served) && readFileSync(page).equals(readFileSync(served))) {
      rmSync(page);
      continue;
    }
    mkdirSync(path.dirname(served), { recursive: true });
    renameSync(page, served);
    written.push(file);
  }
  pagesLeft = false;
  const kept = new Set(result.paths);
  for (const urlPath of state.plan.paths) if (!kept.has(urlPath)) removePage(urlPath);
  replaceIfChanged(path.join(client, 'sitemap.xml'), result.sitemap);
  replaceIfChanged(path.join(client, 'robots.txt'), result.robots);
  replaceIfChanged(path.join(client, '_headers'), siteHeadersFile(result.policySources));
  if (result.siteName !== state.plan.siteName || JSON.stringify(result.editorCollections) !== JSON.stringify(state.plan.editorCollections)) {
    await published((output) => writeEditorPage(output, state.bundled.editorScript, result));
  }

  for (const file of state.files) rmSync(file, { force: true });
  state.files = [snapshot, planFile];
  state.plan = result;
  state.content = content;
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const which = only ? `${rendered} page${rendered === 1 ? '' : 's'} of what changed rendered again` : `every page rendered again (${rendered})`;
  const built = `Built ${result.paths.length} public pages into dist/client in ${seconds} s: ${which}, ${written.length} written; the bundles and every other file as they were.`;
  lastGood = checked.texts;
  standing = checked.refused;
  const heldBack = [...standing].map(([file, message]) => ({ file, message }));
  return { code: 0, stdout: [built, ...updatedLines({ ...result, ...checked.updated }), ...printed].join('\n'), stderr: warnings.join('\n'), refused: heldBack };
}

// --full: the builder before this one stopped mid-way (liveBuildClient.ts); the first build is a full one.
if (!process.argv.includes('--full')) await warmUp();
process.on('exit', () => {
  stopWorkers();
  rmSync(liveDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => process.exit(0));
// The builds, one at a time, in the order asked.
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== 'build') continue;
  let run: BuildRun;
  try {
    run = await liveBuild();
  } catch (error) {
    run = { code: 1, stdout: '', stderr: failedBuildText(`The site could not be built again: ${(error as Error).message}`, existsSync(client)) };
  }
  process.stdout.write(`${JSON.stringify(run)}\n`);
}
process.exit(0);
