/**
 * Parses a YAML text (a whole file, or the frontmatter of an MDX file) and keeps its source positions,
 * so that any field path can be turned back into the line and column an editor should look at.
 * A value written with the tag `!placeholder` in front (`phone: !placeholder (860) 555-0142`) is read as the
 * value it tags, and listed in `placeholders`: it works while the site is built for development, and the launch
 * check (src/launch.ts) refuses it. Content declares its placeholders this way, in the file, where the editor
 * replaces them; no code guesses them by their look.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Node, type ScalarTag } from 'yaml';
import { describePlace } from './fieldNames.ts';
import type { ContentProblem, FieldPath } from './problems.ts';
import { describeYamlError } from './yamlSyntax.ts';
import { readPlainYaml } from './fastYaml.ts';

export const PLACEHOLDER_TAG = '!placeholder';

/** A value the content marks as a placeholder, where it is. */
export interface Placeholder {
  path: FieldPath;
  line: number;
  column: number;
  value: string;
}

/** The tag reads as the text it tags (a quoted "00000000" stays a string of digits). */
const placeholderTag: ScalarTag = { tag: PLACEHOLDER_TAG, resolve: (text: string) => text };

export interface YamlSource {
  /** The parsed data, or undefined when the YAML could not be read. */
  data: unknown;
  /** Syntax problems; when there are any, `data` is not checked further. */
  problems: ContentProblem[];
  /** The position of a field, or of its nearest existing parent when the field is missing. */
  locate(path: FieldPath, at?: 'value' | 'key'): { line: number; column: number };
  /** The values tagged `!placeholder`, in file order. */
  placeholders: Placeholder[];
}

/**
 * @param file the path shown in messages
 * @param lineOffset lines before `text` in the file (the `---` line of MDX frontmatter)
 */
export function parseYamlSource(file: string, text: string, lineOffset = 0): YamlSource {
  // Plain YAML, as nearly every file is, is read the quick way, with the same data and positions (fastYaml.ts).
  const plain = readPlainYaml(text, lineOffset);
  return plain ? { data: plain.data, problems: [], locate: plain.locate, placeholders: [] } : readYamlFully(file, text, lineOffset);
}

/** Reads a YAML text with `yaml`'s syntax tree: its problems with their positions, its tags, its aliases. */
export function readYamlFully(file: string, text: string, lineOffset = 0): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, customTags: [placeholderTag] });
  const position = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + lineOffset, column: col };
  };

  // After the first syntax error the parser is out of step, and what it reports next is mostly noise.
  const problems: ContentProblem[] = doc.errors.slice(0, 1).map((error) => {
    const { line, column, path, message } = describeYamlError(text, error);
    return { file, line: line + lineOffset, column, path, place: cannotRead(path), message, lineText: text.split(/\r?\n/)[line - 1] ?? '' };
  });

  const firstContent = text.search(/^[^#\s]/m);
  const fileStart = position(firstContent === -1 ? 0 : firstContent);

  function locate(path: FieldPath, at: 'value' | 'key' = 'value') {
    let node: Node | null | undefined = doc.contents;
    let found = node?.range ? position(node.range[0]) : fileStart;
    for (const key of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && item.key.value === key);
        if (!pair) break;
        const isLast = key === path[path.length - 1] && node === parentOf(path);
        const target = (at === 'key' && isLast) || !pair.value ? pair.key : pair.value;
        if (isScalar(target) || isMap(target) || isSeq(target)) {
          if (target.range) found = position(target.range[0]);
        }
        node = pair.value as Node | null;
      } else if (isSeq(node) && typeof key === 'number') {
        const item = node.items[key] as Node | undefined;
        if (!item?.range) break;
        found = position(item.range[0]);
        node = item;
      } else {
        break;
      }
    }
    return found;
  }

  /** The map node holding the last key of a path (for pointing at a key rather than its value). */
  function parentOf(path: FieldPath): Node | null | undefined {
    let node: Node | null | undefined = doc.contents;
    for (const key of path.slice(0, -1)) {
      if (isMap(node)) node = node.items.find((item) => isScalar(item.key) && item.key.value === key)?.value as Node;
      else if (isSeq(node) && typeof key === 'number') node = node.items[key] as Node;
      else return undefined;
    }
    return node;
  }

  let data: unknown;
  if (!problems.length) {
    try {
      data = doc.toJS();
    } catch (error) {
      // Aliases (*name) are resolved here: an unknown one, or so many that the data would explode in size
      // (a "billion laughs" file), is a content problem at the alias, not a crash.
      problems.push(aliasProblem(file, doc, position, (error as Error).message));
    }
  }
  const placeholders: Placeholder[] = [];
  if (!problems.length) {
    // A tag the content does not use (a misspelt !placeholder) would otherwise be read as plain text, silently.
    for (const warning of doc.warnings) {
      if (warning.code !== 'TAG_RESOLVE_FAILED') continue;
      const tag = /tag: (\S+)/.exec(warning.message)?.[1] ?? 'this tag';
      if (tag === PLACEHOLDER_TAG) continue; // on a group of fields or a list: said below
      const written = tag.replace(/^tag:yaml\.org,2002:/, '!!');
      const fieldPath = taggedPath(doc, tag, warning.pos[0]);
      problems.push({
        file,
        ...position(warning.pos[0]),
        path: fieldPath,
        message: `the value starts with "${written}", a mark this site does not know (in YAML, a word starting with ! in front of a value gives the value a type): delete "${written}", or, if it belongs to the words, put the whole value in double quotes. The one mark content uses is ${PLACEHOLDER_TAG}, in front of a value not given yet`,
      });
    }
    visit(doc, {
      Collection(_key, node, ancestors) {
        if (node.tag === PLACEHOLDER_TAG && node.range) {
          problems.push({ file, ...position(node.range[0]), path: pathOf(ancestors, node), message: `${PLACEHOLDER_TAG} is in front of a group of fields or a list, but it marks one value not given yet (such as a phone number): move it in front of each value still to be given, or delete it` });
        }
      },
      Scalar(_key, node, ancestors) {
        if (node.tag !== PLACEHOLDER_TAG || !node.range) return;
        // At the tag, which the editor deletes with the value it replaces (it is just before the value).
        const tag = text.lastIndexOf(PLACEHOLDER_TAG, node.range[0]);
        const at = tag >= 0 && !text.slice(tag, node.range[0]).includes('\n') ? tag : node.range[0];
        placeholders.push({ path: pathOf(ancestors, node), ...position(at), value: String(node.value) });
      },
    });
  }
  return { data, problems, locate, placeholders };
}

