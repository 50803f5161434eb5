/**
 * The preflight's Supabase part (`npm run deploy -- --check`, and the first step of every deploy): each Supabase
 * setting that is set is checked against the real project before anything changes. The lead's preflight names the
 * settings that are missing; this says what is wrong with the ones that are there, each in plain words with the
 * dashboard page where it is put right.
 *
 * - SUPABASE_ACCESS_TOKEN and SUPABASE_PROJECT_REF: the token is accepted and the project is in its account and
 *   running (GET /v1/projects/{ref}).
 * - VITE_SUPABASE_URL: the project's own address.
 * - VITE_SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY: keys of this project, each of the right kind
 *   (GET /v1/projects/{ref}/api-keys?reveal=true).
 * - SUPABASE_DB_URL: the session pooler's string with the password in it, then a real connection through psql.
 */
import { execFile } from 'node:child_process';
import { keyKind } from '../../src/supabaseKey.ts';
import { pgEnvironment } from './deployPlan.ts';
import type { CheckResult, Finding } from './findings.ts';
import { SupabaseApiError, supabaseApi, type SupabaseApi, type SupabaseApiOptions } from './supabaseApi.ts';

export interface SupabaseCheckOptions extends SupabaseApiOptions {
  /** The psql program (default `psql` on the PATH). */
  psql?: string;
  /** How long psql waits for the database, in seconds (default 10). */
  connectTimeoutSeconds?: number;
  /** The project's address for a ref (default https://<ref>.supabase.co; the rehearsal's stand-in has its own). */
  projectUrl?: (ref: string) => string;
}

/** GET /v1/projects/{ref}'s answer, the fields read here (V1ProjectWithDatabaseResponse). */
interface Project {
  ref: string;
  name: string;
  region: string;
  status: string;
}

/** One entry of GET /v1/projects/{ref}/api-keys (ApiKeyResponse). */
interface ApiKey {
  name: string;
  api_key: string | null;
  type?: 'legacy' | 'publishable' | 'secret' | null;
}

const value = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;
const projectPage = (ref: string) => `https://supabase.com/dashboard/project/${ref}`;
const keysPage = (ref: string) => `${projectPage(ref)}/settings/api-keys`;
/** The dashboard's Connect dialog; `_` lets the dashboard ask which project when the ref is not known. */
const connectPage = (ref: string | undefined) => `${projectPage(ref ?? '_')}?showConnect=true`;
const databaseSettingsPage = (ref: string | undefined) => `${projectPage(ref ?? '_')}/database/settings`;
const CONNECT_FIX = "Connect (top of the project's dashboard) > Session pooler > copy the string, put the database password in it (in place of [YOUR-PASSWORD]), and put the whole string in SUPABASE_DB_URL.";

/** What the documented statuses mean for the owner (V1ProjectWithDatabaseResponse.status). */
function statusProblem(project: Project): Finding | undefined {
  const page = projectPage(project.ref);
  const named = `The Supabase project ${project.ref} (${project.name})`;
  switch (project.status) {
    case 'ACTIVE_HEALTHY':
      return undefined;
    case 'INACTIVE':
    case 'PAUSING':
      return { settings: ['SUPABASE_PROJECT_REF'], problem: `${named} is paused (Supabase pauses a free project after a week without use).`, fix: 'Restore it: open the project in the dashboard and press "Restore project"; it takes a few minutes. Then run again.', page };
    case 'COMING_UP':
    case 'RESTORING':
    case 'UPGRADING':
    case 'RESTARTING':
    case 'RESIZING':
      return { settings: ['SUPABASE_PROJECT_REF'], problem: `${named} is not ready yet: it is ${project.status.toLowerCase().replace(/_/g, ' ')}.`, fix: 'Wait until the dashboard shows it running (a few minutes), then run again.', page };
    case 'ACTIVE_UNHEALTHY':
      return { settings: ['SUPABASE_PROJECT_REF'], problem: `${named} is running, but Supabase reports some of its services unhealthy.`, fix: "Open the project's dashboard: it says which service. If it does not clear in a few minutes, restart the project (Project Settings > General > Restart project).", page };
    case 'RESTORE_FAILED':
    case 'PAUSE_FAILED':
    case 'INIT_FAILED':
      return { settings: ['SUPABASE_PROJECT_REF'], problem: `${named} is broken: Supabase reports ${project.status}.`, fix: "Open the project's dashboard and contact Supabase's support from there; the deploy cannot use it until it runs.", page };
    case 'GOING_DOWN':
    case 'REMOVED':
      return { settings: ['SUPABASE_PROJECT_REF'], problem: `${named} is being deleted or was deleted.`, fix: 'Make a new project (or pick another) and put its reference id in SUPABASE_PROJECT_REF, with its URL, keys and database string.', page: 'https://supabase.com/dashboard/projects' };
    default:
      return { settings: ['SUPABASE_PROJECT_REF'], problem: `${named} is not running: Supabase reports its status as ${project.status}.`, fix: "Open the project's dashboard; once it shows the project running, run again.", page };
  }
}

