/**
 * `npm start` follows content, as an editor uses it: in a copy of the project, `npm start` runs (its own site and
 * stand-in on free ports); a service file saved while it runs is on the site and can be ticked and sent on the
 * contact form at once, without a restart; a YAML mistake saved while it runs leaves the site up and prints a
 * plain message with the file and line; fixing it builds the site again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import { expect, test } from '@playwright/test';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';
import { startInCopy, type StartedCopy } from '../../scripts/harness/startInCopy.ts';
import { consentBox, openAsAPersonWould } from './formPages.ts';

test.describe.configure({ mode: 'serial' });

let project: ProjectCopy;
let started: StartedCopy;
let site = '';
let api = '';
let serviceRoleKey = '';
const service = readFileSync('tests/fixtures/foot-care.yaml', 'utf8');
const serviceFile = () => path.join(project.dir, 'content/services/foot-care.yaml');
const printed = () => started.printed();

/** Waits until `npm start` has printed something matching `pattern` after `from` characters of its output. */
async function printedAfter(from: number, pattern: RegExp, timeout = 120_000): Promise<string> {
  await expect
    .poll(() => (/\[npm start ended/.test(printed()) ? 'ended' : pattern.test(printed().slice(from))), { timeout, message: `npm start never printed ${pattern}:\n${printed()}` })
    .toBe(true);
  return printed().slice(from);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  project = copyProject();
  started = await startInCopy(project);
  ({ site, api, serviceRoleKey } = started);
});

test.afterAll(async () => {
  await started?.stop();
  project?.cleanup();
});

test('a service saved while npm start runs can be ticked on the contact form and is sent and stored', { tag: '@desktop' }, async ({ page }) => {
  const from = printed().length;
  writeFileSync(serviceFile(), service);
  await printedAfter(from, /The site now serves the new build/);

  const name = `Foot Care Family-${Date.now()}`;
  // As a person takes their time: the post is not taken for a script's.
  await openAsAPersonWould(page, `${site}/contact`);
  const form = page.locator('#inquiry-form');
  await form.getByLabel('Your name', { exact: true }).fill(name);
  await form.getByLabel('Phone', { exact: true }).fill('(860) 555-0177');
  await form.getByLabel('E-mail', { exact: true }).fill('foot.care.family@example.com');
  await form.getByRole('radio', { name: 'A parent' }).check();
  await form.getByText(/^Show the \d+ services$/).click();
  await form.getByRole('checkbox', { name: 'Foot Care Support', exact: true }).check();
  await consentBox(form).check();
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(`${site}/contact/thanks`);

  const admin = serverClient(api, serviceRoleKey);
  const { data, error } = await admin.from('inquiries').select('services, spam_reason').eq('name', name);
  expect(error).toBeNull();
  expect(data).toEqual([{ services: ['foot-care'], spam_reason: null }]);
});

test('a YAML mistake saved while npm start runs leaves the site up with a plain message, and the fix is built', { tag: '@desktop' }, async ({ page }) => {
  let from = printed().length;
  writeFileSync(serviceFile(), service.replace('title: Foot Care Support at Home', 'title: [Foot Care Support at Home'));
  const failed = await printedAfter(from, /Build failed\./);
  expect(failed).toContain('dist/client still holds the previous build, untouched');
  // The field in words first, the file and line second (src/content/problems.ts).
  expect(failed).toContain('The YAML cannot be read at "Title": the [ that opens here is never closed');
  expect(failed).toContain('(content/services/foot-care.yaml, line 2)');
  await page.goto(`${site}/foot-care`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Foot Care Support');

  from = printed().length;
  writeFileSync(serviceFile(), service.replace('title: Foot Care Support at Home', 'title: Foot Care at Home'));
  await printedAfter(from, /The site now serves the new build/);
  await page.goto(`${site}/foot-care`);
  await expect(page).toHaveTitle(/^Foot Care at Home \|/);
});
