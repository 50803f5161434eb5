/**
 * What the build publishes for the pictures content names and for the fonts: an editor adds a photo to
 * content/images/ and names it in a hero; the page gets a <picture> of AVIF, WebP and JPEG at the widths the
 * photo allows, with its size written; an SVG illustration is copied; fonts are self-hosted and preloaded.
 * A rebuild converts nothing again, and a changed photo gets new addresses.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';

let project: ProjectCopy;
let first: ReturnType<ProjectCopy['build']>;
const client = () => path.join(project.dir, 'dist/client');
const read = (file: string) => readFileSync(path.join(client(), file), 'utf8');
const published = () => readdirSync(path.join(client(), 'assets/images'));

/** A 1600 x 1000 photo with a shape on it, as a camera would give (JPEG). */
function photo(background: string) {
  const shape = Buffer.from('<svg width="1600" height="1000"><circle cx="800" cy="500" r="300" fill="#0d5c57"/></svg>');
  return sharp({ create: { width: 1600, height: 1000, channels: 3, background } }).composite([{ input: shape }]).jpeg({ quality: 90 }).toBuffer();
}

/** The about page's hero shows the photo. */
function nameThePhoto() {
  const file = path.join(project.dir, 'content/pages/about.yaml');
  const about = readFileSync(file, 'utf8')
    .replace(/^  image:\n    src: .*\n    alt: .*\n/m, '')
    .replace(/^hero:\n/m, 'hero:\n  image:\n    src: our-office.jpg\n    alt: The agency office in Middletown on a sunny morning, with its front door open\n');
  writeFileSync(file, about);
}

beforeAll(async () => {
  project = copyProject();
  writeFileSync(path.join(project.dir, 'content/images/our-office.jpg'), await photo('#c08060'));
  nameThePhoto();
  first = project.build();
}, 120_000);

afterAll(() => project?.cleanup());

describe('a photo named in a hero', () => {
  test('builds', () => {
    expect(first.status, first.stdout + first.stderr).toBe(0);
  });

  test('is published as AVIF, WebP and JPEG at 480, 960 and 1440 px wide', async () => {
    const files = published().filter((name) => name.startsWith('our-office.'));
    expect(files.map((name) => name.replace(/\.[0-9a-f]{10}-/, '-')).sort()).toEqual(
      ['avif', 'jpg', 'webp'].flatMap((format) => [480, 960, 1440].map((width) => `our-office-${width}.${format}`)).sort(),
    );
    for (const name of files) {
      const meta = await sharp(path.join(client(), 'assets/images', name)).metadata();
      expect(meta.width).toBe(Number(/-(\d+)\./.exec(name)![1]));
      expect(meta.format).toBe({ avif: 'heif', webp: 'webp', jpg: 'jpeg' }[name.split('.').pop()!]);
    }
  });

  test('is a <picture> on the page: AVIF and WebP sources, a JPEG <img> with its size, alt text and high priority', () => {
    const html = read('about/index.html');
    const picture = /<picture>[\s\S]*?<\/picture>/.exec(html)?.[0] ?? '';
    expect(picture).toMatch(/<source type="image\/avif" srcSet="\/assets\/images\/our-office\.[0-9a-f]{10}-480\.avif 480w, [^"]*-960\.avif 960w, [^"]*-1440\.avif 1440w"/);
    expect(picture).toMatch(/<source type="image\/webp" srcSet="[^"]*-480\.webp 480w/);
    const img = /<img [^>]*>/.exec(picture)?.[0] ?? '';
    expect(img).toContain('alt="The agency office in Middletown on a sunny morning, with its front door open"');
    expect(img).toContain('width="1600" height="1000"');
    expect(img).toMatch(/fetchPriority="high"/i);
    expect(img).toMatch(/src="\/assets\/images\/our-office\.[0-9a-f]{10}-960\.jpg"/);
    // Every address the page names exists.
    for (const [, url] of picture.matchAll(/(\/assets\/images\/[^\s",]+)/g)) expect(existsSync(path.join(client(), url!)), url).toBe(true);
  });

  test('a rebuild converts nothing; a changed photo gets new addresses and the old ones are gone', async () => {
    const again = project.build();
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/Pictures: \d+ \(\d+ files\)\./);
    const before = published().filter((name) => name.startsWith('our-office.'));

    writeFileSync(path.join(project.dir, 'content/images/our-office.jpg'), await photo('#6080c0'));
    const changed = project.build();
    expect(changed.status, changed.stderr).toBe(0);
    expect(changed.stdout).toMatch(/Pictures: \d+ \(\d+ files, 9 converted now\)\./);
    const after = published().filter((name) => name.startsWith('our-office.'));
    expect(after).toHaveLength(9);
    expect(after.filter((name) => before.includes(name))).toEqual([]);
    const newJpeg = after.find((name) => name.endsWith('-960.jpg'))!;
    expect(read('about/index.html').includes(newJpeg), `the about page names ${newJpeg}`).toBe(true);
  }, 120_000);
});

describe('fonts', () => {
  test('are served from the site itself, preloaded, and declared with font-display: swap', () => {
    const html = read('index.html');
    const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin>/g)].map((match) => match[1]!);
    expect(preloads).toHaveLength(2);
    const faces = [...html.matchAll(/@font-face\{font-family:"([^"]+)";[^}]*font-display:swap;src:url\(([^)]+)\)/g)].map((match) => [match[1], match[2]]);
    expect(faces.map(([family]) => family)).toEqual(['Atkinson Hyperlegible', 'Atkinson Hyperlegible', 'Fraunces']);
    for (const [, url] of faces) {
      expect(url).toMatch(/^\/assets\/fonts\/[a-z0-9-]+\.[0-9a-f]{10}\.woff2$/);
      expect(readFileSync(path.join(client(), url!)).subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
    for (const url of preloads) expect(faces.map(([, face]) => face)).toContain(url);
    expect(html).not.toMatch(/fonts\.(googleapis|gstatic)\.com|use\.typekit|fonts\.bunny/);
  });
});
