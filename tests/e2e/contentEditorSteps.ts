/**
 * What a person does in the content editor (/admin/content/) under `npm start` in a copy of the project, shared by
 * the browser tests of the editor (contentEditor.spec.ts, trustEditor.spec.ts): open it and sign in to the local
 * backend, open an entry, save ("Publish now"), and read the box at the foot that says whether the save is on the site.
 */
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';
import { startInCopy, type StartedCopy } from '../../scripts/harness/startInCopy.ts';

/**
 * `npm start` in a throw-away copy of the project, started before the spec's tests and stopped after them: its
 * site's address, and a file of its content/ by name (read once the tests run).
 */
export function editorStack(): { site: string; file: (name: string) => string } {
  let project: ProjectCopy | undefined;
  let started: StartedCopy | undefined;
  const stack = { site: '', file: (name: string) => path.join(project!.dir, 'content', name) };
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    project = copyProject();
    started = await startInCopy(project);
    stack.site = started.site;
  });
  test.afterAll(async () => {
    await started?.stop();
    project?.cleanup();
  });
  return stack;
}

/** The editor at `site`, signed in to the local backend (a Login button: the files are this computer's own). */
export async function openEditor(page: Page, site: string, hash = '') {
  await page.goto(`${site}/admin/content/${hash}`);
  const login = page.getByRole('button', { name: 'Login' });
  if (await login.isVisible().catch(() => false)) await login.click();
  else await login.click({ timeout: 15_000 }).catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible({ timeout: 30_000 });
}

/** Opens an entry of a collection from the list. */
export async function openEntry(page: Page, collection: string, entry: string | RegExp) {
  await page.getByRole('link', { name: collection, exact: true }).click();
  await page.getByRole('link', { name: entry }).click();
  // An entry the site refuses (waiting to be corrected) reads "Not on the site yet" where Decap says "Published".
  await expect(page.getByRole('button', { name: /^(Published|Not on the site yet)$/ })).toBeVisible();
}

/** Saves the entry as it is ("Publish now": under `npm start`, straight to the file). */
export async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
}

/** The box at the foot of the editor: what became of the last save. */
export const bar = (page: Page): Locator => page.getByRole('region', { name: 'Your last save on the site' });

/**
 * Saves the entry, and sees the bar take the save up: it says the save is being built, or, when the build was done
 * before the editor had finished saving (often, under `npm start`), gives that build's outcome. Either way the bar no
 * longer shows what it showed before the save.
 */
export async function publishAndBuild(page: Page) {
  await expect(bar(page)).toContainText(/\w/); // the bar has heard from the site once
  const before = (await bar(page).textContent()) ?? '';
  await publish(page);
  await expect(bar(page)).not.toHaveText(before, { timeout: 60_000 });
  await expect(bar(page)).toContainText(/Saved\. Building the site with your change|On the site now|Not on the site yet/);
}

/** Waits for the bar to say the last save is live. */
export async function expectLive(page: Page) {
  await expect(bar(page)).toContainText('On the site now', { timeout: 60_000 });
}

/** Picks an option of one of Decap's select fields by typing it. */
export async function chooseOption(page: Page, field: Locator, option: string) {
  await field.click();
  await page.keyboard.type(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}
