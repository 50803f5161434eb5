/**
 * The dashboard's list reading (records.ts loadRows) while posts keep arriving: rows inserted between two page
 * loads must not shift the pages, so every row that was there is read exactly once, and rows created at the
 * same instant (to the microsecond) are neither repeated nor skipped across a page boundary. Pages are made
 * small here so that a handful of rows has many boundaries.
 */
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { staffClients } from './staffClients.ts';
import type { Database } from '../../src/database.ts';
import { loadRows } from '../../src/admin/records.ts';
import { demoInquiries } from '../../scripts/local-supabase/seedData.ts';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';

let supabase: LocalSupabase;
const { signedIn, stopAll } = staffClients(() => supabase);
const service = () => serverClient<Database>(supabase.url, supabase.serviceRoleKey);

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0 });
}, 60_000);

beforeEach(async () => {
  const { error } = await service().from('inquiries').delete().neq('name', '');
  if (error) throw error;
});

afterAll(async () => {
  await stopAll();
  await supabase.close();
});

type Row = { id: string; created_at: string; name: string };

/** Inserts inquiries as the site's function does (the service role), one per created_at given. */
async function insert(names: string, times: string[]): Promise<Row[]> {
  const rows = demoInquiries(times.length).map((row, i) => ({ ...row, created_at: times[i]!, name: `${names} ${i}` }));
  const { data, error } = await service().from('inquiries').insert(rows).select('id, created_at, name');
  if (error) throw error;
  return data;
}

/**
 * A staff client whose list reads are answered one after another, with `arrive()` run before each but the
 * first: new posts land between two page loads, whatever order the pages are asked for in.
 */
async function staffWhilePosting(arrive: () => Promise<unknown>) {
  const staff = await signedIn('staff@example.com', 'staff-demo-password');
  let turn: Promise<unknown> = Promise.resolve();
  let pages = 0;
  const plainFetch = globalThis.fetch;
  const client = serverClient<Database>(supabase.url, supabase.anonKey, {
    global: {
      fetch: (input, init) => {
        const isPage = String(input).includes('/rest/v1/inquiries?') && (init?.method ?? 'GET') === 'GET';
        if (!isPage) return plainFetch(input, init);
        const answer = turn.then(async () => {
          if (pages++ > 0) await arrive();
          return plainFetch(input, init);
        });
        turn = answer.catch(() => undefined);
        return answer;
      },
    },
  });
  const { data } = await staff.auth.getSession();
  await client.auth.setSession({ access_token: data.session!.access_token, refresh_token: data.session!.refresh_token });
  return client;
}

/** 14 rows in 5 instants, 2 to 4 rows sharing each, with microseconds that a millisecond copy would lose. */
const OLD_TIMES = [
  ...Array(3).fill('2026-01-05T09:00:00.000001+00:00'),
  ...Array(4).fill('2026-01-04T09:00:00.123456+00:00'),
  '2026-01-04T09:00:00.123457+00:00',
  ...Array(2).fill('2026-01-04T09:00:00.123455+00:00'),
  ...Array(3).fill('2026-01-03T09:00:00+00:00'),
  '2026-01-01T00:00:00+00:00',
];

test('rows posted between page loads shift no page: every row is read exactly once, newest first', async () => {
  const before = await insert('Before', OLD_TIMES);
  let posted = 0;
  // Two newer posts before every page but the first.
  const client = await staffWhilePosting(() => insert(`New${posted++}`, ['2026-02-01T00:00:00+00:00', '2026-02-01T00:00:00+00:00']));

  const rows = await loadRows<Row>(client, 'inquiries', 'id, created_at, name', 4);

  expect(posted, 'posts arrived between the pages').toBeGreaterThanOrEqual(3);
  const ids = rows.map((row) => row.id);
  expect(new Set(ids).size, 'no row twice').toBe(ids.length);
  expect(ids.filter((id) => before.some((row) => row.id === id)).sort(), 'every row that was there, none skipped').toEqual(before.map((row) => row.id).sort());
  // Newest first, ties in time by id (the server writes every time in UTC, so the text sorts as the time does).
  const key = (row: Row) => `${row.created_at} ${row.id}`;
  expect(rows.map(key)).toEqual(rows.map(key).sort().reverse());
});

test('rows sharing one instant across several page boundaries are neither repeated nor skipped', async () => {
  const same = await insert('Same', Array(11).fill('2026-03-01T12:00:00.5+00:00'));
  const client = await signedIn('staff@example.com', 'staff-demo-password');
  for (const pageRows of [1, 2, 3, 4, 10, 11, 12]) {
    const rows = await loadRows<Row>(client, 'inquiries', 'id, created_at, name', pageRows);
    expect(rows.map((row) => row.id), `pages of ${pageRows}`).toEqual(same.map((row) => row.id).sort().reverse());
  }
});
