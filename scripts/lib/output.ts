/**
 * dist/client as a mirror of what one build produces. A file is written only when its bytes differ from the file
 * already there, so a rebuild after a content edit writes the pages that changed rather than every page (on a
 * virtual disk, creating a folder and a file costs about a millisecond, as much as rendering the page). At the
 * end, every file no step produced is removed (a removed service's page, a bundle of older code), so what is
 * left is exactly this build's output, and every page in it was rendered by this build.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class BuildOutput {
  /** Every file this build produced, relative to the root, with forward slashes. */
  readonly produced = new Set<string>();
  /** How many files had to be written (new or changed). */
  written = 0;
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

  /** Writes the file unless it already holds these bytes. */
  async write(relative: string, data: string | Buffer): Promise<void> {
    const absolute = this.claim(relative);
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    const existing = await readFile(absolute).catch(() => undefined);
    if (existing?.equals(bytes)) return;
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, bytes);
    this.written += 1;
  }

  /** Copies `source` to the file unless it already holds the same bytes. */
  copySync(relative: string, source: string): void {
    const absolute = this.claim(relative);
    const size = sizeIfFile(absolute);
    if (size !== undefined && size === statSync(source).size && readFileSync(absolute).equals(readFileSync(source))) return;
    mkdirSync(path.dirname(absolute), { recursive: true });
    copyFileSync(source, absolute);
    this.written += 1;
  }

  /** Removes every file under the root that this build did not produce, and the folders left empty; returns how many files. */
  sweep(): number {
    let removed = 0;
    const visit = (folder: string, relative: string): boolean => {
      let empty = true;
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const file = relative ? `${relative}/${entry.name}` : entry.name;
        const absolute = path.join(folder, entry.name);
        if (entry.isDirectory()) {
          if (visit(absolute, file)) rmdirSync(absolute);
          else empty = false;
        } else if (this.produced.has(file)) {
          empty = false;
        } else {
          rmSync(absolute, { force: true });
          removed += 1;
        }
      }
      return empty;
    };
    visit(this.root, '');
    return removed;
  }
}

function sizeIfFile(file: string): number | undefined {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats.size : undefined;
  } catch {
    return undefined;
  }
}
