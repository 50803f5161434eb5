/**
 * Checks every picture the content names (any `{ src, alt }` field, see schemas/image.ts) against
 * content/images/: the file exists (with a did-you-mean), can be read, has a size, and an SVG holds no script.
 * Returns what the pages and the build need to know about each file (src/images.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_PIPELINE_VERSION, type ImageAsset } from '../images.ts';
import type { ParsedFile } from './source.ts';
import { type ContentProblem, type FieldPath, didYouMean } from './problems.ts';

/** A photo narrower than this looks blurred in a hero on a 2x screen. */
export const MIN_PHOTO_WIDTH = 800;

interface ImageRef {
  parsed: ParsedFile<unknown>;
  path: FieldPath;
  src: string;
}

/** Every `{ src, alt }` object in a file's data, with its field path. */
function imageRefs(parsed: ParsedFile<unknown>): ImageRef[] {
  const refs: ImageRef[] = [];
  const walk = (value: unknown, at: Array<string | number>) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...at, index]));
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.src === 'string' && typeof record.alt === 'string' && Object.keys(record).length === 2) refs.push({ parsed, path: at, src: record.src });
      else for (const [key, child] of Object.entries(record)) walk(child, [...at, key]);
    }
  };
  walk(parsed.data, []);
  return refs;
}

export async function checkImages(files: ReadonlyArray<ParsedFile<unknown>>, imagesDir: string): Promise<{ problems: ContentProblem[]; images: Record<string, ImageAsset> }> {
  const problems: ContentProblem[] = [];
  const images: Record<string, ImageAsset> = {};
  const failed = new Map<string, string>();
  const available = existsSync(imagesDir) ? readdirSync(imagesDir) : [];

  for (const ref of files.flatMap(imageRefs)) {
    const srcPath = [...ref.path, 'src'];
    const report = (message: string) => problems.push({ file: ref.parsed.file, ...ref.parsed.source.locate(srcPath), path: srcPath, message });
    if (images[ref.src]) continue;
    if (!failed.has(ref.src)) {
      const problem = available.includes(ref.src) ? await describe(path.join(imagesDir, ref.src), ref.src, images) : `expected a file in content/images/, found no "${ref.src}" there${didYouMean(ref.src, available)}`;
      if (problem) failed.set(ref.src, problem);
    }
    const problem = failed.get(ref.src);
    if (problem) report(problem);
  }
  return { problems, images };
}

/** Reads one picture into `images`; returns what is wrong with it instead, if anything. */
async function describe(absolute: string, file: string, images: Record<string, ImageAsset>): Promise<string | undefined> {
  const bytes = readFileSync(absolute);
  const hash = createHash('sha256').update(`${IMAGE_PIPELINE_VERSION}\0`).update(bytes).digest('hex').slice(0, 10);
  if (file.endsWith('.svg')) {
    const svg = bytes.toString('utf8');
    const unsafe = unsafeSvg(svg);
    if (unsafe) return `expected a picture without ${unsafe} (an SVG is served from the site's own address, where it could run code), found one in content/images/${file}`;
    const size = svgSize(svg);
    if (!size) return `expected an SVG whose <svg> element has a viewBox or a width and height in pixels (the page reserves its space from them), found neither in content/images/${file}`;
    images[file] = { file, kind: 'svg', ...size, hash, fallback: 'jpg' };
    return undefined;
  }
  const { default: sharp } = await import('sharp');
  let meta;
  try {
    meta = await sharp(bytes).metadata();
  } catch (error) {
    return `expected a picture file that can be read, found content/images/${file} unreadable (${(error as Error).message})`;
  }
  const { width, height } = meta.autoOrient;
  if (width < MIN_PHOTO_WIDTH) return `expected a photo at least ${MIN_PHOTO_WIDTH} pixels wide (it would look blurred), found content/images/${file} ${width} pixels wide`;
  images[file] = { file, kind: 'raster', width, height, hash, fallback: meta.hasAlpha ? 'png' : 'jpg' };
  return undefined;
}

/** What an SVG must not hold: scripts, event handlers, embedded HTML, or anything loaded from elsewhere. */
function unsafeSvg(svg: string): string | undefined {
  if (/<script\b/i.test(svg)) return 'a <script> element';
  if (/\son[a-z]+\s*=/i.test(svg)) return 'an event handler attribute (on…=)';
  if (/<foreignObject\b/i.test(svg)) return 'a <foreignObject> element';
  if (/(?:href|src)\s*=\s*["']?\s*(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(svg) || /url\(\s*["']?\s*(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(svg)) return 'a link to another file or address';
  return undefined;
}

/** The root element's width and height, or its viewBox's. */
function svgSize(svg: string): { width: number; height: number } | undefined {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!root) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1];
  const px = (value: string | undefined) => (value && /^\s*\d+(\.\d+)?\s*(px)?\s*$/.test(value) ? Math.round(parseFloat(value)) : undefined);
  const width = px(attribute('width'));
  const height = px(attribute('height'));
  if (width && height) return { width, height };
  const box = attribute('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (box?.length === 4 && box[2]! > 0 && box[3]! > 0) return { width: Math.round(box[2]!), height: Math.round(box[3]!) };
  return undefined;
}
