/**
 * The build reuses the service files validated by the previous build (same text, same schemas): the content
 * it gives is the same as a full validation's, and a file whose text changed is validated again, with the
 * same message as ever when it is now wrong, for a YAML file and for an MDX file's body.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { loadContent, type ValidatedServices } from '../../src/content/loader.ts';
import { ContentError } from '../../src/content/problems.ts';
import { copyContent, type ContentCopy } from './contentFixture.ts';

let copy: ContentCopy;
beforeEach(() => {
  copy = copyContent();
});
afterEach(() => copy.cleanup());

/** Loads once with nothing kept, and returns what the next build would be given. */
async function keptAfterOneBuild(): Promise<ValidatedServices['next']> {
  const first: ValidatedServices = { known: new Map(), next: new Map() };
  await loadContent(copy.root, first);
  return first.next;
}

test('content loaded with the kept service files is the same as a full validation', async () => {
  const known = await keptAfterOneBuild();
  // Every service file, YAML and MDX (an .mdx file's frontmatter and body are kept together, by its whole text).
  const services = (await loadContent(copy.root)).services;
  expect(services.some((service) => service.format === 'mdx')).toBe(true);
  expect(known.size).toBe(services.length);
  const again: ValidatedServices = { known, next: new Map() };
  expect(await loadContent(copy.root, again)).toEqual(await loadContent(copy.root));
  expect(again.next.size).toBe(known.size);
});

test('a kept file that is now wrong is validated again and reported as ever', async () => {
  const known = await keptAfterOneBuild();
  copy.edit('services/foot-care.yaml', /^description: .*$/m, 'description: 12');
  const withKept = loadContent(copy.root, { known, next: new Map() }).catch((error: ContentError) => error.message);
  const full = loadContent(copy.root).catch((error: ContentError) => error.message);
  expect(await withKept).toBe(await full);
  expect(await full).toContain('content/services/foot-care.yaml');
});

test('an .mdx file whose body now holds code is checked again and reported as ever', async () => {
  const known = await keptAfterOneBuild();
  copy.edit('services/24-hour-care.mdx', /\n$/, '\nA line that runs {process.exit(1)} at build time.\n');
  const withKept = loadContent(copy.root, { known, next: new Map() }).catch((error: ContentError) => error.message);
  const full = loadContent(copy.root).catch((error: ContentError) => error.message);
  expect(await withKept).toBe(await full);
  expect(await full).toMatch(/Expected text, found a \{\.\.\.\} expression .*  \(content\/services\/24-hour-care\.mdx, line \d+\)/);
});
