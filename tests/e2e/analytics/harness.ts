/**
 * A small stand-in site for the analytics browser tests, until the real pages load the boot script: the analytics
 * bundle built by buildAnalytics (with a test key, the capture server as host, the headless switch on), and
 * pages on their own loopback origin that load it like the renderer will (`<script type="module" src>` from
 * the manifest). The pages carry what the site will: declared clicks (trackAttributes), an open input, a
 * password field, and a form with `ph-no-capture`. `/lib` instead loads a test entry that exposes
 * `startAnalytics` itself (window.analyticsHarness), for what the boot script never does (no key, identify).
 */
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildAnalytics, bundleBrowserScripts, type AnalyticsBuild } from '../../../scripts/generator/buildAnalytics.ts';
import { trackAttributes } from '../../../src/analytics/markup.ts';
import { listenOnLoopback, startCaptureServer, type CaptureServer } from './captureServer.ts';

export const TEST_KEY = 'phc_analytics_test_key';
export const PHONE = '+12035550123';

export interface Harness {
  /** The stand-in site's origin. */
  url: string;
  capture: CaptureServer;
  build: AnalyticsBuild;
  /** Every path the site was asked for (the lazy chunk among them, or not). */
  siteRequests: string[];
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const capture = await startCaptureServer();
  const dir = mkdtempSync(path.join(tmpdir(), 'analytics-harness-'));
  const outDir = path.join(dir, 'client');
  const env = { VITE_POSTHOG_KEY: TEST_KEY, VITE_POSTHOG_HOST: capture.url, VITE_POSTHOG_TEST_ALLOW_HEADLESS: '1' };
  const root = process.cwd();
  const build = await buildAnalytics({ root, outDir, manifest: path.join(dir, 'server/analytics-script.json'), env });
  if (!build) throw new Error('buildAnalytics built nothing with a key');
  const [harnessEntry] = await bundleBrowserScripts({ root, outDir, env, inputs: { harness: path.join(root, 'tests/e2e/analytics/harnessEntry.ts') } });

  const siteRequests: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://site');
    siteRequests.push(url.pathname);
    const file = path.join(outDir, path.normalize(url.pathname));
    if (url.pathname.startsWith('/assets/') && file.startsWith(outDir) && existsSync(file)) {
      return response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(file));
    }
    if (url.pathname === '/favicon.ico') return response.writeHead(404).end();
    const script = url.pathname === '/lib' ? `/${harnessEntry!.fileName}` : build.src;
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page(script));
  });
  const site = await listenOnLoopback(server);

  return {
    url: site.url,
    capture,
    build,
    siteRequests,
    async close() {
      await site.close();
      await capture.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function attributes(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
    .join(' ');
}

/** Every page of the stand-in site: the same markup, whatever the path. */
function page(script: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Analytics harness</title>
  <script type="module" src="${script}"></script>
</head>
<body>
  <h1>Analytics harness</h1>
  <a id="call" href="tel:${PHONE}" ${attributes(trackAttributes('phone_call_clicked', { source: 'hero', phone_number: PHONE }))}>Call us</a>
  <a id="services" href="#services" ${attributes(trackAttributes('navigation_clicked', { destination: '/services', source: 'header' }))}>Services</a>
  <button id="get-started" type="button" ${attributes(trackAttributes('get_started_clicked'))}><span>Get Started</span></button>
  <p><label>Search the site <input id="open" type="text"></label></p>
  <p><label>Password <input id="password" type="password"></label></p>
  <form id="form" class="ph-no-capture" action="#">
    <h2>Request information</h2>
    <label>Your e-mail <input id="email" name="email" type="email"></label>
    <label>Your message <textarea id="message" name="message"></textarea></label>
    <button id="form-button" type="button">Send request</button>
  </form>
  <a id="next" href="/plain">Next page</a>
  <a id="leave" href="/services" ${attributes(trackAttributes('navigation_clicked', { destination: '/services', source: 'footer' }))}>All services</a>
  <section id="services"><h2>Services</h2></section>
</body>
</html>`;
}
