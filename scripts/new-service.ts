/**
 * `npm run new:service -- <slug>`: writes content/services/<slug>.yaml with every field explained.
 * `npm run new:service -- <slug> --from <other>`: copies content/services/<other>.yaml (or .mdx) instead, with
 * the words that say which service it is left blank: its titles, description, keywords, service type,
 * introduction and card text.
 * The empty values fail `npm run check` until they are filled in, so a half-written page cannot be published, and
 * a copy cannot go out still calling itself by the other service's name.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument, Scalar, YAMLMap, type Pair } from 'yaml';
import { slug as slugSchema } from '../src/content/schemas/common.ts';
import { RESERVED_SLUGS } from '../src/content/loader.ts';
import { didYouMean } from '../src/content/problems.ts';

export function serviceScaffold(slug: string): string {
  const card = (kind: string) => `  - icon: ""        # an icon from https://lucide.dev/icons, e.g. heart-handshake
    title: ""       # ${kind} heading, at most 60 characters
    description: "" # one or two sentences, at most 240 characters
    color: ""       # rose, amber, teal, sky, violet, emerald, indigo or orange`;
  return `# yaml-language-server: $schema=../../schemas/service.schema.json
# A new service page, shown at /${slug} (the file name is the address). Fill in every "" below, then run
# \`npm run check\`: it names any field still missing. Copy the tone of an existing page, e.g. meal-preparation.yaml.
# Link it from a page: add "${slug}" to content/directory.yaml under a category (the /all-services directory),
# and, to show it on the home grid, in the header menu or in the footer, put it in content/lists.yaml.

# The browser-tab and search-result title, without the agency name (it is added). At most 60 characters.
title: ""
# The search-result summary: 50 to 160 characters, different from every other page.
description: ""
# 3 to 12 short phrases people might search for.
keywords:
  - ""
# The kind of service, for search engines, e.g. "Companion care".
serviceType: ""

# The top of the page.
hero:
  icon: ""          # an icon from https://lucide.dev/icons
  title: ""         # the big heading
  description: ""   # what the service is, in plain words (at most 400 characters)
  image:
    src: ""         # a picture in content/images/: one of the illustrations (e.g. companionship.svg) or your photo
    alt: ""         # what the picture shows, in one sentence, for people who cannot see it (20 to 200 characters)

# 'What We Provide': exactly 4 cards.
features:
${[1, 2, 3, 4].map(() => card('card')).join('\n')}

# 'Service Includes': exactly 8 short items (at most 120 characters each).
inclusions:
${Array.from({ length: 8 }, () => '  - ""').join('\n')}

# Benefit cards near the foot of the page: exactly 3.
benefits:
${[1, 2, 3].map(() => card('benefit')).join('\n')}

# How the service appears on the all-services grids and menus.
card:
  icon: ""          # usually the same as hero.icon
  title: ""         # the service name, at most 40 characters
  text: ""          # one sentence, at most 160 characters

# Optional: set noindex: true to keep the page out of search engines while you work on it.
# noindex: true
`;
}

/** The fields a copy must say in its own words, each with the hint written beside it. */
export const COPY_BLANKS: ReadonlyArray<{ path: string[]; hint: string }> = [
  { path: ['title'], hint: 'the browser-tab and search-result title, at most 60 characters' },
  { path: ['description'], hint: 'the search-result summary, 50 to 160 characters, unlike every other page' },
  { path: ['keywords'], hint: '3 to 12 short phrases people might search for' },
  { path: ['serviceType'], hint: 'the kind of service, for search engines, e.g. "Companion care"' },
  { path: ['hero', 'title'], hint: 'the big heading' },
  { path: ['hero', 'description'], hint: 'what the service is, in plain words (at most 400 characters)' },
  { path: ['card', 'title'], hint: 'the service name on grids, menus and the contact form, at most 40 characters' },
  { path: ['card', 'text'], hint: 'one sentence under the name on the service grids' },
];

/** The lists of cards a copy keeps, to be read and changed where they do not fit. */
const COPY_KEPT = ['features', 'inclusions', 'benefits'];

/**
 * A copy of another service's file (its text, and its name, e.g. "housekeeping.yaml") for the page <slug>: the
 * fields of COPY_BLANKS emptied and marked, the cards kept with a note to read them, the rest (icons, picture,
 * an .mdx file's sections) as they were.
 */
