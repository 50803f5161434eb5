/**
 * The launch check (src/launch.ts): `npm run check -- --launch` lists every placeholder the shipped content
 * marks, with its file, line and field, and the backend a production build cannot have; a production build (SITE_URL
 * set, or a host's production signal) fails the same way and leaves nothing to deploy; a filled-in copy passes and
 * builds for its real backend; a development build says in one line which backend it targets. And /about shows
 * an unconfirmed figure without the editor's note. A secret Supabase key is refused by every build before anything
 * is bundled; loopback in every spelling and hosts no visitor can reach are refused; every host's production
 * signal is recognised, and its previews are not; reserved fictional values are listed wherever they stand.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';
import { loadContent } from '../../src/content/loader.ts';
import { reservedValues } from '../../src/content/reservedValues.ts';
import { launchProblems, launchReport, resolvedAddressProblems } from '../../src/launch.ts';
import type { Lookup } from '../../src/launchAddress.ts';
import { deploySteps } from '../../scripts/deploy/deployPlan.ts';
import { productionSignal } from '../../src/launchHosts.ts';
import { LOCAL_ANON_KEY } from '../../src/localBackend.ts';
import { copyContent } from './contentFixture.ts';

/** A real project's backend, as the agency would set it when deploying. */
const BACKEND = { VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co', VITE_SUPABASE_ANON_KEY: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiIsInJlZiI6ImFiY2RlZmdoaWprbG1ub3AifQ.c2lnbmF0dXJl' };
/** No production signal and no backend from the machine running the tests. */
const CLEAN = {
  SITE_URL: '',
  CONTEXT: '',
  CF_PAGES: '',
  CF_PAGES_BRANCH: '',
  VERCEL_ENV: '',
  RENDER: '',
  IS_PULL_REQUEST: '',
  RENDER_GIT_BRANCH: '',
  AWS_APP_ID: '',
  AWS_BRANCH: '',
  AWS_PULL_REQUEST_ID: '',
  GITHUB_ACTIONS: '',
  GITHUB_EVENT_NAME: '',
  GITHUB_REF: '',
  GITHUB_EVENT_PATH: '',
  PRODUCTION_BRANCH: '',
  VITE_SUPABASE_URL: '',
  VITE_SUPABASE_ANON_KEY: '',
  MAIL_API_KEY: '',
  LAUNCH_WITHOUT_EMAIL: '',
};

/** A JWT with `payload`, signed with nothing that matters: the checks read the role, never the signature. */
const jwt = (payload: object) =>
  [{ alg: 'HS256', typ: 'JWT' }, payload].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.') + '.c2lnbmF0dXJlLW5vdC1jaGVja2Vk';
/** A hosted project's service_role key: the secret one, which bypasses every policy. */
const SERVICE_ROLE_KEY = jwt({ iss: 'supabase', ref: 'abcdefghijklmnop', role: 'service_role', iat: 1700000000, exp: 2000000000 });
const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';
const PUBLISHABLE_KEY = 'sb_publishable_ZGVmLXB1Ymxpc2hhYmxlLWtleQ_4bXfkqXb';

