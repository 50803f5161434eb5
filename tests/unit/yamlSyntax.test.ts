/**
 * YAML syntax errors are reported at the line the editor has to change. contentErrors.test.ts pins the
 * whole message of each kind of mistake; this file makes each mistake on every line of the shipped content
 * (every file but the services, which all share one layout, plus one YAML and one MDX service) and checks the
 * line reported, and that the layout reading the messages rely on finds nothing wrong in the shipped files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseYamlSource } from '../../src/content/source.ts';
import { readLayout } from '../../src/content/yamlSyntax.ts';

const root = path.join(process.cwd(), 'content');
const MDX_FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---/;

/** Every shipped YAML text: whole .yaml files and .mdx frontmatter. */
const allTexts = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.yaml') || file.endsWith('.mdx'))
  .sort()
  .map((file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    return { file, text: file.endsWith('.mdx') ? MDX_FRONTMATTER.exec(text)![1]! : text };
  });
const sample = allTexts.filter(({ file }) => !file.startsWith('services/') || file === 'services/housekeeping.yaml' || file === 'services/transportation.mdx');

/** One way to break a line; undefined where it does not apply. The mistake is on the line itself. */
const mistakes: Record<string, (line: string) => string | undefined> = {
  'a tab instead of the spaces of its indentation': (line) => (/^ +[^\s#]/.test(line) ? line.replace(/^ +/, '\t') : undefined),
  'a missing colon after its field name': (line) => (/^\s*(- )?[A-Za-z]\w*:( |$)/.test(line) ? line.replace(/^(\s*(?:- )?[A-Za-z]\w*):/, '$1') : undefined),
  'an unclosed quote': (line) => (/^\s*(- )?([A-Za-z]\w*: )?[A-Za-z]/.test(line) ? line.replace(/^(\s*(?:- )?(?:[A-Za-z]\w*: )?)([A-Za-z])/, '$1"$2') : undefined),
  'one space more of indentation': (line) => (/^\s*[^\s#]/.test(line) ? ` ${line}` : undefined),
  'one space less of indentation': (line) => (/^ +[^\s#]/.test(line) ? line.slice(1) : undefined),
  'a colon and a space inside its value': (line) => (/^\s*(- )?[A-Za-z]\w*: [A-Za-z][^:#"']* [a-z]/.test(line) ? line.replace(/^(\s*(?:- )?[A-Za-z]\w*: [A-Za-z]\S*) /, '$1: ') : undefined),
};

describe('a syntax error made on any line of the shipped content is reported at that line', () => {
  test.each(Object.keys(mistakes))('%s', (name) => {
    const wrong: string[] = [];
    let reported = 0;
    for (const { file, text } of sample) {
      const lines = text.split('\n');
      lines.forEach((line, index) => {
        const broken = mistakes[name]!(line);
        if (broken === undefined) return;
        const source = parseYamlSource(file, [...lines.slice(0, index), broken, ...lines.slice(index + 1)].join('\n'));
        // Some of these stay valid YAML (one more space before a list item continues the item above, for one):
        // the schema's checks report those.
        const problem = source.problems[0];
        if (!problem) return;
        reported++;
        if (problem.line !== index + 1) wrong.push(`${file}:${index + 1} ${JSON.stringify(broken)} reported at line ${problem.line}: ${problem.message}`);
      });
    }
    expect(reported).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  test('a field written twice, at the second one', () => {
    const wrong: string[] = [];
    for (const { file, text } of sample) {
      const lines = text.split('\n');
      lines.forEach((line, index) => {
        if (!/^\s*[A-Za-z]\w*: \S/.test(line)) return;
        const problem = parseYamlSource(file, [...lines.slice(0, index + 1), line, ...lines.slice(index + 1)].join('\n')).problems[0];
        if (problem?.line !== index + 2 || !problem.message.includes(`(also on line ${index + 1})`)) wrong.push(`${file}:${index + 1} ${problem?.line}: ${problem?.message}`);
      });
    }
    expect(wrong).toEqual([]);
  });
});

test('the layout reading finds nothing out of place in any shipped content file', () => {
  const findings = allTexts.flatMap(({ file, text }) => {
    const { finding } = readLayout(text.split(/\r?\n/));
    return finding ? [`${file}:${finding.line} ${finding.message}`] : [];
  });
  expect(findings).toEqual([]);
});
