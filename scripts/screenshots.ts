/**
 * `npm run screenshots`: pictures of the site as visitors and staff see it.
 *   - screenshots/<width>/<route>.png (gitignored), full page, at 375 px (a phone; device scale 1) and 1280 px:
 *     every page the build wrote (each `index.html` under dist/client: the sitemap's routes, the thank-you and
 *     not-sent pages, every job and service), the 404 page (as served for an unknown address), and /admin:
 *     the sign-in page, then signed in as the demo staff account, the Job Applications list, an application's
 *     detail dialog, the Inquiries list, an inquiry's detail dialog and the Reports, then, signed in as the demo
 *     admin, the Staff list;
 *   - docs/images/home.png, service.png and dashboard.png (committed; README shows them): 1280x800, the first
 *     screen only, saved as palette PNGs.
 * By default it builds the site in a throw-away copy of the project (scripts/harness/projectCopy.ts) for a local
 * Supabase stand-in of its own, both on free ports, as `npm run audit` and the browser tests do: the pictures
 * show the sources as they are now, dist/ is left alone, and a running `npm start` is never in the way.
 * `-- --no-build` photographs the existing dist/client instead (built by `npm start` or `npm run build` for the
 * local stand-in); the dashboard's calls to the stand-in it was built for are sent to this script's own.
 * `-- /about /contact` limits the public pages to those paths (the dashboard and the README pictures are
 * always taken).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { chromiumLaunchOptions } from './harness/chromium.ts';
import { copyProject, type ProjectCopy } from './harness/projectCopy.ts';
import { startLocalSupabase, type LocalSupabase } from './local-supabase/server.ts';
import { createStaticServer } from './live/siteServer.ts';

const WIDTHS = [375, 1280] as const;
/** The first screen's height at each width (a full-page shot is as tall as the page). */
const HEIGHTS: Record<(typeof WIDTHS)[number], number> = { 375: 740, 1280: 800 };
const STAFF = { email: 'staff@example.com', password: 'staff-demo-password' };
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-password' };
/** The service page shown in README: one of the hand-built pages on the service template. */
const README_SERVICE = '/personal-care';
/** The most a README picture may weigh; its palette is reduced until it fits. */
const README_MAX_BYTES = 150 * 1024;

const root = process.cwd();
const outDir = path.join(root, 'screenshots');
const docsImages = path.join(root, 'docs', 'images');
const args = process.argv.slice(2);
const noBuild = args.includes('--no-build');
const only = args.filter((arg) => arg.startsWith('/'));
const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(0);

let project: ProjectCopy | undefined;
let supabase: LocalSupabase | undefined;
let site: ReturnType<typeof createStaticServer> | undefined;
async function cleanup() {
  site?.close();
  await supabase?.close();
  project?.cleanup();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void cleanup().finally(() => process.exit(1)));

// The stand-in first, on a free port: the site is built for its address.
supabase = await startLocalSupabase({ port: 0, signInLimit: 1000, log: () => undefined });
let client: string;
/** The stand-in the dashboard was built for, when it is not this script's (--no-build). */
let builtApi: string | undefined;
if (noBuild) {
  client = path.join(root, 'dist', 'client');
  if (!existsSync(path.join(client, 'index.html'))) {
    console.error('There is no built site in dist/client: run `npm run build` first, or leave out --no-build.');
    await cleanup();
    process.exit(1);
  }
  builtApi = builtSupabaseUrl(client);
  console.log(`Using the existing build in dist/client (its dashboard's stand-in ${builtApi} is answered by ${supabase.url}).`);
} else {
  console.log(`Building the site in a throw-away copy for a stand-in at ${supabase.url}...`);
  project = copyProject(root);
  const built = project.build({ VITE_SUPABASE_URL: supabase.url, VITE_POSTHOG_KEY: '' });
  if (built.status !== 0) {
    console.error(`The site could not be built:\n${built.stdout}\n${built.stderr}`);
    await cleanup();
    process.exit(1);
  }
  console.log(`Built in ${built.seconds.toFixed(0)} s.`);
  client = path.join(project.dir, 'dist', 'client');
}
site = createStaticServer(client, () => undefined);
await new Promise<void>((resolve) => site!.listen(0, '127.0.0.1', resolve));
const base = `http://localhost:${(site.address() as AddressInfo).port}`;

