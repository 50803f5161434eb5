/**
 * `npm run deploy` (scripts/deploy.ts, scripts/deploy/deployPlan.ts) and the workflow that runs it
 * (.github/workflows/deploy.yml). No real service is called: the dry run runs nothing; the runs that do start are
 * rehearsals (DEPLOY_REHEARSAL=1): Supabase's Management API, Netlify's API, the mail API and DNS are local fakes
 * that answer as their documentation says (scripts/deploy/rehearsal/), the Supabase project is the stand-in, and
 * `npm`, `npx` and `psql` are replaced on the PATH by small programs that only write down what they were asked to
 * do and with which settings. The schedules' SQL runs on Debian's PostgreSQL 15, twice, to show that a second
 * deploy updates rather than adds.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { DEPLOY_SETTINGS, functionNames, functionsWithoutConfig, NETLIFY_CLI, pgEnvironment, SCHEDULES, scheduleSql, SUPABASE_CLI, withoutDeploySettings } from '../../scripts/deploy/deployPlan.ts';
import { startDnsFake, type DnsFake } from '../../scripts/deploy/rehearsal/dnsFake.ts';
import { startMailFake, type MailFake } from '../../scripts/deploy/rehearsal/mailFake.ts';
import { startNetlifyFake, type NetlifyFake } from '../../scripts/deploy/rehearsal/netlifyFake.ts';
import { legacyProjectKey, startSupabaseManagementFake, type SupabaseManagementFake } from '../../scripts/deploy/rehearsal/supabaseManagementFake.ts';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { VAULT_AND_CRON } from '../../scripts/postgres/vaultAndCron.ts';
import { postgres15Missing, POSTGRES15_BIN, startPostgres15, type Postgres15 } from '../../scripts/postgres/postgres15.ts';

/** Every setting, with values a test can look for in the output: the secrets' must never appear. */
const FULL: Record<string, string> = {
  SITE_URL: 'https://www.hearthside-care.com',
  VITE_SUPABASE_URL: 'https://abcdefghijklmnopqrst.supabase.co',
  VITE_SUPABASE_ANON_KEY: 'sb_publishable_public-anon-value',
  SUPABASE_PROJECT_REF: 'abcdefghijklmnopqrst',
  SUPABASE_ACCESS_TOKEN: 'sbp_SECRET-access-token-1',
  SUPABASE_DB_PASSWORD: 'SECRET-db-password-2',
  SUPABASE_DB_URL: 'postgresql://postgres.abcdefghijklmnopqrst:SECRET-db-password-2@aws-0-us-east-1.pooler.supabase.com:5432/postgres',
  SUPABASE_SERVICE_ROLE_KEY: 'SECRET-service-role-3',
  NETLIFY_AUTH_TOKEN: 'nfp_SECRET-netlify-4',
  NETLIFY_SITE_ID: '0d1c2b3a-site-id',
  MAIL_API_KEY: 're_SECRET-mail-5',
  RATE_LIMIT_SALT: 'SECRET-salt-6',
  NOTIFY_TO: 'intake@hearthside-care.com',
};
const SECRET_VALUES = DEPLOY_SETTINGS.filter((setting) => setting.kind === 'secret').flatMap((setting) => (FULL[setting.name] ? [FULL[setting.name]!] : []));


