/**
 * One prerender worker: renders its share of the pages with Vike's server runtime (`renderPage`, the function
 * a production server calls, on the server bundle in the build's folder, src/buildDir.ts). The HTML is what `vike prerender` writes (the pinned
 * output test compares), but `vike prerender` first loads Vite and the project's Vite configuration (MDX, React
 * and Vike plugins) again, which was most of a small site's build time; the server runtime needs neither.
 * Compiled and run with plain Node (scripts/generator/compiled.mjs); the build runs several at once (writePages.ts).
 * Usage: prerender <worker> <workers>. It starts by loading Vike, React and every page's server code, then
 * reads the plan file's name from stdin (a ContentStepResult: its `paths` are the pages the content gives:
 * fixed pages, form pages, jobs, services; see publicRoutes), so that loading overlaps the content step. Vike's
 * own static routes (such as /admin) and the 404 page are added here. Worker k of n renders pages k, k + n, ...
 * of the whole list, and the 404 page if k is 0, and sends each to stdout for the build to write.
 *
 * The pages of a template route (a service, a job) after the first are rendered without renderPage: the route's
 * +data and documentHtml (the config that onRenderHtml returns the string of) are called directly, with the page's
 * address and parameters. That is what renderPage does for such a page, less its routing, hook timers and HTML
 * scanning, which cost twice as much as React itself. It is trusted only once it gave Vike's HTML byte for byte on
 * the route's first page; otherwise, or when a page fails that way, Vike renders the pages.
 */
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getGlobalContextAsync, renderPage } from 'vike/server';
import type { DocumentContext, RouteContext } from '../../renderer/types.ts';
import { buildDir } from '../../src/buildDir.ts';
import { CONTENT_SNAPSHOT_ENV } from '../../src/content/snapshotEnv.ts';
import type { ContentStepResult } from './contentCheck.ts';
import { replaceIfChanged } from './output.ts';
import { withPolicyWhereItApplies } from './securityHeaders.ts';

/** Routes with a parameter, whose pages the content lists (the plan's paths); any other needs adding there. */
const CONTENT_ROUTES = ['/@slug', '/careers/@slug', '/contact/for/@slug'];

const [worker, workers] = process.argv.slice(2).map(Number) as [number, number];
if (!(worker >= 0 && workers > worker)) throw new Error('usage: prerender <worker> <workers>');

// The production entry, loaded here: Vike would look for it in dist/server, and the bundles are in the build's folder.
await import(pathToFileURL(path.join(buildDir(), 'server/entry.mjs')).href);
const { pages } = await getGlobalContextAsync(true);
const staticPaths: string[] = [];
for (const [pageId, page] of Object.entries(pages)) {
  const route = (page as { route?: unknown }).route;
  if (typeof route !== 'string') {
    if (pageId !== '/pages/_error') throw new Error(`${pageId} has a route function: say in scripts/generator/prerender.ts which pages it has`);
    continue;
  }
  if (!/[@*]/.test(route)) staticPaths.push(route);
  else if (!CONTENT_ROUTES.includes(route)) throw new Error(`${pageId} has the route ${route}: list its pages in publicRoutes (src/routes.ts) and add the route to CONTENT_ROUTES in scripts/generator/prerender.ts`);
}
// Every page's server code (and through it React and Emotion), loaded while the content step runs rather than
// on the first page: Vike would import the same modules on first use.
const entries = path.join(buildDir(), 'server/entries');
await Promise.all(readdirSync(entries).map((file) => import(pathToFileURL(path.join(entries, file)).href)));

