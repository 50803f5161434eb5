/**
 * The launch check (src/launch.ts): `npm run check -- --launch` lists every placeholder the shipped content
 * marks, with its file, line and field, and the backend a production build cannot have; a production build (SITE_URL
 * set, or a host's production signal) fails the same way and leaves nothing to deploy; a filled-in copy passes and
 * builds for its real backend; a development build says in one line which backend it targets. And /about shows
 * an unconfirmed figure without the editor's note.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyProject, type ProjectCopy } from '../../scripts/lib/projectCopy.ts';
import { loadContent } from '../../src/content/loader.ts';
import { launchProblems } from '../../src/launch.ts';
import { LOCAL_ANON_KEY } from '../../src/localBackend.ts';

/** A real project's backend, as the agency would set it when deploying. */
const BACKEND = { VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co', VITE_SUPABASE_ANON_KEY: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiIsInJlZiI6ImFiY2RlZmdoaWprbG1ub3AifQ.c2lnbmF0dXJl' };
/** No production signal and no backend from the machine running the tests. */
const CLEAN = { SITE_URL: '', CONTEXT: '', CF_PAGES: '', VERCEL_ENV: '', VITE_SUPABASE_URL: '', VITE_SUPABASE_ANON_KEY: '' };

/** Every placeholder the shipped content marks: file:line:column, field. */
const SHIPPED = [
  'content/pages/about.yaml:47:13  stats[0].source',
  'content/pages/about.yaml:53:13  stats[2].source',
  'content/site.yaml:4:7  name',
  'content/site.yaml:5:12  legalLine',
  'content/site.yaml:7:8  phone',
  'content/site.yaml:8:8  email',
  'content/site.yaml:45:13  forms.portalId',
  'content/site.yaml:46:18  forms.contactFormId',
  'content/site.yaml:47:18  forms.careersFormId',
  'content/site.yaml:54:7  notifications.to[0]',
  'content/site.yaml:55:9  notifications.from',
  'content/site.yaml:59:10  siteUrl',
];

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
      .replace(/^email: !placeholder .*$/m, 'email: care@maplelanecare.org')
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
    expect(run.stderr).toContain(`Not ready to launch: ${SHIPPED.length + 2} things to put right first.`);
    for (const where of SHIPPED) expect(run.stderr).toContain(`  ${where}  a placeholder (`);
    expect(run.stderr).toContain('content/site.yaml:7:8  phone  a placeholder ("(860) 555-0142"): write the agency\'s own in its place, without !placeholder');
    expect(run.stderr).toMatch(/^ {2}VITE_SUPABASE_URL {2}not set: the forms would post to the local stand-in \(http:\/\/127\.0\.0\.1:54321\)/m);
    expect(run.stderr).toMatch(/^ {2}VITE_SUPABASE_ANON_KEY {2}not set/m);
  });

  test('passes on a filled-in copy with a real backend', () => {
    const filled = copyProject();
    try {
      fillIn(filled.dir);
      const run = check(BACKEND, filled.dir);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('Ready to launch: no placeholder left; the site is https://www.maplelanecare.org, its backend https://abcdefghijklmnop.supabase.co.');
    } finally {
      filled.cleanup();
    }
  });
});

describe('the backend and origin a launch cannot have', () => {
  let content: Awaited<ReturnType<typeof loadContent>>;
  beforeAll(async () => {
    content = { ...(await loadContent(path.join(process.cwd(), 'content'))), placeholders: [] };
  });
  const messages = (env: Record<string, string>) => launchProblems(content, { ...BACKEND, ...env }).map((problem) => `${problem.file}  ${problem.message}`);

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
    expect(launchProblems({ ...content, site: { ...content.site, siteUrl: 'http://www.maplelanecare.org' } }, BACKEND)).toMatchObject([{ file: 'content/site.yaml', path: ['siteUrl'] }]);
    expect(messages({})).toEqual([]);
  });
});

describe('a production build', () => {
  test.each([
    ['SITE_URL is set', { SITE_URL: 'https://www.maplelanecare.org' }],
    ['CONTEXT=production (a Netlify production deploy)', { CONTEXT: 'production' }],
    ['CF_PAGES is set (a Cloudflare Pages build)', { CF_PAGES: '1' }],
  ])('with %s fails on the shipped content, listing every placeholder, and leaves nothing to deploy', (signal, env) => {
    const run = project.build({ ...CLEAN, ...BACKEND, ...env });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`This is a production build (${signal}), and the site is not ready to launch.`);
    expect(run.stderr).toContain(`Not ready to launch: ${SHIPPED.length} things to put right first.`);
    for (const where of SHIPPED) expect(run.stderr).toContain(`  ${where}  a placeholder (`);
    expect(existsSync(file('dist/client'))).toBe(false);
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
