/**
 * The pure parts of the Astro yardstick (scripts/benches/astroYardstick.ts): its service schema is as strict as ours
 * and accepts every real service file, its project names a page for every service file, a missing page is caught.
 * Its timings are the bench's (npm run bench -- --builds), not a test's.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { cleanBuildCommand, expectedPages, missingPages, nodeAtLeast, npmReason, prepareProject } from '../../scripts/benches/astroYardstick.ts';
import { serviceSchema as yardstickSchema } from '../../scripts/benches/astro-yardstick/src/serviceSchema.ts';
import { ICON_NAMES } from '../../src/content/schemas/common.ts';
import { serviceSchema as ourSchema } from '../../src/content/schemas/service.ts';

const schema = yardstickSchema({ iconNames: ICON_NAMES, imageExists: (src) => existsSync(`content/images/${src}`) });
const fixture = parse(readFileSync('tests/fixtures/foot-care.yaml', 'utf8')) as Record<string, unknown>;

/** A service file's fields: the YAML, or an .mdx file's frontmatter. */
function fields(file: string): unknown {
  const text = readFileSync(path.join('content/services', file), 'utf8');
  return parse(file.endsWith('.mdx') ? /^---\n([\s\S]*?)\n---/.exec(text)![1]! : text);
}

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'yardstick-test-'));
  folders.push(dir);
  return dir;
}

describe('the service schema', () => {
  test.each(readdirSync('content/services').filter((file) => /\.(yaml|mdx)$/.test(file)))('accepts %s', (file) => {
    expect(schema.safeParse(fields(file)).error?.issues).toBeUndefined();
  });

  test.each([
    ['an unknown field', { ...fixture, placement: 'home' }],
    ['a missing field', { ...fixture, serviceType: undefined }],
    ['a description too short', { ...fixture, description: 'Too short.' }],
    ['a title too long', { ...fixture, title: 'x'.repeat(61) }],
    ['three features', { ...fixture, features: (fixture.features as unknown[]).slice(0, 3) }],
    ['seven inclusions', { ...fixture, inclusions: (fixture.inclusions as unknown[]).slice(0, 7) }],
    ['an unknown icon', { ...fixture, card: { ...(fixture.card as object), icon: 'no-such-icon' } }],
    ['an unknown colour', { ...fixture, benefits: (fixture.benefits as object[]).map((card) => ({ ...card, color: 'plaid' })) }],
  ])('refuses %s, as ours does', (_, service) => {
    expect(ourSchema.safeParse(service).success).toBe(false);
    expect(schema.safeParse(service).success, 'the yardstick accepted it').toBe(false);
  });

  test('refuses a picture that is not in content/images (ours: the loader, src/content/images.ts)', () => {
    const service = { ...fixture, hero: { ...(fixture.hero as object), image: { src: 'missing.svg', alt: 'A caregiver and an older man at a kitchen table' } } };
    expect(schema.safeParse(service).success).toBe(false);
  });
});

describe('the prepared project', () => {
  test('names a page for every service file, the generated ones too, and the two lists', () => {
    const dir = tempDir();
    prepareProject(dir, process.cwd(), path.join(dir, 'no-install'));
    writeFileSync(path.join(dir, 'content/services/generated-service-0001.yaml'), readFileSync('tests/fixtures/foot-care.yaml'));
    const services = readdirSync('content/services').filter((file) => /\.(yaml|mdx)$/.test(file)).map((file) => `/${file.replace(/\.\w+$/, '')}`);
    expect(expectedPages(dir).sort()).toEqual(['/services', '/all-services', ...services, '/generated-service-0001'].sort());
    expect(expectedPages(dir)).toContain('/24-hour-care');
    // What its pages read is there: the site's identity, the lists, the directory; the pictures and fonts it serves.
    for (const file of ['content/site.yaml', 'content/lists.yaml', 'content/directory.yaml', 'content/pages/services.yaml', 'content/pages/all-services.yaml', 'public/images/housekeeping.svg', 'public/assets/fonts/fraunces-latin-600-normal.3a1de7711d.woff2', 'src/pages/[slug].astro']) {
      expect(existsSync(path.join(dir, file)), file).toBe(true);
    }
  });

  test('a page not written, or written without its heading, is reported missing', () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'content/services'), { recursive: true });
    for (const slug of ['housekeeping', 'companionship']) writeFileSync(path.join(dir, `content/services/${slug}.yaml`), '');
    for (const [page, html] of [['services', '<h1 id="page-title">Home Care Services</h1>'], ['all-services', '<h1>All Services</h1>'], ['housekeeping', '<main></main>']]) {
      mkdirSync(path.join(dir, 'dist', page!), { recursive: true });
      writeFileSync(path.join(dir, 'dist', page!, 'index.html'), html!);
    }
    expect(missingPages(dir)).toEqual(['/companionship', '/housekeeping']);
  });
});

describe('the clean build', () => {
  test('removes the output and every cache before building, and runs the given Node', () => {
    const [shell, flag, script] = cleanBuildCommand('/opt/node 22/bin/node', '/cache/astro/bin/astro.mjs');
    expect([shell, flag]).toEqual(['sh', '-c']);
    expect(script).toMatch(/^rm -rf dist \.astro \.astro-cache \.vite-cache && .*exec '\/opt\/node 22\/bin\/node' '\/cache\/astro\/bin\/astro.mjs' build /);
  });

  test('an install that fails (offline) is skipped with npm\'s reason, not its stack', () => {
    const stderr = [
      'npm error code ECONNREFUSED',
      'npm error syscall connect',
      'npm error errno ECONNREFUSED',
      'npm error FetchError: request to https://registry.npmjs.org/astro failed, reason: connect ECONNREFUSED 127.0.0.1:443',
      'npm error     at ClientRequest.<anonymous> (/usr/lib/node_modules/npm/node_modules/minipass-fetch/lib/index.js:130:14)',
    ].join('\n');
    expect(npmReason(stderr)).toBe('FetchError: request to https://registry.npmjs.org/astro failed, reason: connect ECONNREFUSED 127.0.0.1:443');
  });

  test('Astro 7 needs Node 22.12 or later', () => {
    expect([nodeAtLeast('20.20.2', [22, 12]), nodeAtLeast('22.11.0', [22, 12]), nodeAtLeast('22.12.0', [22, 12]), nodeAtLeast('24.1.0', [22, 12])]).toEqual([false, false, true, true]);
  });
});
