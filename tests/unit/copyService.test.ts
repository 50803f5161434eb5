/**
 * What an editor does to add a page: copy a service file under a new name and change only its title and
 * description. With nothing else edited (no list, no path, no id), the build makes a page and a sitemap
 * entry for each copy, a YAML one and an MDX one, and the grids, menu and footer stay as they were.
 * Such a copy still has its original's heading, card and introduction, so `npm run check` and the build warn
 * (without failing), naming both files at each field; `npm run new:service -- <slug> --from <other>` makes a
 * copy with those words left blank instead.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';
import { COPY_BLANKS, serviceCopy } from '../../scripts/new-service.ts';
import { loadContent } from '../../src/content/loader.ts';
import { ContentError, type ContentProblem, formatWarnings } from '../../src/content/problems.ts';
import { copyContent, fixtureService } from './contentFixture.ts';

/** The origin site.yaml gives (a development build: no SITE_URL, which would make it a production build). */
const SITE_URL = 'https://www.example.com';
const COPIES = [
  { from: 'housekeeping.yaml', to: 'home-organizing.yaml', title: 'Home Organizing Help in Connecticut' },
  { from: 'personal-care.mdx', to: 'bathing-help.mdx', title: 'Bathing Help at Home in Connecticut' },
] as const;

let project: ProjectCopy;
let result: ReturnType<ProjectCopy['build']>;
const read = (file: string) => readFileSync(path.join(project.dir, 'dist/client', file), 'utf8');

/** The copy an editor makes: the same file, with its own title and description and nothing else changed. */
function copyWithNewWords(from: string, to: string, title: string) {
  const services = path.join(project.dir, 'content/services');
  const original = readFileSync(path.join(services, from), 'utf8');
  const copy = original
    .replace(/^title: .*$/m, `title: ${title}`)
    .replace(/^description: .*$/m, `description: ${title}, with the same kind of help as our other pages, described for this page alone.`);
  // Exactly two lines differ: the copy carries nothing else that would need editing.
  const changed = copy.split('\n').filter((line, i) => line !== original.split('\n')[i]);
  expect(changed).toHaveLength(2);
  writeFileSync(path.join(services, to), copy);
}

beforeAll(() => {
  project = copyProject();
  for (const { from, to, title } of COPIES) copyWithNewWords(from, to, title);
  result = project.build();
});

afterAll(() => project.cleanup());

