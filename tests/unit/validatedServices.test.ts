/**
 * The build reuses the service files validated by the previous build (same text, same schemas): the content
 * it gives is the same as a full validation's, and a file whose text changed is validated again, with the
 * same message as ever when it is now wrong.
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
  // YAML files only: an .mdx file's body is checked with its frontmatter, every time.
  expect(known.size).toBe((await loadContent(copy.root)).services.filter((service) => service.format === 'yaml').length);
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
