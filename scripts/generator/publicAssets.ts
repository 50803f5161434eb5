/**
 * Publishes the files pages link to that are not bundles: the pictures content names (src/images.ts; an SVG
 * is copied, a photo converted by sharp into each width and format) and the self-hosted fonts (src/fonts.ts).
 * A photo's conversions are kept in .build-cache/images/ under their hashed names, so a rebuild converts only
 * new or changed photos.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { publishedFonts } from '../../src/fonts.ts';
import { type ImageAsset, type ImageFile, imageFiles } from '../../src/images.ts';
import type { BuildOutput } from './output.ts';

/** Encoder settings: visually close to the original at a fraction of its size. */
const QUALITY = { avif: { quality: 55, effort: 4 }, webp: { quality: 75 }, jpg: { quality: 78, mozjpeg: true }, png: { compressionLevel: 9, palette: false } } as const;

/** Converts one photo to one width and format. */
export async function convertPhoto(source: string, file: Required<Pick<ImageFile, 'width' | 'format'>>): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const image = sharp(source).autoOrient().resize({ width: file.width, withoutEnlargement: true });
  switch (file.format) {
    case 'avif':
      return image.avif(QUALITY.avif).toBuffer();
    case 'webp':
      return image.webp(QUALITY.webp).toBuffer();
    case 'jpg':
      return image.flatten({ background: '#ffffff' }).jpeg(QUALITY.jpg).toBuffer();
    case 'png':
      return image.png(QUALITY.png).toBuffer();
  }
}

/** Puts every picture's files in the build's output; returns how many files there are and how many had to be converted. */
export async function writeImages(images: readonly ImageAsset[], contentImages: string, output: BuildOutput, cacheDir: string): Promise<{ files: number; converted: number }> {
  let files = 0;
  let converted = 0;
  for (const asset of images) {
    const source = path.join(contentImages, asset.file);
    for (const file of imageFiles(asset)) {
      const target = file.url.slice(1);
      files += 1;
      if (!file.width || !file.format) {
        output.copySync(target, source);
        continue;
      }
      const cached = path.join(cacheDir, path.basename(file.url));
      if (!existsSync(cached)) {
        mkdirSync(cacheDir, { recursive: true });
        writeFileSync(cached, await convertPhoto(source, { width: file.width, format: file.format }));
        converted += 1;
      }
      output.copySync(target, cached);
    }
  }
  return { files, converted };
}

/** Puts the font files in the build's output. */
export function writeFonts(output: BuildOutput): number {
  const fonts = publishedFonts();
  for (const font of fonts) output.copySync(font.url.slice(1), font.source);
  return fonts.length;
}
