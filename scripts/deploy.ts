/**
 * `npm run deploy`: puts the project in production, docs/going-live.md's "Deploy by hand" done by one command. The
 * GitHub workflow .github/workflows/deploy.yml runs it on every push to main once the checks pass; it runs the
 * same from a terminal with the settings in the environment (the table of docs/going-live.md, "Settings").
 *
 * 1. The preflight (scripts/deploy/preflight.ts): every setting checked against the real services before anything
 *    changes; all the problems are listed at once, each with what to do and where. `--check` runs only this.
 * 2. The steps (scripts/deploy/deployPlan.ts): the launch check and the production build, the Supabase project's
 *    migrations, the stages' SQL, the functions' settings, every Edge Function, the schedules, Supabase Auth's
 *    settings, the site published to Netlify, and the first admin's invitation. Each can run again: a step already
 *    done changes nothing. A failing step stops the deploy there, naming what is done and what is not.
 * 3. The proof (scripts/deploy/verify.ts): production's pages, its contact form, its dashboard and its schedules
 *    tried as a visitor and the schedules would. `--verify` runs only this (the workflow runs it as its own step,
 *    after `npm run deploy -- --no-verify`).
 *
 * `--dry-run` prints every step and command, secrets masked, and which settings are missing; it runs and asks
 * nothing and needs no credentials.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { guideSection } from '../src/guides.ts';
import { applyAuthSettings } from './deploy/authSettings.ts';
import { commandEnv, commandLine, DEPLOY_SETTINGS, deploySteps, functionNames, functionsWithoutConfig, mailRefusal, missingSettings, unsetWarnings, type ApiCall, type Command } from './deploy/deployPlan.ts';
import { describeFindings, type CheckResult } from './deploy/findings.ts';
import { inviteFirstAdmin } from './deploy/firstAdmin.ts';
import { findingsIn, preflight } from './deploy/preflight.ts';
import { verifyProduction } from './deploy/verify.ts';

const { values: options } = parseArgs({
  options: {
    'dry-run': { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    verify: { type: 'boolean', default: false },
    'no-verify': { type: 'boolean', default: false },
  },
});
const dryRun = options['dry-run'];
const root = process.cwd();
const env = process.env;

function stop(message: string): never {
  console.error(`\nDeploy stopped. ${message}`);
  process.exit(1);
}

const missing = missingSettings(env);
const unconfigured = functionsWithoutConfig(root, functionNames(root));
if (unconfigured.length) {
  stop(`Nothing was changed: ${unconfigured.map((name) => `supabase/functions/${name}`).join(', ')} has no [functions.<name>] block in supabase/config.toml (verify_jwt and the import map). Add one, as the other functions have.`);
}

const steps = deploySteps(root, env);

if (dryRun) {
  console.log(`Dry run: nothing is run. Deploy to production, ${steps.length} steps, after the preflight (every setting checked against the services) and before the proof (\`--verify\`).`);
  const needed = DEPLOY_SETTINGS.filter((setting) => setting.required).map((setting) => setting.name);
  console.log(`Needs: ${needed.join(', ')}.`);
  console.log(missing.length ? `Missing now: ${missing.join(', ')} (the real run stops before changing anything until they are set).` : 'Every required setting is set.');
  const noMail = mailRefusal(env);
  if (noMail) console.log(`Refused now: ${noMail}.`);
  for (const warning of unsetWarnings(env)) console.log(`Warning: ${warning}`);
  steps.forEach((step, index) => {
    console.log(`\n${index + 1}/${steps.length} ${step.title}`);
    for (const command of step.commands) console.log(`  $ ${commandLine(command, env)}`);
    for (const request of step.call?.requests ?? []) console.log(`  > ${request}`);
  });
  process.exit(0);
}

const psqlVersion = spawnSync('psql', ['--version'], { encoding: 'utf8' });
const major = Number(/(\d+)(?:\.\d+)?/.exec(psqlVersion.stdout ?? '')?.[1] ?? 0);
const psqlProblem = psqlVersion.error || major < 15 ? `the deploy runs psql 15 or later (for \\getenv), found ${psqlVersion.error ? 'none' : psqlVersion.stdout.trim()}. Install the PostgreSQL client (apt-get install postgresql-client).` : undefined;

/** Prints the results as the owner reads them; true when there is nothing to put right. */
function report(heading: string, results: readonly CheckResult[]): boolean {
  const count = findingsIn(results);
  console.log(`\n${heading}`);
  for (const line of describeFindings(results)) console.log(`  ${line}`);
  return count === 0;
}

