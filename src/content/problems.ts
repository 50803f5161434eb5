/**
 * The one place that turns a content problem into the sentence an editor reads: the field in words, what is
 * wrong with the words at fault quoted in full, then the file and line, e.g.
 *   Title of the 3rd feature: expected a string, found a whole number (42)  (content/services/foot-care.yaml, line 26)
 * Every check (YAML syntax, zod schemas, cross-file rules, MDX) reports through `ContentProblem`; the field is named
 * by the labels the content editor shows (fieldNames.ts).
 */
import { describePlace, type FieldPath } from './fieldNames.ts';

export type { FieldPath };

export interface ContentProblem {
  /** Path of the file, relative to the project folder, e.g. "content/services/foot-care.yaml". */
  file: string;
  /** 1-based line and column, where the source position is known. */
  line?: number;
  column?: number;
  /** The field the problem is about, e.g. ['features', 2, 'title']; empty for the whole file. */
  path: FieldPath;
  /** What was expected and what was found, e.g. 'expected a string, found a number'. */
  message: string;
  /**
   * The field in words, e.g. "Answer of the 4th question, 'Do you take Medicaid?'" (fieldNames.ts): the loader
   * adds it from the file's data, which names the items; without it, the path's words name them by place only.
   */
  place?: string;
  /** The text of the line, shown under the message with a caret under the column (for YAML syntax errors). */
  lineText?: string;
}

/** ['features', 2, 'title'] -> 'features[2].title', as the file writes it (for code and logs, not for editors). */
export function formatPath(path: FieldPath): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${key}` : key),
    '',
  );
}

/** Where a problem is, said second: "content/faq.yaml, line 14", or the file alone. */
export function problemWhere(problem: Pick<ContentProblem, 'file' | 'line'>): string {
  return problem.line === undefined ? problem.file : `${problem.file}, line ${problem.line}`;
}

/** The problem in words: the field, what is wrong, then where (see the top of this file). */
export function problemSentence(problem: ContentProblem): string {
  // A setting, not a file (the launch check's VITE_SUPABASE_URL ...): its name is what the sentence is about.
  if (!problem.file.includes('/')) return `${problem.file}  ${problem.message}`;
  const place = problem.place ?? describePlace(problem.path);
  const what = place ? `${place}: ${problem.message}` : problem.message.charAt(0).toUpperCase() + problem.message.slice(1);
  return `${what}  (${problemWhere(problem)})`;
}

export function formatProblem(problem: ContentProblem): string {
  const text = problemSentence(problem);
  return problem.lineText === undefined || problem.line === undefined ? text : `${text}\n${showLine(problem.lineText, problem.line, problem.column ?? 1)}`;
}

/**
 *     12 | →title: Foot Care
 *        | ^
 * A tab is shown as →, so that it can be seen and the caret stays under its column; a long line is cut
 * around the column.
 */
function showLine(lineText: string, line: number, column: number): string {
  const WIDTH = 100;
  let shown = lineText.replace(/\t/g, '→');
  let caret = column - 1;
  if (shown.length > WIDTH) {
    const start = Math.max(0, Math.min(caret - 40, shown.length - WIDTH));
    const cut = shown.slice(start, start + WIDTH);
    shown = `${start > 0 ? '…' : ''}${cut}${start + WIDTH < shown.length ? '…' : ''}`;
    caret = caret - start + (start > 0 ? 1 : 0);
  }
  const number = String(line);
  return `    ${number} | ${shown.trimEnd()}\n    ${' '.repeat(number.length)} | ${' '.repeat(Math.max(0, caret))}^`;
}

/** Problems in file order, then by line, so the list reads top to bottom. */
export function sortProblems(problems: ContentProblem[]): ContentProblem[] {
  return [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}

/** Thrown by the loader with every problem found, so an editor fixes them all in one pass. */
export class ContentError extends Error {
  readonly problems: ContentProblem[];
  constructor(problems: ContentProblem[]) {
    const sorted = sortProblems(problems);
    const count = sorted.length === 1 ? '1 problem' : `${sorted.length} problems`;
    super(`The content has ${count}:\n${sorted.map((p) => formatProblem(p).replace(/^/gm, '  ')).join('\n')}`);
    this.name = 'ContentError';
    this.problems = sorted;
  }
}

/**
 * Warnings of valid content, each in the form of a problem, e.g.
 *   The content has 1 warning (the pages are built; look at it all the same):
 *     Title of the card: the same title as content/services/housekeeping.yaml (line 57), ...  (content/services/home-help.yaml, line 57)
 */
export function formatWarnings(warnings: ContentProblem[]): string {
  const count = warnings.length === 1 ? '1 warning (the pages are built; look at it all the same)' : `${warnings.length} warnings (the pages are built; look at them all the same)`;
  return `The content has ${count}:\n${sortProblems(warnings).map((p) => formatProblem(p).replace(/^/gm, '  ')).join('\n')}`;
}

/** How a YAML value is named to an editor: 'a string', 'a list', 'true or false' ... */
export function describeValue(value: unknown): string {
  if (value === undefined || value === null) return 'nothing';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : 'a list';
  switch (typeof value) {
    case 'string':
      return value.trim() === '' ? 'an empty string' : 'a string';
    case 'number':
      return Number.isInteger(value) ? 'a whole number' : 'a number';
    case 'boolean':
      return `${value}`;
    case 'object':
      return 'a group of fields';
    default:
      return typeof value;
  }
}

/**
 * A found value quoted for a message, in full: "hart", 14, a list ... Line breaks read as spaces. A text longer than
 * `room` is shortened around the words at fault (`fault`: where they start and end in it), which are kept whole.
 */
export function quoteValue(value: unknown, fault?: { start: number; end: number }, room = 240): string {
  if (typeof value === 'string') return `"${excerpt(value, fault, room)}"`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return describeValue(value);
}

/**
 * A text with the words at `fault` kept whole and what is around them shortened with … to about `room` characters,
 * cut between words. Without a fault the whole text is kept, however long: the words at fault may be anywhere.
 */
export function excerpt(text: string, fault?: { start: number; end: number }, room = 240): string {
  const flat = (part: string) => part.replace(/\s*\r?\n\s*/g, ' ');
  if (!fault || text.length <= room) return flat(text);
  const around = Math.max(20, Math.floor((room - (fault.end - fault.start)) / 2));
  let start = Math.max(0, fault.start - around);
  let end = Math.min(text.length, fault.end + around);
  // Cut between words, never inside the words at fault.
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < fault.start) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space >= fault.end) end = space;
  }
  return `${start > 0 ? '…' : ''}${flat(text.slice(start, end))}${end < text.length ? '…' : ''}`;
}

/** The closest candidate within a small edit distance, for "did you mean ...?" hints. */
export function closest(input: string, candidates: Iterable<string>): string | undefined {
  const needle = input.trim().toLowerCase();
  if (!needle) return undefined;
  const allowed = Math.max(1, Math.floor(needle.length / 4));
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const candidate of candidates) {
    const distance = editDistance(needle, candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** Edit distance counting a swap of two neighbouring letters as one edit ("titel" -> "title"). */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

export function didYouMean(input: unknown, candidates: Iterable<string>): string {
  if (typeof input !== 'string') return '';
  const match = closest(input, candidates);
  return match ? ` (did you mean "${match}"?)` : '';
}