/** The field path of a node, from the ancestors `visit` gives (documents, maps, sequences and pairs). */
function pathOf(ancestors: readonly unknown[], node: unknown): FieldPath {
  const path: Array<string | number> = [];
  const chain = [...ancestors, node];
  for (let i = 1; i < chain.length; i += 1) {
    const parent = chain[i - 1];
    const child = chain[i];
    if (isSeq(parent)) path.push(parent.items.indexOf(child as never));
    else if (isMap(parent) && isScalar((child as { key?: unknown }).key)) path.push(String(((child as { key: { value: unknown } }).key).value));
  }
  return path;
}

function aliasProblem(file: string, doc: ReturnType<typeof parseDocument>, position: (offset: number) => { line: number; column: number }, reason: string): ContentProblem {
  const unresolved = /^Unresolved alias.*: (.+)$/.exec(reason)?.[1];
  let offset: number | undefined;
  visit(doc, {
    Alias(_key, node) {
      if (offset === undefined && node.range && (unresolved === undefined || node.source === unresolved)) offset = node.range[0];
    },
  });
  const message = unresolved
    ? `*${unresolved} repeats a value named &${unresolved}, but no value above it has that name: write the value out in its place`
    : 'its repeated values (*name) repeat other values so many times that the data would be too large: write the values out instead';
  return { file, ...(offset === undefined ? {} : position(offset)), path: [], place: cannotRead([]), message };
}

/** How a file that cannot be read begins its message: 'The YAML cannot be read at "Title of the 3rd feature"'. */
function cannotRead(path: FieldPath): string {
  const place = describePlace(path);
  return place ? `The YAML cannot be read at "${place}"` : 'The YAML cannot be read';
}

/** The field of the value written with `tag` nearest after `offset` (a tag the content does not know). */
function taggedPath(doc: ReturnType<typeof parseDocument>, tag: string, offset: number): FieldPath {
  let found: FieldPath | undefined;
  visit(doc, {
    Node(_key, node, ancestors) {
      const range = (node as { range?: [number, number, number] }).range;
      if (found || (node as { tag?: string }).tag !== tag || !range || range[1] < offset) return;
      found = pathOf(ancestors, node);
    },
  });
  return found ?? [];
}

/** A content file read and validated: its path, its source (for positions) and its data. */
export interface ParsedFile<T> {
  file: string;
  source: YamlSource;
  data: T;
}
