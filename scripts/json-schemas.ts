/**
 * Writes schemas/*.schema.json from the zod schemas, so editors (VS Code's YAML extension, via the
 * `# yaml-language-server: $schema=` line and .vscode/settings.json) complete and explain every field.
 * Run after changing a schema: `npm run schemas`. A unit test fails when the files are out of date.
 * Also writes the forms' choices for the Edge Functions (src/forms/formChoices.ts) and the workflow's stages for
 * the database (src/workflow/stagesSql.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { jsonSchemas } from '../src/content/jsonSchemas.ts';
import { loadContent } from '../src/content/loader.ts';
import { contentRoot } from '../src/content/content.ts';
import { FORM_CHOICES_FILE, writeFormChoices } from '../src/forms/formChoices.ts';
import { WORKFLOW_SQL_FILE, writeWorkflowSql } from '../src/workflow/stagesSql.ts';

const dir = path.join(process.cwd(), 'schemas');
mkdirSync(dir, { recursive: true });
for (const [name, schema] of Object.entries(jsonSchemas())) {
  writeFileSync(path.join(dir, `${name}.schema.json`), `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`schemas/${name}.schema.json`);
}
const content = await loadContent(contentRoot());
if (writeFormChoices(content)) console.log(FORM_CHOICES_FILE);
if (writeWorkflowSql(content)) console.log(WORKFLOW_SQL_FILE);
