/**
 * The migrations are real Postgres, not PGlite dialect: they apply, with the seed, on Debian's PostgreSQL 15
 * server started in a temporary folder, and the policies decide there as they do in the stand-in.
 * Where that server is not installed the test is skipped, and says so.
 */
import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const bin = '/usr/lib/postgresql/15/bin';
const installed = existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'));
if (!installed) console.warn(`Skipping the PostgreSQL 15 migration test: ${bin}/initdb is not installed (apt-get install postgresql-15).`);

// initdb refuses to run as root: the server then runs as the postgres user the Debian package creates.
const asRoot = userInfo().uid === 0;
const port = String(55000 + Math.floor(Math.random() * 1000));
let dir = '';

function run(command: string, args: string[], options: ExecFileSyncOptions = {}): string {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], ...options }) as string;
}

function psql(sql: string): string {
  return run(path.join(bin, 'psql'), ['-h', dir, '-p', port, '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qtA'], { input: sql }).trim();
}

describe.skipIf(!installed)('on PostgreSQL 15', () => {
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pg15-'));
    if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })));
    run(path.join(bin, 'initdb'), ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    run(path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-w', '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=''`, 'start']);
  }, 60_000);

  afterAll(() => {
    if (existsSync(path.join(dir, 'data', 'postmaster.pid'))) run(path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-w', '-m', 'immediate', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  });

  test('the platform schemas, every migration and the seed apply without an error', () => {
    psql(readFileSync('scripts/local-supabase/platform.sql', 'utf8'));
    for (const file of readdirSync('supabase/migrations').sort()) psql(readFileSync(path.join('supabase/migrations', file), 'utf8'));
    psql(readFileSync('supabase/seed.sql', 'utf8'));
    expect(psql("select count(*) from auth.users where email in ('staff@example.com', 'visitor@example.com')")).toBe('2');
    psql("insert into public.job_applications (first_name, last_name, email, phone, position, experience, availability) values ('Ann', 'Lee', 'ann@example.com', '555', 'companion-caregiver', 'one-to-three-years', 'flexible')");
  });

  test('there too, only staff read, and anon has no privilege', () => {
    const asUser = (claims: object, sql: string) => psql(`begin; select set_config('role', 'authenticated', true), set_config('request.jwt.claims', '${JSON.stringify(claims)}', true) \\g /dev/null\n${sql}; commit;`);
    expect(asUser({ role: 'authenticated', app_metadata: { role: 'staff' } }, 'select count(*) from public.job_applications')).toBe('1');
    expect(asUser({ role: 'authenticated', app_metadata: {}, user_metadata: { role: 'staff' } }, 'select count(*) from public.job_applications')).toBe('0');
    expect(() => psql("begin; set local role anon; select count(*) from public.job_applications; commit;")).toThrow(/permission denied for table job_applications/);
    expect(() => asUser({ role: 'authenticated', app_metadata: { role: 'staff' } }, "insert into public.job_applications (first_name, last_name, email, phone, position, experience, availability) values ('x', 'y', 'z', '1', 'a', 'b', 'c')")).toThrow(/permission denied/);
  });
});