function apiFinding(error: unknown, settings: string[]): Finding {
  if (error instanceof SupabaseApiError) {
    const tokenProblem = error.status === 401 || error.status === 403;
    return { settings: tokenProblem ? ['SUPABASE_ACCESS_TOKEN'] : error.status === 0 || error.status === 429 || error.status >= 500 ? [] : settings, problem: error.message, fix: error.fix, ...(error.page ? { page: error.page } : {}) };
  }
  return { settings, problem: `The check could not finish: ${(error as Error).message}`, fix: 'Run it again; if it fails the same way, the message above says what failed.' };
}

/** The project's ref a legacy Supabase JWT names in its payload (`ref`), when it is one. */
function jwtRef(key: string): string | undefined {
  const parts = key.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { ref?: unknown };
    return typeof payload.ref === 'string' ? payload.ref : undefined;
  } catch {
    return undefined;
  }
}

/** The project (token and ref), its URL. Returns the project when it was found, for the key check. */
async function checkProject(env: NodeJS.ProcessEnv, api: SupabaseApi, options: SupabaseCheckOptions): Promise<{ result: CheckResult; project?: Project; tokenRefused: boolean }> {
  const result: CheckResult = { title: 'Supabase project', findings: [], passed: [] };
  const token = value(env, 'SUPABASE_ACCESS_TOKEN');
  const ref = value(env, 'SUPABASE_PROJECT_REF');
  let project: Project | undefined;
  let tokenRefused = false;

  if (ref && !/^[a-z]{20}$/.test(ref)) {
    result.findings.push({ settings: ['SUPABASE_PROJECT_REF'], problem: `SUPABASE_PROJECT_REF is "${ref}", which is not a project reference id (20 lower-case letters, as in supabase.com/dashboard/project/abcdefghijklmnopqrst).`, fix: "Copy the reference id from the project's address in the dashboard, or from Project Settings > General > Project ID.", page: 'https://supabase.com/dashboard/projects' });
  } else if (token && ref) {
    try {
      project = await api.get<Project>(`/v1/projects/${ref}`, `read project ${ref}`);
      const problem = statusProblem(project);
      if (problem) result.findings.push(problem);
      else result.passed.push(`project ${ref} (${project.name}, ${project.region}) is running`);
    } catch (error) {
      if (error instanceof SupabaseApiError && error.status === 404) {
        result.findings.push({ settings: ['SUPABASE_PROJECT_REF', 'SUPABASE_ACCESS_TOKEN'], problem: `There is no project ${ref} in the Supabase account SUPABASE_ACCESS_TOKEN belongs to: the reference id is mistyped, or the token is another account's.`, fix: "Copy the reference id from the project's address (supabase.com/dashboard/project/<ref>) into SUPABASE_PROJECT_REF; if it is right, make the token while signed in to the account that owns the project.", page: 'https://supabase.com/dashboard/projects' });
      } else {
        tokenRefused = error instanceof SupabaseApiError && error.status === 401;
        result.findings.push(apiFinding(error, ['SUPABASE_PROJECT_REF']));
      }
    }
  } else if (token) {
    // Without a project to read, the token is still checked: the list of projects needs only the token.
    try {
      await api.get<unknown[]>('/v1/projects', 'list your projects');
      result.passed.push('SUPABASE_ACCESS_TOKEN is accepted');
    } catch (error) {
      tokenRefused = error instanceof SupabaseApiError && error.status === 401;
      result.findings.push(apiFinding(error, []));
    }
  }

  const url = value(env, 'VITE_SUPABASE_URL');
  if (url && ref && /^[a-z]{20}$/.test(ref)) {
    const wanted = (options.projectUrl ?? ((r: string) => `https://${r}.supabase.co`))(ref).replace(/\/+$/, '');
    const given = url.replace(/\/+$/, '');
    if (given !== wanted) {
      const other = /^https?:\/\/([a-z]{20})\.supabase\.co$/.exec(given)?.[1];
      result.findings.push({
        settings: ['VITE_SUPABASE_URL'],
        problem: other ? `VITE_SUPABASE_URL is the address of another project (${other}), not of ${ref}: the site would send its forms to that project.` : `VITE_SUPABASE_URL is "${given}", not project ${ref}'s address, ${wanted}.`,
        fix: `Put ${wanted} in VITE_SUPABASE_URL (Project Settings > Data API shows it as the Project URL).`,
        page: `${projectPage(ref)}/settings/api`,
      });
    } else result.passed.push(`VITE_SUPABASE_URL is its address`);
  }
  return { result, ...(project ? { project } : {}), tokenRefused };
}

