/**
 * Staff access ends when an admin says so (issue 29, item 2). An outside review found that a member removed with
 * `npm run staff:add -- <email> --remove` kept reading every application and inquiry, moving records and writing
 * notes with the access token they held (up to an hour): RLS read only the token's claim. Now the database decides
 * from public.staff (active, role), and removing a member also ends their sessions, so they cannot refresh.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { setStaff } from '../../scripts/staff-add.ts';
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import type { Database } from '../../src/database.ts';
import { staffClients } from './staffClients.ts';

let supabase: LocalSupabase;
let admin: SupabaseClient<Database>;
const clients = staffClients(() => supabase);

/** The database's answer to a token that still claims staff for someone who is no longer staff. */
const ENDED = { code: '42501', message: 'Staff access has ended for this account' };

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, demoApplications: 6, demoInquiries: 3 });
  admin = serverClient<Database>(supabase.url, supabase.serviceRoleKey);
});

afterAll(async () => {
  await clients.stopAll();
  await supabase.close();
});

/** The README's command, as an admin runs it: `npm run staff:add -- <email> [flags]`, against this stand-in. */
async function staffAdd(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('node_modules/.bin/tsx', ['scripts/staff-add.ts', ...args], {
    env: { ...process.env, SUPABASE_URL: supabase.url, SUPABASE_SERVICE_ROLE_KEY: supabase.serviceRoleKey },
  });
  return stdout.trim();
}

async function anyId(table: 'job_applications' | 'inquiries'): Promise<string> {
  const { data, error } = await admin.from(table).select('id').limit(1).single();
  if (error) throw error;
  return data.id;
}

describe('removing a staff member ends their access at once', () => {
  test('their open session is refused on its next request: no applications, no inquiries, no stage change, no note', async () => {
    const { password } = await setStaff(admin, 'robin.leaving@example.com', 'staff');
    const robin = await clients.signedIn('robin.leaving@example.com', password!);
    const application = await anyId('job_applications');
    const inquiry = await anyId('inquiries');
    const stage = (await admin.from('job_applications').select('stage').eq('id', application).single()).data!.stage;
    const to = stage === 'contacted' ? 'not-a-fit' : 'contacted';
    expect((await robin.from('job_applications').select('id')).data).toHaveLength(6);

    expect(await staffAdd('robin.leaving@example.com', '--remove')).toBe(
      'robin.leaving@example.com no longer has staff access: it ended now, and their sessions are ended (they are signed out everywhere).',
    );

    // The same client, its access token still unexpired: the database tells it why, rather than showing empty lists.
    const applications = await robin.from('job_applications').select('id');
    expect(applications.status).toBe(403);
    expect(applications.error).toMatchObject(ENDED);
    expect((await robin.from('inquiries').select('id')).error).toMatchObject(ENDED);
    expect((await robin.from('job_applications').update({ stage: to }).eq('id', application).select('id')).error).toMatchObject(ENDED);
    expect((await robin.from('record_notes').insert({ inquiry_id: inquiry, body: 'Still here?' })).error).toMatchObject(ENDED);
    expect((await robin.from('staff').select('display_name')).error).toMatchObject(ENDED);
    expect((await robin.rpc('is_staff')).error).toMatchObject(ENDED);
    const { data: withResume } = await admin.from('job_applications').select('resume_url').not('resume_url', 'is', null).limit(1).single();
    const link = await robin.storage.from('resumes').createSignedUrl(withResume!.resume_url!, 60);
    expect(link.data).toBeNull();
    expect(link.error).not.toBeNull();

    // Nothing they tried was written.
    expect((await admin.from('job_applications').select('stage').eq('id', application).single()).data).toEqual({ stage });
    expect((await admin.from('record_notes').select('id').eq('body', 'Still here?')).data).toEqual([]);
  });

  test('their refresh token is refused, so they cannot get a new token either', async () => {
    const { password } = await setStaff(admin, 'kim.leaving@example.com', 'staff');
    const kim = await clients.signedIn('kim.leaving@example.com', password!);
    const session = (await kim.auth.getSession()).data.session!;
    // A second device of theirs.
    const phone = await clients.signedIn('kim.leaving@example.com', password!);
    const phoneRefresh = (await phone.auth.getSession()).data.session!.refresh_token;

    await setStaff(admin, 'kim.leaving@example.com', false);

    const other = serverClient<Database>(supabase.url, supabase.anonKey);
    for (const refresh_token of [session.refresh_token, phoneRefresh]) {
      const { data, error } = await other.auth.refreshSession({ refresh_token });
      expect(data.session).toBeNull();
      expect(error?.message).toMatch(/Invalid Refresh Token/);
    }
    expect((await other.auth.getUser(session.access_token)).data.user).toBeNull();
  });

  test('given staff access again, they have it at their next sign-in', async () => {
    const { password } = await setStaff(admin, 'lee.returning@example.com', 'staff');
    await setStaff(admin, 'lee.returning@example.com', false);
    expect(await staffAdd('lee.returning@example.com')).toBe('lee.returning@example.com now has staff access. They get it at their next sign-in.');
    const lee = await clients.signedIn('lee.returning@example.com', password!);
    expect((await lee.from('inquiries').select('id')).data).toHaveLength(3);
  });

  test('an admin made plain staff can no longer erase or export, and still works the records', async () => {
    const { password } = await setStaff(admin, 'ada.demoted@example.com', 'admin');
    const ada = await clients.signedIn('ada.demoted@example.com', password!);
    const kept = { id: await anyId('inquiries') };

    await setStaff(admin, 'ada.demoted@example.com', 'staff');
    expect((await admin.from('staff').select('role, active').eq('display_name', 'Ada Demoted').single()).data).toEqual({ role: 'staff', active: true });

    // Her token still says admin; the database decides from her role row.
    const erase = await ada.rpc('erase_record', { p_list: 'inquiries', p_id: kept.id });
    expect(erase.error).toMatchObject({ code: '42501', message: 'Only an admin can erase a record' });
    const exported = await ada.rpc('record_export', { p_list: 'inquiries', p_format: 'json', p_ids: [kept.id] });
    expect(exported.error).toMatchObject({ code: '42501', message: 'Only an admin can export records' });
    expect((await ada.rpc('is_admin')).data).toBe(false);
    expect((await admin.from('inquiries').select('id').eq('id', kept.id)).data).toHaveLength(1);
    expect((await ada.from('inquiries').select('id')).data!.length).toBeGreaterThan(0);
  });

  test('someone who never was staff still just sees nothing, and the service role is unaffected', async () => {
    const visitor = await clients.signedIn('visitor@example.com', 'visitor-demo-password');
    expect(await visitor.from('job_applications').select('id')).toMatchObject({ error: null, data: [] });
    expect(await visitor.from('inquiries').select('id')).toMatchObject({ error: null, data: [] });
    expect(await visitor.rpc('is_staff')).toMatchObject({ error: null, data: false });
    expect((await admin.from('job_applications').select('id')).data).toHaveLength(6);
  });

  test('the demo admin is an admin in the table, and the demo staff are plain staff', async () => {
    const { data } = await admin.from('staff').select('display_name, role').in('display_name', ['Dana Reyes', 'Sam Okafor', 'Pat Morgan']).order('display_name');
    expect(data).toEqual([
      { display_name: 'Dana Reyes', role: 'staff' },
      { display_name: 'Pat Morgan', role: 'admin' },
      { display_name: 'Sam Okafor', role: 'staff' },
    ]);
    const pat = await clients.signedIn('admin@example.com', 'admin-demo-password');
    expect((await pat.rpc('is_admin')).data).toBe(true);
  });
});
