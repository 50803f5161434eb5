/**
 * The migrations are real Postgres, not PGlite dialect: they apply, with the seed, on Debian's PostgreSQL 15
 * server started in a temporary folder, and the policies decide there as they do in the stand-in.
 * Where that server is not installed the test is skipped, and says so.
 */
import { execFile, execFileSync, spawn, type ExecFileSyncOptions } from 'node:child_process';
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

/** psql in a process of its own (a connection of its own), for statements that must really run in parallel. */
function psqlAsync(sql: string): Promise<string> {
  const argv = [path.join(bin, 'psql'), '-h', dir, '-p', port, '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qtA', '-c', sql];
  const [file, args] = asRoot ? ['runuser', ['-u', 'postgres', '--', ...argv]] : [argv[0]!, argv.slice(1)];
  return new Promise((resolve, reject) => execFile(file, args, { encoding: 'utf8' }, (error, stdout) => (error ? reject(error) : resolve(stdout.trim()))));
}

/**
 * A starting gate: holds an advisory lock in a session of its own until `open()`, so that statements which
 * first take the same lock (shared) all start at the same moment instead of one process after another.
 */
async function startingGate(key: number): Promise<{ waiting(): number; open(): Promise<void> }> {
  const argv = [path.join(bin, 'psql'), '-h', dir, '-p', port, '-U', 'postgres', '-d', 'postgres', '-qtA'];
  const [file, args] = asRoot ? ['runuser', ['-u', 'postgres', '--', ...argv]] : [argv[0]!, argv.slice(1)];
  const session = spawn(file, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const closed = new Promise<void>((resolve) => session.on('exit', () => resolve()));
  const held = new Promise<void>((resolve) => session.stdout.once('data', () => resolve()));
  session.stdin.write(`select pg_advisory_lock(${key});\n`);
  await held;
  return {
    waiting: () => Number(psql(`select count(*) from pg_locks where locktype = 'advisory' and objid = ${key} and not granted`)),
    async open() {
      session.stdin.end(`select pg_advisory_unlock(${key});\n`);
      await closed;
    },
  };
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
    psql("insert into public.inquiries (name, phone, care_for) values ('Nora Quinn', '8605550199', 'a-parent')");
    // A request with no way to reply is refused by the table itself, whoever writes it.
    expect(() => psql("insert into public.inquiries (name, care_for) values ('Nobody', 'myself')")).toThrow(/inquiries_reply_way/);
  });

  test('there too, only staff read, and anon has no privilege', () => {
    const asUser = (claims: object, sql: string) => psql(`begin; select set_config('role', 'authenticated', true), set_config('request.jwt.claims', '${JSON.stringify(claims)}', true) \\g /dev/null\n${sql}; commit;`);
    expect(asUser({ role: 'authenticated', app_metadata: { role: 'staff' } }, 'select count(*) from public.job_applications')).toBe('1');
    expect(asUser({ role: 'authenticated', app_metadata: {}, user_metadata: { role: 'staff' } }, 'select count(*) from public.job_applications')).toBe('0');
    expect(() => psql("begin; set local role anon; select count(*) from public.job_applications; commit;")).toThrow(/permission denied for table job_applications/);
    expect(asUser({ role: 'authenticated', app_metadata: { role: 'staff' } }, 'select count(*) from public.inquiries')).toBe('1');
    expect(asUser({ role: 'authenticated', app_metadata: {} }, 'select count(*) from public.inquiries')).toBe('0');
    expect(() => psql('begin; set local role anon; select count(*) from public.inquiries; commit;')).toThrow(/permission denied for table inquiries/);
    expect(() => asUser({ role: 'authenticated', app_metadata: { role: 'staff' } }, "insert into public.inquiries (name, phone, care_for) values ('x', '1', 'myself')")).toThrow(/permission denied/);
    expect(() => asUser({ role: 'authenticated', app_metadata: { role: 'staff' } }, "insert into public.job_applications (first_name, last_name, email, phone, position, experience, availability) values ('x', 'y', 'z', '1', 'a', 'b', 'c')")).toThrow(/permission denied/);
  });

  test('there too, parallel posts from one client take at most five slots an hour, and only the service role may ask', async () => {
    const asServiceRole = (sql: string) => `begin; set local role service_role; ${sql}; commit;`;
    const client = 'b'.repeat(64);
    // Twelve connections let go at the same moment: without the lock in take_form_slot, several would
    // count the same rows and all take a slot.
    const gate = await startingGate(4242);
    const posts = Array.from({ length: 12 }, () =>
      psqlAsync(asServiceRole(`select pg_advisory_xact_lock_shared(4242); select coalesce(public.take_form_slot('application', '${client}', gen_random_uuid(), 5)::text, 'taken')`)),
    );
    while (gate.waiting() < 12) await new Promise((resolve) => setTimeout(resolve, 20));
    await gate.open();
    const answers = await Promise.all(posts);
    expect(answers.filter((a) => a === 'taken')).toHaveLength(5);
    for (const refused of answers.filter((a) => a !== 'taken')) expect(Number(refused)).toBeGreaterThan(3500);
    expect(psql(`select count(*) from private.form_posts where client_hash = '${client}'`)).toBe('5');
    // An hour later the oldest posts no longer count, and are pruned.
    psql(`update private.form_posts set posted_at = posted_at - interval '61 minutes' where client_hash = '${client}'`);
    expect(psql(asServiceRole(`select coalesce(public.take_form_slot('application', '${client}', gen_random_uuid(), 5)::text, 'taken')`))).toBe('taken');
    expect(psql(`select count(*) from private.form_posts where client_hash = '${client}'`)).toBe('1');

    for (const role of ['anon', 'authenticated']) {
      expect(() => psql(`begin; set local role ${role}; select public.take_form_slot('application', '${client}', gen_random_uuid(), 5); commit;`)).toThrow(/permission denied for function take_form_slot/);
      expect(() => psql(`begin; set local role ${role}; select count(*) from private.form_posts; commit;`)).toThrow(/permission denied for schema private/);
    }
    expect(() => psql(asServiceRole('select count(*) from private.form_posts'))).toThrow(/permission denied for schema private/);
  });

  test('there too, resume_url takes only a generated key', () => {
    const insert = (key: string) => psql(`insert into public.job_applications (first_name, last_name, email, phone, position, experience, availability, resume_url) values ('Ann', 'Lee', 'ann@example.com', '555', 'companion-caregiver', 'flexible', 'flexible', '${key}')`);
    expect(() => insert('../../rest/v1/job_applications')).toThrow(/job_applications_resume_url_format/);
    expect(() => insert('5F0C3C5E-2F4B-4C6E-9A51-0D5B8C1E7A01/7a2d9e41-6b3f-4f0a-8c27-1e9b5d3c4f02.pdf')).toThrow(/job_applications_resume_url_format/);
    insert('5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01/7a2d9e41-6b3f-4f0a-8c27-1e9b5d3c4f02.pdf');
  });
});
