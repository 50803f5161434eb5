/**
 * `npm start`'s live builder (scripts/live/liveBuild.ts) builds each saved change of content into the site served,
 * warm, rendering only the pages the change can touch. Whatever it chose to render, the site must then be byte for
 * byte what a full build of the same content writes: each case changes content, has the live builder build it,
 * builds in full, and compares every file of dist/client. The fields it treats as shown on a service's own page
 * alone (OWN_PAGE_FIELDS) are each changed in turn, so a field another page shows cannot hide in that list.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BuildRun } from '../../scripts/live/contentWatch.ts';
import { OWN_PAGE_FIELDS } from '../../scripts/live/liveChanges.ts';
import { startLiveBuilder, type LiveBuilder } from '../../scripts/live/liveBuildClient.ts';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';
import { withoutProductionSignals } from '../../src/launchHosts.ts';
import { PINNED_ENV, outputManifest, withoutAnalyticsEnv } from './buildOutput.ts';
import { fixtureAs } from './contentFixture.ts';

let project: ProjectCopy;
let live: LiveBuilder;
const client = () => path.join(project.dir, 'dist/client');
const file = (relative: string) => path.join(project.dir, relative);
const SERVICE = 'content/services/housekeeping.yaml';

/** Changes the value at `fieldPath` of a YAML file, keeping the rest of its text. */
function setField(relative: string, fieldPath: Array<string | number>, value: unknown) {
  const doc = parseDocument(readFileSync(file(relative), 'utf8'));
  doc.setIn(fieldPath, value);
  writeFileSync(file(relative), doc.toString());
}

/** The files whose bytes differ between two manifests, or that only one has. */
function changedFiles(before: string, after: string): string[] {
  const lines = (manifest: string) => new Set(manifest.trim().split('\n'));
  const a = lines(before);
  const b = lines(after);
  return [...new Set([...a].filter((line) => !b.has(line)).concat([...b].filter((line) => !a.has(line))).map((line) => line.split('  ')[1]!))].sort();
}

/** The live build of the content as it is now, then a full build of the same: every file the same. */
async function liveThenFull(): Promise<{ run: BuildRun; changed: string[] }> {
  const before = outputManifest(client());
  const run = await live.build();
  expect(run.stderr).not.toMatch(/error/i);
  expect(run.code).toBe(0);
  const afterLive = outputManifest(client());
  const full = project.build(PINNED_ENV);
  expect(full.status).toBe(0);
  expect(full.stdout).toContain('Bundles: reused');
  expect(changedFiles(afterLive, outputManifest(client()))).toEqual([]);
  return { run, changed: changedFiles(before, afterLive) };
}

beforeAll(async () => {
  withoutAnalyticsEnv();
  project = copyProject();
  expect(project.build(PINNED_ENV).status).toBe(0);
  // What a live builder killed mid-way leaves behind (no process has this id: Linux's largest is one less).
  mkdirSync(file('.build-cache/live-4194304/bundles'), { recursive: true });
  live = startLiveBuilder({ ...withoutProductionSignals(process.env), BUILD_QUIET: '1', ...PINNED_ENV }, project.dir);
  // Warm: the first build is already a live one.
  writeFileSync(file(SERVICE), readFileSync(file(SERVICE), 'utf8'));
  expect((await live.build()).stdout).toMatch(/^Built 77 public pages into dist\/client in [\d.]+ s: 0 pages of what changed rendered again, 0 written/);
}, 120_000);

afterAll(() => {
  live?.stop();
  project?.cleanup();
});

test('the folder of a live builder killed earlier is removed when the next one warms up', () => {
  expect(existsSync(file('.build-cache/live-4194304'))).toBe(false);
});

describe('a saved change built by the live builder gives the site a full build gives', () => {
  test('a new description renders that service\'s page alone, and changes it alone', async () => {
    setField(SERVICE, ['description'], 'Light housekeeping at home, said again for the live builder: laundry, dusting and a tidy kitchen.');
    const { run, changed } = await liveThenFull();
    expect(run.stdout).toMatch(/: 1 page of what changed rendered again, 1 written;/);
    expect(changed).toEqual(['housekeeping/index.html']);
  }, 60_000);

  const changes: Record<(typeof OWN_PAGE_FIELDS)[number], [Array<string | number>, unknown]> = {
    title: [['title'], 'Housekeeping Help at Home in Connecticut'],
    description: [['description'], 'Housekeeping at home in Connecticut, said once more: laundry, dusting, linens and the kitchen.'],
    keywords: [['keywords', 0], 'light housekeeping for older adults'],
    serviceType: [['serviceType'], 'Housekeeping services'],
    hero: [['hero', 'title'], 'Housekeeping, done your way'],
    features: [['features', 0, 'title'], 'Laundry and linens'],
    inclusions: [['inclusions', 0], 'Washing, drying and folding the laundry'],
    benefits: [['benefits', 0, 'title'], 'A calmer home'],
  };
  test.each(OWN_PAGE_FIELDS)('a change to %s is shown on that service\'s page alone', async (field) => {
    const [fieldPath, value] = changes[field];
    setField(SERVICE, fieldPath, value);
    const { run, changed } = await liveThenFull();
    expect(run.stdout).toMatch(/: 1 page of what changed rendered again, 1 written;/);
    expect(changed).toEqual(['housekeeping/index.html']);
  }, 60_000);

  test('a new card title (on the grids, menus and contact form) renders every page', async () => {
    setField(SERVICE, ['card', 'title'], 'Home Tidying');
    const { run, changed } = await liveThenFull();
    expect(run.stdout).toMatch(/: every page rendered again \(79\), \d+ written;/);
    expect(changed).toContain('index.html');
    expect(changed).toContain('contact/index.html');
  }, 60_000);

  test('a new phone number in site.yaml changes every page', async () => {
    const site = readFileSync(file('content/site.yaml'), 'utf8');
    writeFileSync(file('content/site.yaml'), site.replace('(860) 555-0142', '(860) 555-0199'));
    const { changed } = await liveThenFull();
    expect(changed).toEqual(expect.arrayContaining(['index.html', 'about/index.html', 'housekeeping/index.html', '404.html']));
  }, 60_000);

  test('a new service file adds its page and its sitemap entry; removed, both go', async () => {
    writeFileSync(file('content/services/foot-care.yaml'), fixtureAs('foot-care'));
    const added = await liveThenFull();
    expect(added.changed).toEqual(expect.arrayContaining(['foot-care/index.html', 'sitemap.xml']));
    rmSync(file('content/services/foot-care.yaml'));
    const removed = await liveThenFull();
    expect(removed.changed).toEqual(expect.arrayContaining(['foot-care/index.html', 'sitemap.xml']));
  }, 120_000);

  test('a content error changes nothing served, and says what and where, as the build does', async () => {
    const before = outputManifest(client());
    const text = readFileSync(file(SERVICE), 'utf8');
    writeFileSync(file(SERVICE), text.replace(/^title: .*$/m, 'title: [oops'));
    const run = await live.build();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Build failed. dist/client still holds the previous build, untouched');
    expect(run.stderr).toContain('The YAML cannot be read at "Title": the [ that opens here is never closed');
    expect(run.stderr).toContain(`(${SERVICE}, line 2)`);
    expect(outputManifest(client())).toBe(before);
    writeFileSync(file(SERVICE), text);
    expect((await live.build()).code).toBe(0);
    expect(outputManifest(client())).toBe(before);
  }, 60_000);
});
