/**
 * The build's output is pinned: built from the content as it is, dist/client is byte for byte the output in
 * tests/fixtures/build-output.sha256 (one sha256 per file), so a change made for speed cannot change a page.
 * A change to the site's output made on purpose updates the fixture:
 *   npx vitest run tests/unit/buildCache.test.ts -u
 * And the bundles kept between builds (scripts/generator/buildCache.ts) never give a stale page: an edit of content
 * reuses them and changes exactly the pages it should, a removed file removes its page, a code edit bundles
 * again, and going back to the content as it was gives the pinned output again.
 */
import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';
import { PINNED_ENV, outputManifest, withoutAnalyticsEnv } from './buildOutput.ts';
import { fixtureService } from './contentFixture.ts';

let project: ProjectCopy;
let first: ReturnType<ProjectCopy['build']>;
let firstManifest: string;
const client = () => path.join(project.dir, 'dist/client');
const file = (relative: string) => path.join(project.dir, relative);

function build() {
  const run = project.build(PINNED_ENV);
  expect(run.stderr).not.toMatch(/error/i);
  expect(run.status).toBe(0);
  return { ...run, reused: run.stdout.includes('Bundles: reused'), manifest: outputManifest(client()) };
}

/** The files whose bytes differ between two manifests, or that only one has. */
function changedFiles(before: string, after: string): string[] {
  const lines = (manifest: string) => new Set(manifest.trim().split('\n'));
  const a = lines(before);
  const b = lines(after);
  const files = [...a].filter((line) => !b.has(line)).concat([...b].filter((line) => !a.has(line)));
  return [...new Set(files.map((line) => line.split('  ')[1]!))].sort();
}

beforeAll(() => {
  withoutAnalyticsEnv();
  project = copyProject();
  first = project.build(PINNED_ENV);
  firstManifest = outputManifest(client());
});

afterAll(() => project.cleanup());

describe('a build of the content as it is', () => {
  test('succeeds', () => {
    expect(first.stderr).not.toMatch(/error/i);
    expect(first.status).toBe(0);
  });

  test('writes the pinned output, byte for byte', async () => {
    await expect(firstManifest).toMatchFileSnapshot('../fixtures/build-output.sha256');
  });

  test('bundles, and keeps the bundles for the next build', () => {
    expect(first.stdout).toContain('Bundles: built');
  });

  // The pages of a template route after the first are rendered without renderPage (scripts/generator/prerender.ts).
  test("renders the pages of the service and job routes from their templates, which gave Vike's HTML", () => {
    expect(first.stderr).not.toContain('rendered one by one');
  });
});

// Each rebuild runs the real build (bundling again where a test says so): a minute is plenty on a busy machine.
const REBUILD_MS = 240_000;

