/**
 * Parses a YAML text (a whole file, or the frontmatter of an MDX file) and keeps its source positions,
 * so that any field path can be turned back into the line and column an editor should look at.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Node } from 'yaml';
import type { ContentProblem, FieldPath } from './problems.ts';
import { describeYamlError } from './yamlSyntax.ts';

export interface YamlSource {
  /** The parsed data, or undefined when the YAML could not be read. */
  data: unknown;
  /** Syntax problems; when there are any, `data` is not checked further. */
  problems: ContentProblem[];
  /** The position of a field, or of its nearest existing parent when the field is missing. */
  locate(path: FieldPath, at?: 'value' | 'key'): { line: number; column: number };
}

/**
 * @param file the path shown in messages
 * @param lineOffset lines before `text` in the file (the `---` line of MDX frontmatter)
 */
export function parseYamlSource(file: string, text: string, lineOffset = 0): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const position = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + lineOffset, column: col };
  };

  // After the first syntax error the parser is out of step, and what it reports next is mostly noise.
  const problems: ContentProblem[] = doc.errors.slice(0, 1).map((error) => {
    const { line, column, path, message } = describeYamlError(text, error);
    return { file, line: line + lineOffset, column, path, message: `the YAML cannot be read: ${message}`, lineText: text.split(/\r?\n/)[line - 1] ?? '' };
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
  return { data, problems, locate };
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
    ? `the YAML cannot be read: *${unresolved} refers to no &${unresolved} above it`
    : 'the YAML cannot be read: its aliases (*name) repeat other values so many times that the data would be too large; write the values out instead';
  return { file, ...(offset === undefined ? {} : position(offset)), path: [], message };
}
