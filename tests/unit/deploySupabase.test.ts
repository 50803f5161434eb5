/**
 * The deploy's Supabase checks (scripts/deploy/supabaseChecks.ts) and its Auth settings step
 * (scripts/deploy/authSettings.ts), over real HTTP to the Management API's fake
 * (scripts/deploy/rehearsal/supabaseManagementFake.ts) and real connections, through psql, to Debian's
 * PostgreSQL 15 listening on 127.0.0.1 with password authentication. Each wrong setting is tried alone, and the
 * test reads what the owner reads: the finding's words, its fix and its page.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { applyAuthSettings } from '../../scripts/deploy/authSettings.ts';
import { describeFindings, type CheckResult } from '../../scripts/deploy/findings.ts';
import { legacyProjectKey, startSupabaseManagementFake, type SupabaseManagementFake } from '../../scripts/deploy/rehearsal/supabaseManagementFake.ts';
import { checkSupabase } from '../../scripts/deploy/supabaseChecks.ts';
import { listenOnLoopback, postgres15Missing, startPostgres15, type Postgres15 } from '../../scripts/postgres/postgres15.ts';

const REF = 'hearthsidecareprojct';
const OTHER = 'someoneelsesprojectx';
const PAUSED = 'pausedprojectrefabcd';
const TOKEN = 'sbp_SECRET-access-token-1';
const DB_PASSWORD = 'SECRET-db-password-2';

const ANON = legacyProjectKey(REF, 'anon');
const SERVICE = legacyProjectKey(REF, 'service_role');
const PUBLISHABLE = 'sb_publishable_hearthside-public-1';
const SECRET_KEY = 'sb_secret_hearthside-SECRET-3';

let fake: SupabaseManagementFake;
let pg: Postgres15 | undefined;
let pgPort = '';
const pgSkip = postgres15Missing();

/** The pooler's shape for a local server: user postgres.<ref>, 127.0.0.1, no TLS (the local server has none). */
const localDbUrl = (password: string, user = `postgres.${REF}`, host = '127.0.0.1', port = pgPort) => `postgresql://${user}:${password}@${host}:${port}/postgres?sslmode=disable`;

