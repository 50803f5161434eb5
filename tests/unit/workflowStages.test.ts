/**
 * Removing a stage from content/workflow.yaml: the build asks the database (when it has a service key) how many
 * records are at each removed stage and stops, naming the file, the stage and the count, before it rewrites the
 * generated SQL; without a key it goes on and says what applying the SQL will check. Against the real stand-in
 * (its demo applications are in every stage) and the real build in a copy of the project.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';
import { stagesInSql, WORKFLOW_SQL_FILE } from '../../src/workflow/stagesSql.ts';

let stack: ChildProcess | undefined;
const supabase = { url: '', serviceRoleKey: '' };
let project: ProjectCopy;
let offersMade = 0;

/**
 * The stand-in in a process of its own (`npm run supabase:local` on a free port): the build below runs
 * synchronously, and a stand-in in this process could not answer it meanwhile.
 */
async function startStandIn(): Promise<void> {
  stack = spawn(process.execPath, ['--import', 'tsx', 'scripts/local-supabase/main.ts'], { env: { ...process.env, LOCAL_SUPABASE_PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  let printed = '';
  await new Promise<void>((resolve, reject) => {
    stack!.once('exit', (code) => reject(new Error(`the stand-in stopped (${code})`)));
    stack!.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const url = /API URL: (\S+)/.exec(printed)?.[1];
      const key = /service_role key: (\S+)/.exec(printed)?.[1];
      if (url && key) {
        Object.assign(supabase, { url, serviceRoleKey: key });
        resolve();
      }
    });
  });
}

beforeAll(async () => {
  await startStandIn();
  const count = await fetch(`${supabase.url}/rest/v1/job_applications?select=id&stage=eq.offer-made`, {
    method: 'HEAD',
    headers: { apikey: supabase.serviceRoleKey, Authorization: `Bearer ${supabase.serviceRoleKey}`, Prefer: 'count=exact' },
  });
  offersMade = Number(count.headers.get('content-range')!.split('/')[1]);
  project = copyProject();
  const file = path.join(project.dir, 'content/workflow.yaml');
  // The "Offer made" stage, four lines, taken out.
  writeFileSync(file, readFileSync(file, 'utf8').replace(/ {4}- code: offer-made\n(?: {6}.*\n)+/, ''));
}, 60_000);

afterAll(() => {
  project?.cleanup();
  stack?.kill();
});

describe('a stage removed from the content', () => {
  test('is a build error while records are at it, naming the file, the stage and how many, and the SQL is left as it was', () => {
    expect(offersMade).toBeGreaterThan(1);
    const before = readFileSync(path.join(project.dir, WORKFLOW_SQL_FILE), 'utf8');
    const built = project.build({ VITE_SUPABASE_URL: supabase.url, SUPABASE_SERVICE_ROLE_KEY: supabase.serviceRoleKey });
    expect(built.status, built.stdout).not.toBe(0);
    expect(built.stdout + built.stderr).toContain(
      `Stages of the applications: expected every stage that records are at, found "offer-made" removed while ${offersMade} applications are at it: the database refuses the change. Move them to another stage in /admin first, or keep the stage  (content/workflow.yaml, line 9)`,
    );
    expect(readFileSync(path.join(project.dir, WORKFLOW_SQL_FILE), 'utf8')).toBe(before);
  }, 120_000);

  test('without a service key the build goes on, names the removed stage and what applying the SQL checks, and writes the SQL', () => {
    const built = project.build({ VITE_SUPABASE_URL: supabase.url, SUPABASE_SERVICE_ROLE_KEY: '' });
    expect(built.status, built.stderr).toBe(0);
    expect(built.stdout).toContain(`content/workflow.yaml: removed "offer-made" (applications). Applying ${WORKFLOW_SQL_FILE} refuses it while records are at a removed stage`);
    expect(stagesInSql(readFileSync(path.join(project.dir, WORKFLOW_SQL_FILE), 'utf8')).applications).toEqual(['new', 'contacted', 'interview-booked', 'hired', 'not-a-fit', 'withdrew', 'no-show', 'spam']);
  }, 120_000);
});
