/**
 * The site's typefaces, self-hosted from npm (@fontsource): Atkinson Hyperlegible for text (drawn by the
 * Braille Institute for readers with low vision: letters that cannot be mistaken for each other) and
 * Fraunces, a warm soft serif, for headings. Latin subset only, `font-display: swap` (text shows at once in
 * the fallback face), and no request to any font host. The build copies the files to /assets/fonts/ under
 * names carrying a hash of their bytes (scripts/generator/publicAssets.ts); the text face and the heading face
 * are preloaded, so that both are usually there before the first paint.
 * Server-side only: pages get the @font-face rules and preload links in their <head> (renderer/).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The Latin subset's characters, as @fontsource declares them. */
const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

export const TEXT_FAMILY = 'Atkinson Hyperlegible';
export const HEADING_FAMILY = 'Fraunces';

interface FontFace {
  family: string;
  weight: number;
  /** The woff2 file, as a package path. */
  module: string;
  preload: boolean;
}

const FACES: readonly FontFace[] = [
  { family: TEXT_FAMILY, weight: 400, module: '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-400-normal.woff2', preload: true },
  { family: TEXT_FAMILY, weight: 700, module: '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-700-normal.woff2', preload: false },
  { family: HEADING_FAMILY, weight: 600, module: '@fontsource/fraunces/files/fraunces-latin-600-normal.woff2', preload: true },
];

/**
 * Local faces shaped like ours, shown until ours arrive, so that the swap moves almost nothing (no layout
 * shift). Each is scaled so a line of text is as wide as in our face, with its ascent and descent; the numbers
 * were measured in chromium (canvas measureText of a line of the site's text, at 100 px) against Liberation
 * Sans and Serif, which have the metrics of Arial and Times New Roman: the same approach as next/font.
 */
const FALLBACKS: ReadonlyArray<{ family: string; weight: number; local: string[]; sizeAdjust: number; ascent: number; descent: number }> = [
  { family: `${TEXT_FAMILY} Fallback`, weight: 400, local: ['Arial', 'ArialMT', 'Liberation Sans', 'Helvetica', 'Roboto'], sizeAdjust: 98.4, ascent: 96.6, descent: 29.5 },
  { family: `${TEXT_FAMILY} Fallback`, weight: 700, local: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'Helvetica Bold', 'Roboto Bold'], sizeAdjust: 99.4, ascent: 95.6, descent: 29.2 },
  { family: `${HEADING_FAMILY} Fallback`, weight: 600, local: ['Times New Roman Bold', 'TimesNewRomanPS-BoldMT', 'Liberation Serif Bold', 'Times Bold'], sizeAdjust: 112.1, ascent: 87.4, descent: 23.2 },
];

export interface FontFile {
  family: string;
  weight: number;
  /** Where the build copies it from. */
  source: string;
  /** Where it is served: /assets/fonts/<name>.<hash>.woff2 */
  url: string;
}

let files: Array<FontFile & FontFace> | undefined;

/** Each face with its file and address; read once per process. */
function fontFiles(): Array<FontFile & FontFace> {
  if (!files) {
    const require = createRequire(path.join(process.cwd(), 'package.json'));
    files = FACES.map((face) => {
      const source = require.resolve(face.module);
      const hash = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 10);
      return { ...face, source, url: `/assets/fonts/${path.basename(source, '.woff2')}.${hash}.woff2` };
    });
  }
  return files;
}

/** The files to publish, with the face each one is. */
export function publishedFonts(): FontFile[] {
  return fontFiles().map(({ family, weight, source, url }) => ({ family, weight, source, url }));
}

/** The @font-face rules, for the page's stylesheet: our faces, then the adjusted local ones. */
export function fontFaceCss(): string {
  const ours = fontFiles().map((face) => `@font-face{font-family:"${face.family}";font-style:normal;font-weight:${face.weight};font-display:swap;src:url(${face.url}) format("woff2");unicode-range:${LATIN}}`);
  const fallbacks = FALLBACKS.map(
    (face) =>
      `@font-face{font-family:"${face.family}";font-style:normal;font-weight:${face.weight};src:${face.local.map((name) => `local("${name}")`).join(',')};size-adjust:${face.sizeAdjust}%;ascent-override:${face.ascent}%;descent-override:${face.descent}%;line-gap-override:0%}`,
  );
  return [...ours, ...fallbacks].join('');
}

/** <link rel="preload"> for the faces every page shows first. */
export function fontPreloads(): string {
  return fontFiles()
    .filter((face) => face.preload)
    .map((face) => `<link rel="preload" href="${face.url}" as="font" type="font/woff2" crossorigin>`)
    .join('\n    ');
}
