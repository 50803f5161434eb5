/**
 * What `npm run deploy` does (scripts/deploy.ts), as data: the settings it reads, and the steps with the exact
 * command each runs, so that the dry run prints the same plan the real run carries out and the tests read it
 * without calling any service. DEPLOY_SETTINGS is the one list of what the deploy needs: the workflow
 * (.github/workflows/deploy.yml) passes each of them, docs/going-live.md's "Settings" table lists each of them,
 * and tests/unit/deploy.test.ts holds the three to the same names.
 *
 * The tools come from npm at a pinned version through `npx --yes`, not from package.json: they are big (the
 * Netlify CLI brings hundreds of packages, the Supabase CLI a Go binary per platform), only the deploy uses them,
 * and every `npm ci` (CI, each developer, `npm start`) would otherwise install them for nothing. The pins keep a
 * deploy from changing because a new release came out; both versions run on Node 20 (netlify-cli 27 needs 22).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

export const NETLIFY_CLI = 'netlify-cli@26.2.0';
export const SUPABASE_CLI = 'supabase@2.117.0';

/** A setting the deploy reads from its environment. */
export interface DeploySetting {
  name: string;
  /** 'secret': a GitHub secret, never printed; 'variable': a GitHub variable, printed as it is. */
  kind: 'secret' | 'variable';
  /** Whether the deploy refuses to start without it. */
  required: boolean;
  /** What it is for, in the going-live guide's words. */
  use: string;
  /** The page where its value is found, when there is one (`<ref>`: the project's reference id). */
  page?: string;
}

/** The form functions' settings that `supabase secrets set` passes on when set (supabase/functions/_shared/functionEnv.ts). */
export const FUNCTION_SETTINGS = ['SITE_URL', 'ALLOWED_ORIGINS', 'RATE_LIMIT_SALT', 'TRUSTED_PROXY_HOPS', 'IPV6_PREFIX_BITS', 'MAIL_API_KEY', 'MAIL_API_URL', 'MAIL_FROM', 'NOTIFY_TO'] as const;

/** The setting by which the owner chooses to launch without e-mail (item 3 of issue 41), and its one value. */
export const NO_EMAIL_SETTING = 'LAUNCH_WITHOUT_EMAIL';

/** What a site without a mail key loses, as the owner is told before choosing it and at every deploy after. */
export const WITHOUT_EMAIL_COSTS =
  'no e-mail is sent: families and applicants get no reply, staff hear of no new request, and nobody can be invited to /admin, the first admin included (give them access with `npm run staff:add` in a terminal instead). The e-mails wait in the outbox and go out once MAIL_API_KEY is set and `npm run deploy` has run again';