/** The two keys: this project's, each of its kind. */
async function checkKeys(env: NodeJS.ProcessEnv, api: SupabaseApi, project: Project): Promise<CheckResult> {
  const result: CheckResult = { title: 'Supabase keys', findings: [], passed: [] };
  const ref = project.ref;
  const page = keysPage(ref);
  let keys: ApiKey[];
  try {
    keys = await api.get<ApiKey[]>(`/v1/projects/${ref}/api-keys?reveal=true`, `read project ${ref}'s API keys`);
  } catch (error) {
    result.findings.push(apiFinding(error, ['VITE_SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY']));
    return result;
  }
  const isPublic = (key: ApiKey) => key.type === 'publishable' || (key.type !== 'secret' && key.name === 'anon');
  const isSecret = (key: ApiKey) => key.type === 'secret' || (key.type !== 'publishable' && key.name === 'service_role');

  const checks = [
    { setting: 'VITE_SUPABASE_ANON_KEY', wantsSecret: false, words: 'the anon (legacy) or publishable key', where: 'the anon key (Legacy API keys tab) or the publishable key (API Keys tab)' },
    { setting: 'SUPABASE_SERVICE_ROLE_KEY', wantsSecret: true, words: 'the service_role (legacy) or a secret key', where: 'the service_role key (Legacy API keys tab, Reveal) or a secret key (API Keys tab)' },
  ] as const;
  for (const check of checks) {
    const given = value(env, check.setting);
    if (!given) continue;
    const found = keys.find((key) => key.api_key === given);
    const fix = `Copy ${check.where} of project ${ref} into ${check.setting}.`;
    if (found) {
      if (check.wantsSecret && isPublic(found)) {
        result.findings.push({ settings: [check.setting], problem: `${check.setting} is the project's public key (${found.name}), not its secret one: the schedules' calls to the purge and notify functions would be refused.`, fix, page });
      } else if (!check.wantsSecret && isSecret(found)) {
        result.findings.push({ settings: [check.setting], problem: `${check.setting} is the project's secret key (${found.name}), which bypasses every access rule: built into the site, anyone could read and change every application and inquiry.`, fix: `${fix} The build would refuse it anyway; keep the secret one in SUPABASE_SERVICE_ROLE_KEY only.`, page });
      } else result.passed.push(`${check.setting} is its ${found.name === 'default' ? found.type : found.name} key`);
      continue;
    }
    const other = jwtRef(given);
    const kind = keyKind(given);
    result.findings.push({
      settings: [check.setting],
      problem: other && other !== ref ? `${check.setting} is a key of another project (${other}), not of ${ref}.` : kind === 'not-a-key' ? `${check.setting} is not a Supabase API key (neither a JWT nor an sb_… key): part of it may be missing.` : `${check.setting} is not one of project ${ref}'s keys: it is another project's key, or one that was revoked.`,
      fix,
      page,
    });
    // Of another project and of the wrong kind too: said apart, so that the second copy is the right kind.
    if (kind === 'publishable' && check.wantsSecret) result.findings.push({ settings: [check.setting], problem: `${check.setting} is also a public key: it must be ${check.words}.`, fix, page });
    if (kind === 'secret' && !check.wantsSecret) result.findings.push({ settings: [check.setting], problem: `${check.setting} is also a secret key: it must be ${check.words}, as only that may be built into the site.`, fix, page });
  }
  return result;
}

