/**
 * A stage removed from content/workflow.yaml while records are still at it. The database refuses such a change
 * when the generated SQL is applied (private.sync_workflow_stages); the build says so first, naming the file,
 * the stage and how many records, when it can ask the database: with SUPABASE_SERVICE_ROLE_KEY and the project's
 * URL in the environment (a production build, or the stand-in of `npm start`). Without them it cannot count,
 * and says which stages were removed and what applying the SQL will check.
 *
 * What was removed is read from the generated file as it stands before the build rewrites it: the stages the
 * database was last given.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { WorkflowList, Workflow } from '../content/schemas/workflow.ts';
import type { ContentProblem } from '../content/problems.ts';
import { parseYamlSource } from '../content/source.ts';
import { stagesInSql, WORKFLOW_SQL_FILE } from './stagesSql.ts';

export interface RemovedStage {
  list: WorkflowList;
  code: string;
}

/** The stages the generated SQL of `root` has and the content no longer does. */
export function removedStages(workflow: Workflow, root = process.cwd()): RemovedStage[] {
  let sql = '';
  try {
    sql = readFileSync(path.join(root, WORKFLOW_SQL_FILE), 'utf8');
  } catch {
    return [];
  }
  const before = stagesInSql(sql);
  return (Object.keys(before) as WorkflowList[]).flatMap((list) => {
    const now = new Set(workflow[list].stages.map((stage) => stage.code));
    return before[list]!.filter((code) => !now.has(code)).map((code) => ({ list, code }));
  });
}

const TABLES: Record<WorkflowList, string> = { applications: 'job_applications', inquiries: 'inquiries' };
const NOUNS: Record<WorkflowList, [string, string]> = { applications: ['application', 'applications'], inquiries: ['inquiry', 'inquiries'] };

/** How many records are at each removed stage, asked of the database as the service role (exact counts). */
export async function countAtStages(removed: readonly RemovedStage[], url: string, serviceKey: string): Promise<Array<RemovedStage & { count: number }>> {
  return Promise.all(
    removed.map(async (stage) => {
      const address = `${url.replace(/\/+$/, '')}/rest/v1/${TABLES[stage.list]}?select=id&stage=eq.${encodeURIComponent(stage.code)}`;
      const response = await fetch(address, { method: 'HEAD', headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, Prefer: 'count=exact' }, signal: AbortSignal.timeout(10_000) });
      const total = Number(response.headers.get('content-range')?.split('/')[1]);
      if (!response.ok || !Number.isFinite(total)) throw new Error(`${address} answered ${response.status}`);
      return { ...stage, count: total };
    }),
  );
}

/** The content problems of removed stages still in use, pointing at the list's stages in content/workflow.yaml. */
export function stagesInUseProblems(inUse: ReadonlyArray<RemovedStage & { count: number }>, root = process.cwd()): ContentProblem[] {
  const file = 'content/workflow.yaml';
  const source = parseYamlSource(file, readFileSync(path.join(root, file), 'utf8'));
  return inUse
    .filter((stage) => stage.count > 0)
    .map(({ list, code, count }) => {
      const [one, many] = NOUNS[list];
      return {
        file,
        ...source.locate([list, 'stages']),
        path: [list, 'stages'],
        message: `expected every stage that records are at, found "${code}" removed while ${count} ${count === 1 ? `${one} is` : `${many} are`} at it: the database refuses the change. Move ${count === 1 ? 'it' : 'them'} to another stage in /admin first, or keep the stage`,
      };
    });
}

/**
 * The check the build runs before writing the generated SQL: problems to stop on, or a note to print. Asks the
 * database only when there is a removed stage and a service key to ask with.
 */
export async function checkRemovedStages(workflow: Workflow, env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Promise<{ problems: ContentProblem[]; note?: string }> {
  const removed = removedStages(workflow, root);
  if (removed.length === 0) return { problems: [] };
  const names = removed.map(({ list, code }) => `"${code}" (${list})`).join(', ');
  const key = env.SUPABASE_SERVICE_ROLE_KEY;
  const url = env.SUPABASE_URL || env.VITE_SUPABASE_URL || 'http://127.0.0.1:54321';
  if (!key) {
    return { problems: [], note: `content/workflow.yaml: removed ${names}. Applying ${WORKFLOW_SQL_FILE} refuses it while records are at a removed stage (set SUPABASE_SERVICE_ROLE_KEY to have the build count them first).` };
  }
  try {
    return { problems: stagesInUseProblems(await countAtStages(removed, url, key), root) };
  } catch (error) {
    return { problems: [], note: `content/workflow.yaml: removed ${names}; the database at ${url} could not be asked how many records are at them (${(error as Error).message}). Applying ${WORKFLOW_SQL_FILE} refuses it while any are.` };
  }
}
