/**
 * `npm run deploy:rehearse`: the deploy tried from a fresh clone, with no account anywhere, as a new owner would try
 * it before making their accounts. It starts, on this machine, everything `npm run deploy` talks to:
 * - Supabase's Management API, Netlify's API, the mail API (Resend's) and DNS, as local fakes that answer as their
 *   documentation says (scripts/deploy/rehearsal/);
 * - the local Supabase stand-in as the Supabase project (its API and its functions, sending e-mail to the mail
 *   catcher's inbox), as a new project is: nobody has access yet;
 * - Debian's PostgreSQL 15 as the project's database where psql reaches it (the stages' SQL, the schedules and the
 *   proof's look at them), given every migration and stand-ins of Vault and pg_cron, behind a password as
 *   Supabase's session pooler asks one;
 * - a static host for what the deploy publishes, serving the build's _headers as Netlify does.
 * The deploy runs in a copy of the project whose `!placeholder` values and fictional numbers (555-01xx,
 * example.com) are taken for the agency's own, so that the launch check can pass; the real project is not touched.
 *
 * Then it walks what a new user tries, printing each run as the owner reads it: `npm run deploy -- --check` with
 * nothing set, then with three wrong settings (a direct database URL, another project's key, an unverified mail
 * domain), `npm run deploy` with everything set (every step, the Auth settings and the first admin's invitation
 * included, then the proof), and `npm run deploy -- --verify` alone. The Supabase and Netlify CLIs are not run
 * (they talk only to the real services): in their place, programs on the PATH say what each would have done, and
 * the Netlify one publishes to the local host. Afterwards the services stay up for the owner's own tries, with
 * the settings in a file to source, until Ctrl-C; `--once` stops after the walk (the tests run it so), exiting 1
 * if any run did not end as it should.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEPLOY_SETTINGS, withoutDeploySettings } from './deploy/deployPlan.ts';
import { startDnsFake } from './deploy/rehearsal/dnsFake.ts';
import { startMailFake } from './deploy/rehearsal/mailFake.ts';
import { startNetlifyFake } from './deploy/rehearsal/netlifyFake.ts';
import { legacyProjectKey, startSupabaseManagementFake } from './deploy/rehearsal/supabaseManagementFake.ts';
import { copyProject } from './harness/projectCopy.ts';
import { createStaticServer } from './live/siteServer.ts';
import { startLocalSupabase } from './local-supabase/server.ts';
import { startMailCatcher } from './mail-catcher/server.ts';
import { listenOnLoopback, migrate, postgres15Missing, POSTGRES15_BIN, startPostgres15 } from './postgres/postgres15.ts';
import { VAULT_AND_CRON } from './postgres/vaultAndCron.ts';

const { values: options } = parseArgs({ options: { once: { type: 'boolean', default: false } } });

/** The rehearsal's agency, its project and its accounts: names a reader recognises as made up. */
const DOMAIN = 'hearthside-care.com';
const SITE_URL = `https://www.${DOMAIN}`;
const REF = 'hearthsiderehearsals';
const OTHER_REF = 'anotherprojectrefxyz';
const DB_PASSWORD = 'rehearsal-database-password';
const TOKENS = { supabase: 'sbp_rehearsal_access_token', netlify: 'nfp_rehearsal_netlify_token', mail: 're_rehearsal_mail_key' };
const NETLIFY_SITE_ID = '5a1e2b3c-rehearsal-site';
/** Netlify's load balancer, as its documentation gives it for an apex record: what the agency's domain points at. */
const NETLIFY_ADDRESS = '75.2.60.5';

const missingPostgres = postgres15Missing();
if (missingPostgres) {
  console.error(`The rehearsal needs PostgreSQL 15 on this machine, as the project's database: ${missingPostgres}. Install it, then run npm run deploy:rehearse again.`);
  process.exit(1);
}

/**
 * The copy's content as the agency would have it at launch: every `!placeholder` tag taken for confirmed, every
 * fictional phone number (555-01xx) and example.com address turned into the rehearsal agency's.
 */
function fillPlaceholders(dir: string): void {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(ya?ml|mdx)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    const filled = text
      .replace(/!placeholder /g, '')
      .replace(/555([\s.-]?)01(\d\d)/g, '201$144$2')
      .replace(/\bexample\.(com|org|net)\b/g, DOMAIN);
    if (filled !== text) writeFileSync(file, filled);
  }
}

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

