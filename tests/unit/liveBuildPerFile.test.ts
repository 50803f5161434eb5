/**
 * Each save stands on its own under `npm start` (scripts/live/standIn.ts): a content file the build refuses keeps
 * its last good version on the site, while the other files' changes are built and served; the refused file's
 * problems are told for that file alone. In a copy of the project, with the real live builder and its prerender.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startLiveBuilder, type LiveBuilder } from '../../scripts/live/liveBuildClient.ts';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';
import { withoutProductionSignals } from '../../src/launchHosts.ts';
import { PINNED_ENV, withoutAnalyticsEnv } from './buildOutput.ts';

let project: ProjectCopy;
let live: LiveBuilder;
const file = (relative: string) => path.join(project.dir, relative);
const served = (page: string) => readFileSync(file(path.join('dist/client', page, 'index.html')), 'utf8');

/** Changes the value at `fieldPath` of a YAML file, keeping the rest of its text. */
function setField(relative: string, fieldPath: Array<string | number>, value: unknown) {
  const doc = parseDocument(readFileSync(file(relative), 'utf8'));
  doc.setIn(fieldPath, value);
  writeFileSync(file(relative), doc.toString());
}

const FAQ = 'content/faq.yaml';
const SERVICE = 'content/services/housekeeping.yaml';
let question = '';

beforeAll(async () => {
  withoutAnalyticsEnv();
  project = copyProject();
  expect(project.build(PINNED_ENV).status).toBe(0);
  live = startLiveBuilder({ ...withoutProductionSignals(process.env), BUILD_QUIET: '1', ...PINNED_ENV }, project.dir);
  question = String(parseDocument(readFileSync(file(FAQ), 'utf8')).getIn(['questions', 0, 'question']));
  // Warm: the builds below are live ones.
  writeFileSync(file(SERVICE), readFileSync(file(SERVICE), 'utf8'));
  expect((await live.build()).code).toBe(0);
}, 180_000);

afterAll(() => {
  live?.stop();
  project?.cleanup();
});

test('A refused: its last good version stays on the site, and its problem is told for A', async () => {
  setField(FAQ, ['questions', 0, 'question'], question.replace(/\?$/, ''));
  const run = await live.build();
  // Nothing else changed: nothing to build.
  expect(run.code).toBe(1);
  expect(run.stderr).toContain('content/faq.yaml');
  expect(run.refused?.map((refused) => refused.file)).toEqual(['faq.yaml']);
  expect(run.refused![0]!.message).toContain('faq.yaml');
  expect(served('')).toContain(question);
  // The editor's words are kept in the file.
  expect(readFileSync(file(FAQ), 'utf8')).toContain(`question: ${question.replace(/\?$/, '')}\n`);
}, 60_000);

test('then B changed: B is built and served, A stays at its last good version, and B is not told of A\'s problem', async () => {
  const words = 'Light housekeeping at home, said again while another page waits to be corrected: laundry and dusting.';
  setField(SERVICE, ['description'], words);
  const run = await live.build();
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/^Built \d+ public pages into dist\/client in [\d.]+ s: /);
  expect(served('housekeeping')).toContain(words);
  expect(served('')).toContain(question);
  expect(run.refused?.map((refused) => refused.file)).toEqual(['faq.yaml']);
  expect(run.refused![0]!.message).not.toContain('housekeeping');
}, 60_000);

test('then A corrected: A is live, and nothing waits', async () => {
  const corrected = question.replace(/\?$/, ', said again?');
  setField(FAQ, ['questions', 0, 'question'], corrected);
  const run = await live.build();
  expect(run.code).toBe(0);
  expect(run.refused).toEqual([]);
  expect(served('')).toContain(corrected);
}, 60_000);

test('a service removed that the directory names: the removal waits, told to the removed file; another change goes live', async () => {
  const removed = 'content/services/grocery-shopping.yaml';
  renameSync(file(removed), file('grocery-shopping.yaml.kept'));
  const words = 'Light housekeeping at home, said a third time beside a removal that waits: laundry and dusting.';
  setField(SERVICE, ['description'], words);
  const run = await live.build();
  expect(run.code).toBe(0);
  expect(served('housekeeping')).toContain(words);
  // Its page is still served: the directory still names it.
  expect(served('grocery-shopping')).toMatch(/<h1/);
  expect(run.refused?.map((refused) => refused.file)).toEqual(['services/grocery-shopping.yaml']);
  expect(run.refused![0]!.message).toContain('grocery-shopping');
  // Put back: nothing waits.
  renameSync(file('grocery-shopping.yaml.kept'), file(removed));
  const back = await live.build();
  expect(back.code).toBe(0);
  expect(back.refused).toEqual([]);
}, 90_000);

test('a waiting file put back as it was no longer waits, even while another file is refused', async () => {
  const faq = readFileSync(file(FAQ), 'utf8');
  const service = readFileSync(file(SERVICE), 'utf8');
  setField(FAQ, ['questions', 0, 'question'], 'Without its question mark');
  expect((await live.build()).refused?.map((refused) => refused.file)).toEqual(['faq.yaml']);
  writeFileSync(file(FAQ), faq);
  writeFileSync(file(SERVICE), service.replace(/^title: .*$/m, 'title: [oops'));
  const run = await live.build();
  expect(run.code).toBe(1);
  expect(run.refused?.map((refused) => refused.file)).toEqual(['services/housekeeping.yaml']);
  expect(run.stderr).toContain(SERVICE);
  expect(run.stderr).not.toContain('faq.yaml');
  writeFileSync(file(SERVICE), service);
  expect((await live.build()).refused).toEqual([]);
}, 60_000);