let stubs: string;
let log: string;
beforeAll(() => {
  stubs = mkdtempSync(path.join(tmpdir(), 'deploy-stubs-'));
  log = path.join(stubs, 'calls.log');
  // Each stand-in program writes one line: its name, its arguments, and which settings reached it. psql answers
  // --version as the runner's does; the Supabase CLI's `secrets set` copies its file (and the file's mode) to the
  // log; psql copies its standard input. DEPLOY_FAIL makes the call whose arguments contain it fail.
  const stub = `#!/bin/sh
name=$(basename "$0")
if [ "$name" = psql ] && [ "$1" = --version ]; then echo "psql (PostgreSQL) 16.4"; exit 0; fi
printf '%s %s | netlify:%s access:%s dbpass:%s service:%s pgpass:%s project_url:%s\\n' "$name" "$*" "\${NETLIFY_AUTH_TOKEN:+yes}" "\${SUPABASE_ACCESS_TOKEN:+yes}" "\${SUPABASE_DB_PASSWORD:+yes}" "\${SUPABASE_SERVICE_ROLE_KEY:+yes}" "\${PGPASSWORD:+yes}" "\${DEPLOY_PROJECT_URL}" >> "$DEPLOY_LOG"
previous=
for arg in "$@"; do
  if [ "$previous" = --env-file ]; then { printf 'file mode %s\\n' "$(stat -c %a "$arg")"; cat "$arg"; } >> "$DEPLOY_LOG"; fi
  previous=$arg
done
if [ "$name" = psql ] && [ "$previous" = - ]; then cat >> "$DEPLOY_LOG"; fi
case "$*" in *"\${DEPLOY_FAIL:-no failure asked}"*) exit 3;; esac
exit 0
`;
  for (const name of ['npm', 'npx', 'psql']) {
    writeFileSync(path.join(stubs, name), stub);
    chmodSync(path.join(stubs, name), 0o755);
  }
});
afterAll(() => rmSync(stubs, { recursive: true, force: true }));

/**
 * Runs `npm run deploy` as npm does (tsx), with the stand-in programs first on the PATH. Asynchronously: the fakes
 * and the stand-in it talks to answer from this process.
 */
async function deploy(args: string[], settings: Record<string, string>, extra: Record<string, string> = {}) {
  rmSync(log, { force: true });
  const env = { ...withoutDeploySettings(process.env), PATH: `${stubs}${path.delimiter}${process.env.PATH}`, ...settings, ...extra, DEPLOY_LOG: log };
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/deploy.ts', ...args], { env });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  let calls = '';
  try {
    calls = readFileSync(log, 'utf8');
  } catch {
    // Nothing was called.
  }
  return { status, stdout, stderr, output: stdout + stderr, calls };
}

/** The titles of the steps as printed ("3/8 Apply ..."), without their numbers. */
const titles = (output: string) => [...output.matchAll(/^\d+\/\d+ (.+)$/gm)].map((match) => match[1]!);

const ORDER = [/^Launch check and production build/, /^Link the Supabase project/, /^Apply the new migrations/, /^Apply the stages/, /^Set the functions' settings/, /^Deploy the Edge Functions/, /^Schedule the calls/, /^Set Supabase Auth's settings/, /^Publish dist\/client to Netlify/, /^Invite the first admin/];