describe('rebuilds', () => {
  const housekeeping = 'content/services/housekeeping.yaml';
  let original: string;
  beforeAll(() => {
    original = readFileSync(file(housekeeping), 'utf8');
  });

  test('an edit of one description reuses the bundles and changes that page alone', () => {
    writeFileSync(file(housekeeping), original.replace(/^description: .*$/m, 'description: Light housekeeping, rewritten by an editor to check that the page changes at once.'));
    const run = build();
    expect(run.reused).toBe(true);
    expect(changedFiles(firstManifest, run.manifest)).toEqual(['housekeeping/index.html']);
    expect(readFileSync(path.join(client(), 'housekeeping/index.html'), 'utf8')).toContain('rewritten by an editor to check that the page changes at once');
  }, REBUILD_MS);

  // A new service is also a choice of the contact form, which the dashboard labels: the labels come with the
  // /admin page, not in its bundle, so the bundles are reused.
  test('a new service file adds its page, its sitemap entry and its dashboard label without bundling again; removing it removes them', () => {
    writeFileSync(file('content/services/foot-care.yaml'), fixtureService);
    const added = build();
    expect(added.reused).toBe(true);
    expect(readFileSync(path.join(client(), 'sitemap.xml'), 'utf8')).toContain('/foot-care</loc>');
    expect(readFileSync(path.join(client(), 'admin/index.html'), 'utf8')).toContain('"code":"foot-care","label":"Foot Care Support"');
    rmSync(file('content/services/foot-care.yaml'));
    // A file no build step produces (left by hand, or by an older build) goes too: the new site replaces the folder.
    writeFileSync(path.join(client(), 'left-over.html'), '<p>stale</p>');
    const removed = build();
    expect(existsSync(path.join(client(), 'left-over.html'))).toBe(false);
    expect(existsSync(path.join(client(), 'foot-care'))).toBe(false);
    expect(removed.reused).toBe(true);
    expect(removed.manifest).not.toContain('foot-care/index.html');
    expect(readFileSync(path.join(client(), 'sitemap.xml'), 'utf8')).not.toContain('/foot-care</loc>');
    expect(readFileSync(path.join(client(), 'admin/index.html'), 'utf8')).not.toContain('"code":"foot-care"');
  }, REBUILD_MS);

  // The stages are for the database, which cannot read content/: the build writes them as SQL to be applied.
  test('a renamed stage rewrites supabase/workflow.generated.sql and says to apply it, without bundling again', () => {
    const workflow = file('content/workflow.yaml');
    const before = readFileSync(workflow, 'utf8');
    writeFileSync(workflow, before.replace('label: Interview booked', "label: Interview with the owner's team"));
    const run = build();
    writeFileSync(workflow, before);
    expect(run.reused).toBe(true);
    expect(run.stdout).toContain('Updated supabase/workflow.generated.sql (apply it to the database: docs/going-live.md, "Changing the stages after launch").');
    expect(readFileSync(file('supabase/workflow.generated.sql'), 'utf8')).toContain(`{"code":"interview-booked","label":"Interview with the owner''s team","closed":false}`);
  }, REBUILD_MS);

  test('going back to the content as it was gives the pinned output again', () => {
    writeFileSync(file(housekeeping), original);
    const run = build();
    expect(changedFiles(firstManifest, run.manifest)).toEqual([]);
    expect(readFileSync(file('supabase/workflow.generated.sql'), 'utf8')).toBe(readFileSync('supabase/workflow.generated.sql', 'utf8'));
  }, REBUILD_MS);

  // One worker renders this site on two cores (see prerenderWorkers); a larger site or machine gets several, each
  // rendering every n-th page, and the pages must not depend on which worker rendered them.
  test('three prerender workers give the pinned output too', () => {
    const run = project.build({ ...PINNED_ENV, BUILD_PRERENDER_WORKERS: '3' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Bundles: reused');
    expect(changedFiles(firstManifest, outputManifest(client()))).toEqual([]);
  }, REBUILD_MS);

  // Should onRenderHtml ever write more than documentHtml gives, the template is not trusted: Vike renders every page.
  test('a document that differs from what Vike writes is caught on the first page, and Vike renders every page of the route', () => {
    const onRenderHtml = file('renderer/+onRenderHtml.tsx');
    const source = readFileSync(onRenderHtml, 'utf8');
    writeFileSync(onRenderHtml, source.replace('dangerouslySkipEscape(await documentHtml(pageContext))', "dangerouslySkipEscape((await documentHtml(pageContext)).replace('<body>', '<body data-by-vike>'))"));
    const run = project.build(PINNED_ENV);
    writeFileSync(onRenderHtml, source);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/the pages of \/@slug are rendered one by one through Vike's renderPage \(slower\): its documentHtml did not give Vike's HTML for \/[\w-]+\./);
    expect(run.stderr).toMatch(/the pages of \/careers\/@slug are rendered one by one/);
    // Every page Vike renders: the content editor's page is written by the build itself (scripts/generator/editorPage.ts).
    const pages = readdirSync(client(), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('index.html') && name !== 'admin/content/index.html');
    expect(pages.length).toBeGreaterThan(40);
    for (const page of pages) expect(readFileSync(path.join(client(), page), 'utf8'), page).toContain('<body data-by-vike>');
  }, REBUILD_MS);

  test('a code edit bundles everything again', () => {
    appendFileSync(file('src/theme.ts'), '\n// An edit of the code: the bundles must be built again.\n');
    const run = build();
    expect(run.reused).toBe(false);
    expect(changedFiles(firstManifest, run.manifest)).toEqual([]);
  }, REBUILD_MS);

  // The bundler starts beside the content step (it loads Vite meanwhile) but bundles only valid content.
  test('a content error when the bundles are to be built stops the build before anything is bundled', () => {
    const kept = () => readdirSync(file('.build-cache/bundles')).filter((name) => /^[0-9a-f]{64}$/.test(name)).sort();
    const before = kept();
    const served = outputManifest(client());
    appendFileSync(file('src/theme.ts'), '\n// Another edit of the code: the bundles would have to be built again.\n');
    writeFileSync(file(housekeeping), original.replace(/^title: .*$/m, 'title: [Housekeeping'));
    const run = project.build(PINNED_ENV);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/The YAML cannot be read at "Title": .*  \(content\/services\/housekeeping\.yaml, line \d+\)/);
    expect(outputManifest(client())).toBe(served);
    expect(kept()).toEqual(before);
    writeFileSync(file(housekeeping), original);
  }, REBUILD_MS);

  test('a new VITE_ variable bundles everything again', () => {
    const run = project.build({ ...PINNED_ENV, VITE_BUILD_CACHE_PROBE: '1' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Bundles: built');
  }, REBUILD_MS);
});
