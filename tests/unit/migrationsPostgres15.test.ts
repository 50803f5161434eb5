/**
 * The migrations are real Postgres, not PGlite dialect: they apply, with the workflow's stages
 * (supabase/workflow.generated.sql) and the seed, on Debian's PostgreSQL 15 server started in a temporary
 * folder, and the policies and triggers decide there as they do in the stand-in (workflowDatabase.test.ts).
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

/** Runs `sql` in one transaction as a signed-in user with these JWT claims, as PostgREST does. */
function asUser(claims: object, sql: string): string {
  return psql(`begin; select set_config('role', 'authenticated', true), set_config('request.jwt.claims', '${JSON.stringify(claims)}', true) \\g /dev/null\n${sql}; commit;`);
}

/** Runs `sql` in one transaction as an API role with no user: anon or service_role. */
function asRole(role: 'anon' | 'service_role', sql: string): string {
  return psql(`begin; select set_config('role', '${role}', true), set_config('request.jwt.claims', '{"role":"${role}"}', true) \\g /dev/null\n${sql}; commit;`);
}

/** The message of the error a psql run ended with (its first ERROR line), or undefined when it did not fail. */
function errorOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return /ERROR:\s+(.*)/.exec((error as Error).message)?.[1];
  }
  return undefined;
}

// The demo accounts of supabase/seed.sql, as the claims of their tokens.
const DANA = '5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01';
const SAM = '3b8e6f12-9c4d-4a7e-b1f3-5d2c8a9e6b03';
const PAT = '9d4a2c7e-1f5b-4e8d-a6c3-7b0e2f4d8a04';
const VISITOR = '7a2d9e41-6b3f-4f0a-8c27-1e9b5d3c4f02';
const FORMER = 'c4e8a1b2-7d3f-4a5e-9b6c-2f1d8e7a0b05';
const STAFF = { sub: DANA, role: 'authenticated', app_metadata: { role: 'staff' } };
const COLLEAGUE = { sub: SAM, role: 'authenticated', app_metadata: { role: 'staff' } };
const ADMIN = { sub: PAT, role: 'authenticated', app_metadata: { role: 'admin' } };
const NON_STAFF = { sub: VISITOR, role: 'authenticated', app_metadata: {} };