/** The database's string, by its shape: the problems found without connecting. */
function dbShapeFindings(env: NodeJS.ProcessEnv, pg: Record<string, string>): Finding[] {
  const ref = value(env, 'SUPABASE_PROJECT_REF');
  const page = connectPage(ref);
  const settings = ['SUPABASE_DB_URL'];
  const findings: Finding[] = [];
  const host = pg.PGHOST!.toLowerCase();
  const user = pg.PGUSER!;
  const port = pg.PGPORT!;
  const userRef = /^postgres\.([a-z0-9]+)$/.exec(user)?.[1];
  const direct = /^db\.([a-z0-9]+)\.supabase\.co$/.exec(host);
  const pooler = host.endsWith('.pooler.supabase.com');

  if (direct) {
    findings.push({ settings, problem: `SUPABASE_DB_URL is the direct connection (${host}). It works only over IPv6, which GitHub's machines do not have, so the deploy could not reach the database.`, fix: CONNECT_FIX, page });
  } else if (port === '6543') {
    findings.push({ settings, problem: "SUPABASE_DB_URL is the transaction pooler's string (port 6543), which runs each statement on its own: the deploy's SQL needs one session from start to end.", fix: CONNECT_FIX, page });
  } else if (pooler) {
    if (!userRef) findings.push({ settings, problem: `SUPABASE_DB_URL's user is "${user}": through the pooler it must be postgres.<your project's ref>${ref ? ` (postgres.${ref})` : ''}.`, fix: CONNECT_FIX, page });
    else if (ref && userRef !== ref) findings.push({ settings, problem: `SUPABASE_DB_URL is the database of another project (${userRef}, by its user postgres.${userRef}), not of ${ref}.`, fix: CONNECT_FIX, page });
    if (port !== '5432') findings.push({ settings, problem: `SUPABASE_DB_URL's port is ${port}: the session pooler's is 5432.`, fix: CONNECT_FIX, page });
  } else if (!(userRef && (!ref || userRef === ref))) {
    // A host that is neither Supabase's pooler nor a db.<ref> host (the rehearsal's local PostgreSQL, a pooler
    // under another name) passes by its shape only when its user is the session pooler's, postgres.<ref>, and
    // its port is not the transaction pooler's 6543 (said above): the user is what ties the string to the project.
    findings.push({ settings, problem: `SUPABASE_DB_URL (host ${host}, user ${user}) is not a Supabase session pooler string: that has a host ending .pooler.supabase.com and the user postgres.${ref ?? '<ref>'}.`, fix: CONNECT_FIX, page });
  }

  const password = pg.PGPASSWORD;
  if (!password) {
    findings.push({ settings, problem: 'SUPABASE_DB_URL has no password in it.', fix: `Put the database password in the string, after "${user}:" and before "@" (the dashboard shows [YOUR-PASSWORD] there). ${CONNECT_FIX}`, page });
  } else if (/YOUR[-_ ]?PASSWORD/i.test(password)) {
    findings.push({ settings, problem: "SUPABASE_DB_URL still holds the dashboard's placeholder [YOUR-PASSWORD] where the database password goes.", fix: "Replace [YOUR-PASSWORD], brackets included, with the database password (the one in SUPABASE_DB_PASSWORD). Forgotten? Reset it at Project Settings > Database.", page });
  } else {
    const dbPassword = env.SUPABASE_DB_PASSWORD?.trim();
    if (dbPassword && dbPassword !== password) {
      findings.push({ settings: ['SUPABASE_DB_URL', 'SUPABASE_DB_PASSWORD'], problem: 'The password in SUPABASE_DB_URL is not the one in SUPABASE_DB_PASSWORD: both must be the database password.', fix: 'Put the same database password in both (a password with @, : or / in it is written %40, %3A, %2F inside the string). Forgotten? Reset it at Project Settings > Database, then put the new one in both.', page: databaseSettingsPage(ref) });
    }
  }
  return findings;
}

/** psql's refusal, in the owner's words. */
function connectionFinding(stderr: string, pg: Record<string, string>, env: NodeJS.ProcessEnv, seconds: number): Finding {
  const ref = value(env, 'SUPABASE_PROJECT_REF');
  const settings = ['SUPABASE_DB_URL'];
  const where = `${pg.PGHOST}:${pg.PGPORT}`;
  const first = stderr.split('\n').map((line) => line.replace(/^psql: (error: )?/, '').trim()).find((line) => line) ?? 'no reason given';
  if (/password authentication failed|SASL authentication failed|password authentication/i.test(stderr)) {
    return { settings: ['SUPABASE_DB_URL', 'SUPABASE_DB_PASSWORD'], problem: `The database refused the password in SUPABASE_DB_URL (user ${pg.PGUSER}).`, fix: 'Reset the database password at Project Settings > Database > Reset database password, then put the new one in SUPABASE_DB_URL (in place of the old) and in SUPABASE_DB_PASSWORD.', page: databaseSettingsPage(ref) };
  }
  if (/could not translate host name|Name or service not known|nodename nor servname/i.test(stderr)) {
    return { settings, problem: `The database's address in SUPABASE_DB_URL, ${pg.PGHOST}, does not exist.`, fix: CONNECT_FIX, page: connectPage(ref) };
  }
  if (/timeout expired|timed out/i.test(stderr)) {
    return { settings, problem: `The database at ${where} did not answer within ${seconds} seconds.`, fix: `Check that the project is running (not paused) in its dashboard, and that SUPABASE_DB_URL is the session pooler's string. ${CONNECT_FIX}`, page: connectPage(ref) };
  }
  if (/Tenant or user not found|role .* does not exist/i.test(stderr)) {
    return { settings, problem: `The database does not know the user ${pg.PGUSER} in SUPABASE_DB_URL (the pooler's user is postgres.<ref> of your project).`, fix: CONNECT_FIX, page: connectPage(ref) };
  }
  if (/Connection refused/i.test(stderr)) {
    return { settings, problem: `Nothing is listening for a database at ${where}: the address or port in SUPABASE_DB_URL is wrong.`, fix: CONNECT_FIX, page: connectPage(ref) };
  }
  if (/does not support SSL/i.test(stderr)) {
    return { settings, problem: `The database at ${where} does not take encrypted connections, which Supabase's always do: SUPABASE_DB_URL is not a Supabase database.`, fix: CONNECT_FIX, page: connectPage(ref) };
  }
  return { settings, problem: `The database refused the connection: ${first}.`, fix: `Check SUPABASE_DB_URL. ${CONNECT_FIX}`, page: connectPage(ref) };
}

