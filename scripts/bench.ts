/**
 * `npm run bench`: the performance figures the issues ask for, measured on this machine.
 *   - build time of the site as it is;
 *   - build time with 1,000 extra generated service files: marginal ms per page, peak memory;
 *   - gzipped JavaScript each public page loads (none without the application form; its script with it);
 *   - the dashboard's JavaScript and speed, and the time from sending an application to the thank-you page.
 * Builds run in throw-away copies of the project, so the real dist/ and content/ are untouched.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { measureAdmin } from './lib/adminBench.ts';
import { measureApply } from './lib/applyBench.ts';
import { freePorts } from './lib/freePorts.ts';
import { copyProject } from './lib/projectCopy.ts';
import { UNLISTED_ROUTES } from '../src/routes.ts';

const EXTRA_PAGES = 1000;
// The measured site is built for a stand-in on a free port, so a running `npm start` is never in the way.
const [API_PORT] = freePorts(1) as [number];
const RUNS = 2;
const fixture = readFileSync('tests/fixtures/foot-care.yaml', 'utf8');

function extraService(index: number): string {
  // The file name (generated-service-NNNN.yaml) is the page's address and id; a description of its own is all a copy needs.
  return fixture.replace(/^description: (.*)$/m, `description: Generated page ${index} for the build benchmark, with a description of its own.`);
}

/** The dashboard's JavaScript (gzipped), and its speed at 30 and 10,000 applications. */
async function adminFigures(client: string) {
  const html = readFileSync(path.join(client, 'admin/index.html'), 'utf8');
  const gz = (file: string) => gzipSync(readFileSync(path.join(client, file))).length;
  const initialFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const initial = initialFiles.reduce((sum, file) => sum + gz(file), 0);
  // Built with VITE_POSTHOG_KEY, the dashboard also loads analytics lazily once it is usable: posthog-js, not
  // the dashboard's own code, so reported on its own line and left out of the 150 KB budget.
  const analyticsFiles = analyticsChunks(path.join(client, '../assets.json'));
  const analytics = analyticsFiles.reduce((sum, file) => sum + gz(file), 0);
  // Everything else under assets/chunks is loaded by the dashboard after sign-in (public pages load no JS).
  const later = readdirSync(path.join(client, 'assets/chunks'))
    .map((file) => `assets/chunks/${file}`)
    .filter((file) => file.endsWith('.js') && !initialFiles.includes(file) && !analyticsFiles.includes(file))
    .reduce((sum, file) => sum + gz(file), 0);
  const small = await measureAdmin(client, 30, false, API_PORT);
  const large = await measureAdmin(client, 10_000, true, API_PORT);
  const apply = await measureApply(client, API_PORT);
  return { initialKb: initial / 1024, totalKb: (initial + later) / 1024, analyticsKb: analytics / 1024, small, large, apply };
}

/** The files of the analytics chunk (src/analytics/start.ts) in Vike's manifest, with the chunks only it imports. */
function analyticsChunks(manifestFile: string): string[] {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; imports?: string[] }>;
  const start = manifest['src/analytics/start.ts'];
  if (!start) return [];
  const importedElsewhere = (key: string) => Object.values(manifest).some((item) => item !== start && item.imports?.includes(key));
  return [start.file, ...(start.imports ?? []).filter((key) => !importedElsewhere(key)).map((key) => manifest[key]!.file)];
}

async function bestBuild(addPages: number) {
  const project = copyProject();
  try {
    for (let i = 1; i <= addPages; i++) {
      writeFileSync(path.join(project.dir, `content/services/generated-service-${String(i).padStart(4, '0')}.yaml`), extraService(i));
    }
    const runs = Array.from({ length: RUNS }, () => project.build({ VITE_SUPABASE_URL: `http://127.0.0.1:${API_PORT}` }));
    const failed = runs.find((run) => run.status !== 0);
    if (failed) throw new Error(`build failed:\n${failed.stderr}`);
    const best = runs.reduce((a, b) => (a.seconds <= b.seconds ? a : b));
    const client = path.join(project.dir, 'dist/client');
    return {
      seconds: best.seconds,
      maxRssMb: Math.max(...runs.map((r) => r.maxRssKb)) / 1024,
      jsPerPage: addPages ? undefined : jsPerPage(client),
      admin: addPages ? undefined : await adminFigures(client),
    };
  } finally {
    project.cleanup();
  }
}

