/**
 * The quick way to read a content file that is plain YAML, as nearly all are: js-yaml's event parser reads the
 * data and the source offsets in one pass, 0.15 ms a service file against 0.34 ms for `yaml`'s syntax tree, and
 * the offsets give the same positions that tree gives (`locate`, for the checks across files and the warnings).
 * Anything else goes the full way (source.ts): a file that does not parse, a tag (`!placeholder`, which is listed
 * with its position), an anchor or alias, a block scalar (| or >), a quoted or non-text key, a duplicate key,
 * more or fewer than one document. So every message about a file, and every position, is the full parser's.
 * tests/unit/fastYaml.test.ts holds both ways to the same data and positions on every content file and on a
 * corpus of awkward YAML.
 */
import { constructFromEvents, CORE_SCHEMA, EVENT_ID, parseEvents, SCALAR_STYLE_PLAIN, SCALAR_STYLE_DOUBLE_QUOTED, SCALAR_STYLE_SINGLE_QUOTED, type Event } from 'js-yaml';
import type { FieldPath } from './problems.ts';
import { linePositions } from './textPositions.ts';

/** A node of the document: where `yaml` says it starts (the offset its `range[0]` gives). */
type PlainNode =
  | { kind: 'map'; start: number; entries: Map<string, { keyStart: number; value: PlainNode }> }
  | { kind: 'seq'; start: number; items: PlainNode[] }
  | { kind: 'scalar'; start: number };

export interface PlainYaml {
  data: unknown;
  locate(path: FieldPath, at?: 'value' | 'key'): { line: number; column: number };
}

/** Data and positions of a plain YAML text, or undefined when it must be read the full way. */
export function readPlainYaml(text: string, lineOffset = 0): PlainYaml | undefined {
  let events: Event[];
  let data: unknown;
  try {
    events = parseEvents(text, {});
    const documents = events.filter((event) => event.type === EVENT_ID.DOCUMENT).length;
    if (documents !== 1) return undefined;
    const root = tree(events, text);
    if (!root) return undefined;
    [data] = constructFromEvents(events, { source: text, schema: CORE_SCHEMA, maxAliases: 0 });
    if (data === null || data === undefined) return undefined;
    // Lines and columns as `yaml`'s LineCounter gives them.
    const position = linePositions(text, lineOffset);
    return { data, locate: (path, at = 'value') => locate(root, path, at, position) };
  } catch {
    return undefined;
  }
}

/** The document's nodes with their starts, or undefined at anything the quick way does not read. */
function tree(events: Event[], text: string): PlainNode | undefined {
  let index = 0;
  const next = () => events[index++];
  function node(event: Event | undefined): PlainNode | undefined {
    if (!event) return undefined;
    if (event.type === EVENT_ID.ALIAS) return undefined;
    if (event.type === EVENT_ID.SCALAR) {
      if (event.tagStart !== -1 || event.anchorStart !== -1) return undefined;
      if (event.style === SCALAR_STYLE_PLAIN) return event.valueStart === event.valueEnd ? undefined : { kind: 'scalar', start: event.valueStart };
      // A quoted scalar starts at its quote, which `yaml` counts and js-yaml does not.
      if (event.style === SCALAR_STYLE_DOUBLE_QUOTED || event.style === SCALAR_STYLE_SINGLE_QUOTED) return text[event.valueStart - 1] === (event.style === SCALAR_STYLE_DOUBLE_QUOTED ? '"' : "'") ? { kind: 'scalar', start: event.valueStart - 1 } : undefined;
      return undefined;
    }
    if (event.type === EVENT_ID.MAPPING) {
      if (event.tagStart !== -1 || event.anchorStart !== -1) return undefined;
      const entries = new Map<string, { keyStart: number; value: PlainNode }>();
      for (;;) {
        const key = next();
        if (!key) return undefined;
        if (key.type === EVENT_ID.POP) break;
        if (key.type !== EVENT_ID.SCALAR || key.style !== SCALAR_STYLE_PLAIN || key.tagStart !== -1 || key.anchorStart !== -1) return undefined;
        const name = text.slice(key.valueStart, key.valueEnd);
        // A key that is not plain text (a number, true, null), or written twice: the full way.
        if (!/^[A-Za-z_][\w-]*$/.test(name) || name === '__proto__' || entries.has(name)) return undefined;
        const value = node(next());
        if (!value) return undefined;
        entries.set(name, { keyStart: key.valueStart, value });
      }
      return { kind: 'map', start: event.start, entries };
    }
    if (event.type === EVENT_ID.SEQUENCE) {
      if (event.tagStart !== -1 || event.anchorStart !== -1) return undefined;
      const items: PlainNode[] = [];
      for (;;) {
        const item = next();
        if (!item) return undefined;
        if (item.type === EVENT_ID.POP) break;
        const value = node(item);
        if (!value) return undefined;
        items.push(value);
      }
      return { kind: 'seq', start: event.start, items };
    }
    return undefined;
  }
  const document = next();
  if (document?.type !== EVENT_ID.DOCUMENT) return undefined;
  const root = node(next());
  return root && next()?.type === EVENT_ID.POP && index === events.length ? root : undefined;
}

/** What source.ts's locate gives on `yaml`'s tree: the field's value (or key), or its nearest existing parent. */
function locate(root: PlainNode, path: FieldPath, at: 'value' | 'key', position: (offset: number) => { line: number; column: number }) {
  let node: PlainNode | undefined = root;
  let found = position(root.start);
  const parent = parentOf(root, path);
  for (const key of path) {
    if (node?.kind === 'map' && typeof key === 'string') {
      const entry = node.entries.get(key);
      if (!entry) break;
      const isLast = key === path[path.length - 1] && node === parent;
      found = position(at === 'key' && isLast ? entry.keyStart : entry.value.start);
      node = entry.value;
    } else if (node?.kind === 'seq' && typeof key === 'number') {
      const item: PlainNode | undefined = node.items[key];
      if (!item) break;
      found = position(item.start);
      node = item;
    } else {
      break;
    }
  }
  return found;
}

/** The node holding the last key of a path. */
function parentOf(root: PlainNode, path: FieldPath): PlainNode | undefined {
  let node: PlainNode | undefined = root;
  for (const key of path.slice(0, -1)) {
    if (node?.kind === 'map' && typeof key === 'string') node = node.entries.get(key)?.value;
    else if (node?.kind === 'seq' && typeof key === 'number') node = node.items[key];
    else return undefined;
  }
  return node;
}