/** Connects with psql (`select 1`), the password in libpq's variables rather than on the command line. */
function tryConnect(pg: Record<string, string>, options: SupabaseCheckOptions): Promise<{ ok: true } | { ok: false; stderr: string; missing?: boolean }> {
  const seconds = options.connectTimeoutSeconds ?? 10;
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, ...pg, PGCONNECT_TIMEOUT: String(seconds), PGAPPNAME: 'deploy-check' };
  return new Promise((resolve) => {
    execFile(options.psql ?? 'psql', ['-X', '-q', '-A', '-t', '-c', 'select 1'], { env, timeout: (seconds + 5) * 1000, encoding: 'utf8' }, (error, _stdout, stderr) => {
      if (!error) return resolve({ ok: true });
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return resolve({ ok: false, stderr: '', missing: true });
      resolve({ ok: false, stderr: stderr || (error.killed ? 'timeout expired' : error.message) });
    });
  });
}

async function checkDatabase(env: NodeJS.ProcessEnv, options: SupabaseCheckOptions): Promise<CheckResult | undefined> {
  const connection = value(env, 'SUPABASE_DB_URL');
  if (!connection) return undefined;
  const result: CheckResult = { title: 'Supabase database', findings: [], passed: [] };
  const ref = value(env, 'SUPABASE_PROJECT_REF');
  let pg: Record<string, string>;
  try {
    pg = pgEnvironment(connection);
  } catch (error) {
    result.findings.push({ settings: ['SUPABASE_DB_URL'], problem: (error as Error).message, fix: CONNECT_FIX, page: connectPage(ref) });
    return result;
  }
  result.findings.push(...dbShapeFindings(env, pg));
  // Connected only once the string has the right shape: a direct or placeholder string would only cost a wait
  // and say less than the finding above.
  if (result.findings.length) return result;
  const seconds = options.connectTimeoutSeconds ?? 10;
  const answer = await tryConnect(pg, options);
  if (answer.ok) result.passed.push(`SUPABASE_DB_URL connects (session pooler, user ${pg.PGUSER})`);
  else if (answer.missing) result.findings.push({ settings: [], problem: 'psql, the PostgreSQL client the deploy runs its SQL with, is not installed on this machine.', fix: 'Install PostgreSQL\'s client, version 15 or later (Debian/Ubuntu: apt-get install postgresql-client; macOS: brew install libpq), then run again. GitHub\'s machines have it.', page: 'https://www.postgresql.org/download/' });
  else result.findings.push(connectionFinding(answer.stderr, pg, env, seconds));
  return result;
}

/**
 * The Supabase settings that are set, checked against the project: "Supabase project" (token, ref, status, URL),
 * "Supabase keys" and "Supabase database", each when there is something to check. Nothing is changed.
 */
export async function checkSupabase(env: NodeJS.ProcessEnv, options: SupabaseCheckOptions = {}): Promise<CheckResult[]> {
  const api = supabaseApi(env, options);
  const results: CheckResult[] = [];
  const [projectCheck, database] = await Promise.all([checkProject(env, api, options), checkDatabase(env, options)]);
  if (projectCheck.result.findings.length || projectCheck.result.passed.length) results.push(projectCheck.result);
  if (projectCheck.project && (value(env, 'VITE_SUPABASE_ANON_KEY') || value(env, 'SUPABASE_SERVICE_ROLE_KEY'))) results.push(await checkKeys(env, api, projectCheck.project));
  if (database) results.push(database);
  return results;
}
