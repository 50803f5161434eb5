/**
 * One place for the agency's identity (src/content/identityTokens.ts): page copy names the agency, its phone, its
 * e-mail and its registration with tokens such as ((site.name)), which the loader fills in from content/site.yaml.
 * A new name, phone and registration in site.yaml change every built page, the MDX bodies included; no content
 * file types the values themselves; an unknown token is a content error at its file, line and field; a length
 * limit counts the value, as visitors read it; the kept validation of a service file follows a new name.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';
import { loadContent, type ValidatedServices } from '../../src/content/loader.ts';
import { copyContent, contentErrorAfter } from './contentFixture.ts';

const OLD = { name: 'Hearthside Home Care', phone: '(860) 555-0142', digits: '8605550142', registration: 'HCA.0002676' };
const NEW = { name: 'Maple Lane Care', phone: '(203) 201-4477', registration: 'HCA.0009911' };

/** Every file under a folder, relative to it. */
function filesUnder(dir: string, relative = ''): string[] {
  return readdirSync(path.join(dir, relative), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(relative, entry.name);
    return entry.isDirectory() ? filesUnder(dir, file) : [file];
  });
}

/** The line (1-based) of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

describe('a new name, phone and registration in content/site.yaml', () => {
  let project: ProjectCopy;
  let result: ReturnType<ProjectCopy['build']>;
  /** A built page's HTML, without the comments React puts between a text and a value. */
  const page = (file: string) => readFileSync(path.join(project.dir, 'dist/client', file), 'utf8').replaceAll('<!-- -->', '');

  beforeAll(() => {
    project = copyProject();
    const site = path.join(project.dir, 'content/site.yaml');
    writeFileSync(
      site,
      readFileSync(site, 'utf8')
        .replace(/^name: !placeholder .*$/m, `name: ${NEW.name}`)
        .replace(/^phone: !placeholder .*$/m, `phone: ${NEW.phone}`)
        .replace(/^ {2}number: !placeholder .*$/m, `  number: ${NEW.registration}`),
    );
    // A token in a component's title, as an editor may write one.
    const body = path.join(project.dir, 'content/services/24-hour-care.mdx');
    const text = readFileSync(body, 'utf8');
    expect(text).toContain('<Callout title="Non-medical care, around the clock">');
    writeFileSync(body, text.replace('<Callout title="Non-medical care, around the clock">', '<Callout title="Non-medical care from ((site.name))">'));
    result = project.build();
  }, 600_000);
  afterAll(() => project.cleanup());

  test('change the copy of every page, and leave the old ones on none', () => {
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const pages = filesUnder(path.join(project.dir, 'dist/client')).filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(40);
    const stale = pages.filter((file) => {
      // The forms' hint for a phone number gives a fictional example, the same as the demo's number.
      const html = page(file).replaceAll(`like ${OLD.phone}`, 'like (an example)');
      return html.includes(OLD.name) || html.includes('Hearthside') || html.includes(OLD.phone) || html.includes(OLD.digits) || html.includes(OLD.registration);
    });
    expect(stale, 'pages still showing the old name, phone or registration').toEqual([]);
  });

  test('show the new ones where the copy names them', () => {
    expect(page('index.html')).toContain(`<title>${NEW.name} | Non-Medical Home Care in Connecticut</title>`);
    expect(page('index.html')).toContain(`About ${NEW.name}`);
    expect(page('about/index.html')).toContain(`registration ${NEW.registration}. Our caregivers`);
    expect(page('services/index.html')).toContain(`Why Families Choose ${NEW.name}`);
    expect(page('careers/index.html')).toContain(`Connecticut Licensed ${NEW.registration}`);
    // An MDX body: its token is rendered from the content, not compiled in.
    expect(page('24-hour-care/index.html')).toContain(`24-hour care from ${NEW.name} is non-medical.`);
    expect(page('24-hour-care/index.html')).toContain(`<aside aria-label="Non-medical care from ${NEW.name}"`);
    expect(page('index.html')).toContain(NEW.phone);
  });
});