export const DEPLOY_SETTINGS: readonly DeploySetting[] = [
  { name: 'SITE_URL', kind: 'variable', required: true, use: 'The public site, e.g. `https://www.your-agency.com`: makes the build a production build (the launch check must pass), and the form functions send visitors back to it.' },
  { name: 'VITE_SUPABASE_URL', kind: 'variable', required: true, use: "The project's URL, `https://<ref>.supabase.co`: the forms post there, the dashboard talks to it, and the schedules call its functions.", page: 'https://supabase.com/dashboard/project/<ref>/settings/api' },
  { name: 'VITE_SUPABASE_ANON_KEY', kind: 'variable', required: true, use: "The project's anon (publishable) key: public by design, built into the site. The build refuses a secret key here.", page: 'https://supabase.com/dashboard/project/<ref>/settings/api-keys' },
  { name: 'SUPABASE_PROJECT_REF', kind: 'variable', required: true, use: "The project's reference id (the `<ref>` of its URL), for `supabase link`.", page: 'https://supabase.com/dashboard/project/<ref>/settings/general' },
  { name: 'SUPABASE_ACCESS_TOKEN', kind: 'secret', required: true, use: "A Supabase personal access token (Dashboard > Account > Access Tokens), for the Supabase CLI and Supabase's Management API.", page: 'https://supabase.com/dashboard/account/tokens' },
  { name: 'SUPABASE_DB_PASSWORD', kind: 'secret', required: true, use: "The database's password (set when the project was made; Project Settings > Database), for `supabase link` and `supabase db push`.", page: 'https://supabase.com/dashboard/project/<ref>/database/settings' },
  { name: 'SUPABASE_DB_URL', kind: 'secret', required: true, use: "The database's connection string with its password: Connect in the dashboard > Session pooler (GitHub's runners have no IPv6, which the direct connection needs). For the stages' SQL and the schedules (psql 15 or later).", page: 'https://supabase.com/dashboard/project/<ref>?showConnect=true' },
  { name: 'SUPABASE_SERVICE_ROLE_KEY', kind: 'secret', required: true, use: "The project's service_role key, kept in Vault for the schedules' calls to the purge and notify functions; the deploy also invites the first admin and proves production works with it.", page: 'https://supabase.com/dashboard/project/<ref>/settings/api-keys' },
  { name: 'NETLIFY_AUTH_TOKEN', kind: 'secret', required: true, use: 'A Netlify personal access token (User settings > Applications), to publish the site.', page: 'https://app.netlify.com/user/applications#personal-access-tokens' },
  { name: 'NETLIFY_SITE_ID', kind: 'variable', required: true, use: "The Netlify site's id (Site configuration > General > Site details > Site ID).", page: 'https://app.netlify.com/sites' },
  { name: 'FIRST_ADMIN_EMAIL', kind: 'variable', required: false, use: 'The address of the person who will manage staff: the deploy invites them as the first admin, once, while the project has no admin (a later deploy changes nothing). The preflight asks for it while there is none.' },
  { name: 'FIRST_ADMIN_NAME', kind: 'variable', required: false, use: "The first admin's name as colleagues see it (default: from the address, `rosa.alvarez@…` gives Rosa Alvarez)." },
  { name: 'VITE_POSTHOG_KEY', kind: 'variable', required: false, use: 'Analytics: the PostHog project key. Unset: no analytics.' },
  { name: 'VITE_POSTHOG_HOST', kind: 'variable', required: false, use: "Analytics: PostHog's host (default `https://us.i.posthog.com`)." },
  { name: 'CMS_GITHUB_REPO', kind: 'variable', required: false, use: 'The content editor (see Content editor in production): the repository, `owner/name`.' },
  { name: 'CMS_GITHUB_BRANCH', kind: 'variable', required: false, use: "The content editor: the branch its pull requests go to (default `main`)." },
  { name: 'CMS_AUTH_URL', kind: 'variable', required: false, use: "The content editor: the sign-in gateway's address." },
  { name: 'CMS_AUTH_ENDPOINT', kind: 'variable', required: false, use: "The content editor: the gateway's sign-in path (default `auth`)." },
  { name: 'CMS_SITE_URL', kind: 'variable', required: false, use: "The content editor: the live site's address, for its links." },
  { name: 'ALLOWED_ORIGINS', kind: 'variable', required: false, use: 'For the functions: more origins whose pages may post to the forms, comma-separated.' },
  { name: 'RATE_LIMIT_SALT', kind: 'secret', required: false, use: "For the functions: the secret in the hash of client addresses (`openssl rand -hex 32`); the service-role key otherwise." },
  { name: 'TRUSTED_PROXY_HOPS', kind: 'variable', required: false, use: 'For the functions: proxies in front of the functions that append to X-Forwarded-For (default 1).' },
  { name: 'IPV6_PREFIX_BITS', kind: 'variable', required: false, use: 'For the functions: how much of an IPv6 address is one client (default 64).' },
  {
    name: 'MAIL_API_KEY',
    kind: 'secret',
    required: false,
    use: 'For the functions: the mail API key (Resend), for every e-mail: the replies to families and applicants, the notices to staff, the staff invitations. Required to launch, unless LAUNCH_WITHOUT_EMAIL is `yes`.',
    page: 'https://resend.com/api-keys',
  },
  {
    name: NO_EMAIL_SETTING,
    kind: 'variable',
    required: false,
    use: `\`yes\` to launch without MAIL_API_KEY, knowing what that costs: ${WITHOUT_EMAIL_COSTS}.`,
  },
  { name: 'MAIL_API_URL', kind: 'variable', required: false, use: "For the functions: the mail API (default Resend's)." },
  { name: 'MAIL_FROM', kind: 'variable', required: false, use: "For the functions: the notifications' sender (default: `notifications` in content/site.yaml)." },
  { name: 'NOTIFY_TO', kind: 'variable', required: false, use: 'For the functions: who is told, comma-separated (default: `notifications` in content/site.yaml).' },
];

const SECRET_NAMES = new Set(DEPLOY_SETTINGS.filter((setting) => setting.kind === 'secret').map((setting) => setting.name));

type Env = NodeJS.ProcessEnv;
const value = (env: Env, name: string) => env[name]?.trim() || undefined;

