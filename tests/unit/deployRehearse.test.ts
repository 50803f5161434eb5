/**
 * `npm run deploy:rehearse -- --once` (scripts/deploy-rehearse.ts): the new owner's walk of the deploy, from this
 * clone with no account anywhere, run as they would run it. It builds the site for real (in a copy), talks to the
 * fakes of every service, to the stand-in as the project and to a real PostgreSQL 15 as its database, and must end
 * each of its four runs as the going-live guide says: the check with nothing set lists every missing setting; with
 * three wrong ones it names each; the deploy with all set runs every step and its proof passes; the proof alone
 * passes. The test reads what the owner reads.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEPLOY_SETTINGS, functionNames, withoutDeploySettings } from '../../scripts/deploy/deployPlan.ts';
import { postgres15Missing } from '../../scripts/postgres/postgres15.ts';
import { loadContent } from '../../src/content/loader.ts';
import { rehearsing, siteAddressToRead } from '../../src/deployRehearsal.ts';
import { launchProblems } from '../../src/launch.ts';
import { LOCAL_ANON_KEY } from '../../src/localBackend.ts';

let status: number | null;
let output: string;
/** Each run's part of the output, by its number ("1 of 4"). */
const runs: string[] = [];

const contentStatus = () => execFileSync('git', ['status', '--porcelain', '--', 'content', 'supabase', 'dist'], { encoding: 'utf8' });

