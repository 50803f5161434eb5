/**
 * The README and the guides in docs/ link only what a clone has: every relative link and picture points at a
 * file or folder in the repository, and none leaves it (the notes used to point at ../shared/); every link to a
 * section finds its heading. The README stays an entrance that names every guide, and each section the product's
 * messages send a person to (src/guides.ts) is there.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { GUIDES, GUIDE_SECTIONS } from '../../src/guides.ts';

const DOCS = ['README.md', ...readdirSync('docs').filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** GitHub's anchor of a heading: lower case, punctuation but hyphens and underscores dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a markdown file's headings, with -1, -2 ... for repeats, as GitHub numbers them. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = anchor(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count ? `${base}-${count}` : base);
  }
  return found;
}

/** Every markdown link or image target that is not a web address or an anchor, with its line. */
function relativeLinks(file: string): Array<{ target: string; line: number }> {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((text, index) => [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => ({ target: match[1]!, line: index + 1 })))
    .filter(({ target }) => !/^(https?:|mailto:|tel:|#)/.test(target));
}

describe.each(DOCS)('%s', (file) => {
  test('links only files in the repository, and every one exists', () => {
    const links = relativeLinks(file);
    const root = process.cwd();
    const broken = links.filter(({ target }) => {
      const resolved = path.resolve(path.dirname(file), target.split('#')[0]!);
      return !resolved.startsWith(root + path.sep) || !existsSync(resolved);
    });
    expect(broken.map(({ target, line }) => `${file}:${line} ${target}`)).toEqual([]);
  });

  test('links to sections that exist', () => {
    const missing = [...readFileSync(file, 'utf8').split('\n').entries()].flatMap(([index, text]) =>
      [...text.matchAll(/\]\(([^)\s]*)#([^)\s]+)\)/g)]
        .map((match) => ({ target: match[1] ? path.join(path.dirname(file), match[1]) : file, section: match[2]!, line: index + 1 }))
        .filter(({ target }) => target.endsWith('.md') && existsSync(target))
        .filter(({ target, section }) => !anchors(target).has(section))
        .map(({ target, section, line }) => `${file}:${line} ${target}#${section}`),
    );
    expect(missing).toEqual([]);
  });
});

describe.each(['README.md', GUIDES.developing])('%s', (file) => {
  test("says which Node versions work as package.json's engines does, with 24 LTS the recommended one", () => {
    const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;
    // One paragraph on the docs' own lines: the range wraps wherever it falls.
    const text = readFileSync(file, 'utf8').replace(/\s+/g, ' ');
    expect(text).toContain(`\`${engines}\``);
    expect(text).toMatch(/24 LTS is the recommended/);
    expect(readFileSync('.ci/run', 'utf8')).toMatch(/NODE24_VERSION=24\.\d+\.\d+/);
  });
});

test('the README shows the pictures of the product it links', () => {
  const images = relativeLinks('README.md').filter(({ target }) => target.endsWith('.png'));
  expect(images.map(({ target }) => target)).toEqual(expect.arrayContaining(['docs/images/home.png', 'docs/images/service.png', 'docs/images/dashboard.png']));
});

test('the README is an entrance: short, and it names every guide', () => {
  const readme = readFileSync('README.md', 'utf8');
  expect(readme.split('\n').length).toBeLessThanOrEqual(210);
  const linked = relativeLinks('README.md').map(({ target }) => target.split('#')[0]);
  expect(linked).toEqual(expect.arrayContaining([...Object.values(GUIDES), 'docs/architecture.md']));
});

test('every section the product sends a person to is a heading of its guide', () => {
  const missing = Object.entries(GUIDE_SECTIONS)
    .filter(([, { guide, heading }]) => !anchors(GUIDES[guide]).has(anchor(heading)))
    .map(([name, { guide, heading }]) => `${name}: ${GUIDES[guide]} has no heading "${heading}"`);
  expect(missing).toEqual([]);
});

test('finds a heading by the anchor GitHub gives it', () => {
  expect(anchor("Change the phone number, e-mail or the agency's details")).toBe('change-the-phone-number-e-mail-or-the-agencys-details');
  expect(anchor('`npm start` follows content')).toBe('npm-start-follows-content');
  expect(anchor('After going live: check it works')).toBe('after-going-live-check-it-works');
});
