/**
 * `npm run deploy`: puts the project in production, docs/going-live.md's "Deploy by hand" done by one command:
 * the launch check and the production build, the Supabase project's migrations, the stages' SQL, the functions'
 * settings, every Edge Function, the schedules, then the site published to Netlify. The GitHub workflow
 * .github/workflows/deploy.yml runs it on every push to main once the checks pass; it runs the same from a
 * terminal with the settings in the environment (the table of docs/going-live.md, "Settings").
 *
 * `npm run deploy -- --dry-run` prints every step and command, secrets masked, and which settings are missing; it
 * runs nothing and needs no credentials. Without --dry-run a missing setting, or a missing tool, stops it before
 * anything is changed, naming it; a failing step stops it there, naming what is done and what is not.
 * The steps themselves are in scripts/deploy/deployPlan.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { guideSection } from '../src/guides.ts';
import { commandEnv, commandLine, DEPLOY_SETTINGS, deploySteps, functionNames, functionsWithoutConfig, missingSettings, pgEnvironment, unsetWarnings, type Command } from './deploy/deployPlan.ts';

const { values: options } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } } });
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
console.log(`${dryRun ? 'Dry run: nothing is run. ' : ''}Deploy to production, ${steps.length} steps.`);

if (dryRun) {
  const needed = DEPLOY_SETTINGS.filter((setting) => setting.required).map((setting) => setting.name);
  console.log(`Needs: ${needed.join(', ')}.`);
  console.log(missing.length ? `Missing now: ${missing.join(', ')} (the real run stops before changing anything until they are set).` : 'Every required setting is set.');
  for (const warning of unsetWarnings(env)) console.log(`Warning: ${warning}`);
  steps.forEach((step, index) => {
    console.log(`\n${index + 1}/${steps.length} ${step.title}`);
    for (const command of step.commands) console.log(`  $ ${commandLine(command, env)}`);
  });
  process.exit(0);
}

if (missing.length) {
  stop(`Nothing was changed: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set. Set ${missing.length === 1 ? 'it' : 'them'} (the table in ${guideSection('settings')}, says where each comes from), or see the plan with \`npm run deploy -- --dry-run\`.`);
}
try {
  pgEnvironment(env.SUPABASE_DB_URL!);
} catch (error) {
  stop(`Nothing was changed: ${(error as Error).message}`);
}
const psqlVersion = spawnSync('psql', ['--version'], { encoding: 'utf8' });
const major = Number(/(\d+)(?:\.\d+)?/.exec(psqlVersion.stdout ?? '')?.[1] ?? 0);
if (psqlVersion.error || major < 15) {
  stop(`Nothing was changed: the deploy runs psql 15 or later (for \\getenv), found ${psqlVersion.error ? 'none' : psqlVersion.stdout.trim()}. Install the PostgreSQL client (apt-get install postgresql-client).`);
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

steps.forEach((step, index) => {
  console.log(`\n${index + 1}/${steps.length} ${step.title}`);
  for (const command of step.commands) {
    console.log(`  $ ${commandLine({ ...command, stdin: undefined }, env)}`);
    const status = run(command);
    if (status !== 0) {
      const done = index === 0 ? 'Nothing was changed (the build comes before any change).' : `Steps 1 to ${index} are done.`;
      stop(`Step ${index + 1} (${step.title}) failed, exit code ${status}. ${done} The site was not published${index === steps.length - 1 ? ' (its upload failed)' : ''}; run the deploy again once it is put right: every step can run again.`);
    }
  }
});
console.log('\nDeployed: the database, the functions and the schedules are up to date, and the site is published.');
// Said again last, where it is read: the deploy went on without it.
for (const warning of unsetWarnings(env)) console.warn(`Warning: ${warning}`);
