/**
 * Warnings (not errors: the pages are still built) for the words a copied service file still shares with the
 * file it was copied from. A service copied to make a new page and given only a new title and description still
 * has the other's heading, card and introduction: its page would say "Housekeeping" at the top, and the contact
 * form would offer two "Housekeeping" boxes (the form lists every service by its card title).
 *
 * Two services warn when they have the same title, heading (hero.title) or card title, or when a sentence of
 * one's description, introduction (hero.description) or card text is word for word in the same field of the
 * other's. Sentences of fewer than four words are not compared: "Call us today." may well be said twice.
 * Each warning is at the field of the copy (see `copyFirst`) and names the original at its field.
 */
import type { ParsedFile } from './source.ts';
import { type ContentProblem, quoteValue } from './problems.ts';
import type { DirectoryFile } from './schemas/directory.ts';
import type { Service } from './schemas/service.ts';

/** Fields that name a service, each with what the words are called in a warning and where a visitor sees them. */
const NAMES = [
  { path: ['title'], what: 'title', shown: 'the browser tab and search results show it' },
  { path: ['hero', 'title'], what: 'heading', shown: 'the big heading at the top of the page' },
  { path: ['card', 'title'], what: 'card title', shown: "the service's name on the grids, in the menus and among the contact form's services" },
] as const;

/** Fields of sentences, none of which another service should repeat word for word. */
const TEXTS = [
  { path: ['description'], what: 'description' },
  { path: ['hero', 'description'], what: 'introduction' },
  { path: ['card', 'text'], what: 'card text' },
] as const;

const MIN_WORDS = 4;

export function serviceCopyWarnings(services: readonly CopyCandidate[], directory?: DirectoryFile): ContentProblem[] {
  const listed = new Set(directory?.entries.map((entry) => entry.service) ?? []);
  const sorted = [...services].sort((a, b) => a.file.localeCompare(b.file));
  const warnings: ContentProblem[] = [];
  const at = (service: CopyCandidate, path: readonly string[]) => `${service.file} (line ${service.source.locate(path).line})`;
  const warn = (service: CopyCandidate, path: readonly string[], message: string) =>
    warnings.push({ file: service.file, ...service.source.locate(path), path: [...path], message });

  for (const { path, what, shown } of NAMES) {
    const first = new Map<string, CopyCandidate>();
    for (const service of sorted) {
      const value = valueAt(service.data, path);
      const key = normalize(value);
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, service);
        continue;
      }
      const [copy, original] = copyFirst(earlier, service, listed);
      warn(copy, path, `the same ${what} as ${at(original, path)}, ${quoteValue(value)} (${shown}): give each service its own`);
    }
  }

  for (const { path, what } of TEXTS) {
    const said = new Map<string, CopyCandidate>();
    const repeats = new Map<string, { earlier: CopyCandidate; later: CopyCandidate; sentences: string[] }>();
    for (const service of sorted) {
      for (const sentence of new Set(sentences(valueAt(service.data, path)))) {
        const key = normalize(sentence);
        const earlier = said.get(key);
        if (!earlier) said.set(key, service);
        else if (earlier !== service) {
          const pair = `${earlier.file}\0${service.file}`;
          const repeat = repeats.get(pair) ?? { earlier, later: service, sentences: [] };
          repeat.sentences.push(sentence);
          repeats.set(pair, repeat);
        }
      }
    }
    for (const { earlier, later, sentences: shared } of repeats.values()) {
      const which = shared.length === 1 ? 'a sentence' : `${shared.length} sentences`;
      const [copy, original] = copyFirst(earlier, later, listed);
      warn(copy, path, `${which} of this ${what} ${shared.length === 1 ? 'is' : 'are'} also, word for word, in the ${what} of ${at(original, path)}: ${shared.map((sentence) => quoteValue(sentence)).join(', ')}; give each service words of its own`);
    }
  }
  return warnings;
}

