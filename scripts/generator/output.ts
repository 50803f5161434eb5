/**
 * The site a build produces, written into a folder of its own (the build's folder, src/buildDir.ts) while
 * dist/client goes on serving the previous build. Only when every step succeeded does `publish` move the new
 * site into dist/client, in two renames: the site served is always one whole build, never half of two, and a
 * failed build leaves it untouched. Each file is claimed once, so two steps cannot write the same file.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class BuildOutput {
  /** Every file this build produced, relative to the root, with forward slashes. */
  readonly produced = new Set<string>();
  /** How many files a step put in place itself (the bundles). */
  kept = 0;

  constructor(readonly root: string) {}

  private claim(relative: string): string {
    const file = relative.split(path.sep).join('/');
    if (this.produced.has(file)) throw new Error(`${file} was produced twice in one build`);
    this.produced.add(file);
    return path.join(this.root, file);
  }

  /** A file a step has already put in place (the bundles). */
  keep(relative: string): void {
    this.claim(relative);
    this.kept += 1;
  }

  async write(relative: string, data: string | Buffer): Promise<void> {
    const absolute = this.claim(relative);
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, data);
  }

  copySync(relative: string, source: string): void {
    const absolute = this.claim(relative);
    mkdirSync(path.dirname(absolute), { recursive: true });
    copyFileSync(source, absolute);
  }
}

/** What a failed build says: why, and that the site served is the previous build (or that nothing was written). */
export function failedBuildText(message: string, previousSite: boolean): string {
  const kept = previousSite
    ? 'dist/client still holds the previous build, untouched (a running `npm start` or `npm run serve` goes on serving it).'
    : 'Nothing was written to dist/.';
  return `\nBuild failed. ${kept}\n\n${message}\n`;
}

/**
 * Writes `data` over a file of the site served when its bytes differ, by a rename, so the server never sends half
 * of it (`npm start`'s live builds); says whether it did.
 */
export function replaceIfChanged(absolute: string, data: string | Buffer): boolean {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  if (existsSync(absolute) && readFileSync(absolute).equals(bytes)) return false;
  mkdirSync(path.dirname(absolute), { recursive: true });
  writeFileSync(`${absolute}.${process.pid}.tmp`, bytes);
  renameSync(`${absolute}.${process.pid}.tmp`, absolute);
  return true;
}

/** The build's folder for a build run by process `pid`, under dist/. */
export const stagingDir = (dist: string, pid = process.pid) => path.join(dist, `.build-${pid}`);

/** Removes the folders of builds whose process is gone (killed mid-build); a running build's folder stays. `pattern` finds the process id in a folder's name. */
export function removeAbandonedStaging(dist: string, pattern = /^\.build-(\d+)$/): void {
  if (!existsSync(dist)) return;
  for (const name of readdirSync(dist)) {
    const pid = pattern.exec(name)?.[1];
    if (pid && !isRunning(Number(pid))) rmSync(path.join(dist, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Moves the finished build into place: `staging`/client becomes dist/client (the previous one is moved aside
 * first, then removed), and the other files at the top of `staging` (Vike's assets.json) go to dist/. Between
 * the two renames dist/client is missing for a moment; the local server waits it out (scripts/live/siteServer.ts).
 */
export function publish(staging: string, dist: string): void {
  const client = path.join(dist, 'client');
  const previous = path.join(staging, 'previous');
  if (existsSync(client)) renameSync(client, previous);
  renameSync(path.join(staging, 'client'), client);
  for (const name of readdirSync(staging)) {
    if (name === 'previous') continue;
    const target = path.join(dist, name);
    if (statSync(path.join(staging, name)).isDirectory()) rmSync(target, { recursive: true, force: true });
    renameSync(path.join(staging, name), target);
  }
  rmSync(staging, { recursive: true, force: true });
}
