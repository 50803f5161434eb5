/**
 * The share image: the picture shown when a page of the site is shared (Open Graph and Twitter cards, 1200x630 PNG,
 * at site.yaml's shareImage.path). Drawn by every build from the content, so that a change of the agency's name,
 * phone or registration line in the editor is on the picture from the next build on, as it is on the pages.
 *
 * What it shows: the house mark and the agency's name, the home page's heading, the four claims (site.yaml claims),
 * the phone and the registration line, with the About page's picture on the right, in the site's colours and faces.
 * No browser is needed: the background, the mark, the ticks and the picture are an SVG drawn by sharp (librsvg), and
 * each line of text is set by sharp's text renderer (Pango) in the site's own faces, then laid over it. librsvg does
 * not load the faces an SVG names in @font-face, and Pango reads no WOFF file: the faces' WOFF files (@fontsource,
 * the ones src/fonts.ts publishes) are unpacked once into plain TrueType files in the build's cache, which Pango
 * reads. A text in characters outside the faces' Latin set falls back to a face of the machine.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import type { Content, ContentSnapshot } from '../../src/content/content.ts';
import { HEADING_FAMILY, TEXT_FAMILY, publishedFonts } from '../../src/fonts.ts';
import { color } from '../../src/theme.ts';
import type { BuildOutput } from './output.ts';

export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

/** What the share image is drawn from: plain data, so that a live build redraws it only when one of these changed. */
export interface ShareCard {
  /** Where it is published, e.g. "/og-image.png" (site.yaml shareImage.path). */
  path: string;
  name: string;
  phone: string;
  /** The registration line, e.g. "Non-Medical Care Services Only". */
  registration: string;
  /** The home page's heading. */
  title: string;
  claims: string[];
  /** The About page's picture (a file in content/images/) and a hash of it, or none when the file is not there. */
  picture?: { file: string; hash: string };
}

export function shareCard(content: Pick<Content, 'site' | 'pages' | 'images'>): ShareCard {
  const { site } = content;
  const file = content.pages.about.hero.image.src;
  const asset = content.images[file];
  return {
    path: site.shareImage.path,
    name: site.name,
    phone: site.phone.display,
    registration: site.registration.label,
    title: content.pages.home.hero.title,
    claims: [site.claims.backgroundChecked, site.claims.licensedInsured, site.claims.careHours, site.claims.coverage],
    ...(asset ? { picture: { file, hash: asset.hash } } : {}),
  };
}

/** One line (or wrapped block) of text, set by Pango and laid over the background at (left, top). */
export interface TextLayer {
  text: string;
  face: 'heading' | 'text';
  size: number;
  color: string;
  left: number;
  top: number;
  /** The width it wraps at. */
  width: number;
}

/** Pango markup is XML: the text's own &, < and > are escaped. */
const markup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Unpacks a WOFF 1.0 file into the TrueType/OpenType file it wraps (each table is zlib-deflated or stored). */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF file');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const at = 44 + index * 20;
    const offset = woff.readUInt32BE(at + 4);
    const stored = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const bytes = woff.subarray(offset, offset + stored);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: stored < length ? inflateSync(bytes) : bytes };
  });
  const selector = Math.floor(Math.log2(count));
  const range = 2 ** selector * 16;
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(range, 6);
  header.writeUInt16BE(selector, 8);
  header.writeUInt16BE(count * 16 - range, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, index) => {
    header.writeUInt32BE(table.tag, 12 + index * 16);
    header.writeUInt32BE(table.checksum, 12 + index * 16 + 4);
    header.writeUInt32BE(offset, 12 + index * 16 + 8);
    header.writeUInt32BE(table.data.length, 12 + index * 16 + 12);
    const padding = (4 - (table.data.length % 4)) % 4;
    parts.push(table.data, Buffer.alloc(padding));
    offset += table.data.length + padding;
  });
  return Buffer.concat(parts);
}

/** The two faces as TrueType files in `cacheDir`, unpacked once, with the names Pango knows them by. */
function faces(cacheDir: string): Record<TextLayer['face'], { file: string; font: (size: number) => string }> {
  const fonts = publishedFonts();
  const unpacked = (family: string, weight: number) => {
    const face = fonts.find((font) => font.family === family && font.weight === weight);
    if (!face) throw new Error(`the face ${family} ${weight} is not among the site's fonts (src/fonts.ts)`);
    const woff = face.source.replace(/\.woff2$/, '.woff');
    const file = path.join(cacheDir, path.basename(face.url).replace(/\.woff2$/, '.ttf'));
    if (!existsSync(file)) {
      mkdirSync(cacheDir, { recursive: true });
      writeFileSync(`${file}.${process.pid}.tmp`, woffToSfnt(readFileSync(woff)));
      renameSync(`${file}.${process.pid}.tmp`, file);
    }
    return file;
  };
  return {
    // Fraunces' static 600 file names its family "Fraunces SemiBold"; the comma ends the family's name.
    heading: { file: unpacked(HEADING_FAMILY, 600), font: (size) => `${HEADING_FAMILY} SemiBold, ${size}` },
    text: { file: unpacked(TEXT_FAMILY, 700), font: (size) => `${TEXT_FAMILY} Bold ${size}` },
  };
}

