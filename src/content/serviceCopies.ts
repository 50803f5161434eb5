/**
 * Warnings (not errors: the pages are still built) for the words a copied service file still shares with the
 * file it was copied from. A service copied to make a new page and given only a new title and description still
 * has the other's heading, card and introduction: its page would say "Housekeeping" at the top, and the contact
 * form would offer two "Housekeeping" boxes (the form lists every service by its card title).
 *
 * Two services warn when they have the same title, heading (hero.title) or card title, or when a sentence of
 * one's description, introduction (hero.description) or card text is word for word in the same field of the
 * other's. Sentences of fewer than four words are not compared: "Call us today." may well be said twice.
 * Each warning is at the field of one file and names the other file at its field.
 */
import type { ParsedFile } from './source.ts';
import { type ContentProblem, quoteValue } from './problems.ts';
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

type ServiceFile = ParsedFile<Service>;

export function serviceCopyWarnings(services: readonly ServiceFile[]): ContentProblem[] {
  const sorted = [...services].sort((a, b) => a.file.localeCompare(b.file));
  const warnings: ContentProblem[] = [];
  const at = (service: ServiceFile, path: readonly string[]) => `${service.file}:${place(service, path)}`;
  const place = (service: ServiceFile, path: readonly string[]) => {
    const { line, column } = service.source.locate(path);
    return `${line}:${column}`;
  };
  const warn = (service: ServiceFile, path: readonly string[], message: string) =>
    warnings.push({ file: service.file, ...service.source.locate(path), path: [...path], message });

  for (const { path, what, shown } of NAMES) {
    const first = new Map<string, ServiceFile>();
    for (const service of sorted) {
      const value = valueAt(service.data, path);
      const key = normalize(value);
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, service);
        continue;
      }
      warn(earlier, path, `the same ${what} as ${at(service, path)}, ${quoteValue(value)} (${shown}): give each service its own`);
    }
  }

  for (const { path, what } of TEXTS) {
    const said = new Map<string, ServiceFile>();
    const repeats = new Map<string, { earlier: ServiceFile; later: ServiceFile; sentences: string[] }>();
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
      warn(earlier, path, `${which} of this ${what} ${shared.length === 1 ? 'is' : 'are'} also, word for word, in the ${what} of ${at(later, path)}: ${quoteValue(shared[0])}; give each service words of its own`);
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