/** Every placeholder the shipped content marks: the field in words, then its file and line (problems.ts). */
const SHIPPED = [
  ['Source of the 1st stat', 'content/pages/about.yaml, line 47'],
  ['Source of the 3rd stat', 'content/pages/about.yaml, line 53'],
  ['Name', 'content/site.yaml, line 4'],
  ['Legal line', 'content/site.yaml, line 5'],
  ['Phone', 'content/site.yaml, line 7'],
  ['Email', 'content/site.yaml, line 8'],
  ['Number of the registration', 'content/site.yaml, line 10'],
  ['Portal id of the forms', 'content/site.yaml, line 55'],
  ['Contact form id of the forms', 'content/site.yaml, line 56'],
  ['Careers form id of the forms', 'content/site.yaml, line 57'],
  ['The 1st to of the notifications', 'content/site.yaml, line 64'],
  ['From of the notifications', 'content/site.yaml, line 65'],
  ['Site url', 'content/site.yaml, line 78'],
  ['Recruiting phone', 'content/site.yaml, line 84'],
  // The demo's office, people, award and reviews (issue 42): invented, so each is refused until the agency's own replaces it.
  ['Street of the address', 'content/offices/berlin.yaml, line 6'],
  ['Google Business Profile', 'content/offices/berlin.yaml, line 17'],
  ['Link to leave a review', 'content/offices/berlin.yaml, line 18'],
  ['Name', 'content/people/dana-whitfield.yaml, line 4'],
  ['Picture file of the photo', 'content/people/dana-whitfield.yaml, line 9'],
  ['What the picture shows (alt text) of the photo', 'content/people/dana-whitfield.yaml, line 10'],
  ['Intro', 'content/people/dana-whitfield.yaml, line 11'],
  ['Name', 'content/people/elena-ruiz.yaml, line 4'],
  ['Picture file of the photo', 'content/people/elena-ruiz.yaml, line 9'],
  ['What the picture shows (alt text) of the photo', 'content/people/elena-ruiz.yaml, line 10'],
  ['Intro', 'content/people/elena-ruiz.yaml, line 11'],
  ['Name', 'content/people/kwame-o.yaml, line 4'],
  ['Picture file of the photo', 'content/people/kwame-o.yaml, line 8'],
  ['What the picture shows (alt text) of the photo', 'content/people/kwame-o.yaml, line 9'],
  ['Intro', 'content/people/kwame-o.yaml, line 10'],
  ['Name', 'content/people/marcus-lee.yaml, line 4'],
  ['Picture file of the photo', 'content/people/marcus-lee.yaml, line 9'],
  ['What the picture shows (alt text) of the photo', 'content/people/marcus-lee.yaml, line 10'],
  ['Intro', 'content/people/marcus-lee.yaml, line 11'],
  ['Name', 'content/people/rosa-m.yaml, line 4'],
  ['Picture file of the photo', 'content/people/rosa-m.yaml, line 8'],
  ['What the picture shows (alt text) of the photo', 'content/people/rosa-m.yaml, line 9'],
  ['Intro', 'content/people/rosa-m.yaml, line 10'],
  ['Name of the 1st award', 'content/recognition.yaml, line 6'],
  ['Issuer of the 1st award', 'content/recognition.yaml, line 7'],
  ['Link of the 1st award', 'content/recognition.yaml, line 9'],
  ['Words of the review', 'content/reviews/a-s-hamden.yaml, line 4'],
  ['Name of the reviewer', 'content/reviews/a-s-hamden.yaml, line 6'],
  ['Words of the consent', 'content/reviews/a-s-hamden.yaml, line 14'],
  ['Words of the review', 'content/reviews/j-d-meriden.yaml, line 4'],
  ['Name of the reviewer', 'content/reviews/j-d-meriden.yaml, line 6'],
  ['Words of the consent', 'content/reviews/j-d-meriden.yaml, line 14'],
  ['Words of the review', 'content/reviews/linda-p-wallingford.yaml, line 4'],
  ['Name of the reviewer', 'content/reviews/linda-p-wallingford.yaml, line 6'],
  ['Words of the consent', 'content/reviews/linda-p-wallingford.yaml, line 15'],
  ['Words of the review', 'content/reviews/maria-t-middletown.yaml, line 4'],
  ['Name of the reviewer', 'content/reviews/maria-t-middletown.yaml, line 6'],
  ['Words of the consent', 'content/reviews/maria-t-middletown.yaml, line 15'],
  ['Words of the review', 'content/reviews/robert-k-cromwell.yaml, line 5'],
  ['Name of the reviewer', 'content/reviews/robert-k-cromwell.yaml, line 7'],
  ['Words of the consent', 'content/reviews/robert-k-cromwell.yaml, line 17'],
  ['Words of the review', 'content/reviews/rosa-m-caregiver.yaml, line 4'],
  ['Name of the reviewer', 'content/reviews/rosa-m-caregiver.yaml, line 6'],
  ['Words of the consent', 'content/reviews/rosa-m-caregiver.yaml, line 13'],
] as const;
/** A placeholder's line of the launch report: the field first, the file and line last. */
const placeholderLine = ([field, where]: readonly [string, string]) => new RegExp(`^  ${field.replace(/[()]/g, '\\$&')}: a placeholder \\(.*\\): write the agency's own in its place, without !placeholder  \\(${where}\\)$`, 'm');

/** The shipped content with its placeholders filled in as far as these checks read it: no placeholder, a real origin. */
async function shippedContentFilledIn() {
  const content = await loadContent(path.join(process.cwd(), 'content'));
  return { ...content, placeholders: [], site: { ...content.site, siteUrl: 'https://www.maplelanecare.org' } };
}

let project: ProjectCopy;
const file = (relative: string) => path.join(project.dir, relative);
const check = (env: Record<string, string>, cwd = project.dir) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check.ts', '--launch'], { cwd, env: { ...process.env, ...CLEAN, ...env }, encoding: 'utf8' });

/** The agency's own values in place of every placeholder, as an editor fills them in. */
function fillIn(dir: string) {
  const site = path.join(dir, 'content/site.yaml');
  writeFileSync(
    site,
    readFileSync(site, 'utf8')
      .replace(/^name: !placeholder .*$/m, 'name: Maple Lane Home Care')
      .replace(/^legalLine: !placeholder .*$/m, 'legalLine: Maple Lane Home Care, LLC. All rights reserved.')
      .replace(/^phone: !placeholder .*$/m, 'phone: (860) 201-4477')
      .replace(/^recruitingPhone: !placeholder .*$/m, 'recruitingPhone: (860) 201-4478')
      .replace(/^email: !placeholder .*$/m, 'email: care@maplelanecare.org')
      .replace(/^ {2}number: !placeholder .*$/m, '  number: HCA.0004412')
      .replace(/^siteUrl: !placeholder .*$/m, 'siteUrl: https://www.maplelanecare.org')
      .replace(/^ {4}- !placeholder intake@example\.com$/m, '    - intake@maplelanecare.org')
      .replace(/^ {2}from: !placeholder .*$/m, '  from: notifications@maplelanecare.org')
      // No HubSpot: the site's own form does the work alone.
      .replace(/^forms:\n(  .*\n)+/m, ''),
  );
  const about = path.join(dir, 'content/pages/about.yaml');
  writeFileSync(
    about,
    readFileSync(about, 'utf8')
      .replace(/source: !placeholder No published source.*$/m, 'source: "U.S. Census Bureau, 2023 American Community Survey: people 65 and older living with a disability."')
      .replace(/source: !placeholder The agency confirms.*$/m, 'source: Our on-call line answers outside office hours, every day of the year.'),
  );
  // The reviews, people and office: the agency's own words in place of the demo's (here the same words, untagged);
  // no award yet.
  for (const folder of ['reviews', 'people', 'offices']) {
    for (const name of readdirSync(path.join(dir, 'content', folder))) {
      const entry = path.join(dir, 'content', folder, name);
      writeFileSync(entry, readFileSync(entry, 'utf8').replaceAll('!placeholder ', ''));
    }
  }
  writeFileSync(path.join(dir, 'content/recognition.yaml'), 'awards: []\n');
}