/** Gzipped bytes of every script a page loads: <script src>, module preloads and inline scripts (JSON-LD is data, not code). */
function jsPerPage(client: string): Map<string, number> {
  const sizes = new Map<string, number>();
  const pages = readdirSync(client, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
  for (const page of pages) {
    const html = readFileSync(path.join(client, page), 'utf8');
    let bytes = 0;
    for (const [, src] of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)) {
      bytes += gzipSync(readFileSync(path.join(client, src!.replace(/^\//, '')))).length;
    }
    for (const [, attrs, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (!attrs!.includes('src=') && !attrs!.includes('application/ld+json')) bytes += gzipSync(body!).length;
    }
    sizes.set(`/${page.replace(/index\.html$/, '')}`.replace(/\/$/, '') || '/', bytes);
  }
  return sizes;
}

/** Peak memory of the validating parent process alone (it waits, idle, while the Vike child builds). */
function validationRssMb(): number {
  const run = spawnSync('/usr/bin/time', ['-f', 'maxrss=%M', process.execPath, '--import', 'tsx', 'scripts/check.ts'], { encoding: 'utf8' });
  return Number(/maxrss=(\d+)/.exec(run.stderr)?.[1]) / 1024;
}

console.log(`Building twice per case and keeping the faster run (this takes a minute)...\n`);
const base = await bestBuild(0);
const large = await bestBuild(EXTRA_PAGES);
const marginalMs = ((large.seconds - base.seconds) * 1000) / EXTRA_PAGES;
const js = [...base.jsPerPage!.entries()].filter(([page]) => page !== '/admin');
// Pages with a form load the one form script: the application form (/careers and each job's page) and the
// contact form card (home and /contact). Every other public page loads none.
const hasApplicationForm = (page: string) => page === '/careers' || (page.startsWith('/careers/') && !UNLISTED_ROUTES.includes(page));
const hasContactForm = (page: string) => page === '/' || page === '/contact';
const hasForm = (page: string) => hasApplicationForm(page) || hasContactForm(page);
const maxJs = Math.max(...js.filter(([page]) => !hasForm(page)).map(([, b]) => b));
const formJs = js.filter(([page]) => hasApplicationForm(page));
const maxFormJs = Math.max(...formJs.map(([, b]) => b));
const jsOf = (page: string) => base.jsPerPage!.get(page) ?? 0;

const rows: Array<[string, string, string]> = [
  ['Build time (site as it is)', `${base.seconds.toFixed(2)} s`, ''],
  ['Peak memory (site as it is)', `${base.maxRssMb.toFixed(0)} MB`, ''],
  [`Build time with ${EXTRA_PAGES} extra service files`, `${large.seconds.toFixed(2)} s`, ''],
  ['Marginal time per extra page', `${marginalMs.toFixed(2)} ms`, 'goal <= 5 ms'],
  [`Peak memory with ${EXTRA_PAGES} extra pages (largest process)`, `${large.maxRssMb.toFixed(0)} MB`, 'goal <= 500 MB'],
  ['Content-validation parent process (alive, idle, beside it)', `${validationRssMb().toFixed(0)} MB`, ''],
  [`Gzipped JS per public page without a form (max of ${js.length - formJs.length})`, `${maxJs} B`, 'goal 0 B'],
  [`Gzipped JS per page with the application form (max of ${formJs.length}: the form script)`, `${maxFormJs} B`, 'goal <= 3 KB'],
  ['Gzipped JS on / (the Request Information card)', `${jsOf('/')} B`, 'goal <= 3 KB'],
  ['Gzipped JS on /contact (the contact form card)', `${jsOf('/contact')} B`, 'goal <= 3 KB'],
  ['Admin JS, gzipped, to the sign-in form', `${base.admin!.initialKb.toFixed(1)} KB`, ''],
  ['Admin JS, gzipped, in all (with the dashboard chunk)', `${base.admin!.totalKb.toFixed(1)} KB`, 'goal <= 150 KB'],
  ['Analytics chunk /admin loads lazily (posthog-js; only with VITE_POSTHOG_KEY, not in the total above)', base.admin!.analyticsKb ? `${base.admin!.analyticsKb.toFixed(1)} KB` : 'none', ''],
  ['Sign-in to table, 30 applications', `${base.admin!.small.signInToTableMs} ms`, ''],
  ['Sign-in to table, 10,000 applications', `${base.admin!.large.signInToTableMs} ms`, ''],
  [`Apply (JS on, ${(base.admin!.apply.resumeBytes / 1048576).toFixed(1)} MB PDF): Send to thank-you page, median / max of 5`, `${base.admin!.apply.medianMs.toFixed(0)} / ${base.admin!.apply.maxMs.toFixed(0)} ms`, ''],
  ['Search keystroke at 10,000 (median / max)', `${base.admin!.large.keystrokeMs!.median.toFixed(1)} / ${base.admin!.large.keystrokeMs!.max.toFixed(1)} ms`, 'goal <= 50 ms'],
  ['Inquiries search keystroke at 10,000 (median / max)', `${base.admin!.large.inquiryKeystrokeMs!.median.toFixed(1)} / ${base.admin!.large.inquiryKeystrokeMs!.max.toFixed(1)} ms`, 'goal <= 50 ms'],
];
const width = Math.max(...rows.map(([name]) => name.length));
for (const [name, value, goal] of rows) console.log(`${name.padEnd(width)}  ${value.padStart(10)}  ${goal}`);