describe.skipIf(postgres15Missing() !== null)('the deploy rehearsal, as a new owner runs it', () => {
  let before: string;
  beforeAll(async () => {
    before = contentStatus();
    const child = spawn('npm', ['run', '--silent', 'deploy:rehearse', '--', '--once'], { env: withoutDeploySettings(process.env) });
    output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const parts = output.split(/^── /m).slice(1);
    runs.push(...parts);
  }, 600_000);

  test('ends every run as it should, and says so', () => {
    expect(output).toContain('Every run ended as it should (4 of 4).');
    expect(output).not.toContain('NOT as it should');
    expect(status).toBe(0);
    expect(runs).toHaveLength(4);
    for (const run of runs) expect(run).toMatch(/\n {3}As it should: /);
  });

  test('1: the check with nothing set lists every required setting and the mail key, each with what it is for', () => {
    const [first] = runs;
    expect(first).toMatch(/^1 of 4\. The check with nothing set/);
    const required = DEPLOY_SETTINGS.filter((setting) => setting.required);
    expect(first).toContain(`Not ready: ${required.length + 1} things to put right first. Nothing was changed.`);
    for (const setting of required) expect(first).toContain(`Settings: ${setting.name} is not set. ${setting.use}`);
    expect(first).toContain('Mail: MAIL_API_KEY is not set, so no e-mail is sent');
  });

  test('2: the check with three wrong settings names each of them, and only them', () => {
    const second = runs[1]!;
    expect(second).toContain('Not ready: 3 things to put right first. Nothing was changed.');
    expect(second).toContain('Supabase keys: SUPABASE_SERVICE_ROLE_KEY is a key of another project (anotherprojectrefxyz), not of hearthsiderehearsals.');
    expect(second).toContain('Supabase database: SUPABASE_DB_URL is the direct connection (db.hearthsiderehearsals.supabase.co).');
    expect(second).toContain('Mail: hearthside-mail.com is still being checked by the mail service (pending)');
  });

  test('3: the deploy with every setting right runs all ten steps, the Auth settings and the invitation included, then its proof passes', () => {
    const third = runs[2]!;
    expect(third).toContain('Ready: every setting is set and every service answered as it should.');
    expect([...third.matchAll(/^ {2}│ (\d+)\/10 /gm)].map((match) => Number(match[1]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The real launch check and production build, in the copy whose placeholders are taken for the agency's own.
    expect(third).toContain('Ready to launch: no placeholder left; the site is https://www.hearthside-care.com');
    expect(third).toMatch(/Built \d+ public pages/);
    // The CLIs are not run, and say what each would have done; every function is named.
    for (const name of functionNames(process.cwd())) expect(third).toContain(`(rehearsal) Not run: the stand-in runs supabase/functions/${name} of this project already.`);
    expect(third).toContain("dist/client is published to the rehearsal's host");
    // psql really ran the stages and the schedules on PostgreSQL 15.
    expect(third).toContain('sync_workflow_stages');
    expect(third).toMatch(/schedule\s*\n.*\n.*3\n/);
    expect(third).toContain('Sign-ups: open -> closed');
    expect(third).toContain('E-mail links (invitations, password resets) work for: 1 hour -> 24 hours');
    expect(third).toContain('Invited Rosa Alvarez <rosa.alvarez@hearthside-care.com> as the first admin');
    expect(third).toContain('Deployed: the database, the functions, the schedules and the sign-in settings are up to date, and the site is published.');
    expect(third).toContain('Production works: every part answered as it should.');
    expect(third).toContain('OK  Contact form: a test request was stored');
    expect(third).toMatch(/OK {2}Schedules: retention-purge "17 \* \* \* \*", notify "\* \* \* \* \*", overdue-digest "0 13 \* \* \*"/);
  });

  test('4: the proof alone passes against what the deploy published', () => {
    const fourth = runs[3]!;
    expect(fourth).toContain('$ npm run deploy -- --verify');
    expect(fourth).toContain('OK  Public pages: /, /contact/, /careers/, /admin/');
    expect(fourth).toContain('Production works: every part answered as it should.');
  });

  test("leaves the project as it was: its copy, database and settings are removed at the end", () => {
    expect(contentStatus()).toBe(before);
    const copy = /the project copy\s+(\S+)/.exec(output)?.[1];
    expect(copy).toBeDefined();
    expect(existsSync(copy!)).toBe(false);
  });
});

describe('a rehearsal relaxes nothing of a real deploy', () => {
  /** A rehearsal's addresses: every service on this machine, in each way of writing it. */
  const LOCAL = {
    DEPLOY_REHEARSAL: '1',
    SUPABASE_API_URL: 'http://127.0.0.1:40001',
    NETLIFY_API_URL: 'http://localhost:40002',
    MAIL_API_URL: 'http://[::1]:40003',
    VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
    VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
    SITE_URL: 'https://www.hearthside-care.com',
    DEPLOY_REHEARSAL_SITE: 'http://127.0.0.1:40004',
  };
  const backendProblems = async (env: Record<string, string>) => {
    const content = await loadContent(`${process.cwd()}/content`);
    return launchProblems({ site: content.site, placeholders: [], reservedValues: [] }, env)
      .filter((problem) => problem.file.startsWith('VITE_SUPABASE'))
      .map((problem) => `${problem.file} ${problem.message}`);
  };

  test('with every service on this machine, the launch check takes the stand-in for the backend', async () => {
    expect(rehearsing(LOCAL)).toBe(true);
    expect(await backendProblems(LOCAL)).toEqual([]);
  });

  test.each([
    ['DEPLOY_REHEARSAL', undefined],
    ['SUPABASE_API_URL', 'https://api.supabase.com'],
    ['NETLIFY_API_URL', undefined],
    ['MAIL_API_URL', 'https://api.resend.com'],
    ['DEPLOY_REHEARSAL_SITE', 'https://hearthside-care.netlify.app'],
  ])('with %s = %s, it is no rehearsal: the stand-in is refused as for any deploy', async (name, value) => {
    const env: Record<string, string> = { ...LOCAL };
    if (value === undefined) delete env[name];
    else env[name] = value;
    expect(rehearsing(env)).toBe(false);
    const problems = await backendProblems(env);
    expect(problems).toContain('VITE_SUPABASE_URL points at this machine (http://127.0.0.1:54321), which no visitor can reach. Set it to the Supabase project\'s URL, https://<project>.supabase.co');
    expect(problems).toContain("VITE_SUPABASE_ANON_KEY is the local stand-in's public demo key. Set it to the project's own anon key, from its API settings");
    expect(siteAddressToRead(env, 'https://www.hearthside-care.com/contact/')).toBe('https://www.hearthside-care.com/contact/');
  });

  test("the proof reads the site's pages from the rehearsal's host, and nothing else from there", () => {
    expect(siteAddressToRead(LOCAL, 'https://www.hearthside-care.com/contact/?x=1')).toBe('http://127.0.0.1:40004/contact/?x=1');
    expect(siteAddressToRead(LOCAL, 'http://127.0.0.1:54321/functions/v1/submit-inquiry')).toBe('http://127.0.0.1:54321/functions/v1/submit-inquiry');
  });
});