beforeAll(() => {
  project = copyProject();
});
afterAll(() => project.cleanup());

describe('npm run check -- --launch', () => {
  test('fails on the shipped content, listing every placeholder with its file, line and field, and the missing backend', () => {
    const run = check({});
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('Content is valid');
    expect(run.stderr).toContain(`Not ready to launch: ${SHIPPED.length + 3} things to put right first.`);
    for (const shipped of SHIPPED) expect(run.stderr).toMatch(placeholderLine(shipped));
    expect(run.stderr).toContain('  Phone: a placeholder ("(860) 555-0142"): write the agency\'s own in its place, without !placeholder  (content/site.yaml, line 7)');
    // The spec's registration number is the demo's until the agency confirms its own.
    expect(run.stderr).toContain('  Number of the registration: a placeholder ("HCA.0002676"): write the agency\'s own in its place, without !placeholder  (content/site.yaml, line 10)');
    expect(run.stderr).toMatch(/^ {2}VITE_SUPABASE_URL {2}not set: the forms would post to the local stand-in \(http:\/\/127\.0\.0\.1:54321\)/m);
    expect(run.stderr).toMatch(/^ {2}VITE_SUPABASE_ANON_KEY {2}not set/m);
  });

  test('passes on a filled-in copy with a real backend', () => {
    const filled = copyProject();
    try {
      fillIn(filled.dir);
      const run = check({ ...BACKEND, MAIL_API_KEY: 're_mail-key' }, filled.dir);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('Ready to launch: no placeholder left; the site is https://www.maplelanecare.org, its backend https://abcdefghijklmnop.supabase.co.');
      // Mail is part of launch: without the key it is refused, saying what goes missing and the two ways out.
      const withoutMail = check(BACKEND, filled.dir);
      expect(withoutMail.status).toBe(1);
      expect(withoutMail.stderr).toContain('Not ready to launch: 1 thing to put right first.');
      expect(withoutMail.stderr).toMatch(/^ {2}MAIL_API_KEY {2}is not set, so no e-mail is sent: families and applicants get no reply, staff hear of no new request, and nobody can be invited to \/admin/m);
      expect(withoutMail.stderr).toContain('Set MAIL_API_KEY (a Resend API key, https://resend.com/api-keys), or, to launch without e-mail all the same, set LAUNCH_WITHOUT_EMAIL=yes');
      // The owner's explicit choice passes, and is told again what it costs.
      const chosen = check({ ...BACKEND, LAUNCH_WITHOUT_EMAIL: 'yes' }, filled.dir);
      expect(chosen.status).toBe(0);
      expect(chosen.stderr).toMatch(/^Warning: LAUNCH_WITHOUT_EMAIL=yes and MAIL_API_KEY is not set: no e-mail is sent: families and applicants get no reply/m);
    } finally {
      filled.cleanup();
    }
  });
});

