/**
 * The site's one heading case, Title Case: every word capitalised except the short words below (unless a word
 * is the first or the last, or follows a colon, "!" or "?"); each part of a hyphenated word capitalised
 * ("24-Hour", "Non-Medical"), but a short word inside one ("Round-the-Clock"). The spec's own headings follow
 * it: "Request Information", "What We Provide".
 * tests/e2e/headings.spec.ts checks every heading of every built page against it.
 */

/** Articles, conjunctions and short prepositions, lowercase inside a heading. */
export const MINOR_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'and', 'but', 'or', 'nor', 'for', 'so', 'yet',
  'as', 'at', 'by', 'in', 'of', 'off', 'on', 'per', 'to', 'up', 'via', 'vs',
]);

/** A word's letters and digits without the punctuation around it: '"Hello,"' -> 'Hello'. */
const core = (word: string) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** The first letter of a word part, if the part starts with one ("24" has none, and no case to check). */
const capitalise = (part: string) => part.replace(/^([^\p{L}\p{N}]*)(\p{L})/u, (_, before: string, letter: string) => before + letter.toUpperCase());
const lower = (part: string) => part.replace(/^([^\p{L}\p{N}]*)(\p{L})/u, (_, before: string, letter: string) => before + letter.toLowerCase());

/** The heading as Title Case writes it; only first letters change, so "HCA.0002676" and "iPad" keep theirs. */
export function toTitleCase(heading: string): string {
  const words = heading.trim().split(/\s+/);
  return words
    .map((word, index) => {
      const opensPhrase = index === 0 || /[:!?]$/.test(words[index - 1]!) || /^[-–—]$/.test(words[index - 1]!);
      const closes = index === words.length - 1;
      if (!opensPhrase && !closes && MINOR_WORDS.has(core(word).toLowerCase()) && !word.includes('-')) return lower(word);
      const parts = word.split('-');
      return parts.map((part, at) => (at > 0 && at < parts.length - 1 && MINOR_WORDS.has(core(part).toLowerCase()) ? lower(part) : capitalise(part))).join('-');
    })
    .join(' ');
}

/** The words of a heading that are not in Title Case, as '"from" should be "From"'; none when it is right. */
export function titleCaseProblems(heading: string): string[] {
  const words = heading.trim().split(/\s+/);
  const expected = toTitleCase(heading).split(' ');
  return words.flatMap((word, index) => (word === expected[index] ? [] : [`"${word}" should be "${expected[index]}"`]));
}
