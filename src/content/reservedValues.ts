/**
 * Values reserved to be fictional, wherever they stand in content, tagged `!placeholder` or not: a 555-01xx
 * phone number (reserved for fiction in the North American plan: it rings no one), an example.com/.org/.net
 * address or URL (RFC 2606: no mail reaches it, it is no one's site), a host under .test, .invalid, .example or
 * .localhost (RFC 6761: it never resolves). The shipped demo content uses them on purpose and tags them; one left
 * untagged, in a service's text, say, would go live as the agency's number. The launch check (src/launch.ts)
 * lists what this finds, with file, line and field; `npm run check` alone does not.
 * Tagged values are left to the placeholder list (src/content/source.ts), so each is listed once. YAML comments
 * are not read: they never reach a page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isPair, isScalar, isSeq, parseDocument, visit, type ScalarTag } from 'yaml';
import type { FieldPath } from './problems.ts';
import { PLACEHOLDER_TAG } from './source.ts';
import { linePositions } from './textPositions.ts';

export type ReservedKind = 'phone' | 'example-address' | 'reserved-host';

/** A reserved value found in a content file. */
export interface ReservedValue {
  /** The file, as content messages name it, e.g. "content/services/foot-care.yaml". */
  file: string;
  line: number;
  column: number;
  /** The field it is in, or [] in an MDX body. */
  path: FieldPath;
  /** The value as written, e.g. "(860) 555-0142" or "care@example.com". */
  value: string;
  kind: ReservedKind;
}

/** Each kind, and how it is found. The `d` and `i` flags: match positions, any case. */
const PATTERNS: Array<{ kind: ReservedKind; pattern: RegExp }> = [
  // (860) 555-0123, 860-555-0199, 860.555.0100, +1 860 555 0100, 18605550142, 555-0142: never inside a longer number.
  { kind: 'phone', pattern: /(?<![\d+])(?:\+?1[\s.-]?)?(?:\(\d{3}\)[\s.-]?|\d{3}[\s.-]?)?555[\s.-]?01\d{2}(?!\d)/g },
  // care@example.com, https://www.example.org/path, example.net; not example.community.
  { kind: 'example-address', pattern: /(?:https?:\/\/|[\w.+-]+@)?(?<![\w-])(?:[a-z0-9-]+\.)*example\.(?:com|org|net)(?![\w-]|\.[a-z])(?::\d+)?(?:\/[^\s"'<>)\]]*)?/gi },
  // host.test, x.invalid, site.example, app.localhost, http://localhost; not "file.test.ts" or a sentence's end.
  {
    kind: 'reserved-host',
    pattern: /(?:https?:\/\/|[\w.+-]+@)?(?<![\w-])(?:(?:[a-z0-9-]+\.)+(?:test|invalid|example|localhost)|(?<=\/\/)localhost)(?![\w-]|\.[a-z])(?::\d+)?(?:\/[^\s"'<>)\]]*)?/gi,
  },
];

const MESSAGES: Record<ReservedKind, string> = {
  phone: 'a phone number reserved for fiction (555-01xx), which rings no one',
  'example-address': 'an address reserved for examples (example.com, .org, .net), which reaches no one',
  'reserved-host': 'a host reserved never to exist (.test, .invalid, .example, .localhost), which no visitor can reach',
};

/** The sentence the launch check gives for a reserved value. */
export function reservedValueMessage(found: ReservedValue): string {
  return `${MESSAGES[found.kind]} ("${found.value}"): write the agency's own in its place`;
}

/** Every reserved value in `text`, from offset `from` to `to`, as [offset, value, kind]. */
function matches(text: string, from: number, to: number): Array<[number, string, ReservedKind]> {
  const slice = text.slice(from, to);
  const found: Array<[number, string, ReservedKind]> = [];
  for (const { kind, pattern } of PATTERNS) {
    for (const match of slice.matchAll(pattern)) found.push([from + match.index, match[0].replace(/[.,;:]+$/, ''), kind]);
  }
  // An e-mail at example.test is one finding, not two: keep the first kind that claimed an offset.
  return found.filter(([offset], i) => found.findIndex(([other]) => other === offset) === i);
}

/** The tag reads as the text it tags, as the loader reads it. */
const placeholderTag: ScalarTag = { tag: PLACEHOLDER_TAG, resolve: (text: string) => text };

/** Reserved values in the YAML that starts at `base` in `text`: each untagged scalar value, with its field. */
function inYaml(text: string, base: number, yamlText: string, found: Array<{ offset: number; path: FieldPath; value: string; kind: ReservedKind }>) {
  const doc = parseDocument(yamlText, { customTags: [placeholderTag], uniqueKeys: false });
  visit(doc, {
    Scalar(key, node, ancestors) {
      if (key === 'key' || node.tag === PLACEHOLDER_TAG || !node.range) return;
      const fieldPath: Array<string | number> = [];
      const chain = [...ancestors, node];
      chain.forEach((item, i) => {
        if (isPair(item) && isScalar(item.key)) fieldPath.push(String(item.key.value));
        else if (isSeq(item)) fieldPath.push(item.items.indexOf(chain[i + 1] as never));
      });
      for (const [offset, value, kind] of matches(text, base + node.range[0], base + node.range[1])) found.push({ offset, path: fieldPath, value, kind });
    },
  });
}

/** The reserved values of one file, given its text; `file` is the name messages use. */
export function reservedValuesIn(file: string, text: string): ReservedValue[] {
  const found: Array<{ offset: number; path: FieldPath; value: string; kind: ReservedKind }> = [];
  if (file.endsWith('.mdx')) {
    const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---\s*(?:\r?\n|$)/.exec(text);
    const bodyStart = frontmatter ? frontmatter[0].length : 0;
    if (frontmatter) inYaml(text, text.indexOf('\n') + 1, frontmatter[1]!, found);
    for (const [offset, value, kind] of matches(text, bodyStart, text.length)) found.push({ offset, path: [], value, kind });
  } else {
    inYaml(text, 0, text, found);
  }
  const at = linePositions(text);
  return found.map(({ offset, path: fieldPath, value, kind }) => ({ file, ...at(offset), path: fieldPath, value, kind })).sort((a, b) => a.line - b.line || a.column - b.column);
}

/** The reserved values of every YAML and MDX file under `root` (a content folder), in file order. */
export function reservedValues(root: string): ReservedValue[] {
  const show = (relative: string) => path.relative(path.dirname(root), path.join(root, relative)).split(path.sep).join('/');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ya?ml|mdx)$/.test(name))
    .sort()
    .flatMap((name) => reservedValuesIn(show(name), readFileSync(path.join(root, name), 'utf8')));
}
