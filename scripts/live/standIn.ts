/**
 * Each save stands on its own under `npm start`: a content file the build refuses does not hold back the others.
 * The live builder (liveBuild.ts) keeps every content file's last good version: its text in the last site built.
 * When the content as saved is refused, the site is built from the files as saved, but with each refused file at its
 * last good version in its place (in a copy of content/ beside the site, never in content/ itself: the editor's
 * words stay in their file). Each refused file is told its own problems, and no other file's.
 *
 * Which files stand in:
 *   1. the changed files (since the last site built) that the problems are in: when the rest then builds, done;
 *   2. otherwise (a problem in a file nobody changed, such as the directory naming a service whose file was removed,
 *      or one of those files still refused), each changed file is taken in the order it was saved, on top of the
 *      last good versions: kept when the content still builds with it, refused with the problems it brings when not.
 * A problem that no changed file brings (none changed) is the build's as before: nothing is built.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Content } from '../../src/content/content.ts';
import { ContentError } from '../../src/content/problems.ts';
import type { ContentStepResult } from '../generator/contentCheck.ts';

/** Every content file but the pictures: its path under content/ ("services/housekeeping.yaml") and its bytes. */
export type Texts = Map<string, Buffer>;

/** The folder of pictures: not copied (it may be large, and a picture is not a text that stands in). */
const PICTURES = 'images';

/** The content files under `root` but the pictures, with their bytes. */
export function contentTexts(root: string): Texts {
  const texts: Texts = new Map();
  if (!existsSync(root)) return texts;
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = name.split(path.sep).join('/');
    if (file === PICTURES || file.startsWith(`${PICTURES}/`)) continue;
    const absolute = path.join(root, name);
    try {
      if (statSync(absolute).isFile()) texts.set(file, readFileSync(absolute));
    } catch {
      // Removed while being read: not there.
    }
  }
  return texts;
}

/** The files whose text differs between `before` and `now` (changed, added or removed), oldest save first. */
export function changedFiles(before: Texts, now: Texts, root: string): string[] {
  const names = new Set([...before.keys(), ...now.keys()]);
  const changed = [...names].filter((file) => {
    const a = before.get(file);
    const b = now.get(file);
    return !a || !b || !a.equals(b);
  });
  // Removed files last: they have no time of their own.
  const savedAt = (file: string) => {
    try {
      return statSync(path.join(root, file)).mtimeMs;
    } catch {
      return Number.MAX_SAFE_INTEGER;
    }
  };
  return changed.map((file) => ({ file, at: savedAt(file) })).sort((a, b) => a.at - b.at || a.file.localeCompare(b.file)).map(({ file }) => file);
}

/** Writes `texts` as a content folder named content/ in `folder`; its pictures are content/images itself, linked. */
export function writeContentFolder(folder: string, texts: Texts, pictures: string): string {
  const root = path.join(folder, 'content');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  for (const [file, bytes] of texts) {
    const absolute = path.join(root, file);
    mkdirSync(path.dirname(absolute), { recursive: true });
    writeFileSync(absolute, bytes);
  }
  if (existsSync(pictures)) symlinkSync(pictures, path.join(root, PICTURES), 'dir');
  return root;
}

/** One check of the content: what the content step said, and what it validated and printed. */
export interface Attempt {
  result: ContentStepResult;
  content?: Content | undefined;
  /** The snapshot the check wrote, for the prerender. */
  snapshot: string;
}

/** What the content step said of a refused file, as `npm run check` words it. */
export function refusal(result: Extract<ContentStepResult, { ok: false }>, file?: string): string {
  if (!result.problems?.length) return result.error;
  const own = file ? result.problems.filter((problem) => problem.file === `content/${file}`) : [];
  return new ContentError(own.length ? own : result.problems).message;
}

export interface StoodIn {
  /** The check of what is built, or none when every changed file was refused. */
  built?: Attempt | undefined;
  /** What is built: each file as saved, or at its last good version. */
  texts: Texts;
  /** The files at their last good version (or left out, for a new one), each with its own problems. */
  refused: Map<string, string>;
  /** Checks made that passed, for what they wrote for the backend (the forms' choices). */
  passed: Attempt[];
}

/**
 * The site to build when the content as saved (`now`, checked in `first`) is refused: each changed file as saved or,
 * refused, at its last good version (`lastGood`). `check` checks a set of texts. Undefined when no changed file
 * can be held back for it (none changed, or too many to take one by one).
 */
export async function standIn(lastGood: Texts, now: Texts, root: string, first: Extract<ContentStepResult, { ok: false }>, check: (texts: Texts) => Promise<Attempt>): Promise<StoodIn | undefined> {
  const changed = changedFiles(lastGood, now, root);
  if (!changed.length) return undefined;
  const passed: Attempt[] = [];
  const compose = (held: Iterable<string>) => {
    const texts = new Map(now);
    for (const file of held) {
      const good = lastGood.get(file);
      if (good) texts.set(file, good);
      else texts.delete(file);
    }
    return texts;
  };

  // 1. The changed files the problems are in, held back.
  const named = changed.filter((file) => first.problems?.some((problem) => problem.file === `content/${file}`));
  const told = (files: string[]) => new Map(files.map((file) => [file, refusal(first, file)]));
  // Every changed file refused: the site as it is is what would be built.
  if (named.length === changed.length) return { texts: lastGood, refused: told(named), passed };
  if (named.length) {
    const texts = compose(named);
    const attempt = await check(texts);
    if (attempt.result.ok) {
      passed.push(attempt);
      return { built: attempt, texts, refused: told(named), passed };
    }
  }

  // 2. One changed file at a time, in the order saved, on top of the last good versions. A few at most: more (a
  // folder copied in, a branch checked out) are built together or not at all, as before.
  if (changed.length > 8) return undefined;
  let texts = new Map(lastGood);
  let built: Attempt | undefined;
  const refused = new Map<string, string>();
  for (const file of changed) {
    const trial = new Map(texts);
    const saved = now.get(file);
    if (saved) trial.set(file, saved);
    else trial.delete(file);
    const attempt = await check(trial);
    if (attempt.result.ok) {
      texts = trial;
      built = attempt;
      passed.push(attempt);
    } else {
      refused.set(file, refusal(attempt.result, file));
    }
  }
  return { built, texts, refused, passed };
}
