/**
 * A crash between a resume's upload and its application's insert (submit-application) leaves a file no row names;
 * the retention purge sweeps it once the grace period has passed. Here the stand-in runs as a process of its own on
 * a kept data folder, takes a burst of 50 applications with PDFs from 50 addresses, and is killed (SIGKILL) halfway.
 * Opened again on the same folder: every acknowledged application has its row and its resume, and after the purge
 * (with the objects aged past the grace period) no resume is left without a row. The stand-in sends its
 * notification e-mails to a mail catcher in this process, which outlives it: once the senders' leases have lapsed,
 * every stored application's e-mail has arrived exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import { PDFDocument } from 'pdf-lib';
import { afterAll, expect, test } from 'vitest';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { purgeExpired } from '../../supabase/functions/_shared/purge.ts';
import { startMailCatcher, type MailCatcher } from '../../scripts/mail-catcher/server.ts';
import { notificationSettings } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { mailApi } from '../../supabase/functions/_shared/mail.ts';
import { deliverDue } from '../../supabase/functions/_shared/notify.ts';
import { issueFillToken } from '../../supabase/functions/_shared/formPost.ts';

const BURST = 50;
/** The stand-in is killed once this many applications are acknowledged: the rest are in flight. */
const KILL_AFTER = 15;
const VALID = { first_name: 'Ann', last_name: 'Lee', phone: '(860) 555-0142', position: 'companion-caregiver', experience: 'one-to-three-years', availability: 'flexible', cover_letter: 'I cared for my grandmother.' };

const dataDir = mkdtempSync(path.join(tmpdir(), 'orphan-resumes-'));
let child: ChildProcess | undefined;
let reopened: LocalSupabase | undefined;
let catcher: MailCatcher | undefined;
/** What the stand-in printed, all of it: shown when the burst did not go as planned. */
let standInOutput = '';