describe('the dry run', () => {
  test('prints every step in order, each with its command, and runs nothing', async () => {
    const run = await deploy(['--dry-run'], FULL);
    expect(run.status).toBe(0);
    expect(run.calls).toBe('');
    const printed = titles(run.stdout);
    expect(printed).toHaveLength(ORDER.length);
    printed.forEach((title, index) => expect(title).toMatch(ORDER[index]!));
    expect(run.stdout).toContain('$ SITE_URL=https://www.hearthside-care.com VITE_SUPABASE_URL=https://abcdefghijklmnopqrst.supabase.co VITE_SUPABASE_ANON_KEY=sb_publishable_public-anon-value npm run check -- --launch --resolve --deploy');
    expect(run.stdout).toContain(`npx --yes ${SUPABASE_CLI} link --project-ref abcdefghijklmnopqrst`);
    expect(run.stdout).toContain(`npx --yes ${SUPABASE_CLI} db push --yes`);
    expect(run.stdout).toContain('psql -X -q -v ON_ERROR_STOP=1 --single-transaction -f supabase/workflow.generated.sql');
    expect(run.stdout).toContain(`NETLIFY_AUTH_TOKEN=*** NETLIFY_SITE_ID=0d1c2b3a-site-id npx --yes ${NETLIFY_CLI} deploy --prod --no-build --dir dist/client`);
    expect(run.stdout).toContain('Every required setting is set.');
    expect(run.stdout).not.toContain('Warning');
  });

  test('names a missing mail key as refused, what goes missing without it, and the way to choose it', async () => {
    const { MAIL_API_KEY: _key, ...withoutMail } = FULL;
    const run = await deploy(['--dry-run'], withoutMail);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Every required setting is set.');
    expect(run.stdout).toContain('Refused now: MAIL_API_KEY is not set, so no e-mail is sent: families and applicants get no reply, staff hear of no new request, and nobody can be invited to /admin');
    expect(run.stdout).toContain('set LAUNCH_WITHOUT_EMAIL=yes.');
    const chosen = await deploy(['--dry-run'], { ...withoutMail, LAUNCH_WITHOUT_EMAIL: 'yes' });
    expect(chosen.stdout).not.toContain('Refused now');
    expect(chosen.stdout).toContain('Warning: LAUNCH_WITHOUT_EMAIL=yes and MAIL_API_KEY is not set: no e-mail is sent');
  });

  test('deploys every folder of supabase/functions, one command each', async () => {
    const run = await deploy(['--dry-run'], FULL);
    const deployed = [...run.stdout.matchAll(/functions deploy (\S+) --project-ref abcdefghijklmnopqrst --use-api/g)].map((match) => match[1]);
    expect(deployed).toEqual(functionNames(process.cwd()));
    expect(deployed).toEqual(expect.arrayContaining(['notify', 'purge', 'submit-application', 'submit-inquiry']));
  });

  test('never prints a secret: each is shown as ***, the variables as they are', async () => {
    const run = await deploy(['--dry-run'], FULL);
    for (const secret of SECRET_VALUES) expect(run.output).not.toContain(secret);
    expect(run.stdout).toContain('SUPABASE_ACCESS_TOKEN=*** SUPABASE_DB_PASSWORD=***');
    expect(run.stdout).toContain('(the file holds SITE_URL=https://www.hearthside-care.com RATE_LIMIT_SALT=*** MAIL_API_KEY=*** NOTIFY_TO=intake@hearthside-care.com)');
  });

  test('needs no credentials, and says which settings are needed and which are missing', async () => {
    const run = await deploy(['--dry-run'], {});
    expect(run.status).toBe(0);
    expect(run.calls).toBe('');
    const required = DEPLOY_SETTINGS.filter((setting) => setting.required).map((setting) => setting.name);
    expect(run.stdout).toContain(`Needs: ${required.join(', ')}.`);
    expect(run.stdout).toContain(`Missing now: ${required.join(', ')} (the real run stops before changing anything until they are set).`);
    expect(titles(run.stdout)).toHaveLength(ORDER.length);
  });
});

/** The rehearsal: the stand-in as the Supabase project, and a fake of each service, as a new project has them. */
let standIn: LocalSupabase;
let management: SupabaseManagementFake;
let netlify: NetlifyFake;
let mail: MailFake;
let dns: DnsFake;
/** Every setting right, against the rehearsal's services. */
let live: Record<string, string>;
const REF = 'abcdefghijklmnopqrst';
/** Another project's service key (a legacy JWT naming that project). */
const ANOTHER_SERVICE_KEY = legacyProjectKey('zyxwvutsrqponmlkjihg', 'service_role');
/** What the deploy wrote on stderr, less supabase-js's notice that Node 20 is deprecated (printed on Node 20 only). */
const ownStderr = (stderr: string) => stderr.replace(/^⚠️ {2}Node\.js 20 and below are deprecated.*\n/m, '');
const secretsOf = (settings: Record<string, string>) => DEPLOY_SETTINGS.filter((setting) => setting.kind === 'secret').flatMap((setting) => (settings[setting.name] ? [settings[setting.name]!] : []));

