/**
 * `npm run bench -- --builds [--vs <commit-ish>] [--runs N]`: clean builds of the site with 1,000 generated
 * services, timed side by side with the project at an earlier commit (a git worktree) and with Astro building the
 * same pages (scripts/benches/astroYardstick.ts). The commands run in turn, A B A B ..., and each
 * ratio is taken pair by pair, so a machine whose speed drifts during the call (it is shared) moves both sides of
 * a pair alike; every figure is the median, with min and max beside it. A clean build starts without dist/ and
 * .build-cache/; it is timed from the start of `node scripts/build.mjs` to its exit, start-up included.
 * Also: the marginal cost of a page, the whole process tree's peak memory, and where a build's time goes
 * (BUILD_TIMINGS=1), for each side.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withoutProductionSignals } from '../../src/launchHosts.ts';
import { astroYardstick, type AstroYardstick } from './astroYardstick.ts';
import { copyProject } from '../harness/projectCopy.ts';
import { runMeasuringTree } from './treeMemory.ts';

export const EXTRA_PAGES = 1000;

/** A printed row: what, the figure, its goal, and what it ran under (the load average, the spread). */
export type Row = [string, string, string, string?];

// ---- The generated pages -------------------------------------------------------------------------------------

const FIXTURE = fileURLToPath(new URL('../../tests/fixtures/foot-care.yaml', import.meta.url));
let fixture: string | undefined;

/** The text of generated service `index`: the fixture with a description of its own. */
export function extraService(index: number): string {
  fixture ??= readFileSync(FIXTURE, 'utf8');
  // The file name (generated-service-NNNN.yaml) is the page's address and id; a description of its own is all a copy needs.
  return fixture.replace(/^description: (.*)$/m, `description: Generated page ${index} for the build benchmark, with a description of its own.`);
}

const generatedName = (index: number) => `generated-service-${String(index).padStart(4, '0')}.yaml`;

/** Writes the generated services into `dir`/content/services when `dir` is a project, else into `dir` itself. */
export function addExtraServices(dir: string, count = EXTRA_PAGES): void {
  const services = existsSync(path.join(dir, 'content/services')) ? path.join(dir, 'content/services') : dir;
  for (let i = 1; i <= count; i++) writeFileSync(path.join(services, generatedName(i)), extraService(i));
}

// ---- Arguments ----------------------------------------------------------------------------------------------

export interface BenchArgs {
  /** The build figures only. */
  builds: boolean;
  /** The commit to compare with, as the user wrote it. */
  vs?: string;
  /** Clean builds of each command, in turn. */
  runs: number;
}

/** `--builds`, `--vs <commit-ish>` (implies --builds), `--runs N` (default 3). */
export function benchArgs(argv: string[]): BenchArgs {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    if (at === -1) return undefined;
    const given = argv[at + 1];
    if (given === undefined || given.startsWith('--')) throw new Error(`${flag} needs a value, e.g. ${flag === '--vs' ? '--vs HEAD~5' : '--runs 3'}`);
    return given;
  };
  const vs = value('--vs');
  const runsText = value('--runs');
  const runs = runsText === undefined ? 3 : Number(runsText);
  if (!Number.isInteger(runs) || runs < 1 || runs > 100) throw new Error(`--runs takes a whole number from 1 to 100, not '${runsText}'`);
  return { builds: argv.includes('--builds') || vs !== undefined, vs, runs };
}

// ---- Figures ------------------------------------------------------------------------------------------------

export interface Spread {
  min: number;
  median: number;
  max: number;
}

export function spread(values: number[]): Spread {
  if (values.length === 0) throw new Error('no values to take a median of');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { min: sorted[0]!, median, max: sorted[sorted.length - 1]! };
}

/**
 * `seconds[c][r]`: run r of command c, the commands run in turn (round r is c = 0, 1, ... once each). Each
 * command's spread, and the ratio of command 0 to each other command taken round by round (pair by pair).
 */