export function serviceCopy(slug: string, fromName: string, fromText: string): string {
  const mdx = fromName.endsWith('.mdx');
  const frontmatter = mdx ? /^---\r?\n([\s\S]*?\r?\n)---[ \t]*(\r?\n|$)/.exec(fromText) : null;
  if (mdx && !frontmatter) throw new Error(`${fromName} has no frontmatter block to copy`);
  const doc = parseDocument(frontmatter ? frontmatter[1]! : fromText);
  if (doc.errors.length) throw new Error(`${fromName} cannot be read (run npm run check): ${doc.errors[0]!.message.split('\n')[0]}`);

  const note = [
    ` A new service page, shown at /${slug} (the file name is the address), copied from ${fromName}.`,
    ' Every "" marked "fill in" held the words of the other service: write this one\'s, then run `npm run check`.',
    ' Read the cards and lists marked below too, and change what does not fit this service.',
    ` Link it from a page: add "${slug}" to content/directory.yaml under a category (the /all-services directory),`,
    ' and, to show it on the home grid, in the header menu or in the footer, put it in content/lists.yaml.',
  ].join('\n');
  // Under the file's first comment (the editor's schema line), above its first field.
  const first = doc.contents instanceof YAMLMap ? (doc.contents.items[0] as Pair | undefined)?.key : undefined;
  if (first instanceof Scalar) first.commentBefore = first.commentBefore ? `${first.commentBefore}\n${note}` : note;

  for (const { path: fieldPath, hint } of COPY_BLANKS) {
    if (!doc.hasIn(fieldPath)) continue;
    const blank = fieldPath[0] === 'keywords' ? doc.createNode(['']) : new Scalar('');
    if (blank instanceof Scalar) blank.comment = ` fill in: ${hint}`;
    doc.setIn(fieldPath, blank);
    if (!(blank instanceof Scalar)) {
      const key = pairOf(doc.contents, fieldPath[0]!)?.key;
      if (key instanceof Scalar) key.comment = ` fill in: ${hint}`;
    }
  }
  for (const field of COPY_KEPT) {
    const key = pairOf(doc.contents, field)?.key;
    if (key instanceof Scalar) key.commentBefore = ` Copied from ${fromName}: read each one, and change what does not fit this service.`;
  }

  const yaml = doc.toString({ lineWidth: 0 });
  if (!frontmatter) return yaml;
  const body = fromText.slice(frontmatter[0].length);
  return `---\n${yaml}---\n\n{/* The sections below are copied from ${fromName}: rewrite them for this service. */}\n${body.startsWith('\n') ? '' : '\n'}${body}`;
}

function pairOf(node: unknown, key: string): Pair | undefined {
  return node instanceof YAMLMap ? (node.items as Pair[]).find((pair) => pair.key instanceof Scalar && pair.key.value === key) : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [slug = '', ...rest] = process.argv.slice(2);
  const fromAt = rest.indexOf('--from');
  const from = fromAt === -1 ? undefined : (rest[fromAt + 1] ?? '');
  if (!slugSchema.safeParse(slug).success || RESERVED_SLUGS.includes(slug) || (fromAt === -1 && rest.length) || from === '') {
    console.error(`Usage: npm run new:service -- <slug> [--from <an existing service>]\nThe slug becomes the page address: lowercase words joined by hyphens, e.g. "foot-care".${RESERVED_SLUGS.includes(slug) ? `\n"${slug}" is the address of a fixed page.` : ''}`);
    process.exit(1);
  }
  const services = path.join(process.cwd(), 'content', 'services');
  const file = path.join(services, `${slug}.yaml`);
  if (existsSync(file) || existsSync(file.replace(/\.yaml$/, '.mdx'))) {
    console.error(`content/services/${slug} already exists; edit that file instead.`);
    process.exit(1);
  }
  if (from === undefined) {
    writeFileSync(file, serviceScaffold(slug));
    console.log(`Created content/services/${slug}.yaml. Fill in its fields, then run \`npm run check\`.`);
  } else {
    const names = readdirSync(services);
    const fromName = names.find((name) => name === `${from}.yaml` || name === `${from}.mdx`);
    if (!fromName) {
      const slugs = names.map((name) => name.replace(/\.(yaml|mdx)$/, ''));
      console.error(`There is no service "${from}" in content/services to copy${didYouMean(from, slugs)}.`);
      process.exit(1);
    }
    const to = `${slug}${path.extname(fromName)}`;
    writeFileSync(path.join(services, to), serviceCopy(slug, fromName, readFileSync(path.join(services, fromName), 'utf8')));
    console.log(`Created content/services/${to}, a copy of ${fromName} with its titles, description, keywords, service type, introduction and card left blank.`);
    console.log('Fill in every "" marked "fill in", read the cards it kept, then run `npm run check`.');
  }
  console.log(`It is built at /${slug}, and no page links to it yet: add "${slug}" to content/directory.yaml under a category (the /all-services directory), and, to show it on the home grid, in the header menu or in the footer, put it in content/lists.yaml.`);
}