async function runPreflight(): Promise<void> {
  console.log('Checking every setting against the services before anything changes...');
  const results = await preflight(root, env);
  if (psqlProblem) results.push({ title: 'This computer', passed: [], findings: [{ settings: [], problem: psqlProblem, fix: 'Install it, or deploy from GitHub (the workflow installs it).' }] });
  const count = findingsIn(results);
  if (!report(count ? `Not ready: ${count === 1 ? '1 thing' : `${count} things`} to put right first. Nothing was changed.` : 'Ready: every setting is set and every service answered as it should.', results)) {
    console.error(`\nDeploy stopped. Nothing was changed: put the ${count === 1 ? 'thing' : `${count} things`} above right, then run it again (\`npm run deploy -- --check\` checks without deploying). Where each setting comes from: ${guideSection('settings')}.`);
    process.exit(1);
  }
}

async function runVerify(): Promise<void> {
  console.log('\nProving production works: its pages, its contact form, its dashboard and its schedules...');
  const results = await verifyProduction(env, { root, log: (line) => console.log(`  ${line}`) });
  const count = findingsIn(results);
  if (!report(count ? `Production is not right: ${count === 1 ? '1 thing' : `${count} things`} failed.` : 'Production works: every part answered as it should.', results)) {
    console.error(`\nThe check of production failed (the deploy itself is done). Put right what is named above, then run \`npm run deploy -- --verify\` again.`);
    process.exit(1);
  }
}

/** The steps done through an API: the code for each, by the name the plan gives it. */
async function call(api: ApiCall): Promise<string[]> {
  if (api.does === 'auth-settings') return applyAuthSettings(root, env);
  if (mailRefusal(env) === undefined && !env.MAIL_API_KEY?.trim()) {
    // LAUNCH_WITHOUT_EMAIL=yes: an invitation could never arrive.
    return ['No e-mail (LAUNCH_WITHOUT_EMAIL=yes): the first admin cannot be invited. Give them access with `npm run staff:add -- <address> --admin` in a terminal (docs/going-live.md).'];
  }
  return [await inviteFirstAdmin(env)];
}

function run(command: Command): number {
  const childEnv = commandEnv(command, env);
  let dir: string | undefined;
  let args = command.args;
  if (command.envFile) {
    // The functions' settings go in a file only this user can read, removed at once: never on a command line.
    dir = mkdtempSync(path.join(tmpdir(), 'deploy-'));
    const file = path.join(dir, 'functions.env');
    writeFileSync(file, command.envFile.map((name) => `${name}=${JSON.stringify(env[name]!.trim())}`).join('\n') + '\n', { mode: 0o600 });
    args = args.map((arg) => (arg === '<temporary file>' ? file : arg));
  }
  try {
    const result = spawnSync(command.program, args, {
      cwd: root,
      env: childEnv,
      stdio: [command.stdin === undefined ? 'inherit' : 'pipe', 'inherit', 'inherit'],
      ...(command.stdin === undefined ? {} : { input: command.stdin }),
    });
    if (result.error) console.error(`Could not start ${command.program}: ${result.error.message}`);
    return result.error ? 1 : (result.status ?? 1);
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

if (options.verify) {
  await runVerify();
  process.exit(0);
}
await runPreflight();
if (options.check) process.exit(0);
console.log(`\nDeploy to production, ${steps.length} steps.`);

for (const [index, step] of steps.entries()) {
  console.log(`\n${index + 1}/${steps.length} ${step.title}`);
  const failed = (reason: string) => {
    const done = index === 0 ? 'Nothing was changed (the build comes before any change).' : `Steps 1 to ${index} are done.`;
    const published = steps.findIndex((candidate) => candidate.title.startsWith('Publish'));
    const site = index < published ? ' The site was not published' : index === published ? ' The site was not published (its upload failed)' : ' The site is published';
    stop(`Step ${index + 1} (${step.title}) failed, ${reason}. ${done}${site}; run the deploy again once it is put right: every step can run again.`);
  };
  for (const command of step.commands) {
    console.log(`  $ ${commandLine({ ...command, stdin: undefined }, env)}`);
    const status = run(command);
    if (status !== 0) failed(`exit code ${status}`);
  }
  if (step.call) {
    try {
      for (const line of await call(step.call)) console.log(`  ${line}`);
    } catch (error) {
      failed((error as Error).message);
    }
  }
}
console.log('\nDeployed: the database, the functions, the schedules and the sign-in settings are up to date, and the site is published.');
// Said again last, where it is read: the deploy went on without it.
for (const warning of unsetWarnings(env)) console.warn(`Warning: ${warning}`);
if (!options['no-verify']) await runVerify();