console.log('Starting the rehearsal: a copy of the project, the stand-in as the Supabase project, a local PostgreSQL 15, and fakes of Supabase, Netlify, the mail service and DNS...');
const work = mkdtempSync(path.join(tmpdir(), 'deploy-rehearsal-'));
const project = copyProject();
fillPlaceholders(path.join(project.dir, 'content'));

// What the deploy publishes, served as a static host serves it.
const published = path.join(work, 'published');
mkdirSync(published);
const host = createStaticServer(published, () => undefined);
const servedAt = `http://127.0.0.1:${await listen(host)}`;

const inbox = await startMailCatcher({ port: 0 });
const standIn = await startLocalSupabase({ port: 0, demoApplications: 0, demoInquiries: 0, mail: { url: inbox.url, key: TOKENS.mail }, siteUrl: SITE_URL, notifyEveryMs: 5_000, log: () => undefined });
// A new project: nobody has access yet.
await standIn.db.query('delete from public.staff');

const database = startPostgres15();
migrate(database, { seed: false });
database.psql(VAULT_AND_CRON);
database.psql(`create role "postgres.${REF}" login superuser password '${DB_PASSWORD}';`);
listenOnLoopback(database);
const dbUrl = (user: string, hostAndPort: string) => `postgresql://${user}:${DB_PASSWORD}@${hostAndPort}/postgres?sslmode=disable`;

const management = await startSupabaseManagementFake({
  token: TOKENS.supabase,
  projects: [
    { ref: REF, name: 'Hearthside Care', region: 'us-east-1', anonKey: standIn.anonKey, serviceRoleKey: standIn.serviceRoleKey },
    { ref: OTHER_REF, name: 'Another project', region: 'us-east-1', anonKey: legacyProjectKey(OTHER_REF, 'anon'), serviceRoleKey: legacyProjectKey(OTHER_REF, 'service_role') },
  ],
});
const netlify = await startNetlifyFake({ token: TOKENS.netlify, sites: [{ id: NETLIFY_SITE_ID, name: 'hearthside-care', custom_domain: `www.${DOMAIN}` }] });
const mail = await startMailFake({ keys: [{ key: TOKENS.mail }], domains: [{ name: DOMAIN, status: 'verified' }, { name: 'hearthside-mail.com', status: 'pending' }] });
const dns = await startDnsFake({ records: { [`www.${DOMAIN}`]: [NETLIFY_ADDRESS] } });

// The programs that stand in for the Supabase and Netlify CLIs and give psql what PostgreSQL 15 here can run.
const bin = path.join(work, 'bin');
mkdirSync(bin);
const realPath = process.env.PATH ?? '';
writeFileSync(
  path.join(bin, 'npx'),
  `#!/bin/sh
# npm run deploy:rehearse's npx: the Supabase and Netlify CLIs talk only to the real services, so in a rehearsal
# this says what each would have done; Netlify's publishes to the rehearsal's local host. Anything else is npx's.
if [ "$1" = --yes ]; then package=$2; command=$3; else package=$1; command=$2; fi
option() { previous=; for arg in "$@"; do if [ "$previous" = "$want" ]; then echo "$arg"; return; fi; previous=$arg; done; }
case "$package" in
  supabase@*)
    case "$command" in
      link) echo "  (rehearsal) The Supabase CLI is not run: the stand-in at $VITE_SUPABASE_URL plays the project." ;;
      db) echo "  (rehearsal) Not run: the rehearsal's database was given every migration when it started, as supabase db push gives a new project." ;;
      secrets) want=--env-file; file=$(option "$@"); echo "  (rehearsal) Not run: it would give the functions $(sed 's/=.*//' "$file" | paste -sd, - | sed 's/,/, /g'); the stand-in was started with the same." ;;
      functions) name=$(echo "$*" | awk '{ for (i = 1; i < NF; i++) if ($i == "deploy") print $(i + 1) }'); echo "  (rehearsal) Not run: the stand-in runs supabase/functions/$name of this project already." ;;
      *) echo "  (rehearsal) Not run: supabase $command." ;;
    esac
    exit 0 ;;
  netlify-cli@*)
    want=--dir; dir=$(option "$@")
    rm -rf "$DEPLOY_REHEARSAL_PUBLISH_DIR"/* && cp -R "$dir"/. "$DEPLOY_REHEARSAL_PUBLISH_DIR"/ || exit 1
    echo "  (rehearsal) Netlify's CLI is not run: $dir is published to the rehearsal's host, $DEPLOY_REHEARSAL_SITE, which plays $SITE_URL."
    exit 0 ;;
esac
PATH="$DEPLOY_REHEARSAL_REAL_PATH" exec npx "$@"
`,
);
writeFileSync(
  path.join(bin, 'psql'),
  `#!/bin/sh
# npm run deploy:rehearse's psql: PostgreSQL 15's, given the schedules' SQL without the two lines that create the
# pg_cron and pg_net extensions, which it does not have (the rehearsal's database has stand-ins of both).
for last in "$@"; do :; done
if [ "$last" = - ]; then
  grep -v -E '^create extension if not exists (pg_cron|pg_net)( |;)' | "${POSTGRES15_BIN}/psql" "$@"
else
  exec "${POSTGRES15_BIN}/psql" "$@"
fi
`,
);
for (const name of ['npx', 'psql']) chmodSync(path.join(bin, name), 0o755);

