/**
 * How a field is named to an editor, in the content editor and in messages alike: the labels the editor shows
 * (scripts/generator/editorConfig.ts makes its fields' labels here) and the words a message names a field by,
 *   questions[3].answer -> Answer of the 4th question, 'Do you take Medicaid?'
 * One list of labels serves both, so a message names a field as the editor's form shows it.
 */

/** Where a value is in its file: keys and list positions from the top, e.g. ['questions', 3, 'answer']. */
export type FieldPath = ReadonlyArray<string | number>;

/** Keys whose words alone would not tell an editor what they hold. */
const LABELS: Record<string, string> = {
  src: 'Picture file',
  alt: 'What the picture shows (alt text)',
  noindex: 'Hide from search engines',
  meta: 'Search engines (title, description, keywords)',
  hero: 'Top of the page',
  // Reviews, people and offices (src/content/trust/).
  quote: 'Words of the review',
  isClient: 'Reviewer is the client',
  givenVia: 'Where it was given',
  expires: 'End date',
  revoked: 'Date withdrawn',
  rightToRevoke: 'Says it may be withdrawn',
  careNotConditioned: 'Says care does not depend on it',
  receivesVisitors: 'Visitors received here',
  googleProfile: 'Google Business Profile',
  reviewLink: 'Link to leave a review',
};

/** "serviceType" -> "Service type", "too-large" -> "Too large", "radiusMeters" -> "Radius meters". */
export function labelFor(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A list's name for one of its items: "questions" -> "question", "counties" -> "county". */
export function singular(name: string): string {
  if (/ies$/.test(name)) return name.replace(/ies$/, 'y');
  if (/(ss|us)$/.test(name)) return name;
  return name.replace(/s$/, '') || name;
}

/** The fields that name an item of a list, the first one an item has: its title, its question, its name ... */
export const ITEM_NAME_FIELDS = ['title', 'question', 'name', 'label', 'heading', 'service', 'text', 'value', 'days', 'code'] as const;

/** 1 -> "1st", 2 -> "2nd", 3 -> "3rd", 4 -> "4th", 11 -> "11th", 22 -> "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** The words an item of a list is known by: the value of its first naming field, or itself when it is short text. */
function itemName(item: unknown, next?: string | number): string | undefined {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const record = item as Record<string, unknown>;
  for (const field of ITEM_NAME_FIELDS) {
    // The naming field is the one at fault (or missing): the message is about it, the item is named by its place.
    if (field === next) return undefined;
    const value = record[field];
    if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') {
      const name = String(value).trim().replace(/\s+/g, ' ');
      return name.length > 120 ? `${name.slice(0, name.lastIndexOf(' ', 110))}…` : name;
    }
  }
  return undefined;
}

/** A label as it reads inside a sentence: "Top of the page" -> "top of the page"; "FAQ" stays. */
function inSentence(label: string): string {
  return /^[A-Z][A-Z]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/**
 * The field at `path` in words, the innermost first, each item of a list by its place and its name, e.g.
 *   ['questions', 3, 'answer'] -> "Answer of the 4th question, 'Do you take Medicaid?'"
 *   ['features', 1]            -> "The 2nd feature, 'Meal Planning'"
 *   ['hero', 'title']          -> "Title of the top of the page"
 * `data` is the file's data as written, for the items' names; without it, items are named by their place only.
 * An empty path gives an empty string (a problem with the whole file).
 */
export function describePlace(path: FieldPath, data?: unknown): string {
  const parts: string[] = [];
  let value: unknown = data;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const next = path[i + 1];
    value = value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>)[key] : undefined;
    if (typeof key === 'number') {
      const list = path[i - 1];
      const noun = typeof list === 'string' ? inSentence(labelFor(singular(list))) : 'item';
      const name = itemName(value, next);
      // A name in the middle of the words is set off by commas: "the 3rd stage, 'Interview', of the applications".
      parts.push(`the ${ordinal(key + 1)} ${noun}${name ? `, '${name}'${i > 1 ? ',' : ''}` : ''}`);
    } else if (typeof next === 'number') {
      // A list is named by its item: "the 4th question", not "the 4th question of questions".
      continue;
    } else if (i === path.length - 1 && typeof path[i - 1] === 'number' && typeof path[i - 2] === 'string' && singular(path[i - 2] as string) === key) {
      // The question of a question is the item itself: "The 2nd question", not "Question of the 2nd question".
      continue;
    } else {
      parts.push(i === path.length - 1 ? labelFor(key) : `the ${inSentence(labelFor(key))}`);
    }
  }
  const words = parts.reverse().join(' of ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
