/**
 * The application form's choices, taken from content/ (jobs and application-form.yaml), and the generated
 * module the Edge Function reads them from: a function deployed to Supabase cannot read content/, so
 * `npm run build` (and `npm run schemas`) write supabase/functions/_shared/formChoices.generated.ts, and a
 * unit test fails when the committed copy is stale. Deploy the function again after changing a job file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FormChoices } from '../../supabase/functions/_shared/application.ts';
import type { Content } from '../content/loader.ts';

export const FORM_CHOICES_FILE = 'supabase/functions/_shared/formChoices.generated.ts';

export function formChoicesFrom(content: Pick<Content, 'jobs' | 'applicationForm'>): FormChoices {
  return {
    positions: content.jobs.map((job) => ({ code: job.slug, title: job.title, validThrough: job.validThrough })),
    experience: content.applicationForm.experience,
    availability: content.applicationForm.availability,
  };
}

export function formChoicesModule(choices: FormChoices): string {
  return `// Generated from content/jobs/ and content/application-form.yaml by \`npm run build\`: do not edit.
import type { FormChoices } from './application.ts';

export const formChoices: FormChoices = ${JSON.stringify(choices, null, 2)};
`;
}

/** Writes the generated module when it differs; returns true when it changed. */
export function writeFormChoices(content: Pick<Content, 'jobs' | 'applicationForm'>, root = process.cwd()): boolean {
  const file = path.join(root, FORM_CHOICES_FILE);
  const text = formChoicesModule(formChoicesFrom(content));
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // not written yet
  }
  if (current === text) return false;
  writeFileSync(file, text);
  return true;
}