/** The machine's environment without any deploy setting (a developer's may hold some): what "nothing set" means. */
const clean = withoutDeploySettings(process.env);
/** What a rehearsal needs besides the settings: the fakes' addresses, and where the site is published and read. */
const rehearsal = {
  PATH: `${bin}${path.delimiter}${realPath}`,
  DEPLOY_REHEARSAL: '1',
  SUPABASE_API_URL: management.url,
  NETLIFY_API_URL: netlify.url,
  MAIL_API_URL: mail.url,
  DEPLOY_DNS_SERVERS: dns.url,
  DEPLOY_REHEARSAL_SITE: servedAt,
  DEPLOY_REHEARSAL_PUBLISH_DIR: published,
  DEPLOY_REHEARSAL_REAL_PATH: realPath,
};
/** Every setting right. */
const right: Record<string, string> = {
  SITE_URL,
  VITE_SUPABASE_URL: standIn.url,
  VITE_SUPABASE_ANON_KEY: standIn.anonKey,
  SUPABASE_PROJECT_REF: REF,
  SUPABASE_ACCESS_TOKEN: TOKENS.supabase,
  SUPABASE_DB_PASSWORD: DB_PASSWORD,
  SUPABASE_DB_URL: dbUrl(`postgres.${REF}`, `127.0.0.1:${database.port}`),
  SUPABASE_SERVICE_ROLE_KEY: standIn.serviceRoleKey,
  NETLIFY_AUTH_TOKEN: TOKENS.netlify,
  NETLIFY_SITE_ID,
  MAIL_API_KEY: TOKENS.mail,
  FIRST_ADMIN_EMAIL: `rosa.alvarez@${DOMAIN}`,
};
/** Three settings wrong, as a new owner most often gets them. */
const wrong: Record<string, string> = {
  ...right,
  SUPABASE_DB_URL: dbUrl('postgres', `db.${REF}.supabase.co:5432`),
  SUPABASE_SERVICE_ROLE_KEY: legacyProjectKey(OTHER_REF, 'service_role'),
  MAIL_FROM: 'notifications@hearthside-mail.com',
};

interface Try {
  title: string;
  args: string[];
  settings: Record<string, string>;
  /** Whether the run talks to the rehearsal's services (with nothing set, as on a fresh clone, it has none to talk to). */
  local: boolean;
  /** What the owner should read: the run ended so, and its output says each of these. */
  status: number;
  says: RegExp[];
}

