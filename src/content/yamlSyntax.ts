/**
 * YAML syntax errors in words an editor who is not a programmer can act on, at the line to change.
 *
 * The yaml library gives an error code and an offset, and for several mistakes that offset is not where the
 * mistake is: an unclosed quote is noticed at the end of the file, a field indented too far is reported on the
 * line above it, a top-level field indented by one space at the next top-level field, a missing colon on a list
 * item at the line below. So the error is read together with the file's layout (`readLayout`: which lines are
 * fields, list items and text, and how far each is indented), which finds the first line that does not fit.
 * The layout is read only once the parser has refused a file, so it never judges a file the parser accepts.
 */
import { Lexer } from 'yaml';
import type { FieldPath } from './problems.ts';

/** What the loader needs of the yaml library's error. */
export interface YamlParseError {
  code: string;
  message: string;
  pos: [number, number];
}

export interface YamlSyntaxProblem {
  /** 1-based line and column in the text given. */
  line: number;
  column: number;
  /** The field the line belongs to, where the layout tells it; empty otherwise. */
  path: FieldPath;
  /** What is wrong and how to put it right, in plain words (without the "the YAML cannot be read" prefix). */
  message: string;
}

/** The first syntax error of a text, worded for an editor and placed at the line the editor must change. */
export function describeYamlError(text: string, error: YamlParseError): YamlSyntaxProblem {
  const lines = text.split(/\r?\n/);
  const at = lineColumnAt(text, error.pos[0]);
  const lineText = lines[at.line - 1] ?? '';
  // A value holding ": " reads as a field inside a field: the parser points at the value, and the colon may be
  // on a line below it (a line indented too far goes on with the value above).
  const nested = error.code === 'BLOCK_AS_IMPLICIT_KEY' && /^Nested mappings/.test(error.message);
  const colonLine = nested ? colonAfter(text, error.pos[0]) : undefined;
  // A field or list item out of line is often reported further down or, for a top-level field, a few lines up
  // (at the start of the group before it).
  const indentation =
    (error.code === 'BAD_INDENT' && !/^Flow/.test(error.message)) ||
    error.code === 'UNEXPECTED_TOKEN' ||
    (error.code === 'MISSING_CHAR' && /^Sequence item without/.test(error.message)) ||
    (error.code === 'BLOCK_AS_IMPLICIT_KEY' && !nested);
  const limit = colonLine ?? (indentation ? at.line + 10 : at.line);
  const layout = readLayout(lines, limit + 1);
  const pathAt = (line: number) => layout.paths.get(line) ?? [];
  const here = (message: string, line = at.line, column = at.column): YamlSyntaxProblem => ({ line, column, path: pathAt(line), message });
  /** The layout's finding, when it is not below the line the mistake can be on. */
  const found = layout.finding && layout.finding.line <= limit ? layout.finding : undefined;

  switch (error.code) {
    case 'TAB_AS_INDENT': {
      const tab = lineText.indexOf('\t');
      return { line: at.line, column: tab === -1 ? 1 : tab + 1, path: [], message: 'this line is indented with a tab: indent with spaces only, like the lines around it' };
    }
    case 'DUPLICATE_KEY': {
      const key = unquote(KEY.exec(lineText.slice(at.column - 1))?.[1] ?? '');
      const first = layout.repeats.get(at.line);
      const also = first === undefined ? '' : ` (also on line ${first})`;
      return here(key ? `"${key}" is written twice in the same place${also}: keep one of them and delete the other` : `a field is written twice in the same place${also}: keep one of them and delete the other`);
    }
    case 'BAD_DQ_ESCAPE':
      return here('inside "double quotes" a backslash (\\) starts a special character: write a backslash as \\\\, or put the value in \'single quotes\' instead');
    case 'BAD_SCALAR_START':
    case 'BAD_ALIAS':
      return here(specialStart(lineText, at.column) ?? 'a value cannot start with this character: put the whole value in double quotes');
    case 'MULTIPLE_DOCS':
      return here('a line of three dashes (---) splits the file in two: delete it (a content file holds one set of fields)', at.line, 1);
  }

  if (error.code === 'MISSING_CHAR' && /quote/.test(error.message)) {
    const quote = quotedBefore(text, error.pos[0]);
    if (quote !== undefined) {
      const { line, column } = lineColumnAt(text, quote.start);
      const mark = text[quote.start];
      return { line, column, path: pathAt(line), message: `the quote (${mark}) that opens here is never closed: end the text with ${mark} on the same line` };
    }
  }
  // A quote left open runs on to the next quote mark, lines below, where what follows it makes no sense.
  const quote = error.code === 'MISSING_CHAR' || error.code === 'UNEXPECTED_TOKEN' ? quotedBefore(text, error.pos[0]) : undefined;
  if (quote && lineColumnAt(text, quote.start).line < at.line && lineColumnAt(text, quote.end).line >= at.line) {
    const { line, column } = lineColumnAt(text, quote.start);
    const mark = text[quote.start];
    return { line, column, path: pathAt(line), message: `the quote (${mark}) that opens here is not closed on its line, so the text runs on to the next ${mark}, on line ${lineColumnAt(text, quote.end).line}: end the text with ${mark} on this line` };
  }
  if (error.code === 'MISSING_CHAR' && /^Comments must be separated/.test(error.message)) {
    return here('a # starts a note only after a space: put a space before the #, or, if the # belongs to the text, put it inside the quotes');
  }
  if (error.code === 'MISSING_CHAR' && /^Tags and anchors must be separated/.test(error.message)) {
    return here(specialStart(lineText, valueColumn(lineText) ?? at.column) ?? 'a value cannot start with & or !: put the whole value in double quotes');
  }
  if (error.code === 'BAD_INDENT' && /^Flow (sequence|map)/.test(error.message)) {
    const bracket = openingBracket(text, error.pos[0]);
    if (bracket !== undefined) {
      const { line, column } = lineColumnAt(text, bracket.offset);
      return { line, column, path: pathAt(line), message: `the ${bracket.open} that opens here is never closed: a value that starts with ${bracket.open} is read as a list; end it with ${bracket.close}, or put the whole value in double quotes` };
    }
  }
  if (error.code === 'UNEXPECTED_TOKEN' && /^(Block scalar header includes extra characters|Not a YAML token)/.test(error.message)) {
    return here(specialStart(lineText, valueColumn(lineText) ?? at.column) ?? 'a value cannot start with | or > followed by text: put the whole value in double quotes', at.line, valueColumn(lineText) ?? at.column);
  }
  if (error.code === 'UNEXPECTED_TOKEN' && /at node end$/.test(error.message)) {
    const leftOver = textAfterQuotes(lineText, at.column);
    if (leftOver) return here(leftOver);
    const start = valueColumn(lineText);
    const special = start === undefined ? undefined : specialStart(lineText, start);
    if (special && !found) return here(special, at.line, start);
  }
  if (nested && colonLine === at.line) {
    const column = at.column + /:(?=[ \t]|$)/.exec(lineText.slice(at.column - 1))!.index;
    return here(`a colon followed by a space (": ") inside a value makes it read as a new field: put the whole value in double quotes, ${quotedExample(lineText, at.column)}`, at.line, column);
  }
  if (found) return found;
  if (error.code === 'MULTILINE_IMPLICIT_KEY' || (error.code === 'MISSING_CHAR' && /^Implicit map keys/.test(error.message))) {
    return { ...missingColon(lineText, at.line), path: pathAt(at.line) };
  }
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY' || (error.code === 'BAD_INDENT' && /sequence/.test(error.message))) {
    return here('this list item is not lined up with the items before it: start every "- " of a list at the same column, under the field that holds the list');
  }
  if (error.code === 'MISSING_CHAR' && /^Sequence item without/.test(error.message)) {
    return here('this line sits among the items of a list but does not start with "- ": add "- " if it is a new item, or line it up with the text of the item above if it belongs to it');
  }
  if (error.code === 'BAD_INDENT') {
    return here('this field is not lined up with the fields around it: fields of the same group start at the same column');
  }
  return here('this line does not fit the layout of the file: check that it is indented with spaces like the lines around it, that a colon and a space follow the field name, and that every quote is closed');
}