describe('content/', () => {
  test('types no copy of the name, phone, e-mail or registration of site.yaml outside it', async () => {
    const root = path.join(process.cwd(), 'content');
    const { site } = await loadContent(root);
    const values = [site.name, site.phone.display, site.phone.e164, site.email, site.registration.number];
    const typed = filesUnder(root)
      .filter((file) => /\.(ya?ml|mdx)$/.test(file) && file !== 'site.yaml')
      .flatMap((file) => {
        const text = readFileSync(path.join(root, file), 'utf8');
        return values.filter((value) => text.includes(value)).map((value) => `content/${file} types "${value}": write its token, e.g. ((site.name)), instead`);
      });
    expect(typed).toEqual([]);
  });
});

describe('an identity token', () => {
  test('that is unknown is a content error naming the file, line and field', async () => {
    let line = 0;
    const message = await contentErrorAfter((copy) => {
      copy.edit('pages/about.yaml', 'title: About ((site.name))', 'title: About ((site.nmae))');
      line = lineOf(copy.read('pages/about.yaml'), '((site.nmae))');
    });
    expect(message).toContain('  Title of the top of the page: expected a token of content/site.yaml (((site.name)), ((site.phone)), ');
    expect(message).toContain(`found "((site.nmae))" (did you mean "((site.name))"?)  (content/pages/about.yaml, line ${line})`);
  });

  test('without "site." is a content error that says which token was meant', async () => {
    const message = await contentErrorAfter((copy) => copy.edit('pages/careers.yaml', 'Licensed ((site.registration.number))', 'Licensed ((registration.number))'));
    expect(message).toMatch(/ {2}Badge of the top of the page: expected a token of content\/site\.yaml .*found "\(\(registration\.number\)\)" \(did you mean "\(\(site\.registration\.number\)\)"\?\) {2}\(content\/pages\/careers\.yaml, line \d+\)/);
  });

  test('that is unknown in an MDX body is a content error at its line', async () => {
    let line = 0;
    const message = await contentErrorAfter((copy) => {
      copy.edit('services/24-hour-care.mdx', 'from ((site.name)) is', 'from ((site.agency)) is');
      line = lineOf(copy.read('services/24-hour-care.mdx'), '((site.agency))');
    });
    expect(message).toContain('  Expected a token of content/site.yaml');
    expect(message).toContain(`  (content/services/24-hour-care.mdx, line ${line})`);
    expect(message).toContain('found "((site.agency))"');
  });

  test('counts toward a length limit as the value visitors read', async () => {
    const long = 'Maple Lane Home Care and Companions of Connecticut';
    const message = await contentErrorAfter((copy) => copy.edit('site.yaml', /^name: !placeholder .*$/m, `name: ${long}`));
    expect(message).toContain(`  Title of the search engines (title, description, keywords): expected at most 70 characters, found ${long.length + ' | Non-Medical Home Care in Connecticut'.length}; these words go past the limit: "…Care in Connecticut" (counting ((site.name)) as "${long}", from content/site.yaml, as visitors read it)  (content/pages/home.yaml, line 3)`);
  });

  test('in the field it stands for, in site.yaml, is a content error', async () => {
    const message = await contentErrorAfter((copy) => copy.edit('site.yaml', /^email: !placeholder .*$/m, 'email: ((site.name))'));
    expect(message).toMatch(/ {2}Email: expected the value itself \(the tokens stand for this field\), found "\(\(site\.name\)\)" {2}\(content\/site\.yaml, line \d+\)/);
  });

  test('in a service file kept from an earlier build follows a new name', async () => {
    const copy = copyContent();
    try {
      copy.edit('services/foot-care.yaml', /^description: (.*)$/m, 'description: $1 From ((site.name)).');
      const validated: ValidatedServices = { known: new Map(), next: new Map() };
      const first = await loadContent(copy.root, validated);
      expect(first.services.find((s) => s.slug === 'foot-care')!.description).toMatch(/From Hearthside Home Care\.$/);
      copy.edit('site.yaml', /^name: !placeholder .*$/m, `name: ${NEW.name}`);
      const second = await loadContent(copy.root, { known: validated.next, next: new Map() });
      expect(second.services.find((s) => s.slug === 'foot-care')!.description).toMatch(new RegExp(`From ${NEW.name}\\.$`));
    } finally {
      copy.cleanup();
    }
  });
});
