/**
 * How the content editor reads and writes our files (registered with Decap as custom formats, src/editor/main.ts).
 * Decap's own YAML and front-matter formats rewrite a whole file from its data: comments go (the
 * `# yaml-language-server` line, an editor's notes), `!placeholder` marks go (the launch check's values to confirm),
 * long lines are folded and an MDX body can be reflowed. Ours keep the file's text and change only what the editor
 * changed: each entry carries the text it was read from (SOURCE_KEY, a field the editor shows nowhere), and saving
 * sets the new values into that document, so an untouched value keeps its quotes, comments and marks, and an
 * untouched MDX body stays byte for byte. A value changed in the editor loses its `!placeholder` mark: the editor
 * has confirmed it.
 */
import { Document, isMap, isScalar, isSeq, parseDocument, type Node, type ParsedNode, type Scalar, type Tags } from 'yaml';

/** The entry's field that holds the text the entry was read from. */
export const SOURCE_KEY = '__source';

type Data = Record<string, unknown>;

/** `!placeholder value`: a value to confirm before launch (src/content/source.ts reads it for the build). */
const customTags: Tags = [{ tag: '!placeholder', resolve: (value: string) => value }];
const options = { customTags, lineWidth: 0, keepSourceTokens: false } as const;

/** A YAML file's data, with the text it was read from. */
export function fromYaml(text: string): Data {
  const doc = parseDocument(text, options);
  const data = (doc.toJS() ?? {}) as Data;
  return { ...data, [SOURCE_KEY]: text };
}

/** The file's new text: the values set into the document it was read from (a new file: the values alone). */
export function toYaml(data: Data): string {
  const { [SOURCE_KEY]: source, ...values } = data;
  const cleaned = withoutEmpty(values) as Data;
  if (typeof source !== 'string') return new Document(cleaned, options).toString(options);
  const doc = parseDocument(source, options);
  if (sameValue(doc.toJS(), cleaned)) return source;
  doc.contents = merged(doc, doc.contents as ParsedNode | null, cleaned) as ParsedNode;
  return doc.toString(options);
}

/** Front matter, its closing line, and the body after it, as the file has them. */
const FRONT_MATTER = /^---\r?\n([\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** An MDX file: its front matter's data, its body as `body` (raw text: components untouched), its text. */
export function fromMdx(text: string): Data {
  const match = FRONT_MATTER.exec(text);
  const front = match ? (parseDocument(match[1] ?? '', options).toJS() ?? {}) : {};
  return { ...(front as Data), body: match ? text.slice(match[0].length) : text, [SOURCE_KEY]: text };
}

/** The MDX file's new text: the front matter set as in toYaml, the body exactly as the editor holds it. */
export function toMdx(data: Data): string {
  const { [SOURCE_KEY]: source, body, ...front } = data;
  const bodyText = typeof body === 'string' ? body : '';
  const match = typeof source === 'string' ? FRONT_MATTER.exec(source) : null;
  if (!match || typeof source !== 'string') return `---\n${toYaml(front)}---\n${bodyText}`;
  const frontText = match[1] ?? '';
  const newFront = toYaml({ ...front, [SOURCE_KEY]: frontText });
  // The opening and closing lines as the file has them, so an edit of the front matter alone changes nothing else.
  const closing = match[0].slice(4 + frontText.length);
  return `${match[0].slice(0, 4)}${newFront}${closing}${bodyText}`;
}

/** What the editor leaves for a field nobody filled in: nothing is written for it. */
function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpty).filter((item) => item !== undefined);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Data)
      .map(([key, item]) => [key, withoutEmpty(item)] as const)
      .filter(([, item]) => item !== undefined);
    return Object.fromEntries(entries);
  }
  return value === null || value === '' ? undefined : value;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The node for `value`, reusing `node` where the value is the same or has the same shape. */
function merged(doc: Document, node: Node | null, value: unknown): Node {
  if (node && sameValue(node.toJSON(), value)) return node;
  if (Array.isArray(value) && isSeq(node)) {
    node.items = value.map((item, i) => merged(doc, (node.items[i] as Node | undefined) ?? null, item));
    return node;
  }
  if (value && typeof value === 'object' && !Array.isArray(value) && isMap(node)) {
    const record = value as Data;
    // Keys the editor removed go; the others keep their place and their comments; new keys follow.
    node.items = node.items.filter((pair) => Object.hasOwn(record, String(isScalar(pair.key) ? pair.key.value : pair.key)));
    for (const [key, item] of Object.entries(record)) {
      const pair = node.items.find((candidate) => String(isScalar(candidate.key) ? candidate.key.value : candidate.key) === key);
      if (pair) pair.value = merged(doc, (pair.value as Node | null) ?? null, item);
      else node.items.push(doc.createPair(key, item));
    }
    return node;
  }
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    // A changed value is the editor's own: no longer a placeholder.
    (node as Scalar).value = value;
    delete node.tag;
    return node;
  }
  return doc.createNode(value) as Node;
}