beforeAll(async () => {
  standIn = await startLocalSupabase({ port: 0, demoApplications: 0, demoInquiries: 0 });
  // A new project: nobody has access yet.
  await standIn.db.query('delete from public.staff');
  management = await startSupabaseManagementFake({ token: FULL.SUPABASE_ACCESS_TOKEN!, projects: [{ ref: REF, name: 'Hearthside Care', region: 'us-east-1', anonKey: standIn.anonKey, serviceRoleKey: standIn.serviceRoleKey }, { ref: 'zyxwvutsrqponmlkjihg', name: 'Another project', region: 'us-east-1', anonKey: legacyProjectKey('zyxwvutsrqponmlkjihg', 'anon'), serviceRoleKey: ANOTHER_SERVICE_KEY }] });
  netlify = await startNetlifyFake({ token: FULL.NETLIFY_AUTH_TOKEN!, sites: [{ id: FULL.NETLIFY_SITE_ID!, name: 'hearthside-care', custom_domain: 'www.hearthside-care.com' }] });
  mail = await startMailFake({ keys: [{ key: FULL.MAIL_API_KEY! }], domains: [{ name: 'hearthside-care.com', status: 'verified' }, { name: 'hearthside-mail.com', status: 'pending' }] });
  dns = await startDnsFake({ records: { 'www.hearthside-care.com': ['75.2.60.5'] } });
  live = {
    ...FULL,
    VITE_SUPABASE_URL: standIn.url,
    VITE_SUPABASE_ANON_KEY: standIn.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: standIn.serviceRoleKey,
    MAIL_FROM: 'notifications@hearthside-care.com',
    FIRST_ADMIN_EMAIL: 'rosa.alvarez@hearthside-care.com',
    SUPABASE_API_URL: management.url,
    NETLIFY_API_URL: netlify.url,
    MAIL_API_URL: mail.url,
    DEPLOY_DNS_SERVERS: dns.url,
    DEPLOY_REHEARSAL: '1',
  };
}, 60_000);
afterAll(async () => {
  await Promise.all([standIn?.close(), management?.close(), netlify?.close(), mail?.close(), dns?.close()]);
});

/** The rehearsal's settings less some, or with some changed. */
const without = (...names: string[]) => Object.fromEntries(Object.entries(live).filter(([name]) => !names.includes(name)));
/** The calls the stand-in programs wrote down, without the preflight's connection test. */
const stepCalls = (calls: string) => calls.split('\n').filter((line) => / \| netlify:/.test(line) && !line.startsWith('psql -X -q -A -t -c select 1'));