/** The line of the first ": " (or ":" at the end of a line) from an offset on. */
function colonAfter(text: string, offset: number): number | undefined {
  const colon = /:(?=[ \t]|\r?\n|$)/.exec(text.slice(offset));
  return colon ? lineColumnAt(text, offset + colon.index).line : undefined;
}

/** 1-based line and column of an offset. */
function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/** The last quoted value that opens before `before`: where it opens and where it ends. */
function quotedBefore(text: string, before: number): { start: number; end: number } | undefined {
  let offset = 0;
  let found: { start: number; end: number } | undefined;
  for (const token of new Lexer().lex(text)) {
    // The lexer adds one-character control tokens that are not part of the text.
    if (token.length === 1 && token < ' ' && token !== '\n' && token !== '\t') continue;
    if ((token.startsWith('"') || token.startsWith("'")) && offset < before) found = { start: offset, end: offset + token.length };
    offset += token.length;
  }
  return found;
}

/** The [ or { before `before` that no ] or } closes. */
function openingBracket(text: string, before: number): { offset: number; open: string; close: string } | undefined {
  let offset = 0;
  const open: number[] = [];
  for (const token of new Lexer().lex(text)) {
    if (token.length === 1 && token < ' ' && token !== '\n' && token !== '\t') continue;
    if (offset >= before) break;
    if (token === '[' || token === '{') open.push(offset);
    if (token === ']' || token === '}') open.pop();
    offset += token.length;
  }
  const last = open.at(-1);
  if (last === undefined) return undefined;
  return text[last] === '[' ? { offset: last, open: '[', close: ']' } : { offset: last, open: '{', close: '}' };
}