export function inTurnFigures(seconds: number[][]): { each: Spread[]; ratios: Spread[] } {
  const [first, ...others] = seconds;
  if (!first) throw new Error('no command was timed');
  for (const times of others) if (times.length !== first.length) throw new Error('every command runs the same number of times');
  return {
    each: seconds.map(spread),
    ratios: others.map((times) => spread(first.map((a, round) => a / times[round]!))),
  };
}

/** The clean-build cost of one more page, in ms: the median with the pages less the median without, per page. */
export const marginalMs = (withPages: number, asIs: number, pages = EXTRA_PAGES) => ((withPages - asIs) * 1000) / pages;

export interface Step {
  step: string;
  /** Seconds since the previous step line (the first: since the build started). */
  seconds: number;
  /** Seconds since the build started, as printed. */
  at: number;
}

/** The steps of a build run with BUILD_TIMINGS=1, from its stderr (`[build] 12.34 s  <step>`), as durations. */
export function buildSteps(stderr: string): Step[] {
  const steps: Step[] = [];
  for (const [, at, step] of stderr.matchAll(/^\[build\]\s+(\d+(?:\.\d+)?)\s*s\s+(.+?)\s*$/gm)) {
    const previous = steps.at(-1)?.at ?? 0;
    steps.push({ step: step!, seconds: Number(at) - previous, at: Number(at) });
  }
  return steps;
}

export interface ProfileSide {
  label: string;
  steps: Step[];
  /** The whole process, start to exit. */
  wallSeconds: number;
}

/**
 * The steps of each side in columns, one row a step (in the order they first appear; a step one side does not
 * print shows '-'), then what lies outside the steps (start-up, compiling the build's scripts, exit) and the whole.
 */
export function profileTable(sides: ProfileSide[]): string[] {
  const names = [...new Set(sides.flatMap((side) => side.steps.map((s) => s.step)))];
  const seconds = (value: number | undefined) => (value === undefined ? '-' : `${value.toFixed(2)} s`);
  const rows: string[][] = [
    ['step (time since the previous line)', ...sides.map((side) => side.label)],
    ...names.map((name) => [name, ...sides.map((side) => seconds(side.steps.find((s) => s.step === name)?.seconds))]),
    ['outside the steps (start-up, compiling the scripts, exit)', ...sides.map((side) => seconds(side.steps.length ? side.wallSeconds - side.steps.at(-1)!.at : undefined))],
    ['whole process', ...sides.map((side) => seconds(side.wallSeconds))],
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join('  ').trimEnd());
}

// ---- Clean-up, also on Ctrl-C -------------------------------------------------------------------------------

const pending = new Set<() => void>();
let listening = false;

/** Runs `cleanup` at the latest when the process is interrupted; the returned function runs it now (once). */
function cleanUpLater(cleanup: () => void): () => void {
  if (!listening) {
    listening = true;
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.on(signal, () => {
        // Not at once: under tsx, this process must first tell its parent it got the signal (a message sent when
        // this handler returns), or the parent kills it outright, clean-up unfinished, 60 ms later.
        setTimeout(() => {
          for (const each of pending) each();
          process.exit(signal === 'SIGINT' ? 130 : 143);
        }, 200);
      });
    }
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    pending.delete(once);
    try {
      cleanup();
    } catch (error) {
      console.error(`Clean-up failed: ${(error as Error).message}`);
    }
  };
  pending.add(once);
  return once;
}

// ---- The sides ----------------------------------------------------------------------------------------------

interface Side {
  label: string;
  dir: string;
  cleanup(): void;
}

/**
 * Stops what this bench left running in `dir`: a build measured for memory runs in a process group of its own,
 * which a Ctrl-C in the terminal does not reach.
 */
