/**
 * The dashboard's data access against the stand-in, past Supabase's 1,000-row cap: every application is
 * read (range reads after an exact count), and the search and week counts cover them all.
 */
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { codeToWords, countThisWeek, loadApplications, resumeFileName, searchApplications } from '../../src/admin/applications.ts';
import type { Database } from '../../src/admin/database.ts';
import { demoApplications, seedApplications } from '../../scripts/local-supabase/seedData.ts';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';

let supabase: LocalSupabase;
const seeded = demoApplications(2500, Date.now(), 99, false);

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0 });
  await seedApplications(supabase.db, seeded);
});

afterAll(() => supabase.close());

test('reads all 2,500 applications though each request returns at most 1,000, newest first, without duplicates', async () => {
  const staff = createClient<Database>(supabase.url, supabase.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  await staff.auth.signInWithPassword({ email: 'staff@example.com', password: 'staff-demo-password' });
  const unpaged = await staff.from('job_applications').select('id');
  expect(unpaged.data).toHaveLength(1000);

  const rows = await loadApplications(staff);
  expect(rows).toHaveLength(2500);
  expect(new Set(rows.map((r) => r.id)).size).toBe(2500);
  const times = rows.map((r) => Date.parse(r.created_at));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  expect(countThisWeek(rows)).toBe(countThisWeek(seeded));
  expect(searchApplications(rows, 'AISHA').length).toBe(seeded.filter((r) => r.first_name === 'Aisha').length);
  await staff.auth.stopAutoRefresh();
});

test('shows codes as capitalised words and makes resume names safe for any file system', () => {
  expect(codeToWords('care-scheduling-coordinator')).toBe('Care Scheduling Coordinator');
  expect(codeToWords('less-than-one-year')).toBe('Less Than One Year');
  expect(resumeFileName('Brian', "O'Brien")).toBe('Brian_O_Brien_resume.pdf');
  expect(resumeFileName('José', 'Núñez/../x')).toBe('Jose_Nunez_x_resume.pdf');
  expect(resumeFileName('<script>', '')).toBe('script_applicant_resume.pdf');
});

test('searches first name, last name, e-mail and position only, ignoring case and outer spaces', () => {
  const rows = [
    { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', position: 'companion-caregiver', phone: 'annphone' },
    { first_name: 'Bob', last_name: 'Annis', email: 'bob@example.com', position: 'care-scheduling-coordinator', phone: '1' },
  ];
  expect(searchApplications(rows, ' ANN ').map((r) => r.first_name)).toEqual(['Ann', 'Bob']);
  expect(searchApplications(rows, 'scheduling').map((r) => r.first_name)).toEqual(['Bob']);
  expect(searchApplications(rows, 'annphone')).toEqual([]);
  expect(searchApplications(rows, '')).toHaveLength(2);
});