/** The house mark of the favicon, 64 px, at (x, y). */
const mark = (x: number, y: number) =>
  `<g transform="translate(${x} ${y})"><rect width="64" height="64" rx="14" fill="${color.brand}"/><path d="M32 14 12 30h6v20h28V30h6Z" fill="${color.paper}"/><path d="M32 46s-9-5.6-9-11.3A5 5 0 0 1 32 32a5 5 0 0 1 9 2.7C41 40.4 32 46 32 46Z" fill="${color.accent}"/></g>`;

/** A tick, 22 px, at (x, y). */
const tick = (x: number, y: number) => `<path d="M${x} ${y + 12}l7 7 15-16" fill="none" stroke="${color.ink}" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>`;

const PAD_X = 72;
const PAD_Y = 64;
const TITLE_WIDTH = 620;
const CLAIM_SIZE = 26;
const CLAIM_GAP = 8;

/** Draws the share image: the PNG, the background SVG and the text laid over it (for tests to read). */
export async function drawShareImage(card: ShareCard, options: { fontDir: string; contentImages: string }): Promise<{ png: Buffer; svg: string; texts: TextLayer[] }> {
  const { default: sharp } = await import('sharp');
  const face = faces(options.fontDir);
  // Pango's picture of a text is cut to its ink. An invisible "Ág" after each text (alpha 1 in 65536: no pixel
  // shows it) makes every line as tall as the tallest letter and as deep as the deepest, so that each picture's top
  // is the same distance above its last baseline, whatever the letters; `ascent` is that distance.
  const STRUT = '<span alpha="1">Ág</span>';
  const ink = async (layer: Omit<TextLayer, 'left' | 'top' | 'text'>, text: string, lineHeight?: number) => {
    const spans = `<span foreground="${layer.color}"${lineHeight ? ` line_height="${Math.round(lineHeight * 1024)}"` : ''}>${text}</span>`;
    const image = sharp({ text: { text: spans, font: face[layer.face].font(layer.size), fontfile: face[layer.face].file, width: layer.width, wrap: 'word', dpi: 72, rgba: true } });
    const { data, info } = await image.png().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  const render = async (layer: Omit<TextLayer, 'left' | 'top'>, lineHeight?: number) => ink(layer, markup(layer.text) + STRUT, lineHeight);
  /** How far the top of a strutted line is above its baseline, and the height of a capital. */
  const metrics = async (layer: Omit<TextLayer, 'left' | 'top' | 'text'>) => {
    const [accent, capital] = await Promise.all([ink(layer, '<span>Á</span>'), ink(layer, '<span>X</span>')]);
    return { ascent: accent.height, capital: capital.height };
  };

  // The name beside the mark; the heading as large as fits in the space left (three lines at most); the claims,
  // each with a tick; the phone and registration at the bottom. The blocks are spread over the height.
  const nameLayer = { text: card.name, face: 'heading', size: 44, color: color.brandDark, width: SHARE_WIDTH - PAD_X - 156 } as const;
  const footLayer = { text: `${card.phone} · ${card.registration}`, face: 'text', size: 30, color: color.brandDark, width: SHARE_WIDTH - 2 * PAD_X } as const;
  const claimLayers = card.claims.map((claim) => ({ text: claim, face: 'text', size: CLAIM_SIZE, color: color.ink, width: 640 - 34 }) as const);
  const [name, nameMetrics, foot, claimMetrics, ...claims] = await Promise.all([render(nameLayer), metrics(nameLayer), render(footLayer), metrics(claimLayers[0] ?? footLayer), ...claimLayers.map((layer) => render(layer))]);
  const claimsHeight = claims.reduce((sum, claim) => sum + claim.height, 0) + CLAIM_GAP * Math.max(0, claims.length - 1);
  const room = SHARE_HEIGHT - 2 * PAD_Y - 64 - claimsHeight - foot.height;
  const titleLayer = (size: number) => ({ text: card.title, face: 'heading', size, color: color.ink, width: TITLE_WIDTH }) as const;
  let titleSize = 76;
  let title = await render(titleLayer(titleSize), titleSize * 1.05);
  while (titleSize > 40 && (title.height > room - 3 * 24 || title.height > titleSize * 1.05 * 3 + titleSize * 0.3)) {
    titleSize -= 6;
    title = await render(titleLayer(titleSize), titleSize * 1.05);
  }
  const gap = Math.max(16, (room - title.height) / 3);

  const texts: TextLayer[] = [];
  const layers: Array<{ input: Buffer; left: number; top: number }> = [];
  const place = (layer: Omit<TextLayer, 'left' | 'top'>, image: { data: Buffer }, left: number, top: number) => {
    texts.push({ ...layer, left: Math.round(left), top: Math.round(top) });
    layers.push({ input: image.data, left: Math.round(left), top: Math.round(top) });
  };
  // The name's capitals centred on the mark.
  place(nameLayer, name, 156, PAD_Y + 32 - (nameMetrics.ascent - nameMetrics.capital / 2));
  let top = PAD_Y + 64 + gap;
  place(titleLayer(titleSize), title, PAD_X, top);
  top += title.height + gap;
  const ticks: string[] = [];
  claimLayers.forEach((layer, index) => {
    place(layer, claims[index]!, PAD_X + 34, top);
    // The tick's middle on the middle of the capitals of the claim's first line.
    ticks.push(tick(PAD_X, top + claimMetrics.ascent - claimMetrics.capital / 2 - 11));
    top += claims[index]!.height + CLAIM_GAP;
  });
  place(footLayer, foot, PAD_X, SHARE_HEIGHT - PAD_Y - foot.height);

  // The About page's picture, fitted into the right-hand side.
  let picture = '';
  if (card.picture) {
    const source = readFileSync(path.join(options.contentImages, card.picture.file));
    const fitted = await sharp(source, { density: 144 }).resize({ width: 470, height: 400, fit: 'inside' }).png().toBuffer({ resolveWithObject: true });
    picture = `<image x="${SHARE_WIDTH - 36 - fitted.info.width}" y="${Math.round(150 + (400 - fitted.info.height) / 2)}" width="${fitted.info.width}" height="${fitted.info.height}" href="data:image/png;base64,${fitted.data.toString('base64')}"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}">
<defs>
<linearGradient id="ground" x1="0.33" y1="0" x2="0.67" y2="1"><stop offset="0" stop-color="${color.brandTint}"/><stop offset="1" stop-color="${color.paper}"/></linearGradient>
<radialGradient id="glow" cx="1056" cy="63" r="540" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fbe3cf"/><stop offset="1" stop-color="#fbe3cf" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="url(#ground)"/>
<rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="url(#glow)"/>
${picture}
${mark(PAD_X, PAD_Y)}
${ticks.join('\n')}
</svg>`;
  // A palette PNG: a quarter of the size, with no difference a reader would see in flat illustration and type.
  const png = await sharp(Buffer.from(svg))
    .composite(layers)
    .png({ palette: true, quality: 100, dither: 0, compressionLevel: 9 })
    .toBuffer();
  return { png, svg, texts };
}

/** Draws the share image into the build's output at its path; the TrueType faces are kept in `cacheDir`. */
export async function writeShareImage(card: ShareCard, output: BuildOutput, cacheDir: string, contentImages = path.join(process.cwd(), 'content', 'images')): Promise<void> {
  const { png } = await drawShareImage(card, { fontDir: path.join(cacheDir, 'share-fonts'), contentImages });
  await output.write(card.path.slice(1), png);
}

/**
 * Starts drawing the share image for a build, from the content snapshot the content step wrote (src/content/content.ts
 * ContentSnapshot), so that it is drawn while the pages are rendered; the answer never rejects: a failure is returned.
 */
export function startShareImage(snapshotFile: string, cacheDir: string): Promise<{ card: ShareCard; png: Buffer; seconds: number } | { error: Error }> {
  const started = performance.now();
  return (async () => {
    const { content } = JSON.parse(readFileSync(snapshotFile, 'utf8')) as ContentSnapshot;
    const card = shareCard(content);
    const { png } = await drawShareImage(card, { fontDir: path.join(cacheDir, 'share-fonts'), contentImages: path.join(process.cwd(), 'content', 'images') });
    return { card, png, seconds: (performance.now() - started) / 1000 };
  })().catch((error: unknown) => ({ error: error instanceof Error ? error : new Error(String(error)) }));
}