/** The file a page is written to, as `vike prerender` names it. */
const htmlFile = (urlPath: string) => (urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}/index.html`);

/** A page of a template route: the route, and its parameters taken from the address. */
interface RouteMatch {
  route: string;
  routeParams: Record<string, string>;
}

const fixedPaths = new Set(staticPaths);
const contentRoutes = CONTENT_ROUTES.map((route) => ({ route, parts: route.split('/') }));
/** The template route an address belongs to, as Vike routes it: a fixed page wins, and a parameter is one segment. */
function templateRoute(urlPath: string): RouteMatch | undefined {
  if (fixedPaths.has(urlPath)) return undefined;
  const segments = urlPath.split('/');
  const matches = contentRoutes.flatMap(({ route, parts }) => {
    if (parts.length !== segments.length) return [];
    const routeParams: Record<string, string> = {};
    for (const [i, part] of parts.entries()) {
      if (part.startsWith('@')) routeParams[part.slice(1)] = segments[i]!;
      else if (part !== segments[i]) return [];
    }
    return [{ route, routeParams }];
  });
  return matches.length === 1 && Object.values(matches[0]!.routeParams).every((value) => /^[\w-]+$/.test(value)) ? matches[0] : undefined;
}

type Template = (urlPath: string, routeParams: Record<string, string>) => Promise<string>;
/** Per template route: how its pages are rendered without renderPage, or null where Vike renders them all. */
const templates = new Map<string, Template | null>();

/** The template of a route, from Vike's render of its first page; kept only if it gives the same HTML. */
async function templateFrom(pageContext: Awaited<ReturnType<typeof renderPage>>, match: RouteMatch, urlPath: string, html: string): Promise<Template | null> {
  // A template route's +data reads only its parameters (RouteContext), and documentHtml only a DocumentContext.
  const data = pageContext.config?.data as ((pageContext: RouteContext) => unknown) | undefined;
  const document = pageContext.config?.documentHtml;
  const Page = pageContext.Page as DocumentContext['Page'];
  const template: Template = async (path, routeParams) => {
    const page: DocumentContext = { Page, urlPathname: path, data: data ? ((await data({ routeParams })) as DocumentContext['data']) : undefined };
    return document!(page);
  };
  let same = false;
  try {
    same = document !== undefined && (await template(urlPath, match.routeParams)) === html;
  } catch {
    // Told below.
  }
  if (same) return template;
  console.error(`prerender: the pages of ${match.route} are rendered one by one through Vike's renderPage (slower): its documentHtml did not give Vike's HTML for ${urlPath}.`);
  return null;
}

/** A page's HTML, through its route's template when it has a trusted one, otherwise through Vike's renderPage. */
async function render(urlPath: string, status: number): Promise<string> {
  const match = status === 200 ? templateRoute(urlPath) : undefined;
  const template = match && templates.get(match.route);
  if (template) {
    try {
      return await template(urlPath, match.routeParams);
    } catch {
      // Vike renders it below, and reports what went wrong (a thrown render(404) is a 404 there).
    }
  }
  const pageContext = await renderPage({ urlOriginal: urlPath });
  const response = pageContext.httpResponse;
  if (!response || response.statusCode !== status) {
    const error = (pageContext as { errorWhileRendering?: unknown }).errorWhileRendering;
    throw new Error(`${urlPath} rendered with status ${response?.statusCode ?? 'none'}, not ${status}`, { cause: error });
  }
  if (match && !templates.has(match.route)) templates.set(match.route, await templateFrom(pageContext, match, urlPath, response.body));
  return response.body;
}

type Plan = Extract<ContentStepResult, { ok: true }>;

/** Pages held here, not yet taken by the build, past which rendering waits for it (about a hundred pages). */
const MAX_UNSENT_BYTES = 4 * 1024 * 1024;

/**
 * A build's page goes to the build, which writes it with its style policy on the other thread as this renders the
 * next (the policy and the file cost about a third of rendering the page: written here, a +1,000-page build took
 * 0.3 s longer): a header line, "<file>\t<bytes>", then the HTML. Rendering never yields to the event loop on its
 * own (every await in it is already settled), and a page is larger than a pipe holds: so after each page that did
 * not go out at once, the event loop gets a turn to pass it on, and past MAX_UNSENT_BYTES this waits for the
 * build. Without that, nothing reached the build before the last page was rendered, and every page was held here
 * meanwhile (+1,000 pages: 30 MB more).
 * A live build's page (liveBuild.ts) is given its policy here and written over the page served, by a rename, when
 * its bytes differ; its line says which: "<file>\t1" written, "<file>\t0" as it was.
 */
async function write(plan: Plan, liveClient: string | undefined, urlPath: string, file: string, status: number) {
  const rendered = await render(urlPath, status);
  if (liveClient) {
    const html = withPolicyWhereItApplies(file, rendered, plan.policySources).html;
    process.stdout.write(`${file}\t${replaceIfChanged(path.join(liveClient, file), html) ? 1 : 0}\n`);
    return;
  }
  // Its length in bytes is counted, not found by encoding it: the stream encodes it as it is written.
  process.stdout.write(`${file}\t${Buffer.byteLength(rendered)}\n`);
  process.stdout.write(rendered);
  if (process.stdout.writableLength > MAX_UNSENT_BYTES) await once(process.stdout, 'drain');
  else if (process.stdout.writableLength > 0) await new Promise(setImmediate);
}

/** Renders `paths` (the 404 page for '/404'), or this worker's share of every page; live, into `liveClient`. */
async function renderPages(plan: Plan, liveClient?: string, paths?: string[]) {
  const mine = paths ?? [...[...new Set([...plan.paths, ...staticPaths])].filter((_, index) => index % workers === worker), ...(worker === 0 ? ['/404'] : [])];
  // The error page, for any address without a page: what `vike prerender` writes as 404.html.
  for (const urlPath of mine) await (urlPath === '/404' ? write(plan, liveClient, '/404', '404.html', 404) : write(plan, liveClient, urlPath, htmlFile(urlPath), 200));
}

const readPlan = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Plan;

if (!process.argv.includes('--live')) {
  // The build writes the plan's name and closes stdin; closed with nothing written, the build stopped before the
  // pages (a content error): there is nothing to do.
  let planFile = '';
  for await (const chunk of process.stdin) planFile += String(chunk);
  planFile = planFile.trim();
  if (!planFile) process.exit(0);
  await renderPages(readPlan(planFile));
} else {
  // `npm start`'s live builder (liveBuild.ts): a job a line, {"plan", "snapshot", "client", "paths"?}, each
  // answered by its pages' lines and "=done", or "=failed <why>". The content is read again from each job's
  // snapshot (getContent() keeps one content per snapshot file).
  for await (const line of createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    try {
      const job = JSON.parse(line) as { plan: string; snapshot: string; client: string; paths?: string[] };
      process.env[CONTENT_SNAPSHOT_ENV] = job.snapshot;
      await renderPages(readPlan(job.plan), job.client, job.paths);
      process.stdout.write('=done\n');
    } catch (error) {
      process.stdout.write(`=failed ${String((error as Error)?.stack ?? error).replace(/\n/g, ' | ')}\n`);
    }
  }
}
