/**
 * The quick way to read plain YAML (src/content/fastYaml.ts, js-yaml's events) must give exactly what the full way
 * (`yaml`'s syntax tree, source.ts) gives: the same data, and the same position for every field, value or key,
 * and for every missing one (its nearest parent). Checked on every YAML file of content/ and the fixtures, and on
 * a corpus of awkward YAML; where the quick way declines a text, parseYamlSource's result must be the full way's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { readPlainYaml } from '../../src/content/fastYaml.ts';
import type { FieldPath } from '../../src/content/problems.ts';
import { parseYamlSource, readYamlFully, type YamlSource } from '../../src/content/source.ts';

/** Every field path of the data, and beside each map and list one that is missing. */
function paths(data: unknown, prefix: Array<string | number> = []): FieldPath[] {
  const found: FieldPath[] = [prefix];
  if (Array.isArray(data)) {
    data.forEach((item, index) => found.push(...paths(item, [...prefix, index])));
    found.push([...prefix, data.length], [...prefix, 'missing']);
  } else if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) found.push(...paths(value, [...prefix, key]));
    found.push([...prefix, 'missing'], [...prefix, 0]);
  }
  return found;
}

function expectSame(quick: Pick<YamlSource, 'data' | 'locate'>, full: YamlSource) {
  expect(quick.data).toEqual(full.data);
  for (const fieldPath of paths(full.data)) {
    for (const at of ['value', 'key'] as const) expect([fieldPath, at, quick.locate(fieldPath, at)]).toEqual([fieldPath, at, full.locate(fieldPath, at)]);
  }
}

const root = process.cwd();
const yamlFiles = [
  ...readdirSync(path.join(root, 'content'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.yaml')).map((file) => `content/${file}`),
  ...readdirSync(path.join(root, 'tests/fixtures')).filter((file) => file.endsWith('.yaml')).map((file) => `tests/fixtures/${file}`),
];
const mdxFiles = readdirSync(path.join(root, 'content/services')).filter((file) => file.endsWith('.mdx')).map((file) => `content/services/${file}`);

describe('every content file', () => {
  test.each(yamlFiles)('%s: the same data and positions both ways', (file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const full = readYamlFully(file, text);
    const quick = readPlainYaml(text);
    if (quick) expectSame(quick, full);
    expect(parseYamlSource(file, text)).toMatchObject({ data: full.data, problems: full.problems, placeholders: full.placeholders });
  });

  test.each(mdxFiles)('%s: its front matter, the same both ways (lines counted from the file\'s top)', (file) => {
    const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(path.join(root, file), 'utf8'))![1]!;
    const quick = readPlainYaml(frontmatter, 1);
    expect(quick).toBeDefined();
    expectSame(quick!, readYamlFully(file, frontmatter, 1));
  });

  test('the quick way reads every service file: the build reads a thousand of them', () => {
    const services = yamlFiles.filter((file) => file.startsWith('content/services/'));
    expect(services.length).toBeGreaterThan(20);
    expect(services.filter((file) => !readPlainYaml(readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
  });
});

/** YAML the quick way must read like the full way, or leave to it. */
const AWKWARD: Record<string, string> = {
  'numbers, booleans, nulls': 'a: 1\nb: -2.5\nc: 1e3\nd: 0o17\ne: 0x1F\nf: .inf\ng: true\nh: False\ni: null\nj: ~\nk: yes\nl: 1_000\nm: 012\nn: +3\n',
  'quoted values, escapes and colons': "a: 'it''s'\nb: \"tab\\tthere \\u00e9\"\nc: 'a: b # not a comment'\nd: \"\"\ne: plain with: a colon\nf: text # a comment\ng: http://example.com/a#b\n",
  'nested maps and lists': 'hero:\n  title: Hello\n  image:\n    src: a.svg\n    alt: words here\nlist:\n  - one\n  - two: 2\n    three: 3\n  -\n    - deep\n',
  'comments and blank lines between': '# top\n\nkey: value\n\n# between\nother:\n  # inside\n  sub: x\n',
  'a multi-line plain value': 'description: first line\n  goes on here\n  and here\nnext: x\n',
  'an empty value': 'a:\nb: x\n',
  'a block scalar': 'a: |\n  line one\n  line two\nb: >-\n  folded\n  text\n',
  'a flow list and map': 'a: [one, two]\nb: {c: 1, d: two}\n',
  'a tag': 'phone: !placeholder (860) 555-0142\nname: x\n',
  'an unknown tag': 'a: !plaecholder x\n',
  'anchors and aliases': 'a: &x hello\nb: *x\n',
  'a merge key': 'base: &b {x: 1}\nc:\n  <<: *b\n  y: 2\n',
  'a duplicate key': 'a: 1\na: 2\n',
  'a quoted key and a number key': '"a b": 1\n2: two\ntrue: t\n',
  'two documents': 'a: 1\n---\nb: 2\n',
  'an explicit document start': '---\na: 1\n',
  'not closed': 'title: [oops\n',
  'bad indentation': 'a:\n  b: 1\n c: 2\n',
  'a tab': 'a:\n\tb: 1\n',
  'only a comment': '# nothing\n',
  'a list at the top': '- a\n- b\n',
  'a bare scalar': 'just text\n',
  'windows line ends': 'a: 1\r\nb:\r\n  c: two\r\n',
  '__proto__ as a key': '__proto__:\n  polluted: true\n',
};

describe('awkward YAML', () => {
  test.each(Object.keys(AWKWARD))('%s', (name) => {
    const text = AWKWARD[name]!;
    const full = readYamlFully('awkward.yaml', text);
    const quick = readPlainYaml(text);
    if (quick) {
      expect(full.problems).toEqual([]);
      expectSame(quick, full);
    }
    const read = parseYamlSource('awkward.yaml', text);
    expect({ data: read.data, problems: read.problems, placeholders: read.placeholders }).toEqual({ data: full.data, problems: full.problems, placeholders: full.placeholders });
    for (const fieldPath of paths(full.data)) expect(read.locate(fieldPath)).toEqual(full.locate(fieldPath));
  });
});