/**
 * This machine's environment without any deploy setting, GitHub's or npm's variables or a rehearsal's (a developer's
 * terminal may hold some): what "nothing set" means for a deploy started from it (the rehearsal, the tests).
 */
export function withoutDeploySettings(env: Env): Record<string, string> {
  const names = new Set(DEPLOY_SETTINGS.map((setting) => setting.name));
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && !names.has(entry[0]) && !/^(GITHUB_|DEPLOY_|npm_)/.test(entry[0])));
}

/** The required settings that are not set, in the table's order. */
export function missingSettings(env: Env): string[] {
  return DEPLOY_SETTINGS.filter((setting) => setting.required && !value(env, setting.name)).map((setting) => setting.name);
}

/** Whether the owner chose to launch without e-mail (LAUNCH_WITHOUT_EMAIL=yes, in any case). */
export const launchesWithoutEmail = (env: Env) => value(env, NO_EMAIL_SETTING)?.toLowerCase() === 'yes';

/**
 * Mail is part of launch: without MAIL_API_KEY, what the launch check and the preflight refuse, unless the owner
 * set LAUNCH_WITHOUT_EMAIL=yes; undefined when there is a key or that choice.
 */
export function mailRefusal(env: Env): string | undefined {
  if (value(env, 'MAIL_API_KEY') || launchesWithoutEmail(env)) return undefined;
  return `MAIL_API_KEY is not set, so ${WITHOUT_EMAIL_COSTS}. Set MAIL_API_KEY (a Resend API key, https://resend.com/api-keys), or, to launch without e-mail all the same, set ${NO_EMAIL_SETTING}=yes`;
}

/** What the deploy says at every run while the owner's choice to launch without e-mail stands. */
export function unsetWarnings(env: Env): string[] {
  if (value(env, 'MAIL_API_KEY') || !launchesWithoutEmail(env)) return [];
  return [`${NO_EMAIL_SETTING}=yes and MAIL_API_KEY is not set: ${WITHOUT_EMAIL_COSTS}.`];
}