/** The Supabase URL a build's pages may connect to: the first origin after 'self' in its connect-src. */
function builtSupabaseUrl(folder: string): string {
  const headers = readFileSync(path.join(folder, '_headers'), 'utf8');
  const connect = /connect-src ([^;]+)/.exec(headers)?.[1]?.split(' ').find((source) => /^https?:\/\//.test(source));
  return connect ?? 'http://127.0.0.1:54321';
}

/** Every page the build wrote: the folder of each index.html under the site's root, /admin aside. */
function builtRoutes(folder: string, prefix = ''): string[] {
  const routes: string[] = [];
  for (const entry of readdirSync(path.join(folder, prefix), { withFileTypes: true })) {
    const relative = path.posix.join(prefix, entry.name);
    if (entry.isDirectory() && relative !== 'assets' && relative !== 'admin') routes.push(...builtRoutes(folder, relative));
    else if (entry.name === 'index.html') routes.push(`/${prefix}`);
  }
  return routes.sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
}

/** screenshots/<width>/<name>.png: `home` for /, the path's segments joined by '-' otherwise. */
const nameOf = (route: string) => (route === '/' ? 'home' : route.slice(1).replaceAll('/', '-'));

/**
 * Waits until what a visitor would see is all there: the fonts loaded, every picture (lazy ones too, which a
 * full-page shot would otherwise show empty) loaded and decoded, and two frames drawn since.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) if (img.loading === 'lazy') img.loading = 'eager';
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete ? img.decode().catch(() => undefined) : new Promise((resolve) => ['load', 'error'].forEach((event) => img.addEventListener(event, resolve, { once: true }))),
      ),
    );
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const { pictures, fonts } = await page.evaluate(() => ({
    pictures: Array.from(document.images).filter((img) => img.naturalWidth === 0).map((img) => img.currentSrc || img.src),
    fonts: Array.from(document.fonts).filter((face) => face.status === 'error').map((face) => `${face.family} ${face.weight}`),
  }));
  if (pictures.length) problems.push(`${page.url()}: pictures that did not load: ${pictures.join(', ')}`);
  if (fonts.length) problems.push(`${page.url()}: fonts that did not load: ${fonts.join(', ')}`);
}

const written: Record<string, string[]> = {};
const problems: string[] = [];
/**
 * A full-page shot. An open dialog sits over the first screen and scrolls on its own: its shot is of the window,
 * made just tall enough for the whole dialog to show.
 */
async function shoot(page: Page, width: number, name: string, dialog?: Locator) {
  await settle(page);
  const file = path.join(outDir, String(width), `${name}.png`);
  const viewport = page.viewportSize()!;
  if (dialog) {
    // The dialog's height follows the window's, and its words may wrap anew: measured again until all of it shows.
    for (let attempt = 0; attempt < 5; attempt++) {
      const hidden = await dialog.evaluate((element) => Math.max(...[element, ...element.querySelectorAll('*')].map((e) => e.scrollHeight - e.clientHeight)));
      if (hidden <= 0) break;
      await page.setViewportSize({ width: viewport.width, height: page.viewportSize()!.height + hidden });
      await settle(page);
    }
  }
  await page.screenshot({ path: file, fullPage: !dialog, animations: 'disabled', caret: 'hide' });
  if (dialog) await page.setViewportSize(viewport);
  (written[String(width)] ??= []).push(name);
}

/** The first of the matches a visitor can see (the dashboard may keep a table and a card list, one hidden). */
const visible = (locator: Locator) => locator.filter({ visible: true }).first();

async function dashboard(page: Page, width: number) {
  await page.goto(`${base}/admin`);
  await page.getByLabel('Email').waitFor();
  await shoot(page, width, 'admin-sign-in');
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const details = page.getByRole('button', { name: /^View details of / });
  /** A list, then one record's dialog, closed again. */
  const listAndDialog = async (list: string, record: string) => {
    await visible(details).waitFor();
    await shoot(page, width, list);
    await visible(details).click();
    await page.getByRole('dialog').waitFor();
    await shoot(page, width, record, page.getByRole('dialog'));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  };
  await listAndDialog('admin-applications', 'admin-application-details');
  await sections(page).getByRole('link', { name: 'Inquiries' }).click();
  await page.getByRole('heading', { name: 'Inquiries', level: 1 }).waitFor();
  await listAndDialog('admin-inquiries', 'admin-inquiry-details');
  await sections(page).getByRole('link', { name: 'Reports' }).click();
  await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
  await page.getByText('Loading reports...').waitFor({ state: 'hidden' });
  await shoot(page, width, 'admin-reports');
  // The staff list is an admin's: signed in again as the demo admin.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await sections(page).getByRole('link', { name: 'Staff' }).click();
  await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
  await visible(page.getByRole('heading', { level: 3 })).waitFor();
  await shoot(page, width, 'admin-staff');
}

const sections = (page: Page) => page.getByRole('navigation', { name: 'Dashboard sections' });

/** A README picture: the first screen at 1280x800, as a palette PNG small enough for a README. */
async function readmePicture(context: BrowserContext, name: string, open: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  await open(page);
  await settle(page);
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  await page.close();
  const file = path.join(docsImages, `${name}.png`);
  let bytes = 0;
  for (const colours of [256, 128, 64, 32]) {
    const info = await sharp(png).png({ palette: true, colours, dither: 0, compressionLevel: 9, effort: 10 }).toFile(file);
    bytes = info.size;
    if (bytes <= README_MAX_BYTES) break;
  }
  return `docs/images/${name}.png (${Math.round(bytes / 1024)} KB)`;
}

const routes = builtRoutes(client).filter((route) => only.length === 0 || only.includes(route));
const readme: string[] = [];
mkdirSync(docsImages, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const width of WIDTHS) {
    // A full run replaces the folder; a run for some paths replaces only their pictures.
    if (only.length === 0) rmSync(path.join(outDir, String(width)), { recursive: true, force: true });
    mkdirSync(path.join(outDir, String(width)), { recursive: true });
    const context = await browser.newContext({ viewport: { width, height: HEIGHTS[width] }, deviceScaleFactor: 1, reducedMotion: 'reduce' });
    if (builtApi) await context.route(`${builtApi}/**`, (route) => route.continue({ url: route.request().url().replace(builtApi!, supabase!.url) }));
    const page = await context.newPage();
    for (const route of routes) {
      const response = await page.goto(`${base}${route}`);
      if (!response?.ok()) problems.push(`${route}: status ${response?.status()}`);
      await shoot(page, width, nameOf(route));
    }
    if (only.length === 0 || only.includes('/404')) {
      await page.goto(`${base}/no-such-page`);
      await shoot(page, width, '404');
    }
    await dashboard(page, width);
    if (width === 1280) {
      readme.push(await readmePicture(context, 'home', (p) => p.goto(`${base}/`).then(() => undefined)));
      readme.push(await readmePicture(context, 'service', (p) => p.goto(`${base}${README_SERVICE}`).then(() => undefined)));
      readme.push(
        await readmePicture(context, 'dashboard', async (p) => {
          await p.goto(`${base}/admin`);
          // The session is kept from the sign-in above; sign in again only if it was not.
          const details = p.getByRole('button', { name: /^View details of / });
          await Promise.race([visible(details).waitFor(), p.getByLabel('Email').waitFor()]);
          if (await p.getByLabel('Email').isVisible()) {
            await p.getByLabel('Email').fill(STAFF.email);
            await p.getByLabel('Password').fill(STAFF.password);
            await p.getByRole('button', { name: 'Sign in' }).click();
          }
          await visible(details).waitFor();
        }),
      );
    }
    await context.close();
  }
} finally {
  await browser.close();
  await cleanup();
}

for (const [width, names] of Object.entries(written)) {
  const dir = path.relative(root, path.join(outDir, width));
  const kb = names.reduce((sum, name) => sum + statSync(path.join(outDir, width, `${name}.png`)).size, 0) / 1024;
  console.log(`\n${dir}/: ${names.length} screenshots at ${width} px (${Math.round(kb)} KB)\n  ${names.join(', ')}`);
}
console.log(`\nREADME pictures (1280x800, first screen):\n  ${readme.join('\n  ')}`);
if (problems.length) {
  console.error(`\nNot as a visitor would see it (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
}
console.log(`\nDone in ${seconds()} s.`);
