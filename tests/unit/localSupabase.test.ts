/**
 * The local Supabase stand-in, driven by the real supabase-js client: who may read, write, download and
 * upload (RLS decides), path tricks on storage, expired tokens, wrong passwords, paging and counts.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { secretKey } from '../../scripts/local-supabase/keys.ts';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { clientsOf } from './formPosts.ts';

let supabase: LocalSupabase;
let resumeKey: string;
let clients: ReturnType<typeof clientsOf>;
const client: ReturnType<typeof clientsOf>['client'] = (...args) => clients.client(...args);
const signedIn: ReturnType<typeof clientsOf>['signedIn'] = (...args) => clients.signedIn(...args);

const newApplication = { first_name: 'Test', last_name: 'Person', email: 't@example.com', phone: '555', position: 'companion-caregiver', experience: 'one-to-three-years', availability: 'flexible' };

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, demoApplications: 36 });
  clients = clientsOf(supabase);
  const { data } = await client(supabase.serviceRoleKey).from('job_applications').select('resume_url').not('resume_url', 'is', null).limit(1).single();
  resumeKey = (data as { resume_url: string }).resume_url;
});

afterAll(async () => {
  await clients.stop();
  await supabase.close();
});

describe('who may do what (the RLS matrix)', () => {
  const cases = [
    { who: 'a stranger (anon key)', make: () => client(), read: false },
    { who: 'a signed-in non-staff user', make: () => signedIn('visitor@example.com', 'visitor-demo-password'), read: false },
    { who: 'a staff member', make: () => signedIn('staff@example.com', 'staff-demo-password'), read: true },
  ];

  for (const { who, make, read } of cases) {
    test(`${who} ${read ? 'reads every application' : 'reads no application'} and cannot insert, update or delete`, async () => {
      const c = await make();
      const list = await c.from('job_applications').select('*', { count: 'exact' });
      if (read) {
        expect(list.error).toBeNull();
        expect(list.count).toBe(36);
      } else {
        // anon has no privilege at all (401); a signed-in non-staff user has SELECT but RLS hides every row.
        expect(list.data ?? []).toEqual([]);
      }
      const insert = await c.from('job_applications').insert(newApplication);
      expect(insert.error?.code).toBe('42501');
      const update = await c.from('job_applications').update({ first_name: 'X' }).neq('first_name', 'X');
      expect(update.error?.code).toBe('42501');
      const remove = await c.from('job_applications').delete().neq('first_name', 'X');
      expect(remove.error?.code).toBe('42501');
      const count = await client(supabase.serviceRoleKey).from('job_applications').select('*', { count: 'exact', head: true });
      expect(count.count).toBe(36);
    });

    test(`${who} ${read ? 'downloads' : 'cannot download'} a resume and cannot upload one`, async () => {
      const c = await make();
      const download = await c.storage.from('resumes').download(resumeKey);
      if (read) {
        expect(download.error).toBeNull();
        expect(download.data?.type).toBe('application/pdf');
        expect(Buffer.from(await download.data!.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
      } else {
        expect(download.data).toBeNull();
        expect((download.error as { statusCode?: string }).statusCode).toBe('404');
      }
      const upload = await c.storage.from('resumes').upload(`intruder/${Date.now()}.pdf`, Buffer.from('%PDF-1.4 fake'), { contentType: 'application/pdf' });
      expect(upload.error).not.toBeNull();
      expect((upload.error as { statusCode?: string }).statusCode).toBe('403');
    });
  }

  test('only the service role writes: insert, update, delete', async () => {
    const service = client(supabase.serviceRoleKey);
    const inserted = await service.from('job_applications').insert(newApplication).select().single();
    expect(inserted.error).toBeNull();
    const id = (inserted.data as { id: string }).id;
    expect((await service.from('job_applications').update({ first_name: 'Tess' }).eq('id', id).select().single()).data).toMatchObject({ first_name: 'Tess' });
    expect((await service.from('job_applications').delete().eq('id', id)).error).toBeNull();
    expect((await service.from('job_applications').select('*', { count: 'exact', head: true })).count).toBe(36);
  });

  test('only the service role removes a resume: remove() as a stranger or as staff deletes nothing', async () => {
    const service = client(supabase.serviceRoleKey);
    const key = `${randomUUID()}/${randomUUID()}.pdf`;
    expect((await service.storage.from('resumes').upload(key, Buffer.from('%PDF-1.4 test'), { contentType: 'application/pdf' })).error).toBeNull();
    for (const c of [client(), await signedIn('staff@example.com', 'staff-demo-password')]) {
      const { data, error } = await c.storage.from('resumes').remove([key]);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    expect((await service.storage.from('resumes').download(key)).error).toBeNull();
    expect((await service.storage.from('resumes').remove([key])).data?.map((object) => object.name)).toEqual([key]);
    expect((await service.storage.from('resumes').download(key)).error).not.toBeNull();
  });

  test('rpc() runs a function as the caller, so EXECUTE grants decide; an unknown function is 404', async () => {
    expect((await client().rpc('is_staff')).error?.code).toBe('42501');
    expect((await (await signedIn('visitor@example.com', 'visitor-demo-password')).rpc('is_staff')).data).toBe(false);
    expect((await (await signedIn('staff@example.com', 'staff-demo-password')).rpc('is_staff')).data).toBe(true);
    const unknown = await client(supabase.serviceRoleKey).rpc('no_such_function', { x: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST202');
  });

  test('rpc() answers functions with OUT, INOUT and TABLE results as PostgREST 12 does: an object a row, an array of objects for a set', async () => {
    await supabase.db.exec(`
      create function public.rpc_one_out(num integer, out num_plus_one integer) language sql as $$ select num + 1 $$;
      create function public.rpc_inout(inout num integer, out label text) language sql as $$ select num * 2, 'twice' $$;
      create function public.rpc_table(up_to integer default 2) returns table (n integer, square integer) language sql as $$ select i, i * i from generate_series(1, up_to) as i $$;
      create function public.rpc_one_column() returns table (a text) language sql as $$ values ('A'), ('B') $$;
      create function public.rpc_set_of_int() returns setof integer language sql as $$ values (1), (2), (3) $$;
      grant execute on function public.rpc_one_out(integer), public.rpc_inout(integer), public.rpc_table(integer), public.rpc_one_column(), public.rpc_set_of_int() to service_role;`);
    const service = client(supabase.serviceRoleKey);
    expect((await service.rpc('rpc_one_out', { num: 5 })).data).toEqual({ num_plus_one: 6 });
    expect((await service.rpc('rpc_inout', { num: 4 })).data).toEqual({ num: 8, label: 'twice' });
    expect((await service.rpc('rpc_table', { up_to: 3 })).data).toEqual([{ n: 1, square: 1 }, { n: 2, square: 4 }, { n: 3, square: 9 }]);
    expect((await service.rpc('rpc_table')).data).toEqual([{ n: 1, square: 1 }, { n: 2, square: 4 }]);
    expect((await service.rpc('rpc_one_column')).data).toEqual([{ a: 'A' }, { a: 'B' }]);
    expect((await service.rpc('rpc_set_of_int')).data).toEqual([1, 2, 3]);
    // An OUT parameter is no argument: naming it finds no function, as with PostgREST.
    expect((await service.rpc('rpc_one_out', { num: 5, num_plus_one: 1 })).error?.code).toBe('PGRST202');
  });

  test('new objects in public get the default privileges of a hosted project: every API role, until a migration revokes them', async () => {
    await supabase.db.exec(`
      create table public.defaults_probe (id integer primary key);
      create function public.defaults_probe_fn() returns integer language sql as $$ select 1 $$;`);
    const privileges = await supabase.db.query<{ role: string; tables: boolean; functions: boolean }>(
      `select r as role, pg_catalog.has_table_privilege(r, 'public.defaults_probe', 'select, insert, update, delete') as tables,
              pg_catalog.has_function_privilege(r, 'public.defaults_probe_fn()', 'execute') as functions
       from unnest(array['anon', 'authenticated', 'service_role']) as r order by r`,
    );
    expect(privileges.rows).toEqual([
      { role: 'anon', tables: true, functions: true },
      { role: 'authenticated', tables: true, functions: true },
      { role: 'service_role', tables: true, functions: true },
    ]);
    // So a migration that forgets to revoke is caught here (supabase/tests/database/01-schema_and_grants.test.sql
    // states every privilege), not in production.
    await supabase.db.exec('drop table public.defaults_probe; drop function public.defaults_probe_fn();');
  });

  test('a staff role placed in user_metadata, which users can write, grants nothing', async () => {
    const forged = await new SignJWT({ sub: '7a2d9e41-6b3f-4f0a-8c27-1e9b5d3c4f02', role: 'authenticated', aud: 'authenticated', user_metadata: { role: 'staff' }, app_metadata: {} })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().setExpirationTime('1h').sign(secretKey);
    const c = client(supabase.anonKey, `Bearer ${forged}`);
    expect((await c.from('job_applications').select('*')).data).toEqual([]);
  });
});

describe('storage refuses path tricks', () => {
  for (const key of ['../secret.pdf', 'a/../../b.pdf', '..%2Fsecret.pdf', '%2E%2E%2Fsecret.pdf', '/etc/passwd', 'a//b.pdf']) {
    test(`GET ${key} as staff is refused, not resolved`, async () => {
      // fetch() itself folds '/../' away; what reaches the server then names no bucket, which is refused too.
      const staff = await signedIn('staff@example.com', 'staff-demo-password');
      const { data: session } = await staff.auth.getSession();
      const response = await fetch(`${supabase.url}/storage/v1/object/resumes/${key}`, { headers: { apikey: supabase.anonKey, Authorization: `Bearer ${session.session!.access_token}` } });
      expect(response.status).toBe(400);
      expect(['InvalidKey', 'NoSuchBucket']).toContain((await response.json()).code);
    });
  }
});

describe('authentication', () => {
  test('a wrong password gets invalid_credentials and no session', async () => {
    const { data, error } = await client().auth.signInWithPassword({ email: 'staff@example.com', password: 'nope' });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  test('an expired access token is refused with PostgREST\'s JWT expired', async () => {
    const expired = await new SignJWT({ sub: '5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01', role: 'authenticated', app_metadata: { role: 'staff' } })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600).sign(secretKey);
    const c = client(supabase.anonKey, `Bearer ${expired}`);
    const { error, status } = await c.from('job_applications').select('*');
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });

  test('a refresh rotates the refresh token and keeps the user', async () => {
    const staff = await signedIn('staff@example.com', 'staff-demo-password');
    const before = (await staff.auth.getSession()).data.session!;
    const { data, error } = await staff.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(before.refresh_token);
    expect(data.user!.app_metadata.role).toBe('staff');
  });

  test('signing out revokes the session: the old token no longer finds its user', async () => {
    const staff = await signedIn('staff@example.com', 'staff-demo-password');
    const token = (await staff.auth.getSession()).data.session!.access_token;
    expect((await staff.auth.signOut()).error).toBeNull();
    const { data, error } = await client().auth.getUser(token);
    expect(data.user).toBeNull();
    // GoTrue answers 403 session_not_found; supabase-js reports it as a missing session.
    expect(error?.name).toBe('AuthSessionMissingError');
  });
});

describe('reads the dashboard makes', () => {
  test('pages with range() and exact counts, newest first, capped at 1,000 rows', async () => {
    const staff = await signedIn('staff@example.com', 'staff-demo-password');
    const page = await staff.from('job_applications').select('id, created_at', { count: 'exact' }).order('created_at', { ascending: false }).range(10, 19);
    expect(page.status).toBe(206);
    expect(page.count).toBe(36);
    expect(page.data).toHaveLength(10);
    const dates = page.data!.map((r) => r.created_at as string);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  test('filters with ilike inside or(), with quoting, and counts the matches', async () => {
    const staff = await signedIn('staff@example.com', 'staff-demo-password');
    const term = "O'Brien";
    const q = `"%${term}%"`;
    const { data, count, error } = await staff.from('job_applications').select('last_name', { count: 'exact' }).or(`first_name.ilike.${q},last_name.ilike.${q},email.ilike.${q},position.ilike.${q}`);
    expect(error).toBeNull();
    expect(count).toBeGreaterThan(0);
    for (const row of data!) expect(row.last_name).toBe("O'Brien");
  });

  test('a gte filter on created_at counts this week\'s applications', async () => {
    const staff = await signedIn('staff@example.com', 'staff-demo-password');
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const { count } = await staff.from('job_applications').select('*', { count: 'exact', head: true }).gte('created_at', weekAgo);
    expect(count).toBeGreaterThanOrEqual(8);
    expect(count).toBeLessThan(36);
  });
});

describe('npm run staff:add', () => {
  test('creates a staff user who can then read the applications, and --remove takes it away', async () => {
    const { setStaff } = await import('../../scripts/staff-add.ts');
    const admin = client(supabase.serviceRoleKey);
    const created = await setStaff(admin, 'new.coordinator@example.com', 'staff');
    expect(created.created).toBe(true);
    const staff = await signedIn('new.coordinator@example.com', created.password!);
    expect((await staff.from('job_applications').select('*', { count: 'exact', head: true })).count).toBe(36);
    // Colleagues see the new name, taken from the e-mail address when none is given.
    expect((await staff.from('staff').select('display_name, active').eq('display_name', 'New Coordinator')).data).toEqual([{ display_name: 'New Coordinator', active: true }]);

    expect(await setStaff(admin, 'new.coordinator@example.com', false)).toEqual({ created: false, ended: true });
    const again = await signedIn('new.coordinator@example.com', created.password!);
    expect((await again.from('job_applications').select('*')).data).toEqual([]);
    // Retired, not deleted: the name stays on their past work, but nothing new can be given to them.
    expect((await admin.from('staff').select('display_name, active').eq('display_name', 'New Coordinator')).data).toEqual([{ display_name: 'New Coordinator', active: false }]);
  });

  test('grants an existing user, who gets access at the next sign-in', async () => {
    const { setStaff } = await import('../../scripts/staff-add.ts');
    await setStaff(client(supabase.serviceRoleKey), 'visitor@example.com', 'staff', 'Vic Visitor');
    const visitor = await signedIn('visitor@example.com', 'visitor-demo-password');
    expect((await visitor.from('job_applications').select('*', { count: 'exact', head: true })).count).toBe(36);
    expect((await visitor.from('staff').select('display_name').eq('display_name', 'Vic Visitor')).data).toHaveLength(1);
    await setStaff(client(supabase.serviceRoleKey), 'visitor@example.com', false);
  });

  test('--admin gives the admin role, which is staff too', async () => {
    const { setStaff } = await import('../../scripts/staff-add.ts');
    const created = await setStaff(client(supabase.serviceRoleKey), 'new.admin@example.com', 'admin', 'Ada Admin');
    const admin = await signedIn('new.admin@example.com', created.password!);
    expect((await admin.auth.getUser()).data.user?.app_metadata.role).toBe('admin');
    expect((await admin.from('inquiries').select('*', { count: 'exact', head: true })).count).toBeGreaterThan(0);
    await setStaff(client(supabase.serviceRoleKey), 'new.admin@example.com', false);
  });

  test('the Admin API refuses anyone but the service role', async () => {
    const staff = await signedIn('staff@example.com', 'staff-demo-password');
    const token = (await staff.auth.getSession()).data.session!.access_token;
    const response = await fetch(`${supabase.url}/auth/v1/admin/users`, { headers: { apikey: supabase.anonKey, Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(403);
  });
});
