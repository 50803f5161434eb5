/**
 * One prerender worker: renders its share of the pages with Vike's server runtime (`renderPage`, the function
 * a production server calls, on the bundle in dist/server). The HTML is what `vike prerender` writes (the pinned
 * output test compares), but `vike prerender` first loads Vite and the project's Vite configuration (MDX, React
 * and Vike plugins) again, which was most of a small site's build time; the server runtime needs neither.
 * Compiled and run with plain Node (scripts/lib/compiled.mjs); the build runs several at once (writePages.ts).
 * Usage: prerender <worker> <workers>. It starts by loading Vike, React and every page's server code, then
 * reads the plan file's name from stdin (a ContentStepResult: its `paths` are the pages the content gives:
 * fixed pages, form pages, jobs, services; see publicRoutes), so that loading overlaps the content step. Vike's
 * own static routes (such as /admin) and the 404 page are added here. Worker k of n renders pages k, k + n, ...
 * of the whole list, and the 404 page if k is 0, and sends each to stdout for the build to write.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getGlobalContextAsync, renderPage } from 'vike/server';
import type { ContentStepResult } from './contentStep.ts';

/** Routes with a parameter, whose pages the content lists (the plan's paths); any other needs adding there. */
const CONTENT_ROUTES = ['/@slug', '/careers/@slug'];

const [worker, workers] = process.argv.slice(2).map(Number) as [number, number];
if (!(worker >= 0 && workers > worker)) throw new Error('usage: prerender <worker> <workers>');
const root = process.cwd();

const { pages } = await getGlobalContextAsync(true);
const staticPaths: string[] = [];
for (const [pageId, page] of Object.entries(pages)) {
  const route = (page as { route?: unknown }).route;
  if (typeof route !== 'string') {
    if (pageId !== '/pages/_error') throw new Error(`${pageId} has a route function: say in scripts/lib/prerender.ts which pages it has`);
    continue;
  }
  if (!/[@*]/.test(route)) staticPaths.push(route);
  else if (!CONTENT_ROUTES.includes(route)) throw new Error(`${pageId} has the route ${route}: list its pages in publicRoutes (src/routes.ts) and add the route to CONTENT_ROUTES in scripts/lib/prerender.ts`);
}
// Every page's server code (and through it React and Emotion), loaded while the content step runs rather than
// on the first page: Vike would import the same modules on first use.
const entries = path.join(root, 'dist/server/entries');
await Promise.all(readdirSync(entries).map((file) => import(pathToFileURL(path.join(entries, file)).href)));

// The build writes the plan's name and closes stdin; closed with nothing written, the build stopped before the
// pages (a content error): there is nothing to do.
let planFile = '';
for await (const chunk of process.stdin) planFile += String(chunk);
planFile = planFile.trim();
if (!planFile) process.exit(0);
const plan = JSON.parse(readFileSync(planFile, 'utf8')) as Extract<ContentStepResult, { ok: true }>;

/** The file a page is written to, as `vike prerender` names it. */
const htmlFile = (urlPath: string) => (urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}/index.html`);

/**
 * Sends a page to the build, which writes it with its style policy on the other core as this renders the next
 * (creating a folder and a file costs about as much time as rendering the page): a header line, "<file>\t<bytes>",
 * then the HTML. A pipe's writes are synchronous on Linux: when the build falls behind, this waits for it.
 */
async function write(urlPath: string, file: string, status: number) {
  const pageContext = await renderPage({ urlOriginal: urlPath });
  const response = pageContext.httpResponse;
  if (!response || response.statusCode !== status) {
    const error = (pageContext as { errorWhileRendering?: unknown }).errorWhileRendering;
    throw new Error(`${urlPath} rendered with status ${response?.statusCode ?? 'none'}, not ${status}`, { cause: error });
  }
  const html = Buffer.from(response.body, 'utf8');
  process.stdout.write(`${file}\t${html.length}\n`);
  process.stdout.write(html);
}

const paths = [...new Set([...plan.paths, ...staticPaths])].filter((_, index) => index % workers === worker);
for (const urlPath of paths) await write(urlPath, htmlFile(urlPath), 200);
// The error page, for any address without a page: what `vike prerender` writes as 404.html.
if (worker === 0) await write('/404', '404.html', 404);
