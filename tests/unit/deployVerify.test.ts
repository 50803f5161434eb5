/**
 * `npm run deploy -- --verify` (scripts/deploy/verify.ts) against a working production stand-in: the site really
 * built (in a copy of the project) for the local Supabase stand-in and served with its _headers by the static server
 * (scripts/live/siteServer.ts), the stand-in running the real form and notify functions and sending e-mail to the
 * mail catcher, and Debian's PostgreSQL 15 for the schedules. PostgreSQL 15 there has no pg_cron: the test makes a
 * `cron.job` table with pg_cron's documented columns (https://github.com/citusdata/pg_cron: jobid, schedule,
 * command, nodename, nodeport, database, username, active, jobname) and a `cron.schedule(name, schedule, command)`
 * that, as pg_cron's does, replaces the job of that name; the deploy's own scheduleSql() statements fill it.
 *
 * All four parts pass on it; each part's failure alone is named (a page without a header, the function failing, a
 * schedule missing, a visitor able to read the requests); the test request is gone afterwards, and while it existed
 * staff's lists, counts and Reports did not include it; a post with an unknown or reused token is an ordinary request.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { createStaticServer } from '../../scripts/live/siteServer.ts';
import { startMailCatcher, type MailCatcher } from '../../scripts/mail-catcher/server.ts';
import { startPostgres15, type Postgres15 } from '../../scripts/postgres/postgres15.ts';
import { scheduleSql } from '../../scripts/deploy/deployPlan.ts';
import { describeFindings, type CheckResult } from '../../scripts/deploy/findings.ts';
import { VERIFY_PARTS, verifyProduction } from '../../scripts/deploy/verify.ts';
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import { TEST_REQUEST_HEADER } from '../../supabase/functions/_shared/testRequest.ts';
import { clientsOf, CONSENT_TICKED, withFailingInserts } from './formPosts.ts';
import { VAULT_AND_CRON } from '../../scripts/postgres/vaultAndCron.ts';

let project: ProjectCopy;
let site: Server;
let siteUrl: string;
let supabase: LocalSupabase;
let mail: MailCatcher;
let pg: Postgres15;
let env: NodeJS.ProcessEnv;

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  project = copyProject();
  site = createStaticServer(path.join(project.dir, 'dist', 'client'), () => undefined);
  siteUrl = `http://localhost:${await listen(site)}`;
  mail = await startMailCatcher({ port: 0 });
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0, mail: { url: mail.url, key: 'test' }, siteUrl });
  // The site as the deploy builds it, for this project (a development build: SITE_URL would refuse a local backend).
  const built = project.build({ VITE_SUPABASE_URL: supabase.url, VITE_POSTHOG_KEY: '' });
  if (built.status !== 0) throw new Error(`The site could not be built:\n${built.stdout}\n${built.stderr}`);

  pg = startPostgres15();
  pg.psql(VAULT_AND_CRON);
  // The deploy's own statements (deployPlan.ts): its cron.schedule calls (the Vault secrets they read are not needed here).
  pg.psql([...scheduleSql().matchAll(/select cron\.schedule\([\s\S]*?\$\$\);/g)].map((match) => match[0]).join('\n'));

  env = {
    SITE_URL: siteUrl,
    VITE_SUPABASE_URL: supabase.url,
    VITE_SUPABASE_ANON_KEY: supabase.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: supabase.serviceRoleKey,
    // The server's socket folder, percent-encoded as libpq reads a socket in a URL.
    SUPABASE_DB_URL: `postgresql://postgres@${encodeURIComponent(pg.host)}:${pg.port}/postgres?sslmode=disable`,
    MAIL_API_KEY: 'test',
  };
}, 300_000);

afterAll(async () => {
  pg?.stop();
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
  await supabase?.close();
  await mail?.close();
  project?.cleanup();
});

const failing = (results: CheckResult[]) => results.filter((result) => result.findings.length).map((result) => result.title);
const problems = (results: CheckResult[], title: string) => results.find((result) => result.title === title)!.findings.map((finding) => finding.problem).join('\n');
const verify = (overrides: NodeJS.ProcessEnv = {}, options: Parameters<typeof verifyProduction>[1] = {}) =>
  verifyProduction({ ...env, ...overrides }, { root: project.dir, mailDeadlineMs: 20_000, ...options });
const testRows = async () => (await supabase.db.query<{ n: number }>('select count(*)::integer as n from public.inquiries where deploy_test')).rows[0]!.n;

describe('npm run deploy -- --verify', () => {
  // Every run posts from this machine: the contact form's five an hour per client would refuse the sixth.
  beforeEach(() => supabase.db.exec('delete from private.form_posts'));

  test('passes every part on a working production, and leaves nothing behind that staff could see or count', async () => {
    const clients = clientsOf(supabase);
    const staff = await clients.staff();
    const listCount = async () => (await staff.from('inquiries').select('id', { count: 'exact', head: true })).count;
    const today = { p_from: new Date(Date.now() - 86_400_000).toISOString(), p_to: new Date(Date.now() + 3_600_000).toISOString() };
    const reportCount = async () => {
      const { data, error } = await staff.rpc('report_inquiries', today);
      if (error) throw error;
      return (data as { count: number }).count;
    };
    const before = { list: await listCount(), report: await reportCount() };
    let during: { list: number | null; report: number; exists: number } | undefined;
    let testId = '';
    mail.clear();

    const results = await verify({}, {
      whileStored: async (id) => {
        testId = id;
        during = { list: await listCount(), report: await reportCount(), exists: await testRows() };
      },
    });
    const said = describeFindings(results);
    console.log(said.join('\n'));
    expect(results.map((result) => result.title)).toEqual([...VERIFY_PARTS]);
    expect(failing(results)).toEqual([]);
    expect(said).toEqual([
      expect.stringMatching(/^OK {2}Public pages: \/, \/contact\/, \/careers\/, \/admin\/, \/[a-z0-9-]+\/ answer with the security headers; a missing page answers 404$/),
      expect.stringMatching(/^OK {2}Contact form: a test request was stored \(.+\), marked as the deploy's test; its staff e-mail was sent, saying it is the test; then erased \(it is gone; reports never counted it\)$/),
      "OK  Staff dashboard: /admin/ loads with its sign-in; a visitor's read of inquiries and job_applications gets nothing (while the test request exists)",
      'OK  Schedules: retention-purge "17 * * * *", notify "* * * * *", overdue-digest "0 13 * * *"',
    ]);

    // While it existed: in the database, marked, but in no list, count or report staff read.
    expect(during).toEqual({ list: before.list, report: before.report, exists: 1 });
    // Afterwards: gone, its history saying so, marked as the test (so Reports never count it).
    expect(await testRows()).toBe(0);
    const history = await supabase.db.query<{ kind: string; deploy_test: boolean }>('select kind, deploy_test from public.record_events where record_id = $1 order by id', [testId]);
    expect(history.rows).toEqual([
      { kind: 'created', deploy_test: true },
      { kind: 'erased', deploy_test: true },
    ]);
    expect((await supabase.db.query('select 1 from public.notification_outbox where inquiry_id = $1', [testId])).rows).toEqual([]);
    expect(await listCount()).toBe(before.list);
    expect(await reportCount()).toBe(before.report);
    // Announced: one e-mail to staff, saying plainly it is the deploy's test; no reply to anyone.
    expect(mail.messages.map((message) => message.subject)).toEqual(['Test from the deploy: you can ignore this e-mail']);
    expect(mail.messages[0]!.text).toContain("This is the deploy's own test request");
    expect(mail.messages[0]!.text).toContain('There is nothing to do.');
    await clients.stop();
  }, 120_000);

  test('names the public pages alone when a page is served without a security header, or a missing page as found', async () => {
    // The site behind a proxy that drops one header from the careers page, as a host ignoring _headers would, and
    // answers a missing page with 200, as a host sending every address to the home page would.
    const target = new URL(siteUrl);
    const proxy = createServer((req, res) => {
      const forward = request({ host: '127.0.0.1', port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        const headers = { ...answer.headers };
        if (req.url === '/careers/') delete headers['x-content-type-options'];
        res.writeHead(req.url?.startsWith('/deploy-check-missing-page-') ? 200 : (answer.statusCode ?? 502), headers);
        answer.pipe(res);
      });
      req.pipe(forward);
    });
    const port = await listen(proxy);
    try {
      const results = await verify({ SITE_URL: `http://localhost:${port}` });
      expect(failing(results)).toEqual(['Public pages']);
      expect(problems(results, 'Public pages')).toBe(
        [
          '/careers/ (the careers page) is served without the security header X-Content-Type-Options.',
          'A page that does not exist answers 200 instead of 404 "not found": search engines would list every mistyped address.',
        ].join('\n'),
      );
      expect(await testRows()).toBe(0);
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  }, 120_000);

  test('names the contact form alone when the function fails, and stores nothing', async () => {
    const results = await withFailingInserts(supabase, 'public.inquiries', () => verify());
    expect(failing(results)).toEqual(['Contact form']);
    const finding = results.find((result) => result.title === 'Contact form')!.findings[0]!;
    expect(finding.problem).toBe('The contact function failed (500) ("Your request could not be sent. Nothing was saved. Please try again, or call us.").');
    expect(finding.fix).toContain('Edge Functions > submit-inquiry > Logs');
    expect(await testRows()).toBe(0);
  }, 120_000);

  test('names the contact form alone when the staff e-mail is not sent in time, and says what the mail service said', async () => {
    mail.setDown(true);
    try {
      const results = await verify({}, { mailDeadlineMs: 3000 });
      expect(failing(results)).toEqual(['Contact form']);
      const finding = results.find((result) => result.title === 'Contact form')!.findings[0]!;
      expect(finding.problem).toMatch(/^The staff e-mail was not sent within 3 seconds: .+/);
      expect(finding.settings).toEqual(['MAIL_API_KEY']);
    } finally {
      mail.setDown(false);
    }
    expect(await testRows()).toBe(0);
  }, 120_000);

  test('without a mail key, a queued staff e-mail is enough', async () => {
    const results = await verify({ MAIL_API_KEY: '' });
    expect(failing(results)).toEqual([]);
    expect(results.find((result) => result.title === 'Contact form')!.passed.join('; ')).toMatch(/its staff e-mail (is queued|was sent)/);
  }, 120_000);

  test('names the staff dashboard alone when a visitor can read the requests', async () => {
    await supabase.db.exec(`grant select on public.inquiries to anon; create policy "test: anyone reads" on public.inquiries for select to anon using (true);`);
    try {
      const results = await verify();
      expect(failing(results)).toEqual(['Staff dashboard']);
      expect(problems(results, 'Staff dashboard')).toBe("Anyone can read inquiries with the site's public key: families' and applicants' personal details are open to the world.");
    } finally {
      await supabase.db.exec(`drop policy "test: anyone reads" on public.inquiries; revoke select on public.inquiries from anon;`);
    }
    expect(await testRows()).toBe(0);
  }, 120_000);

  test('names the schedules alone when one is missing, paused or the database has no pg_cron', async () => {
    pg.psql(`delete from cron.job where jobname = 'overdue-digest'; update cron.job set active = false where jobname = 'notify';`);
    try {
      const results = await verify();
      expect(failing(results)).toEqual(['Schedules']);
      expect(problems(results, 'Schedules')).toBe(
        ['The schedule "notify" (it sends the e-mails waiting in the outbox) is paused.', 'The schedule "overdue-digest" (it sends the daily list of overdue inquiries) is missing.'].join('\n'),
      );
    } finally {
      pg.psql([`update cron.job set active = true where jobname = 'notify';`, ...[...scheduleSql().matchAll(/select cron\.schedule\([\s\S]*?\$\$\);/g)].map((match) => match[0])].join('\n'));
    }
    pg.psql('alter schema cron rename to cron_away;');
    try {
      const results = await verify();
      expect(failing(results)).toEqual(['Schedules']);
      expect(describeFindings(results).filter((line) => !line.startsWith('OK'))).toEqual([
        '1.  Schedules: The schedules are not set up: the database has no pg_cron.',
        '    What to do: Run npm run deploy again: its step "Schedule the calls" turns on pg_cron and adds them.',
        '    Where: https://supabase.com/dashboard/project/_/integrations/cron/overview',
      ]);
    } finally {
      pg.psql('alter schema cron_away rename to cron;');
    }
  }, 120_000);

  test('says so when the function stores the test as an ordinary request, and leaves that one for an admin to erase', async () => {
    // As functions older than the database would: the token is never checked (here: the check is refused).
    await supabase.db.exec('revoke execute on function public.use_test_request_token(text) from service_role');
    let results: CheckResult[];
    try {
      results = await verify();
    } finally {
      await supabase.db.exec('grant execute on function public.use_test_request_token(text) to service_role');
    }
    expect(failing(results)).toEqual(['Contact form']);
    expect(problems(results, 'Contact form')).toBe(
      'The test request was stored as an ordinary request: the contact function did not recognise the deploy\'s test token. Staff see it in the dashboard as "Deploy check (test)".',
    );
    const left = await supabase.db.query<{ id: string; deploy_test: boolean }>("select id, deploy_test from public.inquiries where name = 'Deploy check (test)'");
    expect(left.rows).toEqual([{ id: expect.any(String), deploy_test: false }]);
    await supabase.db.query('delete from public.inquiries where id = $1', [left.rows[0]!.id]);
  }, 120_000);

  test('without its settings, each part says which are missing and checks nothing', async () => {
    const results = await verifyProduction({}, { root: project.dir });
    expect(describeFindings(results)).toEqual([
      '1.  Public pages: Not checked: SITE_URL is not set.',
      '    What to do: Set SITE_URL as for the deploy (docs/going-live.md, "Settings"), then run npm run deploy -- --verify again.',
      '2.  Contact form: Not checked: SITE_URL, VITE_SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are not set.',
      '    What to do: Set SITE_URL, VITE_SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY as for the deploy (docs/going-live.md, "Settings"), then run npm run deploy -- --verify again.',
      '3.  Staff dashboard: Not checked: SITE_URL, VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY are not set.',
      '    What to do: Set SITE_URL, VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY as for the deploy (docs/going-live.md, "Settings"), then run npm run deploy -- --verify again.',
      '4.  Schedules: Not checked: SUPABASE_DB_URL is not set.',
      '    What to do: Set SUPABASE_DB_URL as for the deploy (docs/going-live.md, "Settings"), then run npm run deploy -- --verify again.',
    ]);
  });

  test('a post with an unknown or a reused test token is an ordinary request, in front of staff', async () => {
    const service = serverClient(supabase.url, supabase.serviceRoleKey);
    const post = async (token: string) => {
      const tokenAnswer = await fetch(`${supabase.url}/functions/v1/submit-inquiry?fill-token`, { headers: { origin: siteUrl } });
      const { token: fill } = (await tokenAnswer.json()) as { token: string };
      await new Promise((resolve) => setTimeout(resolve, 700));
      const body = new FormData();
      for (const [name, value] of Object.entries({ name: 'Posted With A Token', phone: '(860) 555-0111', care_for: 'a-parent', message: 'Hello', page: '/contact', ...CONSENT_TICKED, fill_token: fill })) body.set(name, value);
      const answer = await fetch(`${supabase.url}/functions/v1/submit-inquiry`, { method: 'POST', body, headers: { origin: siteUrl, accept: 'application/json', [TEST_REQUEST_HEADER]: token } });
      expect(answer.status).toBe(201);
      const { id } = (await answer.json()) as { id: string };
      return (await service.from('inquiries').select('deploy_test').eq('id', id).single()).data as { deploy_test: boolean };
    };
    expect(await post('0'.repeat(64))).toEqual({ deploy_test: false });
    const { data: token } = await service.rpc('issue_test_request_token');
    expect(await post(token as string)).toEqual({ deploy_test: true });
    expect(await post(token as string)).toEqual({ deploy_test: false });
    // A visitor cannot get a token.
    const anon = serverClient(supabase.url, supabase.anonKey);
    expect((await anon.rpc('issue_test_request_token')).error?.code).toBe('42501');
    expect(await service.rpc('erase_test_requests')).toMatchObject({ data: 1 });
  }, 60_000);
});
