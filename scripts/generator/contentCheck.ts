/**
 * What the build's content step does (scripts/generator/contentStep.ts runs it in a process of its own for each build;
 * `npm start`'s live builder, scripts/live/liveBuild.ts, keeps it loaded): validates the content, writes the
 * form's choices for the Edge Functions and the workflow's stages for the database, hands the content to the
 * prerender (a snapshot), and works out the files the build writes last (sitemap, robots.txt, what the security
 * headers name).
 * Service files whose text was valid in the previous build are not validated again (see ValidatedServices),
 * as long as the content code (src/content/) and the dependencies are the same.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadContentToSnapshot, type ValidatedServices } from '../../src/content/loader.ts';
import { contentRoot } from '../../src/content/content.ts';
import { ContentError, formatWarnings, type ContentProblem } from '../../src/content/problems.ts';
import { guideSection } from '../../src/guides.ts';
import type { Content } from '../../src/content/content.ts';
import type { Service } from '../../src/content/schemas/service.ts';
import { siteOrigin } from '../../src/env.ts';
import { launchProblems, launchReport } from '../../src/launch.ts';
import { productionSignal } from '../../src/launchHosts.ts';
import { reservedValues } from '../../src/content/reservedValues.ts';
import { FORM_CHOICES_FILE, writeFormChoices } from '../../src/forms/formChoices.ts';
import { editorChoices, editorCollections, type DecapCollection } from './editorConfig.ts';
import { checkRemovedStages } from '../../src/workflow/removedStages.ts';
import { WORKFLOW_SQL_FILE, writeWorkflowSql } from '../../src/workflow/stagesSql.ts';
import { publicRoutes } from '../../src/routes.ts';
import { robotsTxt, sitemapXml } from '../../src/seo/sitemap.ts';
import { policySources } from './securityHeaders.ts';
import type { PolicySources } from '../../src/security/headers.ts';
import type { ImageAsset } from '../../src/images.ts';

export type ContentStepResult =
  /** `problems`: the content's problems, each with its file, when the refusal is about them (a ContentError). */
  | { ok: false; error: string; problems?: ContentProblem[] }
  /** `warnings`: what valid content should still look at (a copied service still a draft ...), each with its file, as problems are. */
  | { ok: true; warnings: ContentProblem[]; formChoicesUpdated: boolean; workflowSqlUpdated: boolean; paths: string[]; sitemap: string; robots: string; policySources: PolicySources; images: ImageAsset[]; siteName: string; editorCollections: DecapCollection[] };

/** What validating depends on besides a file's text: the schemas, the loader, and the parsers and zod (their versions, in the lockfile). */
export function validationCodeKey(): string {
  const hash = createHash('sha256');
  const code = path.join(process.cwd(), 'src/content');
  for (const name of readdirSync(code, { recursive: true, encoding: 'utf8' }).sort()) {
    if (name.endsWith('.ts')) hash.update(`${name}\0`).update(readFileSync(path.join(code, name)));
  }
  for (const file of ['package.json', 'package-lock.json', 'node_modules/zod/package.json', 'node_modules/yaml/package.json', 'node_modules/js-yaml/package.json', 'node_modules/remark-mdx/package.json']) {
    const absolute = path.join(process.cwd(), file);
    hash.update(`${file}\0`).update(existsSync(absolute) ? readFileSync(absolute) : 'missing');
  }
  return hash.digest('hex');
}

/** Where what the step prints goes: the terminal for a build, the live builder's answer under `npm start`. */
export interface StepOutput {
  log(text: string): void;
  warn(text: string): void;
}

/** The service files valid in an earlier build (ValidatedServices), kept in `file` under the validation code's key. */
export function readValidatedServices(file: string, key = validationCodeKey()): Map<string, Service> {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { key: string; services: Array<[string, Service]> };
    if (kept.key === key) return new Map(kept.services);
  } catch {
    // None kept yet: every file is validated.
  }
  return new Map();
}

export function writeValidatedServices(file: string, services: ValidatedServices['next'], key = validationCodeKey()): void {
  writeFileSync(file, JSON.stringify({ key, services: [...services] }));
}

/**
 * Checks the content and writes the snapshot for the prerender; `validated` holds the service files valid before
 * (ValidatedServices), and gets this time's. `content` is what was validated. `root` is content/ but for `npm
 * start`'s live builder, which may read a copy of it where a refused file stands at its last good version
 * (scripts/live/liveBuild.ts).
 */
export async function checkContent(snapshotFile: string, validated: ValidatedServices, output: StepOutput = console, root = contentRoot()): Promise<{ result: ContentStepResult; content?: Content }> {
  let content;
  let warnings: ContentProblem[] = [];
  try {
    // Warnings do not stop the build: they are printed (on stderr, beside the build's other output) and it goes on.
    content = await loadContentToSnapshot(snapshotFile, root, validated, (found) => {
      warnings = found;
      output.warn(`\n${formatWarnings(found)}\n`);
    });
  } catch (error) {
    if (error instanceof ContentError) return { result: { ok: false, error: error.message, problems: error.problems } };
    throw error;
  }
  const result = await contentResult(content, output);
  return { result: result.ok ? { ...result, warnings } : result, content };
}

/** The build's plan from valid content, or why it may not be built (a removed stage in use, a launch not ready). */
async function contentResult(content: Content, output: StepOutput): Promise<ContentStepResult> {
  // A stage removed while records are at it would be refused by the database: say so before writing the SQL.
  const stages = await checkRemovedStages(content.workflow);
  if (stages.problems.length) return { ok: false, error: new ContentError(stages.problems).message };
  if (stages.note) output.log(stages.note);
  // A production build goes out only once nothing of the launch check is left.
  const signal = productionSignal();
  const launch = signal ? launchProblems({ ...content, reservedValues: reservedValues(contentRoot()) }) : [];
  if (signal && launch.length) {
    return {
      ok: false,
      error: `This is a production build (${signal.reason}), and the site is not ready to launch.\n\n${launchReport(launch)}\n\n\`npm run check -- --launch\` runs the same check. ${signal.otherwise}`,
    };
  }
  const origin = siteOrigin(content.site.siteUrl);
  const routes = publicRoutes(content);
  return {
    ok: true,
    warnings: [],
    // The Edge Function cannot read content/: it gets the form's choices from a generated module.
    formChoicesUpdated: writeFormChoices(content),
    // Nor can the database: its stage lookup tables are kept in step by a generated SQL file.
    workflowSqlUpdated: writeWorkflowSql(content),
    // The pages to prerender (scripts/generator/prerender.ts reads this file as its plan).
    paths: routes.map((route) => route.path),
    sitemap: sitemapXml(routes, origin),
    robots: robotsTxt(origin),
    policySources: policySources(content),
    // The pictures the pages name, for the build to publish.
    images: Object.values(content.images),
    // The content editor's configuration, from the schemas loaded here (scripts/generator/editorConfig.ts).
    siteName: content.site.name,
    // The directory's service and category are chosen from the services and groups this content holds.
    editorCollections: editorCollections(undefined, editorChoices(content)),
  };
}

/** What the build says when it wrote a file for the backend: the forms' choices, the workflow's stages. */
export function updatedLines(result: Extract<ContentStepResult, { ok: true }>): string[] {
  return [
    ...(result.formChoicesUpdated ? [`Updated ${FORM_CHOICES_FILE} (deploy submit-application and submit-inquiry again to use the new choices).`] : []),
    ...(result.workflowSqlUpdated ? [`Updated ${WORKFLOW_SQL_FILE} (apply it to the database: ${guideSection('stagesAfterLaunch')}).`] : []),
  ];
}