const required = DEPLOY_SETTINGS.filter((setting) => setting.required).map((setting) => setting.name);
const tries: Try[] = [
  { title: 'The check with nothing set: every missing setting, in plain words, with where it is found', args: ['--check'], settings: {}, local: false, status: 1, says: [/Not ready: \d+ things to put right first/, ...required.map((name) => new RegExp(`${name} is not set`)), /MAIL_API_KEY is not set/] },
  {
    title: 'The check with three wrong settings: a direct database URL, a key of another project, an unverified mail domain',
    args: ['--check'],
    settings: wrong,
    local: true,
    status: 1,
    says: [/SUPABASE_DB_URL is the direct connection/, /SUPABASE_SERVICE_ROLE_KEY .*(another project|Another project)/, /hearthside-mail\.com is still being checked by the mail service/],
  },
  { title: 'The deploy with every setting right: every step, then the proof that production works', args: [], settings: right, local: true, status: 0, says: [/Ready: every setting is set/, /Deployed: /, /Invited Rosa Alvarez/, /Production works/] },
  { title: 'The proof alone, as the GitHub workflow runs it after the deploy', args: ['--verify'], settings: right, local: true, status: 0, says: [/Production works/] },
];

/** Runs `npm run deploy` in the copy as the owner would type it, its output shown as it comes, indented. */
function deploy(run: Try): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'deploy', ...(run.args.length ? ['--', ...run.args] : [])], { cwd: project.dir, env: { ...clean, ...(run.local ? rehearsal : { PATH: rehearsal.PATH }), ...run.settings } });
    let output = '';
    let pending = '';
    const show = (chunk: string) => {
      output += chunk;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) console.log(`  │ ${line}`);
    };
    child.stdout.setEncoding('utf8').on('data', show);
    child.stderr.setEncoding('utf8').on('data', show);
    child.on('close', (status) => {
      if (pending) console.log(`  │ ${pending}`);
      resolve({ status: status ?? 1, output });
    });
  });
}

/** The settings as shell lines, each value quoted, for the owner's own tries. */
const exports = (settings: Record<string, string>) => Object.entries(settings).map(([name, value]) => `export ${name}='${value.replace(/'/g, `'\\''`)}'`);

async function stop(): Promise<void> {
  await Promise.allSettled([management.close(), netlify.close(), mail.close(), dns.close(), standIn.close(), inbox.close(), new Promise((resolve) => host.close(resolve))]);
  database.stop();
  project.cleanup();
  rmSync(work, { recursive: true, force: true });
}

console.log(`
The rehearsal is up:
  the project (the stand-in)   ${standIn.url}
  its database (PostgreSQL 15) 127.0.0.1:${database.port}, user postgres.${REF}
  the published site           ${servedAt} (playing ${SITE_URL})
  the inbox                    ${inbox.url} (the invitations and notices the project sends)
  the project copy             ${project.dir}`);

const failed: string[] = [];
for (const [index, run] of tries.entries()) {
  const command = `npm run deploy${run.args.length ? ` -- ${run.args.join(' ')}` : ''}`;
  console.log(`\n── ${index + 1} of ${tries.length}. ${run.title}\n   $ ${command}\n`);
  const { status, output } = await deploy(run);
  const unsaid = run.says.filter((pattern) => !pattern.test(output));
  if (status === run.status && unsaid.length === 0) {
    console.log(`\n   As it should: ${run.status === 0 ? 'it passed' : 'it stopped before changing anything'}.`);
  } else {
    failed.push(`${index + 1}. ${run.title}`);
    console.log(`\n   NOT as it should: it ended with ${status} (expected ${run.status})${unsaid.length ? `; it did not say ${unsaid.map(String).join(', ')}` : ''}.`);
  }
}

console.log(failed.length ? `\nThe rehearsal found something wrong in ${failed.length} of ${tries.length} runs:\n  ${failed.join('\n  ')}` : `\nEvery run ended as it should (${tries.length} of ${tries.length}).`);
if (options.once) {
  await stop();
  process.exit(failed.length ? 1 : 0);
}

const settingsFile = path.join(work, 'rehearsal.env');
writeFileSync(settingsFile, ['# npm run deploy:rehearse: every setting right, and the rehearsal\'s own (the fakes\' addresses).', ...exports(rehearsal), ...exports(right), ''].join('\n'), { mode: 0o600 });
console.log(`
The rehearsal keeps running for your own tries. In another terminal:
  cd ${project.dir} && . ${settingsFile}
  npm run deploy -- --check
Then change a setting (for example: export SUPABASE_DB_URL='${wrong.SUPABASE_DB_URL}') and check again, or run the
whole deploy. Press Ctrl-C here to end the rehearsal: its copy, its database and its settings file are removed.`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log('\nEnding the rehearsal...');
    void stop().then(() => process.exit(0));
  });
}