/** The Edge Functions to deploy: every folder of supabase/functions with an index.ts (`_shared` and its like are not functions). */
export function functionNames(root: string): string[] {
  const dir = path.join(root, 'supabase', 'functions');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && existsSync(path.join(dir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

/**
 * The function folders without a [functions.<name>] block in supabase/config.toml: deployed like that, a function
 * gets the CLI's defaults (a token required, no import map), so a form function would refuse every visitor.
 */
export function functionsWithoutConfig(root: string, names: readonly string[]): string[] {
  const config = parse(readFileSync(path.join(root, 'supabase', 'config.toml'), 'utf8')) as { functions?: Record<string, unknown> };
  return names.filter((name) => !config.functions?.[name]);
}

/** One of the cron jobs the deploy schedules (step "Schedule the calls"): the function it calls (with its query) and when. */
export interface Schedule {
  job: string;
  cron: string;
  path: string;
}

export const SCHEDULES: readonly Schedule[] = [
  { job: 'retention-purge', cron: '17 * * * *', path: '/functions/v1/purge' },
  { job: 'notify', cron: '* * * * *', path: '/functions/v1/notify' },
  { job: 'overdue-digest', cron: '0 13 * * *', path: '/functions/v1/notify?digest' },
];

/** The variable the schedules' SQL reads the project's URL from (psql's \getenv), and the service-role key's. */
export const PROJECT_URL_ENV = 'DEPLOY_PROJECT_URL';

/**
 * The schedules as SQL for psql (15 or later, for \getenv): the extensions, the two Vault secrets the jobs read
 * (updated when they exist, created when not: vault.create_secret refuses a name twice), and the three jobs
 * (cron.schedule with a job name replaces the job of that name). Running it again changes values, never adds.
 * The secrets' values come from the environment, so they are neither in the SQL nor on psql's command line.
 */
export function scheduleSql(): string {
  const secret = (name: string) =>
    [
      `select vault.update_secret(id, :'${name}') from vault.secrets where name = '${name}';`,
      `select vault.create_secret(:'${name}', '${name}') where not exists (select 1 from vault.secrets where name = '${name}');`,
    ].join('\n');
  const job = ({ job, cron, path: target }: Schedule) =>
    `select cron.schedule('${job}', '${cron}', $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '${target}',
    headers := jsonb_build_object('Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key'))
  ) $$);`;
  return [
    '-- Written by scripts/deploy/deployPlan.ts (npm run deploy): the schedules of the purge and notify functions.',
    'create extension if not exists pg_cron;',
    'create extension if not exists pg_net with schema extensions;',
    `\\getenv project_url ${PROJECT_URL_ENV}`,
    '\\getenv service_role_key SUPABASE_SERVICE_ROLE_KEY',
    secret('project_url'),
    secret('service_role_key'),
    ...SCHEDULES.map(job),
    '',
  ].join('\n');
}

/**
 * libpq's variables for a connection string (postgresql://user:password@host:port/db?sslmode=...), so that psql
 * is started without the password on its command line. Supabase accepts only encrypted connections: sslmode
 * require unless the string says otherwise.
 */
export function pgEnvironment(connection: string): Record<string, string> {
  let url: URL;
  try {
    url = new URL(connection);
  } catch {
    throw new Error('SUPABASE_DB_URL is not a connection string like postgresql://postgres:<password>@<host>:5432/postgres.');
  }
  if (!/^postgres(ql)?:$/.test(url.protocol)) throw new Error('SUPABASE_DB_URL must start with postgresql:// (the connection string under Connect in the Supabase dashboard).');
  const pg: Record<string, string> = {
    PGHOST: url.hostname.replace(/^\[|\]$/g, ''),
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || 'postgres',
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)) || 'postgres',
    PGSSLMODE: url.searchParams.get('sslmode') ?? 'require',
  };
  if (url.password) pg.PGPASSWORD = decodeURIComponent(url.password);
  return pg;
}

/** A command of a step: the program, its arguments, the settings it is given (names only) and what it reads on stdin. */
export interface Command {
  program: string;
  args: string[];
  /** Environment variables this command needs, by name: their values are added when it runs, masked when printed. */
  env: string[];
  /** A file the command is given, written just before it runs and removed after (its content: names and values). */
  envFile?: string[];
  /** SQL given to psql on its standard input. */
  stdin?: string;
}

/**
 * A step done through a service's API rather than a program: what the dry run prints for it (the requests, in
 * words) and the name of the deploy's function that does it (scripts/deploy.ts maps it to the code).
 */
export interface ApiCall {
  does: 'auth-settings' | 'first-admin';
  requests: string[];
}

export interface Step {
  title: string;
  commands: Command[];
  call?: ApiCall;
}

const npxSupabase = (...args: string[]): Command => ({ program: 'npx', args: ['--yes', SUPABASE_CLI, ...args], env: ['SUPABASE_ACCESS_TOKEN'] });
const psql = (extra: string[], stdin?: string): Command => ({
  program: 'psql',
  args: ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', ...extra],
  env: ['SUPABASE_DB_URL'],
  ...(stdin === undefined ? {} : { stdin }),
});

/**
 * The steps, in the order they run. The build comes first: it refuses placeholders and a wrong backend before
 * anything is changed. The site is published last, so that it never talks to a database, functions or settings
 * older than the ones it was built for, and a failure anywhere before leaves the live site as it was.
 */
export function deploySteps(root: string, env: Env): Step[] {
  const ref = value(env, 'SUPABASE_PROJECT_REF') ?? '<SUPABASE_PROJECT_REF>';
  const buildEnv = DEPLOY_SETTINGS.filter((setting) => /^(SITE_URL|VITE_|CMS_)/.test(setting.name)).map((setting) => setting.name);
  // SITE_URL is required; the others are passed on when set (an unset one keeps the project's own, if any).
  const functionSecrets = FUNCTION_SETTINGS.filter((name) => name === 'SITE_URL' || value(env, name));
  return [
    {
      title: 'Launch check and production build (SITE_URL makes it a production build: placeholders and a local backend are refused)',
      commands: [
        // --resolve: the names' actual addresses too (any public name can point at a private network). --deploy: the
        // deploy names the unset settings itself (the check does not see the secrets).
        { program: 'npm', args: ['run', 'check', '--', '--launch', '--resolve', '--deploy'], env: buildEnv },
        { program: 'npm', args: ['run', 'build'], env: buildEnv },
      ],
    },
    { title: `Link the Supabase project ${ref}`, commands: [{ ...npxSupabase('link', '--project-ref', ref), env: ['SUPABASE_ACCESS_TOKEN', 'SUPABASE_DB_PASSWORD'] }] },
    { title: 'Apply the new migrations (supabase/migrations; never the seed)', commands: [{ ...npxSupabase('db', 'push', '--yes'), env: ['SUPABASE_ACCESS_TOKEN', 'SUPABASE_DB_PASSWORD'] }] },
    { title: 'Apply the stages of content/workflow.yaml (supabase/workflow.generated.sql)', commands: [psql(['-f', 'supabase/workflow.generated.sql'])] },
    {
      title: `Set the functions' settings: ${functionSecrets.join(', ')} (of ${FUNCTION_SETTINGS.join(', ')}, those set; one not set keeps the project's value)`,
      commands: [{ ...npxSupabase('secrets', 'set', '--project-ref', ref, '--env-file', '<temporary file>'), envFile: functionSecrets }],
    },
    {
      title: 'Deploy the Edge Functions (every folder of supabase/functions; settings from supabase/config.toml)',
      commands: functionNames(root).map((name) => npxSupabase('functions', 'deploy', name, '--project-ref', ref, '--use-api')),
    },
    {
      title: `Schedule the calls (pg_cron: ${SCHEDULES.map(({ job, cron }) => `${job} "${cron}"`).join(', ')}; Vault holds the URL and key)`,
      commands: [{ ...psql(['-f', '-'], scheduleSql()), env: ['SUPABASE_DB_URL', 'VITE_SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY'] }],
    },
    {
      title: "Set Supabase Auth's settings from supabase/config.toml and SITE_URL (site URL, redirect URLs, sign-ups off, the e-mail link's expiry, the mail sender)",
      commands: [],
      call: { does: 'auth-settings', requests: [`GET and PATCH https://api.supabase.com/v1/projects/${ref}/config/auth (only the settings that differ)`] },
    },
    {
      title: 'Publish dist/client to Netlify (production)',
      commands: [{ program: 'npx', args: ['--yes', NETLIFY_CLI, 'deploy', '--prod', '--no-build', '--dir', 'dist/client', '--message', `Deploy ${value(env, 'GITHUB_SHA')?.slice(0, 12) ?? 'from npm run deploy'}`], env: ['NETLIFY_AUTH_TOKEN', 'NETLIFY_SITE_ID'] }],
    },
    {
      // After the site is published: the invitation's link lands on its /admin.
      title: `Invite the first admin (${value(env, 'FIRST_ADMIN_EMAIL') ?? 'FIRST_ADMIN_EMAIL'}), once: nothing changes when the project has an admin`,
      commands: [],
      call: { does: 'first-admin', requests: ['GET <VITE_SUPABASE_URL>/rest/v1/staff (is there an admin?)', 'POST <VITE_SUPABASE_URL>/auth/v1/admin/users (the account, when there is none)', 'POST <VITE_SUPABASE_URL>/rest/v1/rpc/invite_first_admin (access and the invitation e-mail)'] },
    },
  ];
}

/** A value as it may be printed: a secret's never, a variable's as it is; "(not set)" when there is none. */
export function shown(name: string, env: Env): string {
  const set = value(env, name);
  if (!set) return '(not set)';
  return SECRET_NAMES.has(name) ? '***' : set;
}

/** A command as the deploy prints it, with its settings in front, secrets masked. */
export function commandLine(command: Command, env: Env): string {
  const settings = command.env.filter((name) => value(env, name) || DEPLOY_SETTINGS.some((setting) => setting.name === name && setting.required));
  const prefix = settings.map((name) => `${name}=${shown(name, env)}`).join(' ');
  const file = command.envFile ? `  (the file holds ${command.envFile.map((name) => `${name}=${shown(name, env)}`).join(' ')})` : '';
  const stdin = command.stdin === undefined ? '' : ` <<'SQL'\n${command.stdin.trimEnd().replace(/^/gm, '    ')}\n    SQL`;
  return `${prefix ? `${prefix} ` : ''}${[command.program, ...command.args.map(quote)].join(' ')}${file}${stdin}`;
}

function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/**
 * The environment a command runs with: the deploy's own, less every secret of the table, plus the settings the
 * command names (so the build never holds the Netlify token, nor the CLI the database's password it does not use);
 * SUPABASE_DB_URL becomes libpq's PG* variables.
 */
export function commandEnv(command: Command, env: Env): Env {
  const out: Env = {};
  for (const [name, setting] of Object.entries(env)) if (!SECRET_NAMES.has(name)) out[name] = setting;
  for (const name of command.env) {
    const set = value(env, name);
    if (name === 'SUPABASE_DB_URL') {
      if (set) Object.assign(out, pgEnvironment(set));
    } else if (set) out[name] = set;
  }
  if (command.env.includes('VITE_SUPABASE_URL') && command.program === 'psql') out[PROJECT_URL_ENV] = value(env, 'VITE_SUPABASE_URL')!.replace(/\/+$/, '');
  return out;
}
