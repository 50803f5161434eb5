/**
 * The README and the architecture notes link only what a clone has: every relative link and picture points at a
 * file or folder in the repository, and none leaves it (the notes used to point at ../shared/).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const DOCS = ['README.md', 'docs/architecture.md'];

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