describe('the backend and origin a launch cannot have', () => {
  let content: Awaited<ReturnType<typeof shippedContentFilledIn>>;
  beforeAll(async () => {
    content = await shippedContentFilledIn();
  });
  const launch = (env: Record<string, string>) => launchProblems({ ...content, reservedValues: [] }, { ...BACKEND, ...env });
  const messages = (env: Record<string, string>) => launch(env).map((problem) => `${problem.file}  ${problem.message}`);

  test.each([
    ['the stand-in', 'http://127.0.0.1:54321', /points at this machine \(http:\/\/127\.0\.0\.1:54321\)/],
    ['localhost', 'https://localhost:54321', /points at this machine/],
    ['IPv6 loopback', 'https://[::1]:54321', /points at this machine/],
    ['plain http', 'http://abcdefghijklmnop.supabase.co', /expected an https address, found http/],
    ['not an address', 'abcdefghijklmnop.supabase.co', /expected an https address, found "abcdefghijklmnop\.supabase\.co"/],
  ])('refuses a Supabase URL on %s', (_, url, message) => {
    const found = messages({ VITE_SUPABASE_URL: url });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^VITE_SUPABASE_URL  ${message.source}`));
  });

  test("refuses the stand-in's public demo key", () => {
    expect(messages({ VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY })).toEqual(["VITE_SUPABASE_ANON_KEY  is the local stand-in's public demo key. Set it to the project's own anon key, from its API settings"]);
  });

  test('refuses a site origin on this machine or over http, naming SITE_URL when it sets the origin', () => {
    expect(messages({ SITE_URL: 'http://localhost:3000' })).toEqual(['SITE_URL  points at this machine (http://localhost:3000), which no visitor can reach']);
    expect(messages({ SITE_URL: 'http://www.maplelanecare.org' })[0]).toMatch(/^SITE_URL {2}expected an https address, found http/);
    expect(launchProblems({ ...content, reservedValues: [], site: { ...content.site, siteUrl: 'http://www.maplelanecare.org' } }, BACKEND)).toMatchObject([{ file: 'content/site.yaml', path: ['siteUrl'] }]);
    expect(messages({})).toEqual([]);
  });
});

describe('addresses no visitor can reach', () => {
  let content: Awaited<ReturnType<typeof shippedContentFilledIn>>;
  beforeAll(async () => {
    content = await shippedContentFilledIn();
  });
  const problemsFor = (variable: 'VITE_SUPABASE_URL' | 'SITE_URL', url: string) =>
    launchProblems({ ...content, reservedValues: [] }, { ...BACKEND, [variable]: url }).map((problem) => `${problem.file}  ${problem.message}`);

  // Each as written, and as the WHATWG URL parser (the browser's) reads it.
  const THIS_MACHINE = [
    'https://localhost',
    'https://localhost.',
    'https://LOCALHOST.:8443',
    'https://app.localhost',
    'https://127.0.0.1',
    'https://127.9.8.7',
    'https://127.1',
    'https://2130706433',
    'https://0x7f.1',
    'https://017700000001',
    'https://[::1]',
    'https://[0:0:0:0:0:0:0:1]',
    'https://[::ffff:127.0.0.1]',
    'https://0.0.0.0',
    'https://0',
    'https://[::]',
  ];
  const LOCAL_NETWORK = [
    ['https://10.1.2.3', 'a private or local network address'],
    ['https://172.16.0.5', 'a private or local network address'],
    ['https://172.31.255.254', 'a private or local network address'],
    ['https://192.168.1.20', 'a private or local network address'],
    ['https://169.254.169.254', 'a private or local network address'],
    ['https://100.64.0.1', 'a private or local network address'],
    ['https://[fe80::1]', 'a private or local network address'],
    ['https://[fd12:3456::1]', 'a private or local network address'],
    ['https://[::ffff:192.168.0.1]', 'a private or local network address'],
    ['https://nas.local', 'a name known only on a local network'],
    ['https://supabase.internal', 'a name known only on a local network'],
    ['https://router.lan', 'a name known only on a local network'],
    ['https://pi.home.arpa', 'a name known only on a local network'],
    ['https://nas-box', 'a name without a domain'],
    ['https://api.example.test', 'a name reserved for examples'],
    ['https://www.example.com', 'a name reserved for examples'],
  ] as const;

  describe.each(['VITE_SUPABASE_URL', 'SITE_URL'] as const)('as %s', (variable) => {
    test.each(THIS_MACHINE)('refuses %s as this machine', (url) => {
      expect(problemsFor(variable, url)).toEqual([`${variable}  points at this machine (${url}), which no visitor can reach${variable === 'VITE_SUPABASE_URL' ? ". Set it to the Supabase project's URL, https://<project>.supabase.co" : ''}`]);
    });

    test.each(LOCAL_NETWORK)('refuses %s as %s', (url, what) => {
      const found = problemsFor(variable, url);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(new RegExp(`^${variable}  points at ${what} \\(${url.replace(/[.[\]]/g, '\\$&')}\\), which no visitor on the internet can reach`));
    });

    test.each(['https://abcdefghijklmnop.supabase.co', 'https://172.32.0.1', 'https://8.8.8.8', 'https://[2606:4700:4700::1111]', 'https://www.localhost-care.org'])('accepts %s, reachable from the internet', (url) => {
      expect(problemsFor(variable, url)).toEqual([]);
    });
  });

  describe('public names that point back at this machine (wildcard DNS)', () => {
    const REFUSED = [
      ['https://127.0.0.1.nip.io', "this machine, by nip.io's wildcard DNS (127.0.0.1 is written in the name)"],
      ['https://app.127.0.0.1.nip.io', "this machine, by nip.io's wildcard DNS (127.0.0.1 is written in the name)"],
      ['https://APP-127-0-0-1.sslip.io.', "this machine, by sslip.io's wildcard DNS (127.0.0.1 is written in the name)"],
      ['https://7f000001.nip.io', "this machine, by nip.io's wildcard DNS (127.0.0.1 is written in the name)"],
      ['https://site-7f000001.nip.io', "this machine, by nip.io's wildcard DNS (127.0.0.1 is written in the name)"],
      ['https://--1.sslip.io', "this machine, by sslip.io's wildcard DNS (::1 is written in the name)"],
      ['https://10.0.0.5.nip.io', "a private or local network address, by nip.io's wildcard DNS (10.0.0.5 is written in the name)"],
      ['https://192-168-1-20.traefik.me', "a private or local network address, by traefik.me's wildcard DNS (192.168.1.20 is written in the name)"],
      ['https://fe80--1.sslip.io', "a private or local network address, by sslip.io's wildcard DNS (fe80::1 is written in the name)"],
      ['https://localtest.me', "this machine, by localtest.me's wildcard DNS (every name under it is 127.0.0.1)"],
      ['https://www.lvh.me', "this machine, by lvh.me's wildcard DNS (every name under it is 127.0.0.1)"],
      ['https://staging.localho.st', "this machine, by localho.st's wildcard DNS (every name under it is 127.0.0.1)"],
    ] as const;

    describe.each(['VITE_SUPABASE_URL', 'SITE_URL'] as const)('as %s', (variable) => {
      test.each(REFUSED)('refuses %s: %s', (url, why) => {
        const hint = variable === 'VITE_SUPABASE_URL' ? ". Set it to the Supabase project's URL, https://<project>.supabase.co" : '';
        expect(problemsFor(variable, url)).toEqual([`${variable}  points at ${why} (${url}), which no visitor on the internet can reach${hint}`]);
      });

      test.each(['https://8.8.8.8.nip.io', 'https://app.nip.io', 'https://www.nip-io-care.org', 'https://lvh.me.example-agency.org'])('accepts %s, whose name points at a public address or is not under such a service', (url) => {
        expect(problemsFor(variable, url)).toEqual([]);
      });
    });

    test('npm run check -- --launch refuses SITE_URL=https://127.0.0.1.nip.io, with the reason', () => {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check.ts', '--launch'], { encoding: 'utf8', env: { ...process.env, ...BACKEND, SITE_URL: 'https://127.0.0.1.nip.io' } });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("SITE_URL  points at this machine, by nip.io's wildcard DNS (127.0.0.1 is written in the name) (https://127.0.0.1.nip.io), which no visitor on the internet can reach");
    });
  });
});

describe("the names' actual addresses, where the network can be asked (--resolve: the deploy's preflight)", () => {
  let content: Awaited<ReturnType<typeof shippedContentFilledIn>>;
  beforeAll(async () => {
    content = await shippedContentFilledIn();
  });
  // The machine running the tests reaches no public DNS: the resolver's answers are given here, as it would give them.
  const answers = (table: Record<string, string[] | string>): Lookup => async (hostname) => {
    const answer = table[hostname];
    if (answer === undefined || typeof answer === 'string') throw Object.assign(new Error(`getaddrinfo ${answer ?? 'ENOTFOUND'} ${hostname}`), { code: answer ?? 'ENOTFOUND' });
    return answer.map((address) => ({ address }));
  };
  const env = { ...CLEAN, ...BACKEND, SITE_URL: 'https://www.maplelanecare.org' };

  test.each([
    ['www.maplelanecare.org', ['10.0.0.5'], 'SITE_URL', 'a private or local network address (www.maplelanecare.org resolves to 10.0.0.5)'],
    ['www.maplelanecare.org', ['203.0.113.9', '::1'], 'SITE_URL', 'this machine (www.maplelanecare.org resolves to ::1)'],
    ['abcdefghijklmnop.supabase.co', ['127.0.0.1'], 'VITE_SUPABASE_URL', 'this machine (abcdefghijklmnop.supabase.co resolves to 127.0.0.1)'],
    ['abcdefghijklmnop.supabase.co', ['169.254.169.254'], 'VITE_SUPABASE_URL', 'a private or local network address (abcdefghijklmnop.supabase.co resolves to 169.254.169.254)'],
  ])('refuses %s resolving to %o, as %s: %s', async (host, addresses, variable, why) => {
    const resolved = await resolvedAddressProblems(content, env, answers({ 'www.maplelanecare.org': ['93.184.215.14'], 'abcdefghijklmnop.supabase.co': ['104.18.38.10'], [host]: addresses }));
    expect(resolved.problems.map((problem) => `${problem.file}  ${problem.message}`)).toEqual([expect.stringContaining(`${variable}  points at ${why}, which no visitor on the internet can reach.`)]);
    expect(launchReport(resolved.problems)).toContain(`${variable}  points at ${why}`);
  });

  test('public addresses pass; a name with no address yet is a warning, not a refusal', async () => {
    expect(await resolvedAddressProblems(content, env, answers({ 'www.maplelanecare.org': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'], 'abcdefghijklmnop.supabase.co': ['104.18.38.10'] }))).toEqual({ problems: [], warnings: [] });
    const fresh = await resolvedAddressProblems(content, env, answers({ 'abcdefghijklmnop.supabase.co': ['104.18.38.10'] }));
    expect(fresh.problems).toEqual([]);
    expect(fresh.warnings).toEqual(['SITE_URL: www.maplelanecare.org has no address in DNS yet (ENOTFOUND); it could not be checked. Once its records are set, run `npm run check -- --launch --resolve` again.']);
  });

  test('the site address from site.yaml is resolved when SITE_URL is not set, and named by its file and field', async () => {
    const resolved = await resolvedAddressProblems(content, { ...env, SITE_URL: '' }, answers({ 'www.maplelanecare.org': ['192.168.1.20'], 'abcdefghijklmnop.supabase.co': ['104.18.38.10'] }));
    expect(resolved.problems).toEqual([expect.objectContaining({ file: 'content/site.yaml', path: ['siteUrl'] })]);
  });

  test('the deploy runs the launch check with --resolve', () => {
    expect(deploySteps(process.cwd(), {})[0]!.commands[0]!.args).toEqual(['run', 'check', '--', '--launch', '--resolve', '--deploy']);
  });
});

describe('the key a launch cannot have', () => {
  let content: Awaited<ReturnType<typeof shippedContentFilledIn>>;
  beforeAll(async () => {
    content = await shippedContentFilledIn();
  });
  const keyProblems = (key: string) => launchProblems({ ...content, reservedValues: [] }, { ...BACKEND, VITE_SUPABASE_ANON_KEY: key });
  const WHERE = 'Use the public key instead: Supabase dashboard > Project Settings > API, the anon (legacy) or publishable key';

  test.each([
    ["a hosted project's service_role JWT", SERVICE_ROLE_KEY, 'is a secret key (a service_role JWT), which bypasses every access rule'],
    ['an sb_secret_ key', SECRET_KEY, 'is a secret key (sb_secret_…), which bypasses every access rule'],
    ['a JWT of another role', jwt({ role: 'authenticated', sub: 'c0ffee' }), 'is a JWT whose role is "authenticated", not "anon"'],
    ['a JWT without a role', jwt({ iss: 'supabase' }), 'is not a Supabase public key (neither a JWT nor an sb_publishable_… key)'],
    ['neither a JWT nor a publishable key', 'my-anon-key-1234567890abcdef', 'is not a Supabase public key (neither a JWT nor an sb_publishable_… key)'],
  ])('refuses %s, naming the variable and where the public key is, without printing the key', (_, key, message) => {
    const found = keyProblems(key);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: 'VITE_SUPABASE_ANON_KEY', path: [] });
    expect(found[0]!.message).toContain(message);
    expect(found[0]!.message).toContain(WHERE);
    expect(launchReport(found)).not.toContain(key);
    expect(launchReport(found)).not.toContain(key.slice(-12));
  });

  test.each([
    ['a publishable key', PUBLISHABLE_KEY],
    ["a hosted project's anon JWT", BACKEND.VITE_SUPABASE_ANON_KEY],
  ])('accepts %s', (_, key) => {
    expect(keyProblems(key)).toEqual([]);
  });

  test('npm run check -- --launch names the service_role key without printing it', () => {
    const run = check({ ...BACKEND, VITE_SUPABASE_ANON_KEY: SERVICE_ROLE_KEY });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^ {2}VITE_SUPABASE_ANON_KEY {2}is a secret key \(a service_role JWT\)/m);
    expect(run.stdout + run.stderr).not.toContain(SERVICE_ROLE_KEY.split('.')[1]);
  });
});

describe('what is recognised as a production build', () => {
  let eventDir: string;
  /** A GitHub event payload, as the runner writes it at GITHUB_EVENT_PATH. */
  let pushToMain: string;
  let pushToTrunk: string;
  beforeAll(() => {
    eventDir = mkdtempSync(path.join(tmpdir(), 'github-event-'));
    pushToMain = path.join(eventDir, 'main.json');
    pushToTrunk = path.join(eventDir, 'trunk.json');
    writeFileSync(pushToMain, JSON.stringify({ ref: 'refs/heads/main', repository: { name: 'site', default_branch: 'main' } }));
    writeFileSync(pushToTrunk, JSON.stringify({ ref: 'refs/heads/trunk', repository: { name: 'site', default_branch: 'trunk' } }));
  });
  afterAll(() => rmSync(eventDir, { recursive: true, force: true }));
  const github = (event: string, ref: string, payload?: () => string) => ({ GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: event, GITHUB_REF: ref, ...(payload ? { GITHUB_EVENT_PATH: payload() } : {}) });

  test.each<[string, () => Record<string, string>, string | undefined]>([
    ['no host at all', () => ({}), undefined],
    ['SITE_URL', () => ({ SITE_URL: 'https://www.maplelanecare.org' }), 'SITE_URL is set'],
    ['a Netlify production deploy', () => ({ CONTEXT: 'production' }), 'CONTEXT=production (a Netlify production deploy)'],
    ['a Netlify deploy preview', () => ({ CONTEXT: 'deploy-preview' }), undefined],
    ['a Netlify branch deploy', () => ({ CONTEXT: 'branch-deploy' }), undefined],
    ['a Vercel production deploy', () => ({ VERCEL_ENV: 'production' }), 'VERCEL_ENV=production (a Vercel production deploy)'],
    ['a Vercel preview', () => ({ VERCEL_ENV: 'preview' }), undefined],
    ['a Cloudflare Pages build, the production branch unnamed', () => ({ CF_PAGES: '1', CF_PAGES_BRANCH: 'feature-x' }), 'CF_PAGES is set (a Cloudflare Pages build)'],
    ['a Cloudflare Pages build of PRODUCTION_BRANCH', () => ({ CF_PAGES: '1', CF_PAGES_BRANCH: 'main', PRODUCTION_BRANCH: 'main' }), 'CF_PAGES is set (a Cloudflare Pages build of the production branch, main)'],
    ['a Cloudflare Pages preview of another branch', () => ({ CF_PAGES: '1', CF_PAGES_BRANCH: 'feature-x', PRODUCTION_BRANCH: 'main' }), undefined],
    ['a Render deploy', () => ({ RENDER: 'true', IS_PULL_REQUEST: 'false', RENDER_GIT_BRANCH: 'main' }), 'RENDER=true and IS_PULL_REQUEST is not true (a Render deploy, not a pull request preview)'],
    ['a Render pull request preview', () => ({ RENDER: 'true', IS_PULL_REQUEST: 'true', RENDER_GIT_BRANCH: 'feature-x' }), undefined],
    ['a Render deploy of a branch other than PRODUCTION_BRANCH', () => ({ RENDER: 'true', IS_PULL_REQUEST: 'false', RENDER_GIT_BRANCH: 'staging', PRODUCTION_BRANCH: 'main' }), undefined],
    ['an AWS Amplify deploy', () => ({ AWS_APP_ID: 'd1a2b3c4d5e6f7', AWS_BRANCH: 'main' }), 'AWS_APP_ID is set and AWS_PULL_REQUEST_ID is not (an AWS Amplify deploy of the branch main)'],
    ['an AWS Amplify pull request preview', () => ({ AWS_APP_ID: 'd1a2b3c4d5e6f7', AWS_BRANCH: 'pr-7', AWS_PULL_REQUEST_ID: '7' }), undefined],
    ['an AWS Amplify deploy of a branch other than PRODUCTION_BRANCH', () => ({ AWS_APP_ID: 'd1a2b3c4d5e6f7', AWS_BRANCH: 'dev', PRODUCTION_BRANCH: 'main' }), undefined],
    ['a GitHub Actions push to the default branch', () => github('push', 'refs/heads/main', () => pushToMain), 'GITHUB_ACTIONS=true, a push on the default branch, main (a GitHub Actions build, as GitHub Pages publishes)'],
    ['a GitHub Actions push to a default branch named trunk', () => github('push', 'refs/heads/trunk', () => pushToTrunk), 'GITHUB_ACTIONS=true, a push on the default branch, trunk (a GitHub Actions build, as GitHub Pages publishes)'],
    ['a manual GitHub Actions run on the default branch', () => github('workflow_dispatch', 'refs/heads/main', () => pushToMain), 'GITHUB_ACTIONS=true, a workflow_dispatch on the default branch, main (a GitHub Actions build, as GitHub Pages publishes)'],
    ['a GitHub Actions push to PRODUCTION_BRANCH, with no payload', () => ({ ...github('push', 'refs/heads/main'), PRODUCTION_BRANCH: 'main' }), 'GITHUB_ACTIONS=true, a push on the default branch, main (a GitHub Actions build, as GitHub Pages publishes)'],
    ['a GitHub Actions push to another branch', () => github('push', 'refs/heads/feature-x', () => pushToMain), undefined],
    ['a GitHub Actions pull request', () => github('pull_request', 'refs/pull/7/merge', () => pushToMain), undefined],
  ])('%s', (_, env, reason) => {
    expect(productionSignal({ ...CLEAN, ...env() })?.reason).toBe(reason);
  });
});

describe('reserved fictional values', () => {
  test('an untagged 555-0142 number in a service file is listed with its file, line and field', async () => {
    const copy = copyContent();
    try {
      copy.edit('services/foot-care.yaml', 'waits and takes notes for you.', 'waits and takes notes for you. Questions? Call 555-0142.');
      const content = await loadContent(copy.root);
      const line = copy.read('services/foot-care.yaml').split('\n').findIndex((text) => text.includes('Call 555-0142')) + 1;
      const report = launchReport(launchProblems({ ...content, reservedValues: reservedValues(copy.root) }, BACKEND));
      expect(report).toContain(`  Description of the 3rd feature: a phone number reserved for fiction (555-01xx), which rings no one ("555-0142"): write the agency's own in its place  (content/services/foot-care.yaml, line ${line})`);
    } finally {
      copy.cleanup();
    }
  });

  test.each([
    ['(860) 555-0123', 'phone'],
    ['860-555-0199', 'phone'],
    ['860.555.0100', 'phone'],
    ['+1 860 555 0100', 'phone'],
    ['+18605550142', 'phone'],
    ['care@example.com', 'example-address'],
    ['https://www.example.org/about', 'example-address'],
    ['jobs@careers.example.net', 'example-address'],
    ['https://portal.agency.test', 'reserved-host'],
    ['help@desk.invalid', 'reserved-host'],
    ['https://site.example', 'reserved-host'],
    ['http://app.localhost:3000', 'reserved-host'],
  ])('finds %s, untagged, in a job file and an MDX body', async (value, kind) => {
    const copy = copyContent();
    try {
      const job = readdirSync(path.join(copy.root, 'jobs'))[0]!;
      copy.write(`jobs/${job}`, `${copy.read(`jobs/${job}`)}# A comment is never shown: ${value}\n`);
      copy.edit(`jobs/${job}`, /^title: (.*)$/m, `title: $1 (ask ${value})`);
      copy.write('services/24-hour-care.mdx', `${copy.read('services/24-hour-care.mdx')}\nWrite to us: ${value}.\n`);
      const found = reservedValues(copy.root);
      expect(found.map(({ file, path: field, value: text, kind: what }) => ({ file, field, text, what }))).toEqual([
        { file: `content/jobs/${job}`, field: ['title'], text: value, what: kind },
        { file: 'content/services/24-hour-care.mdx', field: [], text: value, what: kind },
      ]);
    } finally {
      copy.cleanup();
    }
  });

  test('npm run check passes with an untagged reserved value; with --launch it is listed', () => {
    const copy = copyProject();
    try {
      const service = path.join(copy.dir, 'content/services/companionship.yaml');
      writeFileSync(service, readFileSync(service, 'utf8').replace(/^( {2}description: .*)$/m, '$1 Call (860) 555-0177.'));
      const plain = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check.ts'], { cwd: copy.dir, env: { ...process.env, ...CLEAN }, encoding: 'utf8' });
      expect(plain.stderr).toBe('');
      expect(plain.status).toBe(0);
      const run = check({}, copy.dir);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/^ {2}Description of the top of the page: a phone number reserved for fiction \(555-01xx\), which rings no one \("\(860\) 555-0177"\).*  \(content\/services\/companionship\.yaml, line \d+\)$/m);
    } finally {
      copy.cleanup();
    }
  });
});