/** A record's history, one event a line: kind|actor|from|to, '-' for null. */
function eventsOf(id: string): string {
  return psql(`select kind || '|' || coalesce(actor::text, '-') || '|' || coalesce(from_value, '-') || '|' || coalesce(to_value, '-') from public.record_events where record_id = '${id}' order by id`);
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
    // The stages of content/workflow.yaml, after the migrations and before the seed, as the stand-in does.
    psql(readFileSync('supabase/workflow.generated.sql', 'utf8'));
    expect(psql("select string_agg(code, ',' order by position) from public.application_stages")).toBe('new,contacted,interview-booked,offer-made,hired,not-a-fit,withdrew,no-show,spam');
    expect(psql("select string_agg(code, ',' order by position) from public.inquiry_stages")).toBe('new,contacted,assessment-booked,became-a-client,not-a-fit,spam');
    psql(readFileSync('supabase/seed.sql', 'utf8'));
    expect(psql("select string_agg(display_name, ',' order by display_name) from public.staff where active")).toBe('Dana Reyes,Pat Morgan,Sam Okafor');
    expect(psql("select count(*) from auth.users where email in ('staff@example.com', 'visitor@example.com')")).toBe('2');
    psql("insert into public.job_applications (first_name, last_name, email, phone, position, experience, availability) values ('Ann', 'Lee', 'ann@example.com', '555', 'companion-caregiver', 'one-to-three-years', 'flexible')");
    psql("insert into public.inquiries (name, phone, care_for, consent_version, consented_at) values ('Nora Quinn', '8605550199', 'a-parent', '2026-11-25', now())");
    // A request with no way to reply is refused by the table itself, whoever writes it.
    expect(() => psql("insert into public.inquiries (name, care_for, consent_version, consented_at) values ('Nobody', 'myself', '2026-11-25', now())")).toThrow(/inquiries_reply_way/);
    // And so is a new one without the consent to store its health details, the service role's too.
    const unconsented = "insert into public.inquiries (name, phone, care_for) values ('Nora Quinn', '8605550199', 'a-parent')";
    expect(errorOf(() => psql(unconsented))).toBe("A contact request cannot be stored without the visitor's consent to store its health details");
    expect(errorOf(() => asRole('service_role', unconsented))).toBe("A contact request cannot be stored without the visitor's consent to store its health details");
  });

  test('there too, only staff read, and anon has no privilege', () => {
    expect(asUser(STAFF, 'select count(*) from public.job_applications')).toBe('1');
    expect(asUser({ role: 'authenticated', app_metadata: {}, user_metadata: { role: 'staff' } }, 'select count(*) from public.job_applications')).toBe('0');
    expect(() => psql("begin; set local role anon; select count(*) from public.job_applications; commit;")).toThrow(/permission denied for table job_applications/);
    expect(asUser(STAFF, 'select count(*) from public.inquiries')).toBe('1');
    expect(asUser({ role: 'authenticated', app_metadata: {} }, 'select count(*) from public.inquiries')).toBe('0');
    expect(() => psql('begin; set local role anon; select count(*) from public.inquiries; commit;')).toThrow(/permission denied for table inquiries/);
    expect(() => asUser(STAFF, "insert into public.inquiries (name, phone, care_for) values ('x', '1', 'myself')")).toThrow(/permission denied/);
    expect(() => asUser(STAFF, "insert into public.job_applications (first_name, last_name, email, phone, position, experience, availability) values ('x', 'y', 'z', '1', 'a', 'b', 'c')")).toThrow(/permission denied/);
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
      expect(() => psql(`begin; set local role ${role}; select count(*) from private.form_posts; commit;`)).toThrow(/permission denied for (schema private|table form_posts)/);
    }
    expect(() => psql(asServiceRole('select count(*) from private.form_posts'))).toThrow(/permission denied for table form_posts/);
  });

  test('there too, resume_url takes only a generated key', () => {
    const insert = (key: string) => psql(`insert into public.job_applications (first_name, last_name, email, phone, position, experience, availability, resume_url) values ('Ann', 'Lee', 'ann@example.com', '555', 'companion-caregiver', 'flexible', 'flexible', '${key}')`);
    expect(() => insert('../../rest/v1/job_applications')).toThrow(/job_applications_resume_url_format/);
    expect(() => insert('5F0C3C5E-2F4B-4C6E-9A51-0D5B8C1E7A01/7a2d9e41-6b3f-4f0a-8c27-1e9b5d3c4f02.pdf')).toThrow(/job_applications_resume_url_format/);
    insert('5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01/7a2d9e41-6b3f-4f0a-8c27-1e9b5d3c4f02.pdf');
  });

  describe('the staff workflow there too', () => {
    let inquiry = '';
    let application = '';
    beforeAll(() => {
      inquiry = psql("insert into public.inquiries (name, phone, care_for, consent_version, consented_at) values ('Ida Park', '8605550123', 'a-spouse', '2026-11-25', now()) returning id");
      application = psql("insert into public.job_applications (first_name, last_name, email, phone, position, experience, availability) values ('Owen', 'Kim', 'owen@example.com', '555', 'companion-caregiver', 'no-experience', 'part-time') returning id");
      psql(`insert into auth.users (id, email) values ('${FORMER}', 'former@example.com'); insert into public.staff (user_id, display_name, active) values ('${FORMER}', 'Lee Former', false)`);
    });

    test('a new record starts at the first stage with a created event by nobody', () => {
      expect(psql(`select stage || '|' || (owner is null) || '|' || (stage_changed_at = created_at) from public.inquiries where id = '${inquiry}'`)).toBe('new|true|true');
      expect(eventsOf(inquiry)).toBe('created|-|-|new');
      expect(eventsOf(application)).toBe('created|-|-|new');
    });

    test('staff change the stage and owner, stage_changed_at is stamped, and each change is an event with its actor', () => {
      expect(asUser(STAFF, `update public.inquiries set stage = 'contacted', owner = '${SAM}' where id = '${inquiry}' returning stage || '|' || owner || '|' || (stage_changed_at > created_at)`)).toBe(`contacted|${SAM}|true`);
      expect(asUser(ADMIN, `update public.job_applications set owner = '${PAT}' where id = '${application}' returning stage_changed_at = created_at`)).toBe('t');
      expect(eventsOf(inquiry)).toBe(['created|-|-|new', `stage|${DANA}|new|contacted`, `owner|${DANA}|-|${SAM}`].join('\n'));
      expect(eventsOf(application)).toBe(['created|-|-|new', `owner|${PAT}|-|${PAT}`].join('\n'));
      // A stale change, filtered on the stage staff last read, matches no row.
      expect(asUser(COLLEAGUE, `update public.inquiries set stage = 'not-a-fit' where id = '${inquiry}' and stage = 'new' returning id`)).toBe('');
      expect(psql(`select stage from public.inquiries where id = '${inquiry}'`)).toBe('contacted');
    });

    test('staff cannot change what the visitor sent or stage_changed_at, nor insert or delete a record', () => {
      const before = psql(`select row_to_json(i)::text from public.inquiries as i where id = '${inquiry}'`);
      for (const change of ["message = 'Rewritten'", "name = 'Mallory'", "email = 'm@example.com'", "consent_version = null, consented_at = null", "stage_changed_at = now() - interval '1 year'", "created_at = now()", "stage = 'contacted', phone = '0'"]) {
        expect(errorOf(() => asUser(STAFF, `update public.inquiries set ${change} where id = '${inquiry}'`))).toBe('permission denied for table inquiries');
      }
      for (const change of ["cover_letter = 'Rewritten'", "resume_url = null", "first_name = 'Mallory'"]) {
        expect(errorOf(() => asUser(ADMIN, `update public.job_applications set ${change} where id = '${application}'`))).toBe('permission denied for table job_applications');
      }
      expect(errorOf(() => asUser(STAFF, `delete from public.inquiries where id = '${inquiry}'`))).toBe('permission denied for table inquiries');
      expect(errorOf(() => asUser(STAFF, "insert into public.inquiries (name, phone, care_for) values ('x', '1', 'myself')"))).toBe('permission denied for table inquiries');
      expect(psql(`select row_to_json(i)::text from public.inquiries as i where id = '${inquiry}'`)).toBe(before);
    });

    test('an unknown stage and an owner who is not active staff are refused', () => {
      for (const stage of ['archived', 'interview-booked']) {
        expect(errorOf(() => asUser(STAFF, `update public.inquiries set stage = '${stage}' where id = '${inquiry}'`))).toBe('insert or update on table "inquiries" violates foreign key constraint "inquiries_stage_fkey"');
      }
      for (const owner of [VISITOR, FORMER, '00000000-0000-4000-8000-000000000000']) {
        expect(errorOf(() => asUser(STAFF, `update public.job_applications set owner = '${owner}' where id = '${application}'`))).toBe(`The owner ${owner} is not an active staff member`);
      }
      expect(psql(`select stage || '|' || owner from public.inquiries where id = '${inquiry}'`)).toBe(`contacted|${SAM}`);
    });

    test('a stranger and a non-staff user see nothing and change nothing', () => {
      for (const table of ['job_applications', 'inquiries', 'staff', 'application_stages', 'inquiry_stages', 'record_events', 'record_notes']) {
        expect(errorOf(() => asRole('anon', `select count(*) from public.${table}`))).toBe(`permission denied for table ${table}`);
        expect(asUser(NON_STAFF, `select count(*) from public.${table}`)).toBe('0');
      }
      expect(errorOf(() => asRole('anon', `update public.inquiries set stage = 'spam' where id = '${inquiry}'`))).toBe('permission denied for table inquiries');
      expect(asUser(NON_STAFF, `update public.inquiries set stage = 'spam', owner = null where id = '${inquiry}' returning id`)).toBe('');
      expect(errorOf(() => asUser(NON_STAFF, `insert into public.record_notes (inquiry_id, body) values ('${inquiry}', 'Hi')`))).toBe('new row violates row-level security policy for table "record_notes"');
      expect(asUser(NON_STAFF, 'delete from public.record_notes returning id')).toBe('');
      expect(psql(`select stage || '|' || owner from public.inquiries where id = '${inquiry}'`)).toBe(`contacted|${SAM}`);
    });

    test('the history is append-only: no API role writes it, and even postgres cannot change or remove an event', () => {
      const history = eventsOf(inquiry);
      const forged = `insert into public.record_events (list, record_id, kind, actor, to_value) values ('inquiries', '${inquiry}', 'stage', '${SAM}', 'spam')`;
      for (const sql of [forged, `update public.record_events set actor = '${SAM}' where record_id = '${inquiry}'`, `delete from public.record_events where record_id = '${inquiry}'`]) {
        expect(errorOf(() => asUser(STAFF, sql))).toBe('permission denied for table record_events');
        expect(errorOf(() => asUser(ADMIN, sql))).toBe('permission denied for table record_events');
        expect(errorOf(() => asRole('service_role', sql))).toBe('permission denied for table record_events');
      }
      expect(asUser(STAFF, `select count(*) from public.record_events where record_id = '${inquiry}'`)).toBe('3');
      const appendOnly = 'record_events is append-only: an event cannot be changed or removed';
      expect(errorOf(() => psql(`update public.record_events set actor = '${SAM}' where record_id = '${inquiry}'`))).toBe(appendOnly);
      expect(errorOf(() => psql(`delete from public.record_events where record_id = '${inquiry}'`))).toBe(appendOnly);
      expect(errorOf(() => psql('truncate public.record_events'))).toBe(appendOnly);
      expect(eventsOf(inquiry)).toBe(history);
    });

    test('a note\'s author is the signed-in user, nobody writes in a colleague\'s name, and the author has 15 minutes', () => {
      const note = asUser(STAFF, `insert into public.record_notes (inquiry_id, body) values ('${inquiry}', 'Called; home visit offered.') returning id || '|' || author`);
      const [id, author] = note.split('|');
      expect(author).toBe(DANA);
      expect(errorOf(() => asUser(STAFF, `insert into public.record_notes (inquiry_id, body, author) values ('${inquiry}', 'In Sam''s name', '${SAM}')`))).toBe('permission denied for table record_notes');
      expect(errorOf(() => asUser(STAFF, `update public.record_notes set author = '${SAM}' where id = '${id}'`))).toBe('permission denied for table record_notes');
      expect(psql(`select count(*) from public.record_notes where author = '${SAM}'`)).toBe('0');
      expect(errorOf(() => asRole('service_role', `insert into public.record_notes (inquiry_id, body) values ('${inquiry}', 'From the system')`))).toBe('A note needs a signed-in author');
      for (const body of ["''", "'   '", `'${'x'.repeat(5001)}'`]) {
        expect(errorOf(() => asUser(STAFF, `insert into public.record_notes (inquiry_id, body) values ('${inquiry}', ${body})`))).toBe('new row for relation "record_notes" violates check constraint "record_notes_body_check"');
      }
      // A colleague, even an admin, cannot edit or delete it; the author can, within 15 minutes.
      for (const other of [COLLEAGUE, ADMIN]) {
        expect(asUser(other, `update public.record_notes set body = 'Rewritten' where id = '${id}' returning id`)).toBe('');
        expect(asUser(other, `delete from public.record_notes where id = '${id}' returning id`)).toBe('');
      }
      expect(asUser(STAFF, `update public.record_notes set body = 'Called; home visit booked.' where id = '${id}' returning body || '|' || (edited_at is not null)`)).toBe('Called; home visit booked.|true');
      // 15 minutes later (the trigger puts back any created_at written, so it is held off for this).
      psql(`begin; set local session_replication_role = replica; update public.record_notes set created_at = now() - interval '15 minutes 1 second' where id = '${id}'; commit;`);
      expect(asUser(STAFF, `update public.record_notes set body = 'Too late' where id = '${id}' returning id`)).toBe('');
      expect(asUser(STAFF, `delete from public.record_notes where id = '${id}' returning id`)).toBe('');
      expect(psql(`select body from public.record_notes where id = '${id}'`)).toBe('Called; home visit booked.');
      expect(eventsOf(inquiry).split('\n').slice(3)).toEqual([`note|${DANA}|-|-`, `note_edited|${DANA}|-|-`]);
      // A note the author deletes in time leaves a note_deleted event in their name.
      const second = asUser(STAFF, `insert into public.record_notes (inquiry_id, body) values ('${inquiry}', 'Wrong record') returning id`);
      expect(asUser(STAFF, `delete from public.record_notes where id = '${second}' returning id`)).toBe(second);
      expect(eventsOf(inquiry).split('\n').slice(5)).toEqual([`note|${DANA}|-|-`, `note_deleted|${DANA}|-|-`]);
    });

    test('the sync refuses to remove a stage still in use, with the same message, and changes nothing; a stage not in use goes', () => {
      expect(psql("select count(*) from public.inquiries where stage = 'contacted'")).toBe('1');
      const stages = () => psql("select string_agg(code || ':' || label || ':' || position || ':' || closed, ',' order by position) from public.inquiry_stages");
      const before = stages();
      const without = (code: string) => JSON.stringify(['new', 'contacted', 'assessment-booked', 'became-a-client', 'not-a-fit', 'spam'].filter((c) => c !== code).map((c) => ({ code: c, label: `Label ${c}`, closed: false })));
      expect(errorOf(() => psql(`select private.sync_workflow_stages('inquiries', '${without('contacted')}'::jsonb)`))).toBe(
        'content/workflow.yaml: the stage "contacted" was removed from inquiries, but 1 inquiry is still at it, so the database refuses the change. Move it to another stage in /admin first, or keep the stage.',
      );
      expect(stages()).toBe(before);
      psql(`select private.sync_workflow_stages('inquiries', '${without('spam')}'::jsonb)`);
      expect(psql("select string_agg(code || ':' || label, ',' order by position) from public.inquiry_stages")).toBe('new:Label new,contacted:Label contacted,assessment-booked:Label assessment-booked,became-a-client:Label became-a-client,not-a-fit:Label not-a-fit');
      // No API role may call it: it is granted to none of them (and the API does not serve schema private).
      for (const sql of [(sql: string) => asUser(ADMIN, sql), (sql: string) => asRole('service_role', sql)]) {
        expect(errorOf(() => sql(`select private.sync_workflow_stages('inquiries', '${without('spam')}'::jsonb)`))).toBe('permission denied for function sync_workflow_stages');
      }
      psql(readFileSync('supabase/workflow.generated.sql', 'utf8'));
      expect(stages()).toBe(before);
    });

    // The author's id goes with their profile (on delete set null); the note is not edited by it.
    test('when a staff member is removed, their notes stay with no author and unedited', () => {
      const leaving = '0d6e2a4c-8b1f-4c3d-9e5a-7f2b1c0d9e06';
      psql(`insert into auth.users (id, email) values ('${leaving}', 'leaving@example.com'); insert into public.staff (user_id, display_name) values ('${leaving}', 'Robin Leaving')`);
      const note = asUser({ sub: leaving, role: 'authenticated', app_metadata: { role: 'staff' } }, `insert into public.record_notes (application_id, body) values ('${application}', 'Robin''s note') returning id`);
      psql(`delete from auth.users where id = '${leaving}'`);
      expect(psql(`select coalesce(author::text, '-') || '|' || (edited_at is null) from public.record_notes where id = '${note}'`)).toBe('-|true');
    });
  });
  describe('a blank-looking note is refused there too (20261127000200_note_not_blank.sql)', () => {
    const REFUSED = 'A note needs at least one visible character: spaces and invisible characters alone are not a note';
    let inquiry = '';
    beforeAll(() => {
      inquiry = psql("insert into public.inquiries (name, phone, care_for, consent_version, consented_at) values ('Blank Notes', '8605550124', 'myself', '2026-11-25', now()) returning id");
    });
    // As SQL escapes: no-break, zero-width, ideographic and narrow no-break spaces, a byte-order mark, a word
    // joiner, direction marks, a Hangul filler, a braille blank, a variation selector, tags, a next-line.
    const blank = ["\\u00a0\\u00a0", "\\u200b", "\\n\\u00a0\\u200b\\n", "\\u3000\\u202f", "\\ufeff\\u2060", "\\u200e\\u2066", "\\u3164", "\\u2800", "\\ufe0f", "\\U000e0020\\U000e007f", "\\u0085\\u1680"];

    test('staff cannot add a note of spaces and invisible characters alone, nor correct a note into one; one visible character makes a note', () => {
      for (const body of blank) expect(errorOf(() => asUser(STAFF, `insert into public.record_notes (inquiry_id, body) values ('${inquiry}', E'${body}')`)), body).toBe(REFUSED);
      // Nor the database owner, past every policy.
      expect(errorOf(() => psql(`begin; select set_config('request.jwt.claims', '{"sub":"${DANA}"}', true) \\g /dev/null\ninsert into public.record_notes (inquiry_id, body) values ('${inquiry}', E'\\u200b'); commit;`))).toBe(REFUSED);
      expect(psql(`select count(*) from public.record_notes where inquiry_id = '${inquiry}'`)).toBe('0');
      const note = asUser(STAFF, `insert into public.record_notes (inquiry_id, body) values ('${inquiry}', E'\\u00a0ok\\u200b') returning id`);
      for (const body of blank) expect(errorOf(() => asUser(STAFF, `update public.record_notes set body = E'${body}' where id = '${note}'`)), body).toBe(REFUSED);
      expect(psql(`select body = E'\\u00a0ok\\u200b' and edited_at is null from public.record_notes where id = '${note}'`)).toBe('t');
    });

    test('a blank-looking note stored before the rule stays, and its row can still change (its author cleared)', () => {
      const old = psql(`begin; set local session_replication_role = replica; insert into public.record_notes (inquiry_id, author, body) values ('${inquiry}', '${SAM}', E'\\u00a0') returning id; commit;`);
      psql(`update public.record_notes set author = null where id = '${old}'`);
      expect(psql(`select coalesce(author::text, '-') || '|' || (body = E'\\u00a0') from public.record_notes where id = '${old}'`)).toBe('-|true');
    });
  });
  describe('erasure, exports and the retention periods there too', () => {
    const inquiry = (extra = '', created = 'now()') =>
      psql(`insert into public.inquiries (created_at, name, phone, care_for, consent_version, consented_at${extra ? ', stage' : ''}) values (${created}, 'Eve Gone', '8605550111', 'myself', '2026-11-25', ${created}${extra ? `, '${extra}'` : ''}) returning id`);
    const left = (id: string) =>
      psql(`select (select count(*) from public.inquiries where id = '${id}') || '|' || (select count(*) from public.job_applications where id = '${id}') || '|' || (select count(*) from public.record_notes where inquiry_id = '${id}' or application_id = '${id}') || '|' || (select count(*) from public.notification_outbox where inquiry_id = '${id}' or application_id = '${id}')`);

    test('only an admin erases: the row, its notes and its outbox rows go, and its history ends with one erased event by the admin', () => {
      const id = inquiry();
      asUser(STAFF, `insert into public.record_notes (inquiry_id, body) values ('${id}', 'Called Eve.')`);
      psql(`insert into public.notification_outbox (kind, inquiry_id) values ('inquiry', '${id}')`);
      expect(left(id)).toBe('1|0|1|1');
      for (const claims of [STAFF, NON_STAFF]) expect(errorOf(() => asUser(claims, `select public.erase_record('inquiries', '${id}')`))).toBe('Only an admin can erase a record');
      expect(errorOf(() => asRole('anon', `select public.erase_record('inquiries', '${id}')`))).toBe('permission denied for function erase_record');
      expect(asUser(ADMIN, `select public.erase_record('inquiries', '${id}') ->> 'id'`)).toBe(id);
      expect(left(id)).toBe('0|0|0|0');
      expect(eventsOf(id)).toBe(['created|-|-|new', `note|${DANA}|-|-`, `erased|${PAT}|-|-`].join('\n'));
    });

    test('an admin may remove a resume file only once no application names it', () => {
      const key = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f/5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9.pdf';
      const id = psql(`insert into public.job_applications (first_name, last_name, email, phone, position, experience, availability, resume_url) values ('Ann', 'Erased', 'ann@example.com', '555', 'companion-caregiver', 'flexible', 'flexible', '${key}') returning id`);
      psql(`insert into storage.objects (bucket_id, name) values ('resumes', '${key}')`);
      const remove = (claims: object) => asUser(claims, `delete from storage.objects where bucket_id = 'resumes' and name = '${key}' returning name`);
      expect(remove(ADMIN)).toBe('');
      expect(asUser(ADMIN, `select public.erase_record('applications', '${id}') ->> 'resume_url'`)).toBe(key);
      expect(remove(STAFF)).toBe('');
      expect(remove(ADMIN)).toBe(key);
    });

    test('only an admin records an export: a line in record_exports and an exported event per record', () => {
      const id = inquiry();
      expect(errorOf(() => asUser(STAFF, `select public.record_export('inquiries', 'csv', array['${id}']::uuid[], 'Stage: All')`))).toBe('Only an admin can export records');
      expect(asUser(ADMIN, `select public.record_export('inquiries', 'csv', array['${id}', gen_random_uuid()]::uuid[], 'Stage: All')`)).toBe('1');
      expect(psql('select actor || \'|\' || records || \'|\' || filter from public.record_exports order by id desc limit 1')).toBe(`${PAT}|1|Stage: All`);
      expect(eventsOf(id)).toBe(['created|-|-|new', `exported|${PAT}|-|csv`].join('\n'));
      expect(errorOf(() => psql('update public.record_exports set records = 0'))).toMatch(/append-only/);
    });

    test('the purge erases inquiries that never became clients after 24 months and applications after 18, from their last activity; clients stay', () => {
      const old = inquiry('contacted', "now() - interval '25 months'");
      const client = inquiry('became-a-client', "now() - interval '40 months'");
      const exported = inquiry('', "now() - interval '30 months'");
      asUser(ADMIN, `select public.record_export('inquiries', 'csv', array['${exported}']::uuid[], '')`);
      const worked = inquiry('', "now() - interval '30 months'");
      asUser(STAFF, `update public.inquiries set owner = '${DANA}' where id = '${worked}'`);
      const application = psql("insert into public.job_applications (created_at, first_name, last_name, email, phone, position, experience, availability) values (now() - interval '19 months', 'Old', 'Applicant', 'old@example.com', '555', 'companion-caregiver', 'flexible', 'flexible') returning id");
      const purge = (months: number) => asRole('service_role', `select string_agg(r ->> 'rule' || ':' || (r ->> 'id'), ',' order by r ->> 'id') from jsonb_array_elements(public.purge_expired(30, 24, array['became-a-client'], ${months})) as r`);
      expect(errorOf(() => purge(11))).toBe('p_application_months must be at least 12 (EEOC, 29 CFR 1602.14: one year), found 11');
      expect(purge(18)).toBe([`period:${old}`, `period:${exported}`, `period:${application}`].sort((a, b) => a.slice(7).localeCompare(b.slice(7))).join(','));
      for (const gone of [old, exported, application]) expect(left(gone)).toBe('0|0|0|0');
      for (const kept of [client, worked]) expect(left(kept)).toBe('1|0|0|0');
      expect(psql("select string_agg(rule || ':' || list || ':' || removed, ',' order by id) from (select * from public.retention_purges order by id desc limit 4) as p")).toBe(
        'spam:applications:0,spam:inquiries:0,period:applications:1,period:inquiries:2',
      );
      expect(errorOf(() => asUser(ADMIN, "select public.purge_expired(30, 24, array['became-a-client'], 18)"))).toBe('permission denied for function purge_expired');
    });
  });

  describe('who filed a record under Spam decides its retention there too', () => {
    /** A request stored as the form function stores it, filed as suspected spam on arrival when `spamReason` is given. */
    const stored = (table: 'job_applications' | 'inquiries', spamReason: string | null, created = 'now()') =>
      psql(
        table === 'job_applications'
          ? `insert into public.job_applications (created_at, first_name, last_name, email, phone, position, experience, availability, spam_reason) values (${created}, 'Rosa', 'Santos', 'rosa@example.com', '8605550142', 'companion-caregiver', 'flexible', 'flexible', ${spamReason ? `'${spamReason}'` : 'null'}) returning id`
          : `insert into public.inquiries (created_at, name, phone, care_for, consent_version, consented_at, spam_reason) values (${created}, 'Nora Quinn', '8605550199', 'a-parent', '2026-11-25', ${created}, ${spamReason ? `'${spamReason}'` : 'null'}) returning id`,
      );
    /** Moves the record's last stage change (its stage_changed_at and its latest 'stage' event) back by `ago`. */
    const filedAgo = (table: 'job_applications' | 'inquiries', id: string, ago: string) =>
      psql(`begin; set local session_replication_role = replica;
        update public.${table} set stage_changed_at = now() - interval '${ago}' where id = '${id}';
        update public.record_events set at = now() - interval '${ago}' where id = (select max(id) from public.record_events where record_id = '${id}' and kind = 'stage');
        commit;`);
    const toSpam = (claims: object, table: 'job_applications' | 'inquiries', id: string, ago: string) => {
      expect(asUser(claims, `update public.${table} set stage = 'spam' where id = '${id}' returning stage`)).toBe('spam');
      filedAgo(table, id, ago);
    };
    const purge = (ids: string[], dryRun: boolean) =>
      asRole('service_role', `select coalesce(string_agg(r ->> 'rule' || ':' || (r ->> 'id'), ',' order by r ->> 'rule', r ->> 'id'), '') from jsonb_array_elements(public.purge_expired(30, 24, array['became-a-client'], 18, ${dryRun})) as r where r ->> 'id' = any(array['${ids.join("','")}'])`);
    const still = (table: 'job_applications' | 'inquiries', id: string) => psql(`select count(*) from public.${table} where id = '${id}'`);
    const sorted = (...rules: string[]) => rules.sort((a, b) => a.localeCompare(b)).join(',');

    test('an application filed as spam by the honeypot, or moved to Spam by plain staff, is kept after 31 days; what an admin filed goes, and what the bot signals filed once 12 months old', () => {
      const honeypot = stored('job_applications', 'the hidden field was filled in');
      filedAgo('job_applications', honeypot, '31 days');
      const byDana = stored('job_applications', null);
      toSpam(STAFF, 'job_applications', byDana, '31 days');
      const byPat = stored('job_applications', null);
      toSpam(ADMIN, 'job_applications', byPat, '31 days');
      const oldBot = stored('job_applications', 'the hidden field was filled in', "now() - interval '13 months'");
      const ids = [honeypot, byDana, byPat, oldBot];
      expect(purge(ids, true)).toBe(sorted(`spam:${byPat}`, `spam:${oldBot}`));
      expect(purge(ids, false)).toBe(sorted(`spam:${byPat}`, `spam:${oldBot}`));
      for (const kept of [honeypot, byDana]) expect(still('job_applications', kept)).toBe('1');
      for (const gone of [byPat, oldBot]) expect(still('job_applications', gone)).toBe('0');
      expect(eventsOf(byPat)).toBe(['created|-|-|new', `stage|${PAT}|new|spam`, 'deleted|-|-|-'].join('\n'));
    });

    test('an inquiry moved to Spam by plain staff follows the 24 months of inquiries; one the honeypot filed goes after 31 days', () => {
      const lately = stored('inquiries', null);
      toSpam(STAFF, 'inquiries', lately, '31 days');
      const past = stored('inquiries', null, "now() - interval '25 months'");
      toSpam(STAFF, 'inquiries', past, '25 months');
      const honeypot = stored('inquiries', 'the hidden field was filled in');
      filedAgo('inquiries', honeypot, '31 days');
      const ids = [lately, past, honeypot];
      expect(purge(ids, false)).toBe(sorted(`period:${past}`, `spam:${honeypot}`));
      expect([lately, past, honeypot].map((id) => still('inquiries', id))).toEqual(['1', '0', '0']);
    });

    // Who is an admin is read from public.staff (20261127000400_admin_member_from_staff.sql), not app_metadata.
    test('an admin demoted in public.staff (app_metadata still admin) no longer makes a filing erasable; an admin by staff.role alone does; a filing made before a promotion stays plain staff\'s', () => {
      const [demoted, byRow, promoted] = ['b4d0f6a8-5e7c-4b9d-9f2a-3c4d5e6f7a10', 'c5e1a7b9-6f8d-4cae-8a3b-4d5e6f7a8b11', 'd6f2b8ca-7a9e-4dbf-9b4c-5e6f7a8b9c12'];
      psql(`insert into auth.users (id, email, raw_app_meta_data) values
          ('${demoted}', 'demoted-filer@example.com', '{"role":"admin"}'), ('${byRow}', 'row-admin@example.com', '{"role":"staff"}'), ('${promoted}', 'promoted@example.com', '{"role":"staff"}');
        insert into public.staff (user_id, display_name, role) values ('${demoted}', 'Demoted Filer', 'admin'), ('${byRow}', 'Row Admin', 'admin'), ('${promoted}', 'Promoted Later', 'staff')`);
      const claims = (sub: string, role: 'staff' | 'admin') => ({ sub, role: 'authenticated', app_metadata: { role } });
      const byDemoted = stored('job_applications', null);
      toSpam(claims(demoted, 'admin'), 'job_applications', byDemoted, '31 days');
      const byRowAdmin = stored('job_applications', null);
      toSpam(claims(byRow, 'staff'), 'job_applications', byRowAdmin, '31 days');
      const beforePromotion = stored('job_applications', null);
      toSpam(claims(promoted, 'staff'), 'job_applications', beforePromotion, '31 days');
      const ids = [byDemoted, byRowAdmin, beforePromotion];
      expect(purge(ids, true)).toBe(sorted(`spam:${byDemoted}`, `spam:${byRowAdmin}`));
      asRole('service_role', `update public.staff set role = 'staff' where user_id = '${demoted}'; update public.staff set role = 'admin' where user_id = '${promoted}'`);
      psql(`update auth.users set raw_app_meta_data = '{"role":"admin"}' where id = '${promoted}'`);
      expect(purge(ids, false)).toBe(`spam:${byRowAdmin}`);
      expect(ids.map((id) => still('job_applications', id))).toEqual(['1', '0', '1']);
    });
  });

  // A removed member's token still claims staff for up to an hour; the database decides from public.staff.
  describe('who is staff is decided by public.staff there too (20261127000000_staff_access.sql)', () => {
    const GONE = 'e1a7c3d5-2b4f-4e6a-8c9d-0f1e2d3c4b07';
    const MISSING = 'f2b8d4e6-3c5a-4f7b-9d0e-1a2b3c4d5e08';
    const DEMOTED = 'a3c9e5f7-4d6b-4a8c-8e1f-2b3c4d5e6f09';
    const ENDED = 'Staff access has ended for this account';
    const claims = (sub: string, role: 'staff' | 'admin') => ({ sub, role: 'authenticated', app_metadata: { role } });
    let inquiry = '';
    beforeAll(() => {
      psql(`insert into auth.users (id, email) values ('${GONE}', 'gone@example.com'), ('${MISSING}', 'missing@example.com'), ('${DEMOTED}', 'demoted@example.com');
        insert into public.staff (user_id, display_name, active) values ('${GONE}', 'Gone Member', true), ('${DEMOTED}', 'Demoted Admin', true);
        update public.staff set active = false where user_id = '${GONE}'`);
      inquiry = psql("insert into public.inquiries (name, phone, care_for, consent_version, consented_at) values ('Kept Person', '8605550125', 'myself', '2026-11-25', now()) returning id");
    });

    test('a token claiming staff or admin for a user whose staff row is inactive or missing is refused, saying so', () => {
      for (const sub of [GONE, MISSING]) {
        for (const role of ['staff', 'admin'] as const) {
          // Each of these holds rows by now (a table with none answers an empty list: there is nothing to refuse).
          for (const table of ['job_applications', 'inquiries', 'staff', 'record_events', 'record_notes', 'record_exports']) {
            expect({ table, error: errorOf(() => asUser(claims(sub, role), `select count(*) from public.${table}`)) }).toEqual({ table, error: ENDED });
          }
          expect(errorOf(() => asUser(claims(sub, role), `update public.inquiries set stage = 'contacted' where id = '${inquiry}'`))).toBe(ENDED);
          expect(errorOf(() => asUser(claims(sub, role), `insert into public.record_notes (inquiry_id, body) values ('${inquiry}', 'Still here?')`))).toBe(ENDED);
          expect(errorOf(() => asUser(claims(sub, role), `select public.erase_record('inquiries', '${inquiry}')`))).toBe(ENDED);
          expect(errorOf(() => asUser(claims(sub, role), `select public.record_export('inquiries', 'json', array['${inquiry}'::uuid])`))).toBe(ENDED);
        }
      }
      expect(psql(`select stage || '|' || (select count(*) from public.record_notes where inquiry_id = '${inquiry}') from public.inquiries where id = '${inquiry}'`)).toBe('new|0');
    });

    test('a token claiming admin for a staff row whose role is staff cannot erase or export, and still works records', () => {
      expect(asUser(claims(DEMOTED, 'admin'), 'select public.is_staff()::text || public.is_admin()::text')).toBe('truefalse');
      expect(errorOf(() => asUser(claims(DEMOTED, 'admin'), `select public.erase_record('inquiries', '${inquiry}')`))).toBe('Only an admin can erase a record');
      expect(errorOf(() => asUser(claims(DEMOTED, 'admin'), `select public.record_export('inquiries', 'json', array['${inquiry}'::uuid])`))).toBe('Only an admin can export records');
      expect(asUser(claims(DEMOTED, 'admin'), `select count(*) from public.inquiries where id = '${inquiry}'`)).toBe('1');
      // The seed's admin is an admin by her row.
      expect(asUser(ADMIN, 'select public.is_admin()')).toBe('t');
      expect(psql("select string_agg(display_name || ':' || role, ',' order by display_name) from public.staff where display_name in ('Dana Reyes', 'Pat Morgan', 'Sam Okafor')")).toBe('Dana Reyes:staff,Pat Morgan:admin,Sam Okafor:staff');
    });

    test('a user with no staff claim still just sees nothing, without a table read or an error; the service role is unaffected', () => {
      expect(asUser(NON_STAFF, 'select public.is_staff()::text || public.is_admin()::text || (select count(*) from public.inquiries)')).toBe('falsefalse0');
      expect(asUser({ sub: GONE, role: 'authenticated', app_metadata: {} }, 'select count(*) from public.job_applications')).toBe('0');
      expect(asRole('service_role', `select public.is_staff()::text || (select count(*) from public.inquiries where id = '${inquiry}')`)).toBe('false1');
    });

    test('a staff row made inactive ends that person\'s sessions and refresh tokens, and no one else\'s', () => {
      const session = (user: string) => `insert into auth.sessions (id, user_id) values (gen_random_uuid(), '${user}') returning id`;
      const mine = psql(session(DEMOTED));
      const dana = psql(session(DANA));
      psql(`insert into auth.refresh_tokens (token, user_id, revoked, session_id) values ('t-${mine}', '${DEMOTED}', false, '${mine}'), ('old-${DEMOTED}', '${DEMOTED}', false, null), ('t-${dana}', '${DANA}', false, '${dana}')`);
      asRole('service_role', `update public.staff set active = false where user_id = '${DEMOTED}'`);
      expect(psql(`select count(*) from auth.sessions where user_id = '${DEMOTED}'`)).toBe('0');
      expect(psql(`select count(*) from auth.refresh_tokens where user_id = '${DEMOTED}'`)).toBe('0');
      expect(psql(`select count(*) from auth.sessions where id = '${dana}'`) + psql(`select count(*) from auth.refresh_tokens where session_id = '${dana}'`)).toBe('11');
      expect(errorOf(() => asUser(claims(DEMOTED, 'staff'), 'select count(*) from public.inquiries'))).toBe(ENDED);
      // Only the service role writes staff rows.
      expect(errorOf(() => asUser(ADMIN, `update public.staff set active = true where user_id = '${DEMOTED}'`))).toBe('permission denied for table staff');
    });
  });
});
