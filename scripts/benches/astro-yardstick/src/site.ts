/** content/site.yaml, lists.yaml and directory.yaml, read once (js-yaml, which Astro itself uses for YAML). */
import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { z } from 'astro/zod';
import type { TONE_NAMES } from './serviceSchema.ts';

// site.yaml marks values still to be confirmed with !placeholder: the value is the text after it.
const schema = yaml.DEFAULT_SCHEMA.extend([new yaml.Type('!placeholder', { kind: 'scalar', construct: (data) => data })]);
const read = (file: string) => yaml.load(readFileSync(`content/${file}`, 'utf8'), { schema });

const siteSchema = z.object({
  name: z.string().min(1).max(60),
  legalLine: z.string().min(1),
  phone: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/),
  email: z.string().email(),
  registration: z.object({ number: z.string().min(1), label: z.string().min(1) }),
  claims: z.object({ backgroundChecked: z.string(), licensedInsured: z.string(), careHours: z.string(), coverage: z.string(), replyPromise: z.string(), consultation: z.string() }),
  geo: z.object({ latitude: z.number(), longitude: z.number(), radiusMeters: z.number() }),
  siteUrl: z.string().url(),
});
const listsSchema = z.object({ grid: z.array(z.string()).length(8), dropdown: z.array(z.string()).length(5), footer: z.array(z.string()).length(5) });
const directorySchema = z.object({
  groups: z.array(z.object({ name: z.string().min(1), description: z.string().min(1) })),
  entries: z.array(z.object({ icon: z.string(), title: z.string().optional(), description: z.string().min(1), service: z.string(), category: z.string() })),
});

let cached: { site: z.infer<typeof siteSchema>; lists: z.infer<typeof listsSchema>; directory: z.infer<typeof directorySchema> } | undefined;
function load() {
  cached ??= { site: siteSchema.parse(read('site.yaml')), lists: listsSchema.parse(read('lists.yaml')), directory: directorySchema.parse(read('directory.yaml')) };
  return cached;
}

export const siteValues = () => load().site;
export const lists = () => load().lists;
export const directory = () => load().directory;

/** The values of the identity tokens ((site.name)), ((site.phone)) ... */
export function tokenValues(): Record<string, string> {
  const site = load().site;
  return { name: site.name, phone: site.phone, email: site.email, legalLine: site.legalLine.replace('((site.name))', site.name) };
}

/** '(860) 555-0142' -> '+18605550142' */
/** A page's BreadcrumbList for search engines: Home, then each step of `trail` (a name and a path). */
export function breadcrumbs(siteUrl: string, trail: ReadonlyArray<{ name: string; path: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', path: '/' }, ...trail].map(({ name, path }, i) => ({ '@type': 'ListItem', position: i + 1, name, item: new URL(path, siteUrl).href })),
  };
}

export const e164 = (phone: string) => `+1${phone.replace(/\D/g, '')}`;

/** The card tones' colours (ours: src/theme.ts). */
export const TONES: Record<(typeof TONE_NAMES)[number], { bg: string; fg: string }> = {
  rose: { bg: '#ffe4e8', fg: '#9b1c36' },
  amber: { bg: '#fdf0c8', fg: '#7a4a02' },
  teal: { bg: '#d8f3ef', fg: '#0b5750' },
  sky: { bg: '#ddeffc', fg: '#0b4f7c' },
  violet: { bg: '#ece6fd', fg: '#5631a8' },
  emerald: { bg: '#dcf5e6', fg: '#17603a' },
  indigo: { bg: '#e3e7fd', fg: '#3136a0' },
  orange: { bg: '#ffe8d6', fg: '#8f3a0c' },
};

const MINOR = new Set(['a', 'an', 'the', 'and', 'but', 'or', 'nor', 'for', 'so', 'yet', 'as', 'at', 'by', 'in', 'of', 'off', 'on', 'per', 'to', 'up', 'via', 'vs']);
/** 'Talk with us about meal preparation' -> 'Talk With Us About Meal Preparation' (ours: src/titleCase.ts). */
export function titleCase(heading: string): string {
  const words = heading.trim().split(/\s+/);
  return words.map((word, i) => (i > 0 && i < words.length - 1 && MINOR.has(word.toLowerCase()) ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1))).join(' ');
}

const pageSchema = z.object({
  meta: z.object({ title: z.string().min(1).max(60), description: z.string().min(50).max(160), keywords: z.array(z.string()).min(3).max(12) }),
  hero: z.object({ title: z.string().min(1), lead: z.string().min(1), image: z.object({ src: z.string(), alt: z.string().min(20).max(200) }) }),
  grid: z.object({ heading: z.string(), intro: z.string() }).optional(),
  callToAction: z.object({ heading: z.string(), intro: z.string() }),
});

/** The copy of a fixed page, content/pages/<name>.yaml (the parts the yardstick's pages show). */
export function pageCopy(name: 'services' | 'all-services') {
  return pageSchema.parse(read(`pages/${name}.yaml`));
}