describe('a production build', () => {
  test.each([
    ['SITE_URL is set', { SITE_URL: 'https://www.maplelanecare.org' }],
    ['CONTEXT=production (a Netlify production deploy)', { CONTEXT: 'production' }],
    ['CF_PAGES is set (a Cloudflare Pages build)', { CF_PAGES: '1' }],
    ['RENDER=true and IS_PULL_REQUEST is not true (a Render deploy, not a pull request preview)', { RENDER: 'true', IS_PULL_REQUEST: 'false' }],
    ['AWS_APP_ID is set and AWS_PULL_REQUEST_ID is not (an AWS Amplify deploy of the branch main)', { AWS_APP_ID: 'd1a2b3c4d5e6f7', AWS_BRANCH: 'main' }],
  ])('with %s fails on the shipped content, listing every placeholder, and leaves nothing to deploy', (signal, env) => {
    const run = project.build({ ...CLEAN, ...BACKEND, ...env });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`This is a production build (${signal}), and the site is not ready to launch.`);
    expect(run.stderr).toContain(`Not ready to launch: ${SHIPPED.length} things to put right first.`);
    for (const shipped of SHIPPED) expect(run.stderr).toMatch(placeholderLine(shipped));
    expect(existsSync(file('dist/client'))).toBe(false);
  }, 240_000);

  test.each([
    ['a production build', { SITE_URL: 'https://www.maplelanecare.org' }],
    ['a development build', {}],
  ])('with the service_role key as VITE_SUPABASE_ANON_KEY: %s of a filled-in copy fails before bundling, and no file holds the key', (_, env) => {
    const filled = copyProject();
    try {
      fillIn(filled.dir);
      const run = filled.build({ ...CLEAN, ...BACKEND, VITE_SUPABASE_ANON_KEY: SERVICE_ROLE_KEY, ...env });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('A secret key would be built into the site.');
      expect(run.stderr).toMatch(/^ {2}VITE_SUPABASE_ANON_KEY {2}is a secret key \(a service_role JWT\)/m);
      expect(run.stdout + run.stderr).not.toContain(SERVICE_ROLE_KEY.split('.')[1]);
      // Nothing written anywhere in the project (dist/, the bundle cache) holds it.
      const holding = readdirSync(filled.dir, { recursive: true, encoding: 'utf8' })
        .filter((name) => !name.startsWith('node_modules'))
        .filter((name) => {
          try {
            return readFileSync(path.join(filled.dir, name), 'utf8').includes(SERVICE_ROLE_KEY.split('.')[1]!);
          } catch {
            return false;
          }
        });
      expect(holding).toEqual([]);
      expect(existsSync(path.join(filled.dir, 'dist/client'))).toBe(false);
    } finally {
      filled.cleanup();
    }
  }, 240_000);

  test('of a filled-in copy builds for its real backend, with the figures and their sources on /about', () => {
    const filled = copyProject();
    try {
      fillIn(filled.dir);
      const run = filled.build({ ...CLEAN, ...BACKEND, SITE_URL: 'https://www.maplelanecare.org' });
      expect(run.stderr).not.toMatch(/error|failed/i);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('Backend: https://abcdefghijklmnop.supabase.co (VITE_SUPABASE_URL).');
      const contact = readFileSync(path.join(filled.dir, 'dist/client/contact/index.html'), 'utf8');
      expect(contact).toContain('action="https://abcdefghijklmnop.supabase.co/functions/v1/submit-inquiry"');
      expect(contact).not.toContain('127.0.0.1');
      expect(readFileSync(path.join(filled.dir, 'dist/client/about/index.html'), 'utf8')).toContain('U.S. Census Bureau, 2023 American Community Survey');
    } finally {
      filled.cleanup();
    }
  }, 240_000);
});

