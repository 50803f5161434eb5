/** Temporary copies of the real content/ folder, with one file broken, for the content-error tests. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadContent } from '../../src/content/loader.ts';
import { ContentError } from '../../src/content/problems.ts';

const projectContent = path.join(process.cwd(), 'content');
export const fixtureService = readFileSync(path.join(process.cwd(), 'tests/fixtures/foot-care.yaml'), 'utf8');

export interface ContentCopy {
  root: string;
  write(file: string, text: string): void;
  read(file: string): string;
  edit(file: string, from: string | RegExp, to: string): void;
  remove(file: string): void;
  cleanup(): void;
}

/** The fixture service, valid on its own, to be saved under another file name (it needs a description of its own). */
export function fixtureAs(slug: string): string {
  return fixtureService.replace(/^description: (.*)$/m, `description: $1 (${slug})`);
}

/** The fixture service's card in the /all-services directory, so that a page links to it as to every other. */
export const fixtureDirectoryEntry = `  - icon: footprints
    description: Gentle help keeping feet clean, dry and comfortable, and a ride to the podiatrist when one is due.
    service: foot-care
    category: Personal Care
`;

/** A copy of content/ plus the valid fixture service at content/services/foot-care.yaml, listed last in the directory. */
export function copyContent(): ContentCopy {
  const dir = mkdtempSync(path.join(tmpdir(), 'content-'));
  const root = path.join(dir, 'content');
  cpSync(projectContent, root, { recursive: true });
  writeFileSync(path.join(root, 'services/foot-care.yaml'), fixtureService);
  const directory = readFileSync(path.join(root, 'directory.yaml'), 'utf8');
  writeFileSync(path.join(root, 'directory.yaml'), `${directory.replace(/\n*$/, '\n')}${fixtureDirectoryEntry}`);
  const copy: ContentCopy = {
    root,
    write: (file, text) => writeFileSync(path.join(root, file), text),
    read: (file) => readFileSync(path.join(root, file), 'utf8'),
    edit(file, from, to) {
      const before = copy.read(file);
      const after = before.replace(from, to);
      if (after === before) throw new Error(`test setup: ${String(from)} not found in ${file}`);
      copy.write(file, after);
    },
    remove: (file) => rmSync(path.join(root, file), { recursive: true }),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
  return copy;
}

/** Loads a copy after `breakIt` and returns the error message the editor would read. */
export async function contentErrorAfter(breakIt: (copy: ContentCopy) => void): Promise<string> {
  const copy = copyContent();
  try {
    breakIt(copy);
    await loadContent(copy.root);
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  } finally {
    copy.cleanup();
  }
  throw new Error('expected the content to be rejected, but it loaded');
}
