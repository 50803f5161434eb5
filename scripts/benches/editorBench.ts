/**
 * The content editor's save to the page served, for `npm run bench`: in a copy of the project, `npm start` runs
 * (its own ports); each save is what Decap sends to the local API (persistEntry with the whole file, as the editor
 * writes it), timed until the service's page is served with the new words. A text change, as editors make most.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EDITOR_API_PATH } from '../../src/editor/shared.ts';
import { copyProject } from '../harness/projectCopy.ts';
import { median } from './signInBurst.ts';
import { startInCopy } from '../harness/startInCopy.ts';

export interface EditorBench {
  saves: number;
  medianMs: number;
  maxMs: number;
}

export async function measureEditorSave(saves = 5, file = 'content/services/meal-preparation.yaml', page = '/meal-preparation'): Promise<EditorBench> {
  const project = copyProject();
  const started = await startInCopy(project, 300_000).catch((error: Error) => {
    project.cleanup();
    throw error;
  });
  const { site } = started;
  try {
    const original = readFileSync(path.join(project.dir, file), 'utf8');
    const times: number[] = [];
    for (let i = 0; i < saves; i++) {
      const words = `Freshly planned meals, saved from the editor at ${Date.now()}, cooked at home to your tastes.`;
      const raw = original.replace(/^(\s*description: ).*$/m, `$1${words}`);
      const begun = performance.now();
      const response = await fetch(`${site}${EDITOR_API_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site },
        body: JSON.stringify({ action: 'persistEntry', params: { branch: 'main', entry: { slug: path.basename(file, '.yaml'), path: file, raw }, assets: [], options: { collectionName: 'services', commitMessage: 'bench', useWorkflow: false, status: 'draft' } } }),
      });
      if (!response.ok) throw new Error(`the save was refused (${response.status}): ${await response.text()}`);
      for (;;) {
        const html = await (await fetch(`${site}${page}`, { cache: 'no-store' })).text();
        if (html.includes(words)) break;
        if (performance.now() - begun > 60_000) throw new Error(`the page never showed the saved words:\n${started.printed().slice(-2000)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      times.push(performance.now() - begun);
    }
    return { saves, medianMs: median(times), maxMs: Math.max(...times) };
  } finally {
    await started.stop();
    project.cleanup();
  }
}