describe('a service file copied under a new name, with only its title and description changed', () => {
  test('builds without an error', () => {
    expect(result.stderr).not.toMatch(/error/i);
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  test.each(COPIES)('$to becomes a page at its file name, through the service template', ({ from, to, title }) => {
    const slug = to.replace(/\.(yaml|mdx)$/, '');
    const html = read(`${slug}/index.html`);
    expect(html).toContain(`<title>${title} | Hearthside Home Care</title>`);
    expect(html).toContain(`<link rel="canonical" href="${SITE_URL}/${slug}">`);
    expect(html).toContain(`data-page-id="${slug}"`);
    expect(html).toContain('What We Provide');
    // An MDX copy keeps the sections of its body.
    if (from.endsWith('.mdx')) expect(html).toContain('Strictly non-medical');
  });

  test('adds both pages to the sitemap', () => {
    const sitemap = read('sitemap.xml');
    for (const slug of ['home-organizing', 'bathing-help']) expect(sitemap).toContain(`<loc>${SITE_URL}/${slug}</loc>`);
  });

  test('shows neither copy on the home grid, in the header menu or in the footer (content/lists.yaml decides those)', () => {
    const home = read('index.html');
    expect(home).not.toContain('href="/home-organizing"');
    expect(home).not.toContain('href="/bathing-help"');
    expect(home).toContain('href="/housekeeping"');
  });
});

/** The warnings block a run printed, from its heading to the last warning. */
const warningsIn = (output: string) => /^The content has \d+ warnings? [^\n]*\n(  .*\n?)+/m.exec(output)?.[0].trimEnd();

describe('the copies still say what their originals say', () => {
  /** The same field of the copy and its original, in words, with the original's line and the copy's: the copy keeps the original's layout. */
  const sameAt = (copy: string, original: string, field: string, what: string) =>
    new RegExp(`^  ${field}: ${what} content/services/${original.replace('.', '\\.')} \\(line (\\d+)\\).*  \\(content/services/${copy.replace('.', '\\.')}, line \\1\\)$`, 'm');

  test('the build warns, at the heading, card and introduction of each copy, naming the original at the same line', () => {
    const warnings = warningsIn(result.stderr);
    expect(warnings).toBeDefined();
    for (const [copy, original] of [['home-organizing.yaml', 'housekeeping.yaml'], ['bathing-help.mdx', 'personal-care.mdx']] as const) {
      expect(warnings).toMatch(sameAt(copy, original, 'Title of the top of the page', 'the same heading as'));
      expect(warnings).toMatch(sameAt(copy, original, 'Title of the card', 'the same card title as'));
      expect(warnings).toMatch(sameAt(copy, original, 'Description of the top of the page', '\\d+ sentences of this introduction are also, word for word, in the introduction of'));
      expect(warnings).toMatch(sameAt(copy, original, 'Text of the card', 'a sentence of this card text is also, word for word, in the card text of'));
      // The line named is the field's: the heading is the "title:" under "hero:".
      const line = Number(sameAt(copy, original, 'Title of the top of the page', 'the same heading as').exec(warnings!)![1]);
      expect(readFileSync(path.join(project.dir, 'content/services', original), 'utf8').split('\n')[line - 1]).toMatch(/^  title: /);
    }
    // Their own titles and descriptions are not warned about.
    expect(warnings).not.toMatch(/^  (Title|Description): /m);
  });

  test('the build warns that each copy is still a draft: its keywords and features are the original\'s, naming the copy and the original', () => {
    const warnings = warningsIn(result.stderr);
    for (const [copy, original, name] of [['home-organizing.yaml', 'housekeeping.yaml', 'Housekeeping'], ['bathing-help.mdx', 'personal-care.mdx', 'Personal Care']] as const) {
      const slug = copy.replace(/\.(yaml|mdx)$/, '');
      expect(warnings).toMatch(new RegExp(`^  Keywords: /${slug} still has the same keywords as '${name}' \\(content/services/${original.replace('.', '\\.')}\\), the page it was copied from: change them so searches find the right page  \\(content/services/${copy.replace('.', '\\.')}, line \\d+\\)$`, 'm'));
      expect(warnings).toMatch(new RegExp(`^  Features: /${slug} still has the same \\d features \\('.*'\\) as '${name}' \\(content/services/${original.replace('.', '\\.')}\\), the page it was copied from: rewrite them for this service.*  \\(content/services/${copy.replace('.', '\\.')}, line \\d+\\)$`, 'm'));
    }
    // The originals are not the drafts; warnings do not fail the build.
    expect(warnings).not.toMatch(/\(content\/services\/(housekeeping\.yaml|personal-care\.mdx), line \d+\)$/m);
    expect(result.status).toBe(0);
  });

  test('the build warns that no page links to either copy, and says how to fix it', () => {
    const warnings = warningsIn(result.stderr);
    for (const { to } of COPIES) {
      const slug = to.replace(/\.(yaml|mdx)$/, '');
      expect(warnings).toMatch(
        new RegExp(`^  No page links to /${slug}: it is in neither content/directory\\.yaml nor content/lists\\.yaml, so visitors can reach it only by typing its address; add it to content/directory\\.yaml under a category.*  \\(content/services/${to.replace('.', '\\.')}, line \\d+\\)$`, 'm'),
      );
    }
    // The originals are on the grids and in the directory.
    expect(warnings).not.toMatch(/no page links to \/(housekeeping|personal-care)\b/);
  });

  test('npm run check gives the same warnings and says the content is valid', () => {
    const check = spawnSync(path.join(project.dir, 'node_modules/.bin/tsx'), ['scripts/check.ts'], { cwd: project.dir, encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout).toContain('Content is valid');
    expect(warningsIn(check.stderr)).toBe(warningsIn(result.stderr));
  });
});

describe('a copied service, without a build', () => {
  /** The fixture service copied to foot-care-at-home.yaml with a title and description of its own, as the README used to say. */
  const copied = fixtureService
    .replace(/^title: .*$/m, 'title: Foot Care at Home')
    .replace(/^description: .*$/m, 'description: Foot care at home, told here in words of its own so that the description is not the same.');

  /** Adds a service to the /all-services directory, as the README says to, so that a page links to it. */
  const inDirectory = (copy: ReturnType<typeof copyContent>, slug: string) =>
    copy.write('directory.yaml', `${copy.read('directory.yaml')}  - icon: footprints\n    description: A card of the directory for ${slug}.\n    service: ${slug}\n    category: Personal Care\n`);

  async function warningsAfter(write: (copy: ReturnType<typeof copyContent>) => void, slug = 'foot-care-at-home'): Promise<ContentProblem[]> {
    const copy = copyContent();
    try {
      write(copy);
      // The copy is the file written last (as an editor's copy is): its time is a minute after the others'.
      const written = path.join(copy.root, 'services', `${slug}.yaml`);
      if (existsSync(written)) utimesSync(written, new Date(Date.now() + 60_000), new Date(Date.now() + 60_000));
      inDirectory(copy, slug);
      let warnings: ContentProblem[] = [];
      await loadContent(copy.root, undefined, (found) => (warnings = found));
      return warnings;
    } finally {
      copy.cleanup();
    }
  }

  test('with only its title and description changed warns at each field it still shares, naming both files and lines', async () => {
    const warnings = await warningsAfter((copy) => copy.write('services/foot-care-at-home.yaml', copied));
    expect(formatWarnings(warnings)).toMatchInlineSnapshot(`
      "The content has 6 warnings (the pages are built; look at them all the same):
        Keywords: /foot-care-at-home still has the same keywords as 'Foot Care Support' (content/services/foot-care.yaml), the page it was copied from: change them so searches find the right page  (content/services/foot-care-at-home.yaml, line 5)
        Title of the top of the page: the same heading as content/services/foot-care.yaml (line 11), "Foot Care Support" (the big heading at the top of the page): give each service its own  (content/services/foot-care-at-home.yaml, line 11)
        Description of the top of the page: 2 sentences of this introduction are also, word for word, in the introduction of content/services/foot-care.yaml (line 12): "Comfortable feet keep people walking.", "Our caregivers help with washing, drying and moisturizing, and drive you to the podiatrist for anything more."; give each service words of its own  (content/services/foot-care-at-home.yaml, line 12)
        Features: /foot-care-at-home still has the same 4 features ('Washing and Drying', 'Comfortable Footwear', 'Podiatrist Visits', 'Noticing Changes') as 'Foot Care Support' (content/services/foot-care.yaml), the page it was copied from: rewrite them for this service, so that its page says what it offers  (content/services/foot-care-at-home.yaml, line 17)
        Title of the card: the same card title as content/services/foot-care.yaml (line 57), "Foot Care Support" (the service's name on the grids, in the menus and among the contact form's services): give each service its own  (content/services/foot-care-at-home.yaml, line 57)
        Text of the card: a sentence of this card text is also, word for word, in the card text of content/services/foot-care.yaml (line 58): "Gentle, non-medical help keeping feet clean and comfortable."; give each service words of its own  (content/services/foot-care-at-home.yaml, line 58)"
    `);
  });

  /** The fixture's copy with a heading, card and introduction of its own: what an editor changes first. */
  const ownWords = copied
    .replace('  title: Foot Care Support\n', '  title: Foot Care at Home\n')
    .replace(/^  description: Comfortable feet .*$/m, '  description: Sore or neglected feet make every step harder. We help keep them clean and comfortable.')
    .replace(/^  title: Foot Care Support$/m, '  title: Foot Care at Home')
    .replace(/^  text: .*$/m, '  text: Help with washing, drying and comfortable footwear.');

  test('with a heading, card and introduction of its own is still a draft: its keywords and features are the original\'s', async () => {
    const warnings = await warningsAfter((copy) => copy.write('services/foot-care-at-home.yaml', ownWords));
    expect(formatWarnings(warnings)).toBe(
      [
        'The content has 2 warnings (the pages are built; look at them all the same):',
        "  Keywords: /foot-care-at-home still has the same keywords as 'Foot Care Support' (content/services/foot-care.yaml), the page it was copied from: change them so searches find the right page  (content/services/foot-care-at-home.yaml, line 5)",
        "  Features: /foot-care-at-home still has the same 4 features ('Washing and Drying', 'Comfortable Footwear', 'Podiatrist Visits', 'Noticing Changes') as 'Foot Care Support' (content/services/foot-care.yaml), the page it was copied from: rewrite them for this service, so that its page says what it offers  (content/services/foot-care-at-home.yaml, line 17)",
      ].join('\n'),
    );
    // Each warning carries the file it belongs to, as a problem does (the editor's box shows the saved file's).
    expect(warnings.map((warning) => [warning.file, warning.path.join('.')])).toEqual([
      ['content/services/foot-care-at-home.yaml', 'keywords'],
      ['content/services/foot-care-at-home.yaml', 'features'],
    ]);
  });

  test('with one feature still word for word the original\'s names that one; with keywords and features of its own, no warning', async () => {
    const ownKeywords = ownWords.replace(/^keywords:\n(  - .*\n)+/m, 'keywords:\n  - foot care at home\n  - toenail help for seniors\n  - foot comfort help\n');
    const threeOwn = ownKeywords
      .replace('title: Washing and Drying', 'title: Warm Foot Baths')
      .replace('title: Comfortable Footwear', 'title: Shoes That Fit')
      .replace('title: Podiatrist Visits', 'title: Rides to the Foot Doctor');
    const one = await warningsAfter((copy) => copy.write('services/foot-care-at-home.yaml', threeOwn));
    expect(one.map((warning) => warning.message)).toEqual([
      "/foot-care-at-home still has 1 of its 4 features word for word ('Noticing Changes') as 'Foot Care Support' (content/services/foot-care.yaml), the page it was copied from: rewrite them for this service, so that its page says what it offers",
    ]);
    const own = threeOwn.replace('title: Noticing Changes', 'title: Watching for Sores');
    expect(await warningsAfter((copy) => copy.write('services/foot-care-at-home.yaml', own))).toEqual([]);
  });

  test('the copy is the file written last, whatever its name: the original is not warned about', async () => {
    // "aaa-foot-care" sorts before "foot-care": the warning is still at the copy.
    const warnings = await warningsAfter((copy) => copy.write('services/aaa-foot-care.yaml', ownWords), 'aaa-foot-care');
    expect(warnings.map((warning) => warning.file)).toEqual(['content/services/aaa-foot-care.yaml', 'content/services/aaa-foot-care.yaml']);
    expect(warnings[0]!.message).toContain("/aaa-foot-care still has the same keywords as 'Foot Care Support' (content/services/foot-care.yaml)");
  });

  test('made with new:service --from leaves the words that named the other service blank, and fails the check until they are written', async () => {
    const housekeeping = readFileSync('content/services/housekeeping.yaml', 'utf8');
    const made = serviceCopy('home-organizing', 'housekeeping.yaml', housekeeping);
    expect(made.split('\n')[0]).toBe(housekeeping.split('\n')[0]);
    expect(made).toContain('title: "" # fill in:');
    const copy = copyContent();
    try {
      copy.write('services/home-organizing.yaml', made);
      const error = await loadContent(copy.root).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ContentError);
      const problems = (error as ContentError).problems;
      expect(problems.every((problem) => problem.file === 'content/services/home-organizing.yaml')).toBe(true);
      // Every blanked field is named; the cards, icons and picture it kept are valid as they are.
      expect(new Set(problems.map((problem) => problem.path.slice(0, problem.path[0] === 'keywords' ? 1 : 2).join('.')))).toEqual(new Set(COPY_BLANKS.map((blank) => blank.path.join('.'))));
    } finally {
      copy.cleanup();
    }
  });

  test('made with new:service --from, once filled in, is a draft until its features are its own (its note names the original)', async () => {
    const filled = serviceCopy('home-organizing', 'housekeeping.yaml', readFileSync('content/services/housekeeping.yaml', 'utf8'))
      .replace(/^title: "".*$/m, 'title: Home Organizing Help in Connecticut')
      .replace(/^description: "".*$/m, 'description: Sorting, decluttering and labelling at home, so that what you use every day is easy to find and safe to reach.')
      .replace(/^keywords:.*\n  - ""$/m, 'keywords:\n  - home organizing for seniors\n  - decluttering help\n  - downsizing help')
      .replace(/^serviceType: "".*$/m, 'serviceType: Home organizing')
      .replace(/^  title: "".*$/m, '  title: Home Organizing')
      .replace(/^  description: "".*$/m, '  description: A caregiver sorts cupboards and closets with you, clears what you no longer need and puts everyday things within reach.')
      .replace(/^  title: "".*$/m, '  title: Home Organizing')
      .replace(/^  text: "".*$/m, '  text: Cupboards and closets sorted with you, and everyday things put within reach.');
    expect(filled).not.toMatch(/(:|-) ""/);
    const warnings = await warningsAfter((copy) => copy.write('services/home-organizing.yaml', filled), 'home-organizing');
    expect(warnings.map((warning) => `${warning.file} ${warning.path.join('.')}`)).toEqual(['content/services/home-organizing.yaml features']);
    expect(warnings[0]!.message).toMatch(/^\/home-organizing still has the same 4 features \(.*\) as 'Housekeeping' \(content\/services\/housekeeping\.yaml\), the page it was copied from/);
  });

  test('that no page links to is warned about by npm run check, which still passes, naming the file and how to fix it', () => {
    const project = copyProject();
    try {
      writeFileSync(path.join(project.dir, 'content/services/foot-care.yaml'), fixtureService);
      const check = spawnSync(path.join(project.dir, 'node_modules/.bin/tsx'), ['scripts/check.ts'], { cwd: project.dir, encoding: 'utf8' });
      expect(check.status, check.stderr).toBe(0);
      expect(check.stdout).toContain('Content is valid');
      expect(check.stderr).toMatch(
        /^ {2}No page links to \/foot-care: it is in neither content\/directory\.yaml nor content\/lists\.yaml, so visitors can reach it only by typing its address; add it to content\/directory\.yaml under a category \(entries: - service: foot-care, category: one of its groups\) {2}\(content\/services\/foot-care\.yaml, line 57\)$/m,
      );
      // Listed in the directory, it is linked from /all-services: no warning.
      const directory = path.join(project.dir, 'content/directory.yaml');
      writeFileSync(directory, `${readFileSync(directory, 'utf8')}  - icon: footprints\n    description: Foot care at home.\n    service: foot-care\n    category: Personal Care\n`);
      const after = spawnSync(path.join(project.dir, 'node_modules/.bin/tsx'), ['scripts/check.ts'], { cwd: project.dir, encoding: 'utf8' });
      expect(after.status, after.stderr).toBe(0);
      expect(after.stderr).not.toContain('no page links to');
    } finally {
      project.cleanup();
    }
  });

  test('made by running npm run new:service -- <slug> --from <other> is written next to it, and says how to link it', () => {
    const project = copyProject();
    try {
      const run = spawnSync(path.join(project.dir, 'node_modules/.bin/tsx'), ['scripts/new-service.ts', 'bathing-help', '--from', 'personal-care'], { cwd: project.dir, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('Created content/services/bathing-help.mdx, a copy of personal-care.mdx');
      expect(run.stdout).toContain('add "bathing-help" to content/directory.yaml under a category');
      const made = readFileSync(path.join(project.dir, 'content/services/bathing-help.mdx'), 'utf8');
      expect(made).toBe(serviceCopy('bathing-help', 'personal-care.mdx', readFileSync(path.join(project.dir, 'content/services/personal-care.mdx'), 'utf8')));
      // A misspelt original is named, with the likely one.
      const wrong = spawnSync(path.join(project.dir, 'node_modules/.bin/tsx'), ['scripts/new-service.ts', 'foot-care', '--from', 'persnal-care'], { cwd: project.dir, encoding: 'utf8' });
      expect(wrong.status).toBe(1);
      expect(wrong.stderr).toContain('There is no service "persnal-care" in content/services to copy (did you mean "personal-care"?).');
    } finally {
      project.cleanup();
    }
  });

  test('linked only from the text of another .mdx page is not warned about', async () => {
    const copy = copyContent();
    try {
      copy.write('services/foot-care-at-home.yaml', fixtureService.replace(/^description: (.*)$/m, 'description: $1 (at home)'));
      copy.edit('services/transportation.mdx', '[Medical Transport](/medical-transport)', '[Medical Transport](/medical-transport) or [foot care](/foot-care-at-home)');
      let warnings: ContentProblem[] = [];
      await loadContent(copy.root, undefined, (found) => (warnings = found));
      expect(warnings.filter((warning) => warning.message.startsWith('no page links'))).toEqual([]);
    } finally {
      copy.cleanup();
    }
  });
});

test('the shipped services share no title, heading, card title or sentence', async () => {
  let warnings: ContentProblem[] = [];
  const content = await loadContent(undefined, undefined, (found) => (warnings = found));
  expect(content.services.length).toBeGreaterThan(30);
  expect(warnings.map((warning) => `${warning.file}:${warning.line}  ${warning.message}`)).toEqual([]);
});
