/**
 * The content editor's page, written by the build into /admin/content/: index.html, config.yml (Decap's
 * configuration generated from the zod schemas, scripts/generator/editorConfig.ts, and the production backend from
 * CMS_* variables), Decap's prebuilt bundle under /assets/ and the page's own script (src/editor/main.ts, bundled
 * with the others by scripts/generator/buildEditorScript.ts). Only this page loads them: public pages keep no JavaScript.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { escapeHtml } from '../../src/seo/head.ts';
import { EDITOR_CONFIG_FILE, type EditorPageConfig } from '../../src/editor/shared.ts';
import type { DecapCollection } from './editorConfig.ts';
import type { BuildOutput } from './output.ts';

const require = createRequire(import.meta.url);
/** Decap's production backend from the build's environment, or null: the page then says the editor is not set up. */
export function productionBackend(env: NodeJS.ProcessEnv): Record<string, unknown> | null {
  const repo = env.CMS_GITHUB_REPO?.trim();
  if (!repo) return null;
  if (!/^[\w.-]+\/[\w.-]+$/.test(repo)) throw new Error(`CMS_GITHUB_REPO must be owner/name (e.g. "acme/homecare-site"), not "${repo}"`);
  return {
    name: 'github',
    repo,
    branch: env.CMS_GITHUB_BRANCH?.trim() || 'main',
    ...(env.CMS_AUTH_URL?.trim() ? { base_url: env.CMS_AUTH_URL.trim() } : {}),
    ...(env.CMS_AUTH_ENDPOINT?.trim() ? { auth_endpoint: env.CMS_AUTH_ENDPOINT.trim() } : {}),
  };
}

/** Decap's prebuilt bundle, as installed. */
export function decapBundle(): { file: string; version: string } {
  const file = require.resolve('decap-cms/dist/decap-cms.js');
  const { version } = JSON.parse(readFileSync(path.join(path.dirname(file), '..', 'package.json'), 'utf8')) as { version: string };
  return { file, version };
}

/** Writes the page, its configuration and Decap's bundle (named after its version); returns the bundle's address. */
export async function writeEditorPage(output: BuildOutput, script: { src: string }, site: { siteName: string; editorCollections: DecapCollection[] }, env = process.env): Promise<string> {
  const { file: decapFile, version } = decapBundle();
  const decapSrc = `/assets/decap-cms-${version}.js`;
  output.copySync(decapSrc.slice(1), decapFile);
  const config: EditorPageConfig = {
    decapSrc,
    config: { media_folder: 'content/images', public_folder: '', collections: sharingLongLists(site.editorCollections) },
    backend: productionBackend(env),
    siteUrl: env.CMS_SITE_URL?.trim() || null,
  };
  // YAML, not JSON: the icon fields share one list of every icon's name, written once and named by the others.
  // The YAML library is loaded here, at the end of a build, not with the build's own code: that process stays small
  // while the bundler and the prerender run beside it.
  const { stringify } = await import('yaml');
  await output.write(EDITOR_CONFIG_FILE, stringify(config, { aliasDuplicateObjects: true, lineWidth: 0 }));
  await output.write('admin/content/index.html', editorHtml(script.src, site.siteName));
  return decapSrc;
}

function editorHtml(scriptSrc: string, siteName: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Content editor · ${escapeHtml(siteName)}</title>
<style>
.editor-notice { max-width: 40rem; margin: 4rem auto; padding: 0 1.25rem; font: 1.125rem/1.6 system-ui, sans-serif; color: #1b2430; }
.editor-status { position: fixed; right: 1rem; bottom: 1rem; z-index: 10000; width: min(30rem, calc(100vw - 2rem)); max-height: 45vh; overflow: auto;
  padding: 0.5rem 1rem; font: 1rem/1.5 system-ui, sans-serif; background: #f4f7fb; color: #1b2430; border: 1px solid #9fb3c8; border-left: 6px solid #2f5d8a;
  border-radius: 8px; box-shadow: 0 4px 16px rgb(0 0 0 / 0.18); }
.editor-status p { margin: 0.25rem 0; }
.editor-status[data-state="live"] { border-left-color: #1d6b3a; background: #eef8f1; }
.editor-status[data-state="failed"] { border-left-color: #a4262c; background: #fdf0f0; }
.editor-status pre { margin: 0.25rem 0; white-space: pre-wrap; font: 0.95rem/1.45 ui-monospace, monospace; }
.editor-status .problems { white-space: pre-wrap; overflow-wrap: anywhere; padding: 0.25rem 0.5rem; background: #fff; border-radius: 4px; }
.editor-status .others { margin-top: 0.5rem; padding-top: 0.5rem; border-top: 1px solid #9fb3c8; }
/* While the site refuses the last save, Decap's green "Entry saved" does not say otherwise (src/editor/main.ts). */
html[data-last-save="refused"] .Toastify__toast--success { display: none !important; }
html[data-last-save="refused"] [data-not-on-site] { color: #a4262c !important; }
.editor-status summary { cursor: pointer; font-weight: 600; }
.editor-status a { color: #174a7c; font-weight: 600; }
.editor-status a:focus-visible, .editor-status summary:focus-visible { outline: 3px solid #174a7c; outline-offset: 2px; }
</style>
<script type="module" src="${scriptSrc}"></script>
</head>
<body>
<noscript><main class="editor-notice"><h1>The content editor needs JavaScript</h1><p>Turn JavaScript on for this site, or change the files under content/.</p></main></noscript>
</body>
</html>
`;
}

/** The same long list (every icon's name) made one object wherever it appears, so YAML writes it once. */
function sharingLongLists<T>(value: T, seen = new Map<string, unknown>()): T {
  if (Array.isArray(value)) {
    const items = value.map((item) => sharingLongLists(item, seen));
    if (items.length < 50) return items as T;
    const key = JSON.stringify(items);
    if (!seen.has(key)) seen.set(key, items);
    return seen.get(key) as T;
  }
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sharingLongLists(v, seen)])) as T;
  return value;
}
