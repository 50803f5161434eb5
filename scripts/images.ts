/**
 * `npm run images`: draws public/og-image.png (1200x630, the picture shown when a page is shared) from the
 * agency's name and claims in content/site.yaml, in the site's own typefaces, with the home illustration
 * (content/images/about.svg), and public/apple-touch-icon.png (180x180) from the favicon.
 * Run it after changing those; the PNGs are committed so that building the site needs no browser.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { chromiumLaunchOptions } from './harness/chromium.ts';
import { loadContent } from '../src/content/loader.ts';
import { publishedFonts } from '../src/fonts.ts';
import { escapeHtml } from '../src/seo/head.ts';
import { color, font } from '../src/theme.ts';

const { site, pages } = await loadContent();
const claims = [site.claims.backgroundChecked, site.claims.licensedInsured, site.claims.careHours, site.claims.coverage];
/** The theme's font stacks quote names with "; inside a style attribute they need ' instead. */
const body = font.body.replace(/"/g, "'");
const heading = font.heading.replace(/"/g, "'");

// The site's faces, given to the page as data: URLs (it has no server to load them from).
const faces = publishedFonts()
  .map(({ family, weight, source }) => `@font-face{font-family:"${family}";font-weight:${weight};src:url(data:font/woff2;base64,${readFileSync(source).toString('base64')}) format("woff2")}`)
  .join('');
const picture = `data:image/svg+xml;base64,${readFileSync(path.join(process.cwd(), 'content', 'images', 'about.svg')).toString('base64')}`;

const html = `<!DOCTYPE html><html><head><style>${faces}</style></head><body style="margin:0">
<div style="position:relative;width:1200px;height:630px;box-sizing:border-box;padding:64px 72px;display:flex;flex-direction:column;justify-content:space-between;
  background:radial-gradient(circle at 88% 10%, #fbe3cf 0, transparent 45%), linear-gradient(160deg, ${color.brandTint}, ${color.paper});font-family:${body};color:${color.ink}">
  <img src="${picture}" alt="" style="position:absolute;right:36px;top:150px;width:470px;height:auto">
  <div style="display:flex;align-items:center;gap:20px;font-family:${heading};font-size:44px;font-weight:600;color:${color.brandDark}">
    <svg width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${color.brand}"/><path d="M32 14 12 30h6v20h28V30h6Z" fill="${color.paper}"/><path d="M32 46s-9-5.6-9-11.3A5 5 0 0 1 32 32a5 5 0 0 1 9 2.7C41 40.4 32 46 32 46Z" fill="${color.accent}"/></svg>
    ${escapeHtml(site.name)}
  </div>
  <div style="max-width:620px;font-family:${heading};font-size:76px;font-weight:600;line-height:1.05">${escapeHtml(pages.home.hero.title)}</div>
  <div style="max-width:640px;display:flex;flex-wrap:wrap;gap:10px 32px;font-size:26px;font-weight:700">
    ${claims.map((claim) => `<span>&#10003; ${escapeHtml(claim)}</span>`).join('')}
  </div>
  <div style="font-size:30px;font-weight:700;color:${color.brandDark}">${escapeHtml(site.phone.display)} &middot; ${escapeHtml(site.registration.label)}</div>
</div></body></html>`;

const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.evaluate(() => document.fonts.ready.then(() => undefined));
const file = path.join(process.cwd(), 'public', 'og-image.png');
// A palette PNG: a quarter of the size, with no difference a reader would see in flat illustration and type.
await sharp(await page.screenshot()).png({ palette: true, quality: 100, dither: 0, compressionLevel: 9 }).toFile(file);

const icon = await browser.newPage({ viewport: { width: 180, height: 180 } });
const svg = readFileSync(path.join(process.cwd(), 'public', 'favicon.svg'), 'utf8').replace('<svg ', '<svg width="180" height="180" ');
await icon.setContent(`<!DOCTYPE html><html><body style="margin:0">${svg}</body></html>`);
await icon.screenshot({ path: path.join(process.cwd(), 'public', 'apple-touch-icon.png') });
await browser.close();
console.log('Wrote public/og-image.png and public/apple-touch-icon.png');