function valueAt(data: Service, path: readonly string[]): string {
  let value: unknown = data;
  for (const key of path) value = (value as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

/** The sentences of a text worth comparing: ending in . ! or ?, of at least MIN_WORDS words. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.split(/\s+/).length >= MIN_WORDS);
}

/** Compared without regard to capitals or spacing: "Light  Housekeeping" is "light housekeeping". */
function normalize(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * A service made by copying another (in the content editor's "Duplicate", by copying its file, or with
 * `npm run new:service -- <slug> --from <other>`) is a draft until what tells it apart is its own: a warning for each
 * of its keywords, its features and its card still the same as the original's, at that field of the copy, naming
 * the original. Keywords are the same when they are the same phrases (in any order); features when any of them has
 * the original's title and description word for word; the card when its title or its text is the original's.
 * Which file is the copy: the one whose note says "copied from <the other's file>" (new:service writes it), else the
 * one written last, else the one the services directory does not list yet, else the later by name.
 */
export type CopyCandidate = ParsedFile<Service> & { slug: string; copiedFrom?: string; modified?: number };

const DRAFT_PARTS = [
  {
    path: ['keywords'],
    same: (copy: Service, original: Service) => sameSet(copy.keywords, original.keywords),
    says: 'the same keywords',
    fix: 'change them so searches find the right page',
  },
  {
    path: ['features'],
    same: (copy: Service, original: Service) => sharedFeatures(copy, original).length > 0,
    says: undefined,
    fix: "rewrite them for this service, so that its page says what it offers",
  },
  {
    path: ['card'],
    same: (copy: Service, original: Service) => normalize(copy.card.title) === normalize(original.card.title) || normalize(copy.card.text) === normalize(original.card.text),
    says: undefined,
    fix: 'give this service its own, so that the grids, the menus and the contact form tell the two apart',
  },
] as const;

export function copyDraftWarnings(services: readonly CopyCandidate[], directory?: DirectoryFile, said: readonly ContentProblem[] = []): ContentProblem[] {
  // A card whose title or text is already warned about (serviceCopyWarnings, `said`) is not warned about twice.
  const cardSaid = new Set(said.filter((warning) => warning.path[0] === 'card').map((warning) => warning.file));
  const listed = new Set(directory?.entries.map((entry) => entry.service) ?? []);
  const warnings: ContentProblem[] = [];
  const sorted = [...services].sort((a, b) => a.file.localeCompare(b.file));
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      const [copy, original] = copyFirst(sorted[i]!, sorted[j]!, listed);
      const parts = DRAFT_PARTS.filter((part) => part.same(copy.data, original.data) && !(part.path[0] === 'card' && cardSaid.has(copy.file)));
      if (!parts.length) continue;
      const named = `'${original.data.card.title}' (${original.file})`;
      // Named by its address: its card title may still be the original's.
      for (const part of parts) {
        const what = part.path[0] === 'features' ? featuresWords(copy.data, original.data) : part.path[0] === 'card' ? cardWords(copy.data, original.data) : part.says;
        warnings.push({
          file: copy.file,
          ...copy.source.locate(part.path),
          path: [...part.path],
          message: `/${copy.slug} still has ${what} as ${named}, the page it was copied from: ${part.fix}`,
        });
      }
    }
  }
  return warnings;
}

/** [the copy, its original] of two services that share words. */
function copyFirst(a: CopyCandidate, b: CopyCandidate, listed: ReadonlySet<string>): [CopyCandidate, CopyCandidate] {
  const name = (service: CopyCandidate) => service.file.split('/').pop();
  if (a.copiedFrom && a.copiedFrom === name(b)) return [a, b];
  if (b.copiedFrom && b.copiedFrom === name(a)) return [b, a];
  if (a.modified !== undefined && b.modified !== undefined && a.modified !== b.modified) return a.modified > b.modified ? [a, b] : [b, a];
  if (listed.has(a.slug) !== listed.has(b.slug)) return listed.has(a.slug) ? [b, a] : [a, b];
  return a.file > b.file ? [a, b] : [b, a];
}

function sharedFeatures(copy: Service, original: Service): string[] {
  const theirs = new Set(original.features.map((feature) => `${normalize(feature.title)}\0${normalize(feature.description)}`));
  return copy.features.filter((feature) => theirs.has(`${normalize(feature.title)}\0${normalize(feature.description)}`)).map((feature) => feature.title);
}

function featuresWords(copy: Service, original: Service): string {
  const shared = sharedFeatures(copy, original);
  const titles = shared.map((title) => `'${title}'`).join(', ');
  return shared.length === copy.features.length ? `the same ${shared.length} features (${titles})` : `${shared.length} of its ${copy.features.length} features word for word (${titles})`;
}

function cardWords(copy: Service, original: Service): string {
  const title = normalize(copy.card.title) === normalize(original.card.title);
  const text = normalize(copy.card.text) === normalize(original.card.text);
  return title && text ? 'the same card (title and text)' : title ? `the same card title (${quoteValue(copy.card.title)})` : `the same card text (${quoteValue(copy.card.text)})`;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a.map(normalize));
  const right = new Set(b.map(normalize));
  return left.size === right.size && [...left].every((word) => right.has(word));
}
