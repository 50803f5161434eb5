/**
 * A throw-away PostgreSQL 15 server (Debian's postgresql-15) in a temporary folder, with what a hosted Supabase
 * project has before its migrations (scripts/local-supabase/platform.sql), then every migration, the workflow's
 * generated SQL and the seed, in the order the stand-in and `supabase db reset` apply them. For the database's own
 * tests (pgTAP files run by pg_prove, scripts/db-test.ts) and the advisor's lints. initdb refuses to run as root:
 * the server then runs as the postgres user the Debian package creates.
 */
import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

export const POSTGRES15_BIN = '/usr/lib/postgresql/15/bin';
/** Supabase's search_path for its roles: pgTAP, pgcrypto and the other extensions live in schema extensions. */
export const SUPABASE_SEARCH_PATH = '"$user", public, extensions';

export function postgres15Missing(): string | null {
  for (const tool of ['initdb', 'pg_ctl', 'psql']) {
    if (!existsSync(path.join(POSTGRES15_BIN, tool))) return `${POSTGRES15_BIN}/${tool} is not installed (apt-get install postgresql-15)`;
  }
  return null;
}

export interface Postgres15 {
  /** The socket folder and port, for other clients (pg_prove). */
  readonly host: string;
  readonly port: string;
  /** Runs SQL through psql as the postgres superuser, stopping at the first error; returns the unaligned rows. */
  psql(sql: string): string;
  /** Runs a program of the server's user (pg_prove) with the server's connection in PG* variables. */
  run(command: string, args: string[], options?: ExecFileSyncOptions): string;
  stop(): void;
}

const asRoot = userInfo().uid === 0;

function runAs(command: string, args: string[], options: ExecFileSyncOptions = {}): string {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], ...options }) as string;
}

/** Starts the server on a free-by-chance port (several runs may share the machine) and returns it empty. */
export function startPostgres15(): Postgres15 {
  const missing = postgres15Missing();
  if (missing) throw new Error(missing);
  const dir = mkdtempSync(path.join(tmpdir(), 'pg15-'));
  // The postgres user must reach the folder; it holds nothing else.
  if (asRoot) {
    chmodSync(dir, 0o777);
  }
  let port = '';
  for (let attempt = 0; ; attempt += 1) {
    port = String(56000 + Math.floor(Math.random() * 3000));
    const data = path.join(dir, `data-${port}`);
    try {
      runAs(path.join(POSTGRES15_BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
      runAs(path.join(POSTGRES15_BIN, 'pg_ctl'), ['-D', data, '-w', '-l', path.join(dir, `log-${port}`), '-o', `-p ${port} -k ${dir} -c listen_addresses='' -c fsync=off`, 'start']);
      break;
    } catch (error) {
      if (attempt === 4) throw error;
      rmSync(data, { recursive: true, force: true });
    }
  }
  const data = path.join(dir, `data-${port}`);
  const env = { ...process.env, PGHOST: dir, PGPORT: port, PGUSER: 'postgres', PGDATABASE: 'postgres', PGOPTIONS: `-c search_path=${SUPABASE_SEARCH_PATH.replaceAll(' ', '')}` };
  const server: Postgres15 = {
    host: dir,
    port,
    psql: (sql) => runAs(path.join(POSTGRES15_BIN, 'psql'), ['-v', 'ON_ERROR_STOP=1', '-qtA'], { input: sql, env }).trim(),
    run: (command, args, options = {}) => runAs(asRoot ? 'env' : command, asRoot ? [...Object.entries(env).filter(([key]) => key.startsWith('PG')).map(([key, value]) => `${key}=${value}`), command, ...args] : args, { env, ...options }),
    stop: () => {
      try {
        if (existsSync(path.join(data, 'postmaster.pid'))) runAs(path.join(POSTGRES15_BIN, 'pg_ctl'), ['-D', data, '-w', '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  return server;
}

/**
 * Restarts the server listening on 127.0.0.1 too, asking a password on TCP (scram-sha-256, as Supabase's pooler
 * does), so that a client can be given a connection string as the deploy is (its socket stays open to `psql()`).
 */
export function listenOnLoopback(server: Postgres15): void {
  const data = path.join(server.host, `data-${server.port}`);
  writeFileSync(path.join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 scram-sha-256\n');
  runAs(path.join(POSTGRES15_BIN, 'pg_ctl'), ['-D', data, '-w', '-m', 'fast', '-l', path.join(server.host, `log-${server.port}`), '-o', `-p ${server.port} -k ${server.host} -c listen_addresses=127.0.0.1 -c fsync=off`, 'restart']);
}

/**
 * The project's database as `supabase db reset` makes it: the platform, the migrations, the stages, the seed
 * (`seed: false`: as a new project has it after `supabase db push`, which never applies the seed).
 * `platform` runs after the platform's SQL, before the first migration (what else a hosted project has then).
 */
export function migrate(server: Postgres15, options: { root?: string; platform?: (server: Postgres15) => void; skip?: (migration: string) => boolean; seed?: boolean } = {}): void {
  const root = options.root ?? process.cwd();
  const file = (name: string) => readFileSync(path.join(root, name), 'utf8');
  server.psql(file('scripts/local-supabase/platform.sql'));
  options.platform?.(server);
  for (const name of readdirSync(path.join(root, 'supabase/migrations')).sort()) {
    if (!options.skip?.(name)) server.psql(file(path.join('supabase/migrations', name)));
  }
  server.psql(file('supabase/workflow.generated.sql'));
  if (options.seed !== false) server.psql(file('supabase/seed.sql'));
}

/** Default privileges as a project created since 2026-10-30 has them: nothing granted on new public objects. */
export const NEWER_PROJECT_DEFAULTS = ['tables', 'sequences', 'functions']
  .map((kind) => `alter default privileges in schema public revoke all on ${kind} from anon, authenticated, service_role;`)
  .join('\n');

/**
 * Every privilege the API roles hold on the tables, views, sequences and functions of public and private, one line
 * each ("table public.inquiries authenticated SELECT"), sorted: what two databases can be compared by.
 */
export function apiPrivileges(server: Postgres15): string[] {
  return server
    .psql(`select line from (
  select 'table ' || n.nspname || '.' || c.relname || ' ' || r || ' ' || p as line
  from pg_catalog.pg_class as c join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
  cross join unnest(array['anon', 'authenticated', 'service_role']) as r
  cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) as p
  where n.nspname in ('public', 'private') and c.relkind in ('r', 'v', 'm', 'p', 'S') and pg_catalog.has_table_privilege(r, c.oid, p)
  union all
  select 'function ' || n.nspname || '.' || f.proname || '(' || pg_catalog.pg_get_function_identity_arguments(f.oid) || ') ' || r
  from pg_catalog.pg_proc as f join pg_catalog.pg_namespace as n on n.oid = f.pronamespace
  cross join unnest(array['anon', 'authenticated', 'service_role']) as r
  where n.nspname in ('public', 'private') and pg_catalog.has_function_privilege(r, f.oid, 'EXECUTE')
) as x order by line`)
    .split('\n')
    .filter((line) => line !== '');
}