function env(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const all: Record<string, string | undefined> = {
    SUPABASE_API_URL: fake.url,
    SUPABASE_ACCESS_TOKEN: TOKEN,
    SUPABASE_PROJECT_REF: REF,
    VITE_SUPABASE_URL: `https://${REF}.supabase.co`,
    VITE_SUPABASE_ANON_KEY: ANON,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE,
    SUPABASE_DB_PASSWORD: DB_PASSWORD,
    SUPABASE_DB_URL: localDbUrl(DB_PASSWORD),
    ...overrides,
  };
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

const findings = (results: CheckResult[]) => results.flatMap((result) => result.findings.map((finding) => ({ title: result.title, ...finding })));
const check = (overrides: Record<string, string | undefined>) => checkSupabase(env(overrides), { connectTimeoutSeconds: 2 });

beforeAll(async () => {
  fake = await startSupabaseManagementFake({
    token: TOKEN,
    projects: [
      { ref: REF, name: 'Hearthside Care', region: 'us-east-1', anonKey: ANON, serviceRoleKey: SERVICE, publishableKey: PUBLISHABLE, secretKey: SECRET_KEY },
      { ref: PAUSED, name: 'Old test site', region: 'us-east-1', status: 'INACTIVE', anonKey: legacyProjectKey(PAUSED, 'anon'), serviceRoleKey: legacyProjectKey(PAUSED, 'service_role') },
    ],
  });
  if (!pgSkip) {
    pg = startPostgres15();
    pg.psql(`create role "postgres.${REF}" login password '${DB_PASSWORD}';`);
    listenOnLoopback(pg);
    pgPort = pg.port;
  }
});

afterAll(async () => {
  await fake?.close();
  pg?.stop();
});

describe.skipIf(pgSkip)('checkSupabase', () => {
  test('with every setting right it finds nothing and says what it saw', async () => {
    const results = await check({});
    expect(findings(results)).toEqual([]);
    expect(describeFindings(results)).toEqual([
      `OK  Supabase project: project ${REF} (Hearthside Care, us-east-1) is running; VITE_SUPABASE_URL is its address`,
      'OK  Supabase keys: VITE_SUPABASE_ANON_KEY is its anon key; SUPABASE_SERVICE_ROLE_KEY is its service_role key',
      `OK  Supabase database: SUPABASE_DB_URL connects (session pooler, user postgres.${REF})`,
    ]);
    // The keys were read revealed, the documented way to see the secret ones whole.
    expect(fake.requests.some((request) => request.path === `/v1/projects/${REF}/api-keys?reveal=true`)).toBe(true);
  });

  test("the fake hides secret keys unless asked to reveal them, as Supabase's recorded answer does", async () => {
    const read = async (query: string) => (await (await fetch(`${fake.url}/v1/projects/${REF}/api-keys${query}`, { headers: { Authorization: `Bearer ${TOKEN}` } })).json()) as Array<{ name: string; type: string; api_key: string }>;
    const hidden = await read('');
    expect(hidden.map((key) => `${key.type} ${key.name}`)).toEqual(['legacy anon', 'legacy service_role', 'publishable default', 'secret default']);
    expect(hidden.find((key) => key.type === 'secret')?.api_key).toBe(`sb_secret_hear${'·'.repeat(26)}`);
    expect((await read('?reveal=true')).find((key) => key.type === 'secret')?.api_key).toBe(SECRET_KEY);
  });

  test('the new publishable and secret keys pass as well as the legacy ones', async () => {
    const results = await check({ VITE_SUPABASE_ANON_KEY: PUBLISHABLE, SUPABASE_SERVICE_ROLE_KEY: SECRET_KEY });
    expect(findings(results)).toEqual([]);
    expect(results.find((result) => result.title === 'Supabase keys')?.passed).toEqual(['VITE_SUPABASE_ANON_KEY is its publishable key', 'SUPABASE_SERVICE_ROLE_KEY is its secret key']);
  });

  test('a wrong access token is named, with the page where tokens are made', async () => {
    const found = findings(await check({ SUPABASE_ACCESS_TOKEN: 'sbp_revoked-token', SUPABASE_DB_URL: undefined }));
    expect(found).toEqual([
      {
        title: 'Supabase project',
        settings: ['SUPABASE_ACCESS_TOKEN'],
        problem: `Supabase did not accept SUPABASE_ACCESS_TOKEN when asked to read project ${REF}: the token is mistyped, was revoked, or has expired (Supabase said: "Unauthorized").`,
        fix: 'Make a new access token (Account > Access Tokens > Generate new token) and put the whole token, starting sbp_, in SUPABASE_ACCESS_TOKEN.',
        page: 'https://supabase.com/dashboard/account/tokens',
      },
    ]);
  });

  test('a token alone (no project yet) is still checked', async () => {
    const results = await check({ SUPABASE_ACCESS_TOKEN: 'sbp_revoked-token', SUPABASE_PROJECT_REF: undefined, VITE_SUPABASE_URL: undefined, SUPABASE_DB_URL: undefined });
    expect(findings(results).map((finding) => finding.page)).toEqual(['https://supabase.com/dashboard/account/tokens']);
    expect(describeFindings(await check({ SUPABASE_PROJECT_REF: undefined, VITE_SUPABASE_URL: undefined, SUPABASE_DB_URL: undefined }))).toEqual(['OK  Supabase project: SUPABASE_ACCESS_TOKEN is accepted']);
  });

  test("a project the token's account does not hold", async () => {
    const found = findings(await check({ SUPABASE_PROJECT_REF: OTHER, VITE_SUPABASE_URL: undefined, SUPABASE_DB_URL: undefined }));
    expect(found).toEqual([
      {
        title: 'Supabase project',
        settings: ['SUPABASE_PROJECT_REF', 'SUPABASE_ACCESS_TOKEN'],
        problem: `There is no project ${OTHER} in the Supabase account SUPABASE_ACCESS_TOKEN belongs to: the reference id is mistyped, or the token is another account's.`,
        fix: "Copy the reference id from the project's address (supabase.com/dashboard/project/<ref>) into SUPABASE_PROJECT_REF; if it is right, make the token while signed in to the account that owns the project.",
        page: 'https://supabase.com/dashboard/projects',
      },
    ]);
  });

  test('a reference id that is not one is said before asking Supabase', async () => {
    const found = findings(await check({ SUPABASE_PROJECT_REF: 'https://hearthside.supabase.co', VITE_SUPABASE_URL: undefined, SUPABASE_DB_URL: undefined }));
    expect(found.map((finding) => finding.problem)).toEqual(['SUPABASE_PROJECT_REF is "https://hearthside.supabase.co", which is not a project reference id (20 lower-case letters, as in supabase.com/dashboard/project/abcdefghijklmnopqrst).']);
  });

  test('a paused project is to be restored, on its own dashboard page', async () => {
    const found = findings(await check({ SUPABASE_PROJECT_REF: PAUSED, VITE_SUPABASE_URL: undefined, VITE_SUPABASE_ANON_KEY: undefined, SUPABASE_SERVICE_ROLE_KEY: undefined, SUPABASE_DB_URL: undefined }));
    expect(found).toEqual([
      {
        title: 'Supabase project',
        settings: ['SUPABASE_PROJECT_REF'],
        problem: `The Supabase project ${PAUSED} (Old test site) is paused (Supabase pauses a free project after a week without use).`,
        fix: 'Restore it: open the project in the dashboard and press "Restore project"; it takes a few minutes. Then run again.',
        page: `https://supabase.com/dashboard/project/${PAUSED}`,
      },
    ]);
  });

  test("VITE_SUPABASE_URL of another project, or not a project's at all", async () => {
    const other = findings(await check({ VITE_SUPABASE_URL: `https://${OTHER}.supabase.co`, SUPABASE_DB_URL: undefined }));
    expect(other).toEqual([
      {
        title: 'Supabase project',
        settings: ['VITE_SUPABASE_URL'],
        problem: `VITE_SUPABASE_URL is the address of another project (${OTHER}), not of ${REF}: the site would send its forms to that project.`,
        fix: `Put https://${REF}.supabase.co in VITE_SUPABASE_URL (Project Settings > Data API shows it as the Project URL).`,
        page: `https://supabase.com/dashboard/project/${REF}/settings/api`,
      },
    ]);
    const local = findings(await check({ VITE_SUPABASE_URL: 'http://127.0.0.1:54321', SUPABASE_DB_URL: undefined }));
    expect(local.map((finding) => finding.problem)).toEqual([`VITE_SUPABASE_URL is "http://127.0.0.1:54321", not project ${REF}'s address, https://${REF}.supabase.co.`]);
  });

  test("a key of another project is named by its setting, with the project's keys page", async () => {
    const found = findings(await check({ VITE_SUPABASE_ANON_KEY: legacyProjectKey(OTHER, 'anon'), SUPABASE_DB_URL: undefined }));
    expect(found).toEqual([
      {
        title: 'Supabase keys',
        settings: ['VITE_SUPABASE_ANON_KEY'],
        problem: `VITE_SUPABASE_ANON_KEY is a key of another project (${OTHER}), not of ${REF}.`,
        fix: `Copy the anon key (Legacy API keys tab) or the publishable key (API Keys tab) of project ${REF} into VITE_SUPABASE_ANON_KEY.`,
        page: `https://supabase.com/dashboard/project/${REF}/settings/api-keys`,
      },
    ]);
    const newStyle = findings(await check({ SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_of-another-project', SUPABASE_DB_URL: undefined }));
    expect(newStyle.map((finding) => finding.problem)).toEqual([`SUPABASE_SERVICE_ROLE_KEY is not one of project ${REF}'s keys: it is another project's key, or one that was revoked.`]);
  });

  test('the anon key given as the service key, and the service key as the anon key, are each their own finding', async () => {
    const found = findings(await check({ VITE_SUPABASE_ANON_KEY: SERVICE, SUPABASE_SERVICE_ROLE_KEY: ANON, SUPABASE_DB_URL: undefined }));
    expect(found.map(({ settings, problem, page }) => ({ settings, problem, page }))).toEqual([
      {
        settings: ['VITE_SUPABASE_ANON_KEY'],
        problem: "VITE_SUPABASE_ANON_KEY is the project's secret key (service_role), which bypasses every access rule: built into the site, anyone could read and change every application and inquiry.",
        page: `https://supabase.com/dashboard/project/${REF}/settings/api-keys`,
      },
      {
        settings: ['SUPABASE_SERVICE_ROLE_KEY'],
        problem: "SUPABASE_SERVICE_ROLE_KEY is the project's public key (anon), not its secret one: the schedules' calls to the purge and notify functions would be refused.",
        page: `https://supabase.com/dashboard/project/${REF}/settings/api-keys`,
      },
    ]);
  });

  test("another project's anon key given as the service key says both", async () => {
    const found = findings(await check({ SUPABASE_SERVICE_ROLE_KEY: legacyProjectKey(OTHER, 'anon'), SUPABASE_DB_URL: undefined }));
    expect(found.map((finding) => finding.problem)).toEqual([
      `SUPABASE_SERVICE_ROLE_KEY is a key of another project (${OTHER}), not of ${REF}.`,
      'SUPABASE_SERVICE_ROLE_KEY is also a public key: it must be the service_role (legacy) or a secret key.',
    ]);
  });

  describe('SUPABASE_DB_URL', () => {
    const connect = `https://supabase.com/dashboard/project/${REF}?showConnect=true`;
    const connectFix = "Connect (top of the project's dashboard) > Session pooler > copy the string, put the database password in it (in place of [YOUR-PASSWORD]), and put the whole string in SUPABASE_DB_URL.";
    const dbFindings = async (url: string, more: Record<string, string | undefined> = {}) => findings(await check({ SUPABASE_DB_URL: url, ...more })).filter((finding) => finding.title === 'Supabase database');

    test('the direct connection, which GitHub cannot reach', async () => {
      expect(await dbFindings(`postgresql://postgres:${DB_PASSWORD}@db.${REF}.supabase.co:5432/postgres`)).toEqual([
        { title: 'Supabase database', settings: ['SUPABASE_DB_URL'], problem: `SUPABASE_DB_URL is the direct connection (db.${REF}.supabase.co). It works only over IPv6, which GitHub's machines do not have, so the deploy could not reach the database.`, fix: connectFix, page: connect },
      ]);
    });

    test("the transaction pooler's string (port 6543)", async () => {
      expect(await dbFindings(`postgresql://postgres.${REF}:${DB_PASSWORD}@aws-0-us-east-1.pooler.supabase.com:6543/postgres`)).toEqual([
        { title: 'Supabase database', settings: ['SUPABASE_DB_URL'], problem: "SUPABASE_DB_URL is the transaction pooler's string (port 6543), which runs each statement on its own: the deploy's SQL needs one session from start to end.", fix: connectFix, page: connect },
      ]);
    });

    test("the pooler string of another project (its user postgres.<other ref>)", async () => {
      expect((await dbFindings(`postgresql://postgres.${OTHER}:${DB_PASSWORD}@aws-0-us-east-1.pooler.supabase.com:5432/postgres`)).map((finding) => finding.problem)).toEqual([
        `SUPABASE_DB_URL is the database of another project (${OTHER}, by its user postgres.${OTHER}), not of ${REF}.`,
      ]);
    });

    test("the dashboard's [YOUR-PASSWORD] left in, or no password at all", async () => {
      const placeholder = await dbFindings(`postgresql://postgres.${REF}:[YOUR-PASSWORD]@aws-0-us-east-1.pooler.supabase.com:5432/postgres`);
      expect(placeholder.map((finding) => finding.problem)).toEqual(["SUPABASE_DB_URL still holds the dashboard's placeholder [YOUR-PASSWORD] where the database password goes."]);
      const none = await dbFindings(`postgresql://postgres.${REF}@aws-0-us-east-1.pooler.supabase.com:5432/postgres`);
      expect(none.map((finding) => finding.problem)).toEqual(['SUPABASE_DB_URL has no password in it.']);
    });

    test('a password other than SUPABASE_DB_PASSWORD', async () => {
      expect(await dbFindings(localDbUrl('another-password'))).toEqual([
        {
          title: 'Supabase database',
          settings: ['SUPABASE_DB_URL', 'SUPABASE_DB_PASSWORD'],
          problem: 'The password in SUPABASE_DB_URL is not the one in SUPABASE_DB_PASSWORD: both must be the database password.',
          fix: 'Put the same database password in both (a password with @, : or / in it is written %40, %3A, %2F inside the string). Forgotten? Reset it at Project Settings > Database, then put the new one in both.',
          page: `https://supabase.com/dashboard/project/${REF}/database/settings`,
        },
      ]);
    });

    test('a wrong password, refused by a real PostgreSQL 15', async () => {
      expect(await dbFindings(localDbUrl('wrong-password'), { SUPABASE_DB_PASSWORD: 'wrong-password' })).toEqual([
        {
          title: 'Supabase database',
          settings: ['SUPABASE_DB_URL', 'SUPABASE_DB_PASSWORD'],
          problem: `The database refused the password in SUPABASE_DB_URL (user postgres.${REF}).`,
          fix: 'Reset the database password at Project Settings > Database > Reset database password, then put the new one in SUPABASE_DB_URL (in place of the old) and in SUPABASE_DB_PASSWORD.',
          page: `https://supabase.com/dashboard/project/${REF}/database/settings`,
        },
      ]);
    });

    test('a host that does not exist', async () => {
      expect((await dbFindings(localDbUrl(DB_PASSWORD, `postgres.${REF}`, 'aws-0-nowhere.invalid', '5432'))).map((finding) => finding.problem)).toEqual([
        "The database's address in SUPABASE_DB_URL, aws-0-nowhere.invalid, does not exist.",
      ]);
    });

    test('a database that never answers: the wait is short and said', async () => {
      // A listener that takes the connection and says nothing, as a blocked or sleeping address does.
      const held: Socket[] = [];
      const silent: Server = createServer((socket) => held.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const port = String((silent.address() as { port: number }).port);
      try {
        expect((await dbFindings(localDbUrl(DB_PASSWORD, `postgres.${REF}`, '127.0.0.1', port))).map((finding) => finding.problem)).toEqual([`The database at 127.0.0.1:${port} did not answer within 2 seconds.`]);
      } finally {
        for (const socket of held) socket.destroy();
        await new Promise((resolve) => silent.close(resolve));
      }
    });

    test('a local host passes by its shape only with the user postgres.<ref>', async () => {
      expect((await dbFindings(localDbUrl(DB_PASSWORD, 'postgres'))).map((finding) => finding.problem)).toEqual([
        `SUPABASE_DB_URL (host 127.0.0.1, user postgres) is not a Supabase session pooler string: that has a host ending .pooler.supabase.com and the user postgres.${REF}.`,
      ]);
    });
  });

  describe("each failure of Supabase's API in plain words", () => {
    const only = async (overrides: Record<string, string | undefined> = {}) => findings(await check({ SUPABASE_DB_URL: undefined, VITE_SUPABASE_ANON_KEY: undefined, SUPABASE_SERVICE_ROLE_KEY: undefined, ...overrides }));

    test('403, 429 and 5xx', async () => {
      fake.failNext(403, 'Forbidden resource');
      expect(await only()).toEqual([
        {
          title: 'Supabase project',
          settings: ['SUPABASE_ACCESS_TOKEN'],
          problem: `Supabase refused to read project ${REF} with SUPABASE_ACCESS_TOKEN: the token's account may not do that (Supabase said: "Forbidden resource").`,
          fix: "Make the token while signed in as an owner or administrator of the organization the project belongs to, and put it in SUPABASE_ACCESS_TOKEN.",
          page: 'https://supabase.com/dashboard/account/tokens',
        },
      ]);
      fake.failNext(429);
      expect((await only()).map(({ problem, fix, settings }) => ({ problem, fix, settings }))).toEqual([
        {
          problem: `Supabase asked to slow down when asked to read project ${REF}: its Management API takes 60 requests a minute per account, and this account has used them (Supabase said: "Too many requests").`,
          fix: 'Wait a minute and run the deploy again (another deploy or tool using the same account may be running).',
          settings: [],
        },
      ]);
      fake.failNext(503, 'Service Unavailable');
      expect((await only()).map(({ problem, page }) => ({ problem, page }))).toEqual([
        { problem: `Supabase had a fault of its own when asked to read project ${REF} (HTTP 503) (Supabase said: "Service Unavailable").`, page: 'https://status.supabase.com' },
      ]);
    });

    test('no answer at all', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(closed.address() as { port: number }).port}`;
      await new Promise((resolve) => closed.close(resolve));
      const found = await only({ SUPABASE_API_URL: url });
      expect(found.map(({ problem, fix }) => ({ problem, fix }))).toEqual([
        {
          problem: `Supabase's Management API (${url}) did not answer when asked to read project ${REF}: the connection was refused.`,
          fix: "Check this machine's internet connection and try again; Supabase's status page says whether it has a problem. SUPABASE_API_URL is set: unset it to reach the real service.",
        },
      ]);

      // An address that takes the request and never answers: the wait ends and is said.
      const held: Socket[] = [];
      const silent = createServer((socket) => held.push(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
      try {
        const results = await checkSupabase(env({ SUPABASE_API_URL: silentUrl, SUPABASE_DB_URL: undefined, VITE_SUPABASE_ANON_KEY: undefined, SUPABASE_SERVICE_ROLE_KEY: undefined }), { timeoutMs: 500 });
        expect(findings(results).map((finding) => finding.problem)).toEqual([`Supabase's Management API (${silentUrl}) did not answer when asked to read project ${REF}: no answer within 1 second.`]);
      } finally {
        for (const socket of held) socket.destroy();
        await new Promise((resolve) => silent.close(resolve));
      }
    });
  });
});

describe('applyAuthSettings', () => {
  const root = process.cwd();
  const MAIL_KEY = 're_SECRET-mail-key-5';
  const authEnv = (more: Record<string, string | undefined> = {}) => env({ SITE_URL: 'https://www.hearthside-care.com', MAIL_API_KEY: MAIL_KEY, ...more });

  test('the first run names each change and the project holds them; the second changes nothing and sends no PATCH', async () => {
    const printed = vi.spyOn(process.stdout, 'write');
    const logged = vi.spyOn(console, 'log');
    try {
      const first = await applyAuthSettings(root, authEnv());
      expect(first).toEqual([
        'Site URL: http://localhost:3000 -> https://www.hearthside-care.com',
        'Sign-ups: open -> closed',
        'E-mail confirmation of new accounts: asked -> not asked',
        'E-mail links (invitations, password resets) work for: 1 hour -> 24 hours',
        "Mail server (SMTP): Supabase's built-in sender -> smtp.resend.com",
        'Mail server port: (not set) -> 465',
        'Mail server user: (not set) -> resend',
        'Auth e-mails sent from: (not set) -> notifications@example.com',
        "Auth e-mails' sender name: (not set) -> Hearthside Home Care",
        'Redirect URLs: added https://www.hearthside-care.com/admin, https://www.hearthside-care.com/admin/',
        'Mail server password: set to MAIL_API_KEY (not shown)',
      ]);
      const config = fake.authConfig(REF);
      expect(config).toMatchObject({
        site_url: 'https://www.hearthside-care.com',
        uri_allow_list: 'https://www.hearthside-care.com/admin,https://www.hearthside-care.com/admin/',
        disable_signup: true,
        mailer_otp_exp: 86400,
        jwt_exp: 3600,
        refresh_token_rotation_enabled: true,
        security_refresh_token_reuse_interval: 10,
        rate_limit_otp: 30,
        external_email_enabled: true,
        smtp_host: 'smtp.resend.com',
        smtp_port: '465',
        smtp_user: 'resend',
        smtp_pass: MAIL_KEY,
        smtp_admin_email: 'notifications@example.com',
        smtp_sender_name: 'Hearthside Home Care',
      });

      const patchesBefore = fake.requests.filter((request) => request.method === 'PATCH').length;
      const second = await applyAuthSettings(root, authEnv());
      expect(second).toEqual(['Supabase Auth settings: nothing needed changing (site URL https://www.hearthside-care.com, sign-ups closed, e-mail links work for 24 hours, e-mail through smtp.resend.com).']);
      expect(fake.requests.filter((request) => request.method === 'PATCH').length).toBe(patchesBefore);

      // The password went to Supabase in the PATCH and nowhere else the owner reads.
      expect(JSON.stringify([...first, ...second])).not.toContain(MAIL_KEY);
      const output = [...printed.mock.calls, ...logged.mock.calls].map((call) => String(call[0])).join('\n');
      expect(output).not.toContain(MAIL_KEY);
    } finally {
      printed.mockRestore();
      logged.mockRestore();
    }
  });

  test('a new mail key or sender is one line each; MAIL_FROM wins over site.yaml', async () => {
    const lines = await applyAuthSettings(root, authEnv({ MAIL_API_KEY: 're_SECRET-new-key-6', MAIL_FROM: 'office@hearthside-care.com' }));
    expect(lines).toEqual(['Auth e-mails sent from: notifications@example.com -> office@hearthside-care.com', 'Mail server password: set to MAIL_API_KEY (not shown)']);
    expect(lines.join('\n')).not.toContain('re_SECRET-new-key-6');
  });

  test('without a mail key, or with another mail API, the sender is left as it is', async () => {
    const before = fake.authConfig(REF);
    const lines = await applyAuthSettings(root, authEnv({ MAIL_API_KEY: undefined, SITE_URL: 'https://hearthside-care.com' }));
    expect(lines).toEqual([
      'Site URL: https://www.hearthside-care.com -> https://hearthside-care.com',
      'Redirect URLs: added https://hearthside-care.com/admin, https://hearthside-care.com/admin/ (kept https://www.hearthside-care.com/admin, https://www.hearthside-care.com/admin/)',
    ]);
    expect(fake.authConfig(REF).smtp_host).toBe(before.smtp_host);
    const other = await applyAuthSettings(root, authEnv({ SITE_URL: 'https://hearthside-care.com', MAIL_API_URL: 'https://mail.example.net/emails', MAIL_API_KEY: 'key-of-another-service' }));
    expect(other).toEqual(['Supabase Auth settings: nothing needed changing (site URL https://hearthside-care.com, sign-ups closed, e-mail links work for 24 hours).']);
  });

  test('a refused change throws plain words, and a wrong token says where tokens are made', async () => {
    fake.failNext(400, 'smtp_admin_email must be a valid email', 'PATCH');
    await expect(applyAuthSettings(root, authEnv({ MAIL_FROM: 'someone@hearthside-care.com' }))).rejects.toThrow(
      'Supabase refused the new Auth settings (site_url, smtp_admin_email, smtp_pass): smtp_admin_email must be a valid email. The settings come from SITE_URL, MAIL_FROM, content/site.yaml and supabase/config.toml: correct the one it names and run again.',
    );
    await expect(applyAuthSettings(root, authEnv({ SUPABASE_ACCESS_TOKEN: 'sbp_wrong' }))).rejects.toThrow(
      `Supabase did not accept SUPABASE_ACCESS_TOKEN when asked to read project ${REF}'s Auth settings: the token is mistyped, was revoked, or has expired (Supabase said: "Unauthorized"). Make a new access token (Account > Access Tokens > Generate new token) and put the whole token, starting sbp_, in SUPABASE_ACCESS_TOKEN. (https://supabase.com/dashboard/account/tokens)`,
    );
  });
});
