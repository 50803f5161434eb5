// @ts-check
/**
 * Prerenders every page into dist/client with Vike's server runtime: `renderPage`, the function a production
 * server calls, on the bundle in dist/server. The HTML is the same as `vike prerender` writes (the pinned
 * output test compares), but `vike prerender` first loads Vite and the project's Vite configuration (MDX,
 * React and Vike plugins) again, which was most of a small site's build time; the server runtime needs neither.
 * Plain JavaScript, run with plain Node: the TypeScript loader the other scripts use makes loading Vike and
 * React about twice as slow, and everything here is already bundled.
 * Usage: node scripts/lib/prerender.mjs <plan.json>, where the plan is { paths: string[] }: the pages the
 * content gives (fixed pages, form pages, jobs, services; see publicRoutes). Vike's own static routes (such as
 * /admin) and the 404 page are added here.
 * Writes no file: each page goes to stdout as one line, the JSON of [file under dist/client, html], and the
 * build (scripts/lib/writePages.ts) writes it with its style policy, on the other core, as this renders the next.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Routes with a parameter, whose pages the content lists (the plan's paths); any other needs adding there. */
const CONTENT_ROUTES = ['/@slug', '/careers/@slug'];

const [planFile] = process.argv.slice(2);
if (!planFile) throw new Error('usage: prerender.mjs <plan.json>');
/** @type {{ paths: string[] }} */
const plan = JSON.parse(readFileSync(planFile, 'utf8'));
const root = process.cwd();

const { getGlobalContextAsync, renderPage } = await import('vike/server');
const { pages } = await getGlobalContextAsync(true);
const staticPaths = [];
for (const [pageId, page] of Object.entries(pages)) {
  const route = /** @type {{ route?: unknown }} */ (page).route;
  if (typeof route !== 'string') {
    if (pageId !== '/pages/_error') throw new Error(`${pageId} has a route function: say in scripts/lib/prerender.mjs which pages it has`);
    continue;
  }
  if (!/[@*]/.test(route)) staticPaths.push(route);
  else if (!CONTENT_ROUTES.includes(route)) throw new Error(`${pageId} has the route ${route}: list its pages in publicRoutes (src/routes.ts) and add the route to CONTENT_ROUTES in scripts/lib/prerender.mjs`);
}

/** The file a page is written to, as `vike prerender` names it. */
const htmlFile = (/** @type {string} */ urlPath) => (urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}/index.html`);

/**
 * @param {string} urlPath
 * @param {string} file
 * @param {number} status the status the page must be rendered with
 */
async function write(urlPath, file, status) {
  const pageContext = await renderPage({ urlOriginal: urlPath });
  const response = pageContext.httpResponse;
  if (!response || response.statusCode !== status) {
    const error = /** @type {{ errorWhileRendering?: unknown }} */ (pageContext).errorWhileRendering;
    throw new Error(`${urlPath} rendered with status ${response?.statusCode ?? 'none'}, not ${status}`, { cause: error });
  }
  // A pipe's writes are synchronous on Linux: when the build falls behind, this waits for it.
  process.stdout.write(`${JSON.stringify([file, response.body])}\n`);
}

const paths = [...new Set([...plan.paths, ...staticPaths])];
for (const urlPath of paths) await write(urlPath, htmlFile(urlPath), 200);
// The error page, for any address without a page: what `vike prerender` writes as 404.html.
await write('/404', '404.html', 404);
// As `vike prerender` does when every page is prerendered: the server bundle is not deployed.
rmSync(path.join(root, 'dist/server'), { recursive: true, force: true });
