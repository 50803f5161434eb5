/**
 * `npm run dev`: the pictures and fonts a build would publish (publicAssets.ts), made on request from their
 * sources, so that a page in development links to the same addresses as the built site (the share image too).
 */
import { readFileSync } from 'node:fs';
import { getContent } from '../../src/content/getContent.ts';
import { publishedFonts } from '../../src/fonts.ts';
import { imageFiles } from '../../src/images.ts';
import path from 'node:path';
import { CACHE_DIR } from './buildCache.ts';
import { convertPhoto } from './publicAssets.ts';
import { drawShareImage, shareCard } from './shareImage.ts';

const TYPES: Record<string, string> = { svg: 'image/svg+xml', avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png', woff2: 'font/woff2' };

export async function devAsset(root: string, url: string): Promise<{ type: string; body: Buffer } | undefined> {
  const type = TYPES[url.slice(url.lastIndexOf('.') + 1)];
  if (!type) return undefined;
  const font = publishedFonts().find((candidate) => candidate.url === url);
  if (font) return { type, body: readFileSync(font.source) };
  const content = await getContent();
  const { images } = content;
  // The share image, drawn from the content as the build draws it.
  const card = shareCard(content);
  if (url === card.path) {
    const { png } = await drawShareImage(card, { fontDir: path.join(root, CACHE_DIR, 'share-fonts'), contentImages: path.join(root, 'content', 'images') });
    return { type, body: png };
  }
  for (const asset of Object.values(images)) {
    const file = imageFiles(asset).find((candidate) => candidate.url === url);
    if (!file) continue;
    const source = path.join(root, 'content', 'images', asset.file);
    return { type, body: file.width && file.format ? await convertPhoto(source, { width: file.width, format: file.format }) : readFileSync(source) };
  }
  return undefined;
}
