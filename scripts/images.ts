/**
 * `npm run images`: draws public/apple-touch-icon.png (180x180, the icon a phone puts on its home screen) from
 * public/favicon.svg, with sharp; run it after changing the favicon. The share image is not drawn here: every build
 * draws it from the content (scripts/generator/shareImage.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const svg = readFileSync(path.join(process.cwd(), 'public', 'favicon.svg'));
await sharp(svg, { density: 72 * 4 })
  .resize(180, 180)
  .png({ compressionLevel: 9 })
  .toFile(path.join(process.cwd(), 'public', 'apple-touch-icon.png'));
console.log('Wrote public/apple-touch-icon.png. The share image is drawn by every build from content/site.yaml.');