function stopProcessesIn(dir: string): void {
  if (!existsSync('/proc')) return;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      if (cwd === dir || cwd.startsWith(`${dir}/`)) process.kill(Number(entry), 'SIGKILL');
    } catch {
      // Ended meanwhile, or not ours to read.
    }
  }
}

function git(args: string[], cwd = process.cwd()): string {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed:\n${run.stderr.trim()}`);
  return run.stdout.trim();
}

/**
 * The project at `commit`, checked out in a git worktree in a temporary folder: its node_modules is this
 * project's (linked) when the lockfiles are the same, or installed with `npm ci` otherwise.
 */
function worktreeOf(commit: string, log: (line: string) => void): Side {
  const sha = git(['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]);
  const label = git(['log', '-1', '--format=%h', sha]);
  const parent = mkdtempSync(path.join(tmpdir(), 'site-vs-'));
  const dir = path.join(parent, 'project');
  let added = false;
  const cleanup = cleanUpLater(() => {
    stopProcessesIn(parent);
    if (added) {
      spawnSync('git', ['worktree', 'remove', '--force', dir], { encoding: 'utf8' });
      spawnSync('git', ['worktree', 'prune'], { encoding: 'utf8' });
    }
    rmSync(parent, { recursive: true, force: true });
  });
  try {
    git(['worktree', 'add', '--detach', dir, sha]);
    added = true;
    if (!existsSync(path.join(dir, 'scripts/build.mjs'))) throw new Error(`${commit} (${label}) has no scripts/build.mjs: too old to be built the way this bench builds`);
    if (readFileSync(path.join(dir, 'package-lock.json'), 'utf8') === readFileSync('package-lock.json', 'utf8')) {
      symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
    } else {
      log(`${label}'s package-lock.json differs from this one: installing its packages with npm ci in the worktree (this takes a while)...`);
      const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
      if (install.status !== 0) throw new Error(`npm ci failed at ${label}`);
    }
    log(`Comparing with ${label} (${git(['log', '-1', '--format=%s', sha]).slice(0, 100)}), checked out in ${dir}`);
    return { label, dir, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

function projectSide(): Side {
  const project = copyProject();
  return {
    label: 'ours',
    dir: project.dir,
    cleanup: cleanUpLater(() => {
      stopProcessesIn(project.dir);
      project.cleanup();
    }),
  };
}

// ---- Timing -------------------------------------------------------------------------------------------------

interface Timed {
  label: string;
  cwd: string;
  command: string[];
  env: NodeJS.ProcessEnv;
  /** Before each run, not timed (a clean build: dist/ and .build-cache/ removed). */
  prepare?: () => void;
}

const cleanOf = (dir: string) => () => {
  rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
  rmSync(path.join(dir, '.build-cache'), { recursive: true, force: true });
};

/** One run, start to exit, in seconds; its output is kept only to say why it failed. */
function runOnce(timed: Timed): Promise<number> {
  timed.prepare?.();
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let seconds = 0;
    let output = '';
    const child = spawn(timed.command[0]!, timed.command.slice(1), { cwd: timed.cwd, env: timed.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', () => (seconds = (performance.now() - started) / 1000));
    child.on('close', (code) => (code === 0 ? resolve(seconds) : reject(new Error(`${timed.label}: ${timed.command.join(' ')} failed (exit ${code}) in ${timed.cwd}:\n${output}`))));
  });
}

/** Each command `runs` times, in turn (A B C A B C ...): the seconds of each, and the load average after each round. */
async function inTurn(commands: Timed[], runs: number, log: (line: string) => void) {
  const seconds: number[][] = commands.map(() => []);
  const loads: number[] = [];
  for (let round = 0; round < runs; round++) {
    for (const [c, timed] of commands.entries()) seconds[c]!.push(await runOnce(timed));
    loads.push(loadavg()[0]!);
    log(`  round ${round + 1} of ${runs}: ${commands.map((timed, c) => `${timed.label} ${seconds[c]!.at(-1)!.toFixed(2)} s`).join(', ')} (load ${loads.at(-1)!.toFixed(2)})`);
  }
  return { ...inTurnFigures(seconds), loads: spread(loads) };
}

/** Astro building the same pages (scripts/benches/astroYardstick.ts), cleaned up on Ctrl-C too. */
async function astro(log: (line: string) => void): Promise<AstroYardstick | { skipped: string }> {
  const prepared = await astroYardstick({ extraServices: (dir) => addExtraServices(dir), log });
  if ('skipped' in prepared) return prepared;
  const cleanup = cleanUpLater(() => {
    stopProcessesIn(prepared.dir);
    prepared.cleanup();
  });
  return { ...prepared, cleanup };
}

// ---- The whole measure --------------------------------------------------------------------------------------

export interface CleanBuildOptions {
  vs?: string;
  runs: number;
  /** The Supabase URL the site is built for. */
  supabaseUrl: string;
  log?: (line: string) => void;
}

/** The clean-build figures as rows beside their goals, and the profile of a +1,000 build of each side. */
export async function cleanBuildFigures({ vs, runs, supabaseUrl, log = console.log }: CleanBuildOptions): Promise<{ rows: Row[]; profile: string[] }> {
  const env = { ...withoutProductionSignals(process.env), BUILD_QUIET: '1', VITE_SUPABASE_URL: supabaseUrl };
  const sides: Side[] = [];
  let yardstick: AstroYardstick | { skipped: string } | undefined;
  try {
    sides.push(projectSide());
    if (vs) sides.push(worktreeOf(vs, log));
    const build = (side: Side): Timed => ({ label: side.label, cwd: side.dir, command: [process.execPath, 'scripts/build.mjs'], env, prepare: cleanOf(side.dir) });
    const n = `median of ${runs}`;
    const range = (s: Spread, unit = ' s') => `${s.min.toFixed(2)}-${s.max.toFixed(2)}${unit}`;
    const loadOf = (s: Spread) => `load ${s.min.toFixed(2)}-${s.max.toFixed(2)}`;

    log(`Clean builds of the site as it is (${sides.map((s) => s.label).join(' and ')} in turn, ${runs} each)...`);
    const asIs = await inTurn(sides.map(build), runs, log);

    for (const side of sides) addExtraServices(side.dir);
    // One build of each side under BUILD_TIMINGS=1, measuring the whole tree's memory: the profile, and a warm-up.
    const profiled: Array<ProfileSide & { treeMb: number; load: number }> = [];
    for (const side of sides) {
      log(`A clean build of ${side.label} + ${EXTRA_PAGES} services with BUILD_TIMINGS=1, measuring memory...`);
      cleanOf(side.dir)();
      const run = await runMeasuringTree(process.execPath, ['scripts/build.mjs'], { cwd: side.dir, env: { ...env, BUILD_TIMINGS: '1' } });
      if (run.status !== 0) throw new Error(`the build of ${side.label} + ${EXTRA_PAGES} services failed:\n${run.stderr.slice(-4000)}`);
      profiled.push({ label: side.label, steps: buildSteps(run.stderr), wallSeconds: run.seconds, treeMb: run.peakTreeKb / 1024, load: loadavg()[0]! });
    }

    log('Preparing Astro with the same pages (scripts/benches/astroYardstick.ts)...');
    yardstick = await astro(log).catch((error: Error) => ({ skipped: `the yardstick failed: ${error.message.split('\n')[0]}` }));
    const commands = sides.map(build);
    if (!('skipped' in yardstick)) {
      const astroRun: Timed = { label: `Astro ${yardstick.version}`, cwd: yardstick.dir, command: yardstick.command, env };
      log(`A warm-up build of Astro ${yardstick.version} (not counted)...`);
      const warmUp = await runOnce(astroRun).catch((error: Error) => error);
      if (warmUp instanceof Error) {
        log(warmUp.message);
        yardstick.cleanup();
        yardstick = { skipped: `Astro's build failed (its output is printed above)` };
      } else {
        commands.push(astroRun);
      }
    }
    log(`Clean builds + ${EXTRA_PAGES} services (${commands.map((c) => c.label).join(', ')} in turn, ${runs} each)...`);
    const large = await inTurn(commands, runs, log);

    const theirs = sides[1];
    const rows: Row[] = [];
    rows.push([`Clean build, site + ${EXTRA_PAGES} services (${n}; min-max)`, `${large.each[0]!.median.toFixed(2)} s`, '', `${range(large.each[0]!)}, ${loadOf(large.loads)}`]);
    if (theirs) rows.push([`  the same at ${theirs.label}`, `${large.each[1]!.median.toFixed(2)} s`, '', `${range(large.each[1]!)}, ${loadOf(large.loads)}`]);
    if ('skipped' in yardstick) {
      rows.push([`Clean build + ${EXTRA_PAGES}, ours / Astro (pair by pair)`, 'skipped', 'goal <= 0.5', yardstick.skipped]);
    } else {
      const at = commands.length - 1;
      rows.push([`Clean build + ${EXTRA_PAGES}, ours / Astro ${yardstick.version} (pair by pair, ${n})`, large.ratios[at - 1]!.median.toFixed(2), 'goal <= 0.5', `${range(large.ratios[at - 1]!, '')}; Astro ${large.each[at]!.median.toFixed(2)} s; ${loadOf(large.loads)}`]);
    }
    if (theirs) rows.push([`Clean build + ${EXTRA_PAGES}, ours / ${theirs.label} (pair by pair, ${n})`, large.ratios[0]!.median.toFixed(2), 'below 1: faster', `${range(large.ratios[0]!, '')}; ${loadOf(large.loads)}`]);
    else rows.push([`Clean build + ${EXTRA_PAGES}, ours / an earlier commit`, '-', '', 'name one: --vs <commit-ish>']);
    rows.push([`Clean build, site as it is (${n}; min-max)`, `${asIs.each[0]!.median.toFixed(2)} s`, '', `${range(asIs.each[0]!)}, ${loadOf(asIs.loads)}`]);
    if (theirs) rows.push([`  the same at ${theirs.label}`, `${asIs.each[1]!.median.toFixed(2)} s`, '', `${range(asIs.each[1]!)}, ratio ${asIs.ratios[0]!.median.toFixed(2)}, ${loadOf(asIs.loads)}`]);
    rows.push([`Marginal time per extra page, clean builds (medians: +${EXTRA_PAGES} less as it is)`, `${marginalMs(large.each[0]!.median, asIs.each[0]!.median).toFixed(2)} ms`, 'goal <= 0.5 ms', `${loadOf(large.loads)}`]);
    if (theirs) rows.push([`  the same at ${theirs.label}`, `${marginalMs(large.each[1]!.median, asIs.each[1]!.median).toFixed(2)} ms`, '', `${loadOf(large.loads)}`]);
    rows.push([`Peak memory, whole process tree, clean build + ${EXTRA_PAGES} (one build)`, `${profiled[0]!.treeMb.toFixed(0)} MB`, 'goal <= 300 MB', `load ${profiled[0]!.load.toFixed(2)}`]);
    if (theirs) rows.push([`  the same at ${theirs.label}`, `${profiled[1]!.treeMb.toFixed(0)} MB`, '', `load ${profiled[1]!.load.toFixed(2)}`]);

    const profile = [
      `Where a clean build + ${EXTRA_PAGES} services spends its time (BUILD_TIMINGS=1, one build each; the bundler starts beside the content step, so 'bundled' is its time past the content's end):`,
      ...profileTable(profiled),
    ];
    return { rows, profile };
  } finally {
    if (yardstick && !('skipped' in yardstick)) yardstick.cleanup();
    for (const side of sides.reverse()) side.cleanup();
  }
}