/** A field name: plain, or in quotes; followed by a colon and a space or the end of the line. */
const KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|(?:[^\s"'#,[\]{}&*!|>%@`?:-]|[?:-](?=\S))(?:[^:#]|:(?=\S)|(?<=\S)#)*?)[ \t]*:(?=[ \t]|$)/;

function unquote(key: string): string {
  if (key.startsWith('"')) return key.slice(1, -1).replace(/\\(.)/g, '$1');
  if (key.startsWith("'")) return key.slice(1, -1).replace(/''/g, "'");
  return key.trim();
}

/** The 1-based column where a line's value starts (after its "- " and "key: "), if it has one. */
function valueColumn(lineText: string): number | undefined {
  const line = readLine(lineText);
  return line.rest ? line.restColumn + 1 : undefined;
}

/** The line with its value in double quotes (single ones when it holds a double quote), as an example to copy. */
function quotedExample(lineText: string, valueStart: number): string {
  const head = lineText.slice(0, valueStart - 1).trimStart();
  const value = lineText.slice(valueStart - 1).replace(/[ \t]+#.*$/, '').trim();
  const quoted = value.includes('"') ? `'${value.replace(/'/g, "''")}'` : `"${value}"`;
  const example = `${head}${quoted}`;
  return `e.g. ${example.length > 70 ? `${example.slice(0, 66)}...${quoted[0]}` : example}`;
}

/** A value starting with a character YAML gives a meaning to (@ ` % & * ! | >). */
function specialStart(lineText: string, column: number): string | undefined {
  const start = valueColumn(lineText) ?? column;
  const first = lineText[start - 1];
  if (!first) return undefined;
  const meaning: Record<string, string> = {
    '@': 'is kept for future use',
    '`': 'is kept for future use',
    '%': 'starts a setting for the whole file',
    '&': 'names the value so that another field can repeat it',
    '*': 'repeats a value named elsewhere in the file',
    '!': 'gives the value a type',
    '|': 'starts a text written on the lines below',
    '>': 'starts a text written on the lines below',
  };
  const why = meaning[first];
  if (!why) return undefined;
  return `a value cannot start with ${first} (in YAML it ${why}): put the whole value in double quotes, ${quotedExample(lineText, start)}`;
}

/** A quoted value followed by more text on its line: what to do about the extra quote or apostrophe. */
function textAfterQuotes(lineText: string, column: number): string | undefined {
  const start = valueColumn(lineText);
  if (start === undefined || start >= column) return undefined;
  const mark = lineText[start - 1];
  if (mark !== '"' && mark !== "'") return undefined;
  const value = lineText.slice(start - 1).replace(/[ \t]+#.*$/, '').trimEnd();
  if (mark === '"' && value.indexOf('"', 1) < value.length - 1 && value.endsWith('"')) {
    return 'a value in double quotes ends at the next ", so the text after it is left over: write a " inside the text as \\", or put the whole value in single quotes';
  }
  if (mark === "'" && value.endsWith("'")) {
    return "a value in single quotes ends at the next ', so the text after it is left over: write an apostrophe inside the text as two ('') or put the whole value in double quotes";
  }
  return 'there is text after the closing quote: put the whole value inside the quotes';
}

/** A field name without its colon: where the colon goes, and the line as it should read. */
function missingColon(lineText: string, line: number): YamlSyntaxProblem {
  const indent = /^[ \t]*(?:-[ \t]+)*/.exec(lineText)![0];
  const rest = lineText.slice(indent.length).replace(/[ \t]+#.*$/, '').trimEnd();
  // A quote opened before the field name (or in it) hides the colon.
  const open = readLine(lineText);
  if (open.value.kind === 'quote') {
    const mark = open.value.mark;
    return { line, column: open.restColumn + 1, path: [], message: `the quote (${mark}) that opens here is never closed on its line: end the text with ${mark}, or, if this line is a field, delete the quote (field names need none)` };
  }
  const word = /^[A-Za-z_][\w-]*/.exec(rest)?.[0];
  if (!word) return { line, column: indent.length + 1, path: [], message: 'a field name, a colon and a space are expected here (e.g. title: Meal Preparation), found text only' };
  const fixed = rest.length > word.length ? `${word}: ${rest.slice(word.length).trimStart()}` : `${word}:`;
  const example = `${indent.trimStart()}${fixed}`;
  return { line, column: indent.length + word.length + 1, path: [], message: `a colon is missing after "${word}": write ${example.length > 70 ? `${example.slice(0, 67)}...` : example}` };
}

// ---------------------------------------------------------------------------------------------------------------
// The layout: each line as fields ("key:"), list items ("- ") and text, and how each is indented.

type Kind = 'map' | 'seq';

interface Level {
  /** The 0-based column of its fields or dashes. */
  indent: number;
  kind: Kind;
  /** The column of the line that opened it: the field or dash above it (-step for the top level). */
  parentIndent: number;
  /** A group's current field, a list's current item. */
  key: string;
  index: number;
  firstLine: number;
  lastLine: number;
  entries: number;
  /** A group's fields so far, with their lines. */
  keys: Map<string, number>;
}

interface Entry {
  column: number;
  kind: Kind;
  key?: string;
}

type Value =
  | { kind: 'none' }
  | { kind: 'plain'; column: number; text: string }
  | { kind: 'done' }
  | { kind: 'block' }
  | { kind: 'quote'; mark: string }
  | { kind: 'flow'; depth: number };

interface Layout {
  /** The first line that does not fit, with what is wrong with it. */
  finding?: YamlSyntaxProblem;
  /** The field each line read belongs to. */
  paths: Map<number, FieldPath>;
  /** A field written a second time in its group: its line, and the line of the first. */
  repeats: Map<number, number>;
}

function readLine(raw: string): { indent: number; entries: Entry[]; value: Value; restColumn: number; rest: string } {
  const indent = /^ */.exec(raw)![0].length;
  let column = indent;
  let rest = raw.slice(indent);
  const entries: Entry[] = [];
  for (;;) {
    const dash = /^-(?:[ \t]+|$)/.exec(rest);
    if (!dash) break;
    entries.push({ column, kind: 'seq' });
    column += dash[0].length;
    rest = rest.slice(dash[0].length);
  }
  const key = KEY.exec(rest);
  if (key) {
    entries.push({ column, kind: 'map', key: unquote(key[1]!) });
    const after = rest.slice(key[0].length);
    const space = /^[ \t]*/.exec(after)![0].length;
    column += key[0].length + space;
    rest = after.slice(space);
  }
  return { indent, entries, value: valueOf(rest, column), restColumn: column, rest };
}

function valueOf(rest: string, column: number): Value {
  if (rest === '' || rest.startsWith('#')) return { kind: 'none' };
  if (/^[&!]\S*[ \t]*(#.*)?$/.test(rest)) return { kind: 'none' };
  if (/^[|>]/.test(rest)) return { kind: 'block' };
  if (rest[0] === '"' || rest[0] === "'") return closesOn(rest.slice(1), rest[0]) ? { kind: 'done' } : { kind: 'quote', mark: rest[0] };
  if (rest[0] === '[' || rest[0] === '{') {
    const depth = flowDepth(rest, 0);
    return depth > 0 ? { kind: 'flow', depth } : { kind: 'done' };
  }
  return { kind: 'plain', column, text: rest.replace(/[ \t]+#.*$/, '') };
}

/** Whether `rest` is a quoted text that closes on its line with more than a comment after it ("a: "b" c). */
function quotedThenMore(rest: string): boolean {
  const mark = rest[0];
  if (mark !== '"' && mark !== "'") return false;
  const closed = (mark === '"' ? /^"(?:[^"\\]|\\.)*"/ : /^'(?:[^']|'')*'(?!')/).exec(rest);
  return closed !== null && !/^[ \t]*(#.*)?$/.test(rest.slice(closed[0].length));
}

/** Whether a quoted text that opened before `text` closes in it. */
function closesOn(text: string, mark: string): boolean {
  return mark === '"' ? /^(?:[^"\\]|\\.)*"/.test(text) : /^(?:[^']|'')*'(?!')/.test(text);
}

function flowDepth(text: string, depth: number): number {
  for (const char of text.replace(/"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'/g, '')) {
    if (char === '[' || char === '{') depth++;
    if (char === ']' || char === '}') depth--;
  }
  return depth;
}

/**
 * The indentation step the file uses (2 in the shipped content): the smallest indentation that two or more lines
 * share and that some line right below a top-level line has. Read from the lines' own columns rather than from one
 * line to the next, so that one line out of place (the mistake being described) cannot teach a wrong step, whether
 * it opens a group or follows one. Shared columns that open nothing (the fields of a file's one list item, at 4)
 * give the usual 2; a file too short to tell falls back to the step seen most often from one line to the next.
 */
function usualStep(lines: string[]): number {
  const columns = new Map<number, number>();
  const steps = new Map<number, number>();
  /** The indentations of lines right below a top-level line: a step is one of them. */
  const firstLevel = new Set<number>();
  let previous: number | undefined;
  for (const raw of lines) {
    if (/^[ \t]*(#.*)?$/.test(raw) || /^ *\t/.test(raw)) continue;
    const indent = /^ */.exec(raw)![0].length;
    if (indent > 0) columns.set(indent, (columns.get(indent) ?? 0) + 1);
    if (previous !== undefined && indent > previous) steps.set(indent - previous, (steps.get(indent - previous) ?? 0) + 1);
    if (previous === 0 && indent > 0) firstLevel.add(indent);
    previous = indent;
  }
  const shared = [...columns].filter(([, count]) => count >= 2).map(([indent]) => indent);
  // The fields of a file's one list item share their column (4) although no group starts there: not a step.
  const opening = shared.filter((indent) => firstLevel.has(indent));
  if (opening.length > 0) return Math.min(...opening);
  if (shared.length > 0) return 2;
  let step = 2;
  let most = 0;
  for (const [size, count] of steps) if (count > most) [step, most] = [size, count];
  return step;
}

const spaces = (count: number) => (count === 1 ? '1 space' : `${count} spaces`);

/** Reads lines 1 to `upTo` (1-based) and stops at the first line that does not fit. */
export function readLayout(lines: string[], upTo = lines.length): Layout {
  const step = usualStep(lines);
  const levels: Level[] = [];
  const paths = new Map<number, FieldPath>();
  const repeats = new Map<number, number>();
  /** The line above ended with a field or dash whose value is on the lines below. */
  let pending: { column: number; byKey: boolean } | undefined;
  /** The line above ended with plain text, which lines indented further may continue. */
  let plain: { line: number; column: number; owner: number; text: string } | undefined;
  /** A value spread over the next lines (quoted, a [list], a | text): the lines it takes. */
  let inside: Value | undefined;
  let insideOwner = 0;

  const pathOf = (depth = levels.length): FieldPath => levels.slice(0, depth).map((level) => (level.kind === 'map' ? level.key : level.index));
  const open = (indent: number, kind: Kind, parentIndent: number, line: number): Level => ({ indent, kind, parentIndent, key: '', index: 0, firstLine: line, lastLine: line, entries: 0, keys: new Map() });
  const named = (level: Level) => (level.kind === 'map' ? `"${level.key}" on line ${level.lastLine}` : `the list item on line ${level.lastLine}`);
  const stop = (finding: YamlSyntaxProblem): Layout => ({ finding, paths, repeats });

  for (let index = 0; index < Math.min(lines.length, upTo); index++) {
    const n = index + 1;
    const raw = lines[index]!;
    if (inside) {
      const blank = /^[ \t]*$/.test(raw);
      if (inside.kind === 'block') {
        if (blank || (/^ */.exec(raw)![0].length > insideOwner)) continue;
        inside = undefined;
      } else if (inside.kind === 'quote') {
        paths.set(n, pathOf());
        if (closesOn(raw, inside.mark)) inside = undefined;
        continue;
      } else if (inside.kind === 'flow') {
        paths.set(n, pathOf());
        const depth = flowDepth(raw, inside.depth);
        inside = depth > 0 ? { kind: 'flow', depth } : undefined;
        continue;
      }
    }
    if (/^[ \t]*(#.*)?$/.test(raw)) continue;
    // A tab in the indentation, or a document marker: the parser says what is wrong; nothing more to read here.
    if (/^ *\t/.test(raw) || /^(---|\.\.\.)([ \t]|$)/.test(raw)) {
      if (levels.length === 0 && raw.startsWith('---')) continue;
      return { paths, repeats };
    }
    const line = readLine(raw);
    const c = line.indent;
    const kind = line.entries[0]?.kind ?? 'text';
    let joined: number | undefined;

    if (pending) {
      const opener = pending;
      pending = undefined;
      if (c > opener.column) {
        if (kind === 'text') {
          // A quoted text with more after its closing quote is no value: the quote hides a field's name and colon.
          if (quotedThenMore(line.rest)) return stop({ ...missingColon(raw, n), path: pathOf() });
          // The value written on the lines below its field.
          plain = { line: n, column: c, owner: opener.column, text: line.rest };
          paths.set(n, pathOf());
          continue;
        }
        levels.push(open(c, kind, opener.column, n));
        joined = levels.length - 1;
      } else if (opener.byKey && c === opener.column && kind === 'seq') {
        levels.push(open(c, 'seq', opener.column, n));
        joined = levels.length - 1;
      }
    }

    if (joined === undefined) {
      const top = levels.at(-1);
      if (!top) {
        if (kind === 'text') return stop({ ...missingColon(raw, n), path: [] });
        levels.push(open(c, kind, -step, n));
        joined = 0;
      } else if (plain && c > plain.owner) {
        // Indented further than the field or item whose text is on the line above: the text goes on...
        if (kind === 'text' || (kind === 'seq' && line.entries.length === 1)) {
          paths.set(n, pathOf());
          continue;
        }
        // ...unless the line above is a field name without its colon, with this line lined up under its words.
        const word = /^[A-Za-z_][\w-]*/.exec(plain.text)?.[0];
        if (word && c === plain.column && kind === 'map') {
          const missing = missingColon(lines[plain.line - 1]!, plain.line);
          return stop({ ...missing, path: [...pathOf(), word] });
        }
        return stop(outOfPlace(c, n, top) ?? overIndented(c, n, line, top));
      } else if (c > top.indent) {
        return stop(outOfPlace(c, n, top) ?? overIndented(c, n, line, top));
      } else {
        let below = levels.length - 1;
        while (below >= 0 && levels[below]!.indent > c) below--;
        const same = below >= 0 && levels[below]!.indent === c;
        if (same) {
          // A list may start at the column of the field that holds it: both are then at this column.
          let match = below;
          while (match >= 0 && levels[match]!.indent === c && levels[match]!.kind !== kind) match--;
          if (match >= 0 && levels[match]!.indent === c && levels[match]!.kind === kind) joined = match;
        }
        if (joined === undefined) {
          const deeper = levels.slice(below + 1);
          if (kind === 'text') {
            if (same && levels[below]!.kind === 'map') return stop({ ...missingColon(raw, n), path: [...pathOf(below), ...wordOf(line.rest)] });
            if (same) return stop({ line: n, column: c + 1, path: pathOf(below + 1), message: 'this line sits among the items of a list but does not start with "- ": add "- " if it is a new item, or indent it further if it goes on with the text above' });
          }
          const reference = nearest(c, kind) ?? deeper[0] ?? levels[below];
          if (!reference) return { paths, repeats };
          return stop(unaligned(c, n, line, reference, kind, same ? levels[below]! : undefined));
        }
      }
    }

    // The line joins the group or list at `joined`; further entries on it ("- key: value") open new ones.
    levels.length = joined + 1;
    const first = line.entries[0]!;
    const level = levels[joined]!;
    if (level.kind === 'map') {
      const key = first.key ?? '';
      const seen = level.keys.get(key);
      if (seen !== undefined) repeats.set(n, seen);
      else level.keys.set(key, n);
      level.key = key;
    } else {
      level.index = level.entries;
    }
    level.entries++;
    level.lastLine = n;
    for (let i = 1; i < line.entries.length; i++) {
      const entry = line.entries[i]!;
      const nested = open(entry.column, entry.kind, line.entries[i - 1]!.column, n);
      nested.entries = 1;
      if (entry.key !== undefined) {
        nested.key = entry.key;
        nested.keys.set(entry.key, n);
      }
      levels.push(nested);
    }
    paths.set(n, pathOf());

    const last = line.entries.at(-1)!;
    plain = undefined;
    if (line.value.kind === 'none') pending = { column: last.column, byKey: last.kind === 'map' };
    else if (line.value.kind === 'plain') plain = { line: n, column: line.value.column, owner: last.column, text: line.value.text };
    else if (line.value.kind !== 'done') {
      inside = line.value;
      insideOwner = last.column;
    }
  }
  return { paths, repeats };

  /** The group or list of this kind whose column is nearest to `c` (the deeper one of two as near). */
  function nearest(c: number, kind: Kind | 'text'): Level | undefined {
    let best: Level | undefined;
    for (const level of levels) {
      if (kind !== 'text' && level.kind !== kind) continue;
      if (!best || Math.abs(level.indent - c) <= Math.abs(best.indent - c)) best = level;
    }
    return best;
  }

  /**
   * A line that keeps to the file's usual step where the group or list it belongs with does not: when that
   * group (or one holding it) has only its first line so far and that line is off the usual step by as much
   * as this line is off the group, the first line is the one out of place ("   - code: x" over "    label: y").
   */
  function outOfPlace(c: number, n: number, reference: Level): YamlSyntaxProblem | undefined {
    for (let depth = levels.indexOf(reference); depth >= 0; depth--) {
      const level = levels[depth]!;
      if (level.entries !== 1) return undefined;
      const target = level.parentIndent + step;
      const shift = level.indent - target;
      if (shift === 0 || c !== reference.indent - shift) continue;
      const path = [...pathOf(depth), level.kind === 'map' ? level.key : 0];
      const column = level.indent + 1;
      if (depth === 0 && level.kind === 'map' && target === 0) {
        return { line: level.firstLine, column, path, message: `this field at the top of the file is indented ${spaces(level.indent)}, but the top-level fields after it (like line ${n}) start at the first column: remove the spaces before it` };
      }
      const what = level.kind === 'seq' ? 'this list item' : 'this field';
      const next = level === reference ? `the next ${level.kind === 'seq' ? 'item of its list' : 'field of its group'} (line ${n}) is indented ${spaces(c)}` : `the lines that belong with it (like line ${n}) are lined up as if it were at ${spaces(target)}`;
      return { line: level.firstLine, column, path, message: `${what} is indented ${spaces(level.indent)}, but ${next}: indent it ${spaces(target)}` };
    }
    return undefined;
  }

  function wordOf(text: string): FieldPath {
    const word = /^[A-Za-z_][\w-]*/.exec(text)?.[0];
    return word ? [word] : [];
  }

  /** A line indented further than the field or item above, where nothing can go on. */
  function overIndented(c: number, n: number, line: ReturnType<typeof readLine>, top: Level): YamlSyntaxProblem {
    const own = line.entries[0]?.kind === 'map' ? [line.entries[0].key ?? ''] : [];
    const what = line.entries[0]?.kind === 'seq' ? 'this list item' : 'this line';
    const above = top.kind === 'map' ? `"${top.key}" on line ${top.lastLine}` : `the list item on line ${top.lastLine}`;
    const fix = top.kind === 'map' ? `line it up with "${top.key}" (${spaces(top.indent)})` : `line it up with that item's "- " (${spaces(top.indent)})`;
    return {
      line: n,
      column: c + 1,
      path: [...pathOf(levels.length - 1), ...own],
      message: `${what} is indented further than ${above}, so it is read as part of that line's value: ${fix}, or indent it under the field it belongs to`,
    };
  }

  /** A line whose indentation matches none of the groups and lists it could belong to. */
  function unaligned(c: number, n: number, line: ReturnType<typeof readLine>, reference: Level, kind: Kind | 'text', sameColumn: Level | undefined): YamlSyntaxProblem {
    const depth = levels.indexOf(reference);
    const own = kind === 'map' ? [line.entries[0]?.key ?? ''] : kind === 'seq' ? [reference.kind === 'seq' ? reference.entries : 0] : [];
    const misplaced = reference.kind === kind ? outOfPlace(c, n, reference) : undefined;
    if (misplaced) return misplaced;
    if (sameColumn && kind === 'map' && sameColumn.kind === 'seq') {
      return {
        line: n,
        column: c + 1,
        path: [...pathOf(depth), ...own],
        message: `this field is indented ${spaces(c)}, like the "- " of the list items above, so it belongs to none of them: line it up with ${named(reference)} (${spaces(reference.indent)}) if it belongs to that item, or start it with "- " if it starts a new one`,
      };
    }
    if (kind === 'seq') {
      return {
        line: n,
        column: c + 1,
        path: [...pathOf(depth), ...own],
        message: reference.kind === 'seq'
          ? `this list item is indented ${spaces(c)}, but the items before it, like line ${reference.lastLine}, are indented ${spaces(reference.indent)}: start every "- " of a list at the same column`
          : `this list item is indented ${spaces(c)}, among fields indented ${spaces(reference.indent)} (like ${named(reference)}): indent it under the field that holds the list`,
      };
    }
    return {
      line: n,
      column: c + 1,
      path: [...pathOf(depth), ...own],
      message: reference.indent === 0
        ? `this line is indented ${spaces(c)}, but the top-level fields, like ${named(reference)}, start at the first column: remove the spaces before it, or indent it under the field it belongs to`
        : `this line is indented ${spaces(c)}, but the fields it belongs with, like ${named(reference)}, are indented ${spaces(reference.indent)}: line it up with them`,
    };
  }
}
