/**
 * The first reply of the records stored before it was measured: 20261127000800_first_reply.sql fills
 * first_reply_at from the history, by the same rule the workflow trigger applies from then on. Each record here is
 * put back as it was before that migration (no first_reply_at, triggers off, its stage changes in the history), and
 * the migration's own backfill statements are run on it, as they ran on a live database. The trigger's side of the
 * rule: workflowDatabase.test.ts and the reports' tests.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { insertInquiry } from './formPosts.ts';

const MIGRATION = new URL('../../supabase/migrations/20261127000800_first_reply.sql', import.meta.url);

/** The migration's backfill: its two updates, from the history, as written in the file. */
function backfill(): string {
  const sql = readFileSync(MIGRATION, 'utf8');
  const statements = [...sql.matchAll(/^update public\.(?:inquiries|job_applications) as r set first_reply_at = f\.at\n[\s\S]*?;$/gm)].map(([statement]) => statement);
  expect(statements).toHaveLength(2);
  return statements.join('\n');
}

let supabase: LocalSupabase;

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0 });
}, 60_000);

afterAll(async () => {
  await supabase.close();
});

async function newApplication(name: string): Promise<string> {
  const { rows } = await supabase.db.query<{ id: string }>(
    `insert into public.job_applications (first_name, last_name, email, phone, position, experience, availability) values ($1, 'Lee', 'applicant@example.com', '(860) 555-0100', 'companion-caregiver', 'one-to-three-years', 'flexible') returning id`,
    [name],
  );
  return rows[0]!.id;
}

type Change = [from: string, to: string, at: string];

/** Puts a record back as it was before the migration: its stage, no first reply, and its stage changes in the history. */
async function asBefore(list: 'inquiries' | 'applications', id: string, stage: string, changes: Change[]) {
  const table = list === 'inquiries' ? 'inquiries' : 'job_applications';
  await supabase.db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    await tx.query(`update public.${table} set stage = $2, first_reply_at = null where id = $1`, [id, stage]);
    await tx.query('delete from public.record_events where record_id = $1', [id]);
    for (const [from, to, at] of changes) {
      await tx.query(`insert into public.record_events (list, record_id, kind, from_value, to_value, at) values ($1, $2, 'stage', $3, $4, $5)`, [list, id, from, to, at]);
    }
  });
}

async function firstReply(list: 'inquiries' | 'applications', id: string): Promise<string | null> {
  const table = list === 'inquiries' ? 'inquiries' : 'job_applications';
  const { rows } = await supabase.db.query<{ at: string | null }>(`select to_char(first_reply_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at from public.${table} where id = $1`, [id]);
  return rows[0]!.at;
}

test("the records stored before get their first reply from the history: the first change out of the first or spam stage to another, and nothing for a change into spam or back", async () => {
  const cases = {
    // New -> Contacted, back to New, then New -> Not a fit: the first of the two replies.
    contactedThenClosed: { list: 'inquiries', stage: 'not-a-fit', changes: [['new', 'contacted', '2026-10-05T14:00Z'], ['contacted', 'new', '2026-10-06T09:00Z'], ['new', 'not-a-fit', '2026-10-07T10:30Z']], expected: '2026-10-05T14:00' },
    // New -> Not a fit is a reply.
    notAFit: { list: 'inquiries', stage: 'not-a-fit', changes: [['new', 'not-a-fit', '2026-10-08T16:45Z']], expected: '2026-10-08T16:45' },
    // Taken for spam and put back: no reply yet.
    spamAndBack: { list: 'inquiries', stage: 'new', changes: [['new', 'spam', '2026-10-09T08:00Z'], ['spam', 'new', '2026-10-09T08:05Z']], expected: null },
    // A post first taken for spam, then answered straight from Spam.
    answeredFromSpam: { list: 'inquiries', stage: 'contacted', changes: [['spam', 'contacted', '2026-10-10T11:15Z']], expected: '2026-10-10T11:15' },
    // Never moved: no reply.
    untouched: { list: 'inquiries', stage: 'new', changes: [], expected: null },
    // An application, its list's own stages: New -> Interview booked -> Hired.
    hired: { list: 'applications', stage: 'hired', changes: [['new', 'interview-booked', '2026-10-12T13:00Z'], ['interview-booked', 'hired', '2026-10-20T15:00Z']], expected: '2026-10-12T13:00' },
    // Moved on from a later stage only (its first change is not in the history): not a first reply.
    laterOnly: { list: 'applications', stage: 'hired', changes: [['offer-made', 'hired', '2026-10-21T10:00Z']], expected: null },
  } as const;

  const ids: Record<string, string> = {};
  for (const [name, { list, stage, changes }] of Object.entries(cases)) {
    ids[name] = list === 'inquiries' ? await insertInquiry(supabase, name) : await newApplication(name);
    await asBefore(list, ids[name]!, stage, changes.map((change) => [...change] as Change));
  }
  for (const name of Object.keys(cases)) expect(await firstReply(cases[name as keyof typeof cases].list, ids[name]!), name).toBeNull();

  // As the migration ran on a database with records: before its trigger, which keeps the stored value on updates.
  await supabase.db.transaction(async (tx) => {
    await tx.query('set local session_replication_role = replica');
    await tx.exec(backfill());
  });

  const found = Object.fromEntries(await Promise.all(Object.entries(cases).map(async ([name, { list }]) => [name, await firstReply(list, ids[name]!)])));
  expect(found).toEqual(Object.fromEntries(Object.entries(cases).map(([name, { expected }]) => [name, expected])));
});
