/**
 * What an editor does to add a page: copy a service file under a new name and change only its title and
 * description. With nothing else edited (no list, no path, no id), the build makes a page and a sitemap
 * entry for each copy, a YAML one and an MDX one, and the grids, menu and footer stay as they were.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyProject, type ProjectCopy } from '../../scripts/lib/projectCopy.ts';

const SITE_URL = 'https://care.example.org';
const COPIES = [
  { from: 'housekeeping.yaml', to: 'home-organizing.yaml', title: 'Home Organizing Help in Connecticut' },
  { from: 'personal-care.mdx', to: 'bathing-help.mdx', title: 'Bathing Help at Home in Connecticut' },
] as const;

let project: ProjectCopy;
let result: ReturnType<ProjectCopy['build']>;
const read = (file: string) => readFileSync(path.join(project.dir, 'dist/client', file), 'utf8');

/** The copy an editor makes: the same file, with its own title and description and nothing else changed. */
function copyWithNewWords(from: string, to: string, title: string) {
  const services = path.join(project.dir, 'content/services');
  const original = readFileSync(path.join(services, from), 'utf8');
  const copy = original
    .replace(/^title: .*$/m, `title: ${title}`)
    .replace(/^description: .*$/m, `description: ${title}, with the same kind of help as our other pages, described for this page alone.`);
  // Exactly two lines differ: the copy carries nothing else that would need editing.
  const changed = copy.split('\n').filter((line, i) => line !== original.split('\n')[i]);
  expect(changed).toHaveLength(2);
  writeFileSync(path.join(services, to), copy);
}

beforeAll(() => {
  project = copyProject();
  for (const { from, to, title } of COPIES) copyWithNewWords(from, to, title);
  result = project.build({ SITE_URL });
});

afterAll(() => project.cleanup());

describe('a service file copied under a new name, with only its title and description changed', () => {
  test('builds without an error', () => {
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  test.each(COPIES)('$to becomes a page at its file name, through the service template', ({ from, to, title }) => {
    const slug = to.replace(/\.(yaml|mdx)$/, '');
    const html = read(`${slug}/index.html`);
    expect(html).toContain(`<title>${title} | Hearthside Home Care</title>`);
    expect(html).toContain(`<link rel="canonical" href="${SITE_URL}/${slug}">`);
    expect(html).toContain(`data-page-id="${slug}"`);
    expect(html).toContain('What We Provide');
    // An MDX copy keeps the sections of its body.
    if (from.endsWith('.mdx')) expect(html).toContain('Strictly non-medical');
  });

  test('adds both pages to the sitemap', () => {
    const sitemap = read('sitemap.xml');
    for (const slug of ['home-organizing', 'bathing-help']) expect(sitemap).toContain(`<loc>${SITE_URL}/${slug}</loc>`);
  });

  test('shows neither copy on the home grid, in the header menu or in the footer (content/lists.yaml decides those)', () => {
    const home = read('index.html');
    expect(home).not.toContain('href="/home-organizing"');
    expect(home).not.toContain('href="/bathing-help"');
    expect(home).toContain('href="/housekeeping"');
  });
});