afterAll(async () => {
  child?.kill('SIGKILL');
  if (reopened) {
    // The stand-in hashes a dummy password as it starts (auth.ts); closing it before that hash is done rejects it
    // unhandled. A refused sign-in waits for it.
    await serverClient(reopened.url, reopened.anonKey).auth.signInWithPassword({ email: 'nobody@example.com', password: 'not-a-password' });
    await reopened.close();
  }
  await catcher?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run supabase:local -- --data <dataDir>` in one process (tsx's CLI would put a second one between). */
function startStandIn(mailUrl: string): Promise<{ url: string; serviceRoleKey: string }> {
  child = spawn(process.execPath, ['--import', 'tsx', 'scripts/local-supabase/main.ts', '--data', dataDir], {
    env: { ...process.env, LOCAL_SUPABASE_PORT: '0', MAIL_API_URL: mailUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    child!.stdout!.on('data', (data) => {
      standInOutput += data;
      const url = /API URL: (\S+)/.exec(standInOutput)?.[1];
      const serviceRoleKey = /service_role key: (\S+)/.exec(standInOutput)?.[1];
      if (url && serviceRoleKey) resolve({ url, serviceRoleKey });
    });
    child!.stderr!.on('data', (data) => (standInOutput += data));
    child!.on('exit', (code, signal) => {
      standInOutput += `\n(the stand-in ended: ${signal ?? `exit code ${code}`})`;
      reject(new Error(`The stand-in ended before it was ready:\n${standInOutput}`));
    });
  });
}

/** Posts the careers form from the local address `from` (the gateway counts the connecting address); its status, or 0 if the connection broke. */
async function apply(api: string, from: string, form: FormData): Promise<number> {
  const encoded = new Request('http://x/', { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve) => {
    const req = request(`${api}/functions/v1/submit-application`, { method: 'POST', localAddress: from, headers: { 'content-type': encoded.headers.get('content-type')!, accept: 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

test('after a kill -9 mid-burst and the purge, no resume is left without a row and no acknowledged application lacks its resume', { timeout: 90_000 }, async () => {
  const document = await PDFDocument.create();
  document.addPage();
  const pdf = await document.save();
  catcher = await startMailCatcher({ port: 0 });
  const { url, serviceRoleKey } = await startStandIn(catcher.url);
  // A person's page: its fill-time token issued a minute before (the stand-in's signing secret is its service-role key).
  const token = await issueFillToken(serviceRoleKey, 'application', Date.now() - 60_000);

  const acknowledged: string[] = [];
  const killed = new Promise<void>((resolve) => child!.on('exit', () => resolve()));
  const posts = Array.from({ length: BURST }, async (_, i) => {
    const email = `crash-${i}@example.com`;
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...VALID, email, fill_token: token })) form.append(name, value);
    form.append('resume', new File([pdf as BlobPart], 'resume.pdf', { type: 'application/pdf' }));
    const status = await apply(url, `127.0.1.${i + 1}`, form);
    if (status === 201) acknowledged.push(email);
    if (acknowledged.length === KILL_AFTER) child!.kill('SIGKILL');
    return status;
  });
  const statuses = await Promise.all(posts);
  await killed;
  // The kill came mid-burst: some posts were acknowledged, some never answered.
  const burst = `statuses ${statuses.join(' ')}; the stand-in printed:\n${standInOutput}`;
  expect(acknowledged.length, burst).toBeGreaterThanOrEqual(KILL_AFTER);
  expect(statuses.filter((status) => status === 0).length, burst).toBeGreaterThan(0);

  reopened = await startLocalSupabase({ port: 0, dataDir, demoApplications: 0 });
  const db = reopened.db;
  const orphanCount = async () =>
    Number((await db.query<{ n: number }>(`select count(*)::int as n from storage.objects as o where o.bucket_id = 'resumes'
      and not exists (select 1 from public.job_applications as a where a.resume_url = o.name)`)).rows[0]!.n);
  const stored = (await db.query<{ email: string; resume_url: string | null; object: number; blob: number }>(
    `select a.email, a.resume_url,
       (select count(*)::int from storage.objects as o where o.bucket_id = 'resumes' and o.name = a.resume_url) as object,
       (select count(*)::int from standin.blobs as b where b.bucket_id = 'resumes' and b.name = a.resume_url) as blob
     from public.job_applications as a where a.email like 'crash-%'`,
  )).rows;
  const orphansBefore = await orphanCount();

  // Every acknowledged application is there with its resume, bytes and all.
  const byEmail = new Map(stored.map((row) => [row.email, row]));
  for (const email of acknowledged) expect(byEmail.get(email), email).toMatchObject({ resume_url: expect.any(String), object: 1, blob: 1 });

  // An hour later (the grace period), the purge removes every resume without a row, and nothing else.
  await db.query("update storage.objects set created_at = now() - interval '2 hours' where bucket_id = 'resumes'");
  const service = serverClient(reopened.url, reopened.serviceRoleKey);
  const report = await purgeExpired(service, { suspectedSpam: { days: 30 }, inquiries: { months: 24, clientStages: ['became-a-client'] }, applications: { months: 18 } });
  expect(report).toMatchObject({ orphans: orphansBefore, resumeFailures: [] });
  expect(await orphanCount()).toBe(0);
  for (const email of acknowledged) {
    const left = await db.query("select 1 from public.job_applications as a join storage.objects as o on o.bucket_id = 'resumes' and o.name = a.resume_url where a.email = $1", [email]);
    expect(left.rows, email).toHaveLength(1);
  }

  // Every application stored, acknowledged or not, is announced exactly once: what the killed process sent
  // before it could mark it is not sent again (same idempotency key), what it never sent goes now.
  await db.query('update public.notification_outbox set leased_until = null, next_attempt_at = now()');
  const notify = { ...notificationSettings, siteUrl: 'http://localhost:3000', mailer: mailApi({ url: catcher.url, key: 'test' }) };
  await deliverDue(service, notify);
  const ids = (await db.query<{ id: string }>("select id from public.job_applications where email like 'crash-%'")).rows.map((row) => row.id);
  expect(ids.length).toBe(stored.length);
  // Each in one e-mail of its own or in one burst's summary (more than 10 within 5 minutes), never twice.
  for (const id of ids) expect(catcher.messages.filter((mail) => mail.text.includes(`record=${id}`)), id).toHaveLength(1);
  const outbox = (await db.query<{ status: string; n: number }>("select status, count(*)::int as n from public.notification_outbox where kind = 'application' and not acknowledgement group by status")).rows;
  expect(outbox).toEqual([{ status: 'sent', n: ids.length }]);
  // And each applicant's reply (a distinct address each), once, up to the hour's cap on replies; past it, held.
  const replies = (await db.query<{ status: string; n: number }>("select status, count(*)::int as n from public.notification_outbox where kind = 'application' and acknowledgement group by status order by status")).rows;
  const cap = notificationSettings.repliesPerHour!;
  expect(replies).toEqual([...(ids.length > cap ? [{ status: 'capped', n: ids.length - cap }] : []), { status: 'sent', n: Math.min(ids.length, cap) }]);

  console.log(`crash test: ${BURST} posted, ${acknowledged.length} acknowledged, ${stored.length} stored, ${orphansBefore} orphans before the sweep, ${await orphanCount()} after, ${catcher.messages.length} e-mails`);
});