describe('the preflight, `npm run deploy -- --check`', () => {
  test('with nothing set, lists every missing setting in plain words with where it is found, and the missing mail key; asks no service', async () => {
    const run = await deploy(['--check'], {});
    expect(run.status).toBe(1);
    expect(run.calls).toBe('');
    const required = DEPLOY_SETTINGS.filter((setting) => setting.required);
    expect(run.stdout).toContain(`Not ready: ${required.length + 1} things to put right first. Nothing was changed.`);
    for (const setting of required) expect(run.stdout).toContain(`Settings: ${setting.name} is not set. ${setting.use}`);
    expect(run.stdout).toContain('Where: https://supabase.com/dashboard/project/_?showConnect=true');
    expect(run.stdout).toContain('Where: https://app.netlify.com/user/applications#personal-access-tokens');
    expect(run.stdout).toMatch(/Mail: MAIL_API_KEY is not set, so no e-mail is sent: families and applicants get no reply, staff hear of no new request, and nobody can be invited to \/admin/);
    expect(run.stderr).toContain('Deploy stopped. Nothing was changed');
  });

  test('with every setting right, every service answers as it should and nothing is changed', async () => {
    const run = await deploy(['--check'], live);
    expect(ownStderr(run.stderr)).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Ready: every setting is set and every service answered as it should.');
    expect(run.stdout).toContain('OK  First admin: rosa.alvarez@hearthside-care.com will be invited as the first admin after the site is published');
    expect(management.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    expect(stepCalls(run.calls)).toEqual([]);
    for (const secret of secretsOf(live)) expect(run.output).not.toContain(secret);
  });

  test('names each wrong setting: a direct database URL, a key of another project, an unverified mail domain', async () => {
    const run = await deploy(['--check'], {
      ...live,
      SUPABASE_DB_URL: `postgresql://postgres:SECRET-db-password-2@db.${REF}.supabase.co:5432/postgres`,
      SUPABASE_SERVICE_ROLE_KEY: ANOTHER_SERVICE_KEY,
      MAIL_FROM: 'notifications@hearthside-mail.com',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/Not ready: [3-9] things to put right first/);
    expect(run.stdout).toMatch(/SUPABASE_DB_URL is the direct connection/);
    expect(run.stdout).toMatch(/SUPABASE_SERVICE_ROLE_KEY .*(another project|Another project|zyxwvutsrqponmlkjihg)/);
    expect(run.stdout).toMatch(/Mail: hearthside-mail\.com is still being checked by the mail service \(pending\)/);
    expect(run.stderr).toContain('Deploy stopped. Nothing was changed');
    expect(run.output).not.toContain(ANOTHER_SERVICE_KEY);
  });

  test('a rehearsal setting cannot relax a real deploy: with a real service in the settings it is refused', async () => {
    const run = await deploy(['--check'], { ...live, NETLIFY_API_URL: 'https://api.netlify.com' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('DEPLOY_REHEARSAL is set, but NETLIFY_API_URL is not on this machine: a rehearsal talks only to local fakes.');
  });
});

describe('the real run, rehearsed', () => {
  test('refuses to start without a required secret, naming it, and changes nothing', async () => {
    const run = await deploy(['--no-verify'], without('NETLIFY_AUTH_TOKEN'));
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('Settings: NETLIFY_AUTH_TOKEN is not set.');
    expect(run.stderr).toContain('Deploy stopped. Nothing was changed');
    expect(stepCalls(run.calls)).toEqual([]);
    expect(titles(run.stdout)).toEqual([]);
  });

  test('names every missing setting at once', async () => {
    const run = await deploy(['--no-verify'], { SITE_URL: FULL.SITE_URL!, DEPLOY_DNS_SERVERS: dns.url });
    expect(run.status).toBe(1);
    for (const name of ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY', 'SUPABASE_PROJECT_REF', 'SUPABASE_ACCESS_TOKEN', 'SUPABASE_DB_PASSWORD', 'SUPABASE_DB_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'NETLIFY_AUTH_TOKEN', 'NETLIFY_SITE_ID']) {
      expect(run.stdout).toContain(`Settings: ${name} is not set.`);
    }
    expect(run.calls).toBe('');
  });

  test('refuses to start with a psql older than 15 (no \\getenv), and changes nothing', async () => {
    const old = mkdtempSync(path.join(tmpdir(), 'deploy-psql14-'));
    try {
      writeFileSync(path.join(old, 'psql'), '#!/bin/sh\necho "psql (PostgreSQL) 14.12"\n');
      chmodSync(path.join(old, 'psql'), 0o755);
      const run = await deploy(['--no-verify'], live, { PATH: `${old}${path.delimiter}${stubs}${path.delimiter}${process.env.PATH}` });
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('This computer: the deploy runs psql 15 or later (for \\getenv), found psql (PostgreSQL) 14.12.');
      expect(run.stderr).toContain('Deploy stopped. Nothing was changed');
      expect(stepCalls(run.calls)).toEqual([]);
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  });

  test('runs the steps in order, giving each command only the secrets it uses, none on a command line; sets Auth and invites the first admin', async () => {
    const run = await deploy(['--no-verify'], live);
    expect(ownStderr(run.stderr)).toBe('');
    expect(run.status).toBe(0);
    const calls = stepCalls(run.calls);
    const functions = functionNames(process.cwd());
    expect(calls.map((line) => line.split(' | ')[0])).toEqual([
      'npm run check -- --launch --resolve --deploy',
      'npm run build',
      `npx --yes ${SUPABASE_CLI} link --project-ref ${REF}`,
      `npx --yes ${SUPABASE_CLI} db push --yes`,
      'psql -X -q -v ON_ERROR_STOP=1 --single-transaction -f supabase/workflow.generated.sql',
      expect.stringMatching(new RegExp(`^npx --yes ${SUPABASE_CLI.replace(/\./g, '\\.')} secrets set --project-ref ${REF} --env-file /\\S+/functions\\.env$`)),
      ...functions.map((name) => `npx --yes ${SUPABASE_CLI} functions deploy ${name} --project-ref ${REF} --use-api`),
      'psql -X -q -v ON_ERROR_STOP=1 --single-transaction -f -',
      `npx --yes ${NETLIFY_CLI} deploy --prod --no-build --dir dist/client --message Deploy from npm run deploy`,
    ]);
    const seen = (call: string) => calls.find((line) => line.startsWith(call))!.split(' | ')[1];
    // The build holds no token; the CLI only its own; psql the database's password through libpq's PGPASSWORD.
    expect(seen('npm run build')).toBe('netlify: access: dbpass: service: pgpass: project_url:');
    expect(seen(`npx --yes ${SUPABASE_CLI} db push`)).toBe('netlify: access:yes dbpass:yes service: pgpass: project_url:');
    expect(seen(`npx --yes ${NETLIFY_CLI}`)).toBe('netlify:yes access: dbpass: service: pgpass: project_url:');
    expect(seen('psql -X -q -v ON_ERROR_STOP=1 --single-transaction -f -')).toBe(`netlify: access: dbpass: service:yes pgpass:yes project_url:${standIn.url.replace(/\/+$/, '')}`);
    // The functions' settings travel in a file only the deploy's user can read; the schedules read Vault's values
    // from the environment: neither is on a command line.
    expect(run.calls).toContain('file mode 600\nSITE_URL="https://www.hearthside-care.com"\nRATE_LIMIT_SALT="SECRET-salt-6"\nMAIL_API_KEY="re_SECRET-mail-5"\nMAIL_API_URL=');
    expect(run.calls).toContain(scheduleSql());
    for (const secret of secretsOf(live)) {
      for (const call of calls) expect(call).not.toContain(secret);
      expect(run.output).not.toContain(secret);
    }

    // Supabase Auth: the site's address, its /admin, sign-ups off and the 24-hour link, through the Management API.
    const auth = management.authConfig(REF);
    expect(auth).toMatchObject({ site_url: 'https://www.hearthside-care.com', disable_signup: true, mailer_otp_exp: 86400 });
    expect(String(auth.uri_allow_list).split(',')).toEqual(expect.arrayContaining(['https://www.hearthside-care.com/admin']));
    expect(run.stdout).toContain('Site URL: http://localhost:3000 -> https://www.hearthside-care.com');
    // The first admin, invited once the site is published.
    expect(run.stdout).toContain('Invited Rosa Alvarez <rosa.alvarez@hearthside-care.com> as the first admin');
    const admins = await standIn.db.query<{ display_name: string; role: string }>("select display_name, role from public.staff where role = 'admin'");
    expect(admins.rows).toEqual([{ display_name: 'Rosa Alvarez', role: 'admin' }]);
    expect(run.stdout).toContain('Deployed: the database, the functions, the schedules and the sign-in settings are up to date, and the site is published.');

    // Again: every step runs, and the ones done through an API change nothing.
    const again = await deploy(['--no-verify'], { ...live, FIRST_ADMIN_EMAIL: 'someone.else@hearthside-care.com' });
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/nothing (needed changing|changed)/i);
    expect(again.stdout).toContain('The project has an admin already: nothing changed');
    const admin = await standIn.db.query<{ count: number }>("select count(*)::int as count from public.staff where role = 'admin'");
    expect(admin.rows[0]!.count).toBe(1);
  });

  test('stops at a failing step, says what is done, and never publishes the site', async () => {
    const run = await deploy(['--no-verify'], live, { DEPLOY_FAIL: 'db push' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Step 3 (Apply the new migrations (supabase/migrations; never the seed)) failed, exit code 3. Steps 1 to 2 are done. The site was not published');
    expect(run.calls).not.toContain('functions deploy');
    expect(run.calls).not.toContain(NETLIFY_CLI);
  });

  test('a failing launch check stops the deploy before anything is changed', async () => {
    const run = await deploy(['--no-verify'], live, { DEPLOY_FAIL: '--launch' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Nothing was changed (the build comes before any change).');
    expect(stepCalls(run.calls)).toHaveLength(1);
  });
});

describe('the function folders', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'deploy-root-'));
    for (const folder of ['_shared', 'submit-inquiry', 'staff-admin', 'notes']) mkdirSync(path.join(root, 'supabase', 'functions', folder), { recursive: true });
    for (const folder of ['_shared', 'submit-inquiry', 'staff-admin']) writeFileSync(path.join(root, 'supabase', 'functions', folder, 'index.ts'), '');
    writeFileSync(path.join(root, 'supabase', 'config.toml'), '[functions.submit-inquiry]\nverify_jwt = false\n');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('a new folder with an index.ts is deployed without a change to the deploy; _shared and folders without one are not', async () => {
    expect(functionNames(root)).toEqual(['staff-admin', 'submit-inquiry']);
  });

  test('a function without its block in supabase/config.toml is found, so the deploy refuses it', async () => {
    expect(functionsWithoutConfig(root, functionNames(root))).toEqual(['staff-admin']);
    expect(functionsWithoutConfig(process.cwd(), functionNames(process.cwd()))).toEqual([]);
  });
});

test("psql is given the connection string's parts, the password decoded, never the string itself", async () => {
  expect(pgEnvironment('postgresql://postgres.ref:p%40ss%2Fw@aws-0-eu.pooler.supabase.com:6543/postgres')).toEqual({
    PGHOST: 'aws-0-eu.pooler.supabase.com',
    PGPORT: '6543',
    PGUSER: 'postgres.ref',
    PGDATABASE: 'postgres',
    PGSSLMODE: 'require',
    PGPASSWORD: 'p@ss/w',
  });
  expect(() => pgEnvironment('https://ref.supabase.co')).toThrow('SUPABASE_DB_URL must start with postgresql://');
});

describe.skipIf(postgres15Missing() !== null)('the schedules on PostgreSQL 15', () => {
  let server: Postgres15;
  beforeAll(() => {
    server = startPostgres15();
    server.psql(VAULT_AND_CRON);
  }, 60_000);
  afterAll(() => server?.stop());

  /** The schedules' SQL as the deploy gives it to psql, the extensions it creates left out (the stand-ins are there). */
  function applySchedules(projectUrl: string, serviceRoleKey: string) {
    const sql = scheduleSql().replace(/^create extension .*$/gm, '');
    server.run(path.join(POSTGRES15_BIN, 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', '-'], {
      input: sql,
      env: { ...process.env, PGHOST: server.host, PGPORT: server.port, PGUSER: 'postgres', PGDATABASE: 'postgres', DEPLOY_PROJECT_URL: projectUrl, SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey },
    });
  }

  test('a second deploy updates the Vault secrets and the three jobs, and adds none', async () => {
    applySchedules('https://old.supabase.co', 'old-key');
    applySchedules('https://new.supabase.co', 'new-key');
    expect(server.psql("select string_agg(name || '=' || secret, ',' order by name) from vault.secrets")).toBe('project_url=https://new.supabase.co,service_role_key=new-key');
    expect(server.psql("select string_agg(jobname || ' ' || schedule, ',' order by jobid) from cron.job")).toBe(SCHEDULES.map(({ job, cron }) => `${job} ${cron}`).join(','));
    expect(server.psql("select string_agg(jobname, ',' order by jobid) from cron.job where command like '%vault.decrypted_secrets%service_role_key%'")).toBe('retention-purge,notify,overdue-digest');
    expect(server.psql("select command from cron.job where jobname = 'overdue-digest'")).toContain("|| '/functions/v1/notify?digest'");
  });
});

describe('the deploy workflow', () => {
  interface Job {
    uses?: string;
    needs?: string | string[];
    if?: string;
    'runs-on'?: string;
    environment?: { name: string; url?: string };
    concurrency?: { group: string; 'cancel-in-progress': boolean };
    env?: Record<string, string>;
    steps?: Array<{ uses?: string; run?: string; env?: Record<string, string> }>;
  }
  const workflow = parse(readFileSync('.github/workflows/deploy.yml', 'utf8')) as { on: Record<string, { branches?: string[] } | null>; permissions: Record<string, string>; jobs: Record<string, Job> };
  const DEPLOY = 'npm run deploy -- --no-verify';
  const VERIFY = 'npm run deploy -- --verify';
  const deployJob = Object.values(workflow.jobs).find((job) => job.steps?.some((step) => step.run === DEPLOY));
  const checksJob = Object.entries(workflow.jobs).find(([, job]) => job.uses === './.github/workflows/check.yml');

  test('runs on a push to main, or by hand, with a read-only token', async () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['push', 'workflow_dispatch']);
    expect(workflow.on.push?.branches).toEqual(['main']);
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  test('the deploy job needs the checks (check.yml itself, called), and runs only on the default branch', async () => {
    expect(checksJob).toBeDefined();
    expect([deployJob?.needs].flat()).toContain(checksJob![0]);
    expect(deployJob?.if).toBe("github.ref == format('refs/heads/{0}', github.event.repository.default_branch)");
    expect(readFileSync('.github/workflows/check.yml', 'utf8')).toMatch(/^ {2}workflow_call:/m);
  });

  test('deploys in the environment "production", one deploy at a time, never cancelled half-way', async () => {
    expect(deployJob?.environment?.name).toBe('production');
    expect(deployJob?.concurrency).toEqual({ group: 'deploy-production', 'cancel-in-progress': false });
  });

  test('pins every action by a full commit SHA and installs from the lockfile', async () => {
    const uses = deployJob?.steps?.flatMap((step) => (step.uses ? [step.uses] : [])) ?? [];
    expect(uses.length).toBeGreaterThan(0);
    for (const action of uses) expect(action).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
    const runs = deployJob?.steps?.flatMap((step) => (step.run ? [step.run] : [])) ?? [];
    expect(runs.indexOf('npm ci')).toBeLessThan(runs.indexOf(DEPLOY));
    // The proof of production comes right after the deploy, as a step of its own.
    expect(runs.indexOf(VERIFY)).toBe(runs.indexOf(DEPLOY) + 1);
  });

  test('gives the deploy step every setting of the table, the secrets from secrets and the rest from variables', async () => {
    const deployStep = deployJob?.steps?.find((step) => step.run === DEPLOY);
    expect(deployStep?.env).toEqual(Object.fromEntries(DEPLOY_SETTINGS.map(({ name, kind }) => [name, `\${{ ${kind === 'secret' ? 'secrets' : 'vars'}.${name} }}`])));
    // The proof gets what it reads: the addresses, the keys it sends its test request and reads with, the database
    // string for the schedules, and what the security headers depend on; never the deploy's tokens.
    const verifyStep = deployJob?.steps?.find((step) => step.run === VERIFY);
    expect(Object.keys(verifyStep?.env ?? {}).sort()).toEqual(['CMS_AUTH_ENDPOINT', 'CMS_AUTH_URL', 'CMS_GITHUB_BRANCH', 'CMS_GITHUB_REPO', 'CMS_SITE_URL', 'MAIL_API_KEY', 'SITE_URL', 'SUPABASE_DB_URL', 'SUPABASE_PROJECT_REF', 'SUPABASE_SERVICE_ROLE_KEY', 'VITE_POSTHOG_HOST', 'VITE_POSTHOG_KEY', 'VITE_SUPABASE_ANON_KEY', 'VITE_SUPABASE_URL']);
  });

  test('gives no other step and not the job a secret: npm ci and the install scripts run without one', async () => {
    expect(deployJob?.env).toEqual({ CI: '1' });
    const others = deployJob?.steps?.filter((step) => step.run !== DEPLOY && step.run !== VERIFY) ?? [];
    expect(others.length).toBeGreaterThan(2);
    expect(others.filter((step) => JSON.stringify(step).includes('secrets.'))).toEqual([]);
  });
});

test('the going-live guide\'s "Settings" table lists every setting, as the deploy reads it', () => {
  const guide = readFileSync('docs/going-live.md', 'utf8');
  const section = guide.slice(guide.indexOf('## Settings'), guide.indexOf('\n## ', guide.indexOf('## Settings')));
  const rows = [...section.matchAll(/^\| `(\w+)` \| (secret|variable) \| (yes|no) \|/gm)].map((match) => [match[1], match[2], match[3]]);
  expect(rows).toEqual(DEPLOY_SETTINGS.map(({ name, kind, required }) => [name, kind, required ? 'yes' : 'no']));
});