describe('a development build of the shipped content', () => {
  test('says in one line that it targets the local stand-in, and shows an unconfirmed figure without the editor\'s note', () => {
    const run = project.build(CLEAN);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Backend: the local Supabase stand-in, http:\/\/127\.0\.0\.1:54321 \(VITE_SUPABASE_URL is not set\): a development build\./m);
    const about = readFileSync(file('dist/client/about/index.html'), 'utf8');
    const figures = [...about.matchAll(/<div><dt>([^<]*)<\/dt><dd class="value">([^<]*)<\/dd>(.*?)<\/div>/g)].map(([, label, value, rest]) => ({
      label,
      value,
      source: /Source:<\/span> (?:<!-- -->)?([^<]*)/.exec(rest!)?.[1],
    }));
    expect(figures).toEqual([
      { label: 'Americans need home care', value: '10M+', source: undefined },
      { label: 'of seniors prefer aging at home', value: '90%', source: expect.stringContaining('AARP Public Policy Institute') },
      { label: 'Support when you need it, by phone', value: '24/7', source: undefined },
      { label: 'Caregivers background checked', value: '100%', source: expect.stringContaining('every caregiver passes a background check') },
    ]);
    expect(about).not.toMatch(/agency to confirm|agency confirms|No published source/i);
  }, 240_000);
});
