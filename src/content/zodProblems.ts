/**
 * Turns zod's issues into content problems worded for editors: what was expected, what was found,
 * where. The schemas stay plain zod; all wording lives here and in problems.ts.
 */
import { z } from 'zod';
import { ICON_NAMES, requiredBecause, retiredFields } from './schemas/common.ts';
import { describePlace } from './fieldNames.ts';
import { type ContentProblem, type FieldPath, describeValue, didYouMean, quoteValue } from './problems.ts';
import type { YamlSource } from './source.ts';

type Issue = z.core.$ZodIssue;

export function problemsFromZod(error: z.ZodError, file: string, source: YamlSource, schema: z.ZodType): ContentProblem[] {
  // zod still runs length checks on a value of the wrong type; the type problem is the one to report.
  const wrongType = new Set(error.issues.filter((i) => i.code === 'invalid_type').map((i) => JSON.stringify(i.path)));
  const issues = error.issues.filter((i) => i.code === 'invalid_type' || !wrongType.has(JSON.stringify(i.path)));
  return issues.flatMap((issue): ContentProblem[] => {
    if (issue.code === 'unrecognized_keys') {
      const object = objectAt(schema, issue.path);
      const known = Object.keys(object?.shape ?? {});
      const retired = (object && retiredFields.get(object)) ?? {};
      return issue.keys.map((key) => {
        const path = [...issue.path, key] as FieldPath;
        const message = retired[key] ? `the field "${key}" is no longer used: ${retired[key](file)}` : unknownFieldMessage(key, known);
        // Named at the group the field is written in: the field itself has no label.
        return { file, ...source.locate(path, 'key'), path, place: describePlace(issue.path as FieldPath, source.data), message };
      });
    }
    const path = issue.path as FieldPath;
    const found = valueAt(source.data, path);
    // A field whose absence the schema explains (schemas/common.ts, requiredBecause): the reason follows.
    const why = issue.code === 'invalid_type' && found === undefined ? fieldAt(schema, path) && requiredBecause.get(fieldAt(schema, path)!)?.why : undefined;
    return [{ file, ...source.locate(path), path, place: describePlace(path, source.data), message: `${messageFor(issue, found)}${why ? `: ${why}` : ''}` }];
  });
}

function unknownFieldMessage(key: string, known: string[]): string {
  const hint = didYouMean(key, known);
  const list = known.length ? `; the fields here are ${known.map((k) => `"${k}"`).join(', ')}` : '';
  return hint ? `"${key}" is not a field here${hint}` : `"${key}" is not a field here${list}`;
}

const typeNames: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
};

function messageFor(issue: Issue, found: unknown): string {
  const foundText = found === undefined ? 'nothing (the field is missing)' : describeFound(found);
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${typeNames[issue.expected] ?? issue.expected}, found ${foundText}`;
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue, found);
    case 'invalid_value': {
      if (isIconList(issue.values)) {
        return `expected an icon name from https://lucide.dev/icons, found ${quoteValue(found)}${didYouMean(found, ICON_NAMES)}`;
      }
      const values = issue.values.map((v) => JSON.stringify(v));
      return `expected one of ${values.join(', ')}, found ${quoteValue(found)}${didYouMean(found, issue.values.map(String))}`;
    }
    case 'invalid_format':
      return `expected ${formatNames[issue.format] ?? issue.message}, found ${quoteValue(found)}`;
    case 'custom':
      // A rule about a whole list (schemas/workflow.ts) says what it found: the value at its path is only "a list".
      // A rule about some words of a text (a price in an answer) gives them as `fault`: they are quoted whole.
      return `${issue.message}, found ${typeof issue.params?.found === 'string' ? issue.params.found : quoteValue(found, faultIn(found, issue.params?.fault))}`;
    default:
      return `${issue.message}, found ${quoteValue(found)}`;
  }
}

/** zod copies an enum's values into the issue, so the icon list is recognised by its contents. */
function isIconList(values: readonly unknown[]): boolean {
  return values.length === ICON_NAMES.length && values[0] === ICON_NAMES[0] && values.at(-1) === ICON_NAMES.at(-1);
}

const formatNames: Record<string, string> = {
  email: 'an e-mail address such as "care@example.com"',
  url: 'a web address such as "https://www.example.com"',
  uuid: 'an id such as "1f0e8d5c-2b7a-4c3d-9e6f-0a1b2c3d4e5f"',
  date: 'a date written YYYY-MM-DD, e.g. "2026-11-01"',
};

/** Where a rule's words at fault (a regular expression the schema gives as params.fault) are in a text. */
function faultIn(found: unknown, fault: unknown): { start: number; end: number } | undefined {
  if (typeof found !== 'string' || !(fault instanceof RegExp)) return undefined;
  const match = new RegExp(fault.source, fault.flags.replace('g', '')).exec(found);
  return match ? { start: match.index, end: match.index + match[0].length } : undefined;
}

function describeFound(found: unknown): string {
  const kind = describeValue(found);
  return typeof found === 'string' || typeof found === 'number' ? `${kind} (${quoteValue(found)})` : kind;
}

function sizeMessage(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig, found: unknown): string {
  const limit = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
  const bound = issue.exact ? 'exactly' : issue.code === 'too_small' ? 'at least' : 'at most';
  switch (issue.origin) {
    case 'array': {
      const count = Array.isArray(found) ? found.length : 0;
      return `expected ${bound} ${limit} ${limit === 1 ? 'item' : 'items'}, found ${count}`;
    }
    case 'string': {
      const length = typeof found === 'string' ? found.trim().length : 0;
      if (length === 0) return 'expected some text, found an empty string';
      if (issue.code === 'too_big' && typeof found === 'string' && !issue.exact) {
        // The words that go past the limit, quoted whole from the start of the word the limit falls in.
        const text = found.trim();
        const from = text.lastIndexOf(' ', limit) + 1;
        return `expected ${bound} ${limit} characters, found ${length}; these words go past the limit: "${from > 0 ? '…' : ''}${text.slice(from).replace(/\s*\r?\n\s*/g, ' ')}"`;
      }
      return `expected ${bound} ${limit} characters, found ${length}${typeof found === 'string' ? ` (${quoteValue(found.trim())})` : ''}`;
    }
    default:
      return `expected a number ${bound === 'at least' ? 'of at least' : bound === 'at most' ? 'of at most' : ''} ${limit}, found ${quoteValue(found)}`.replace('  ', ' ');
  }
}

export function valueAt(data: unknown, path: FieldPath): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** The object schema at a path, for naming its fields (and its retired ones) in an unknown-field message. */
function objectAt(schema: z.ZodType, path: ReadonlyArray<PropertyKey>): z.ZodObject | undefined {
  let current: z.ZodType | undefined = unwrap(schema);
  for (const key of path) {
    if (current instanceof z.ZodObject) current = unwrap(current.shape[key as string] as z.ZodType);
    else if (current instanceof z.ZodArray) current = unwrap(current.element as z.ZodType);
    else return undefined;
  }
  return current instanceof z.ZodObject ? current : undefined;
}

/** The schema of the field at a path, as its object declares it (for what the schema says of it). */
function fieldAt(schema: z.ZodType, path: FieldPath): z.ZodType | undefined {
  const key = path.at(-1);
  return typeof key === 'string' ? (objectAt(schema, path.slice(0, -1))?.shape[key] as z.ZodType | undefined) : undefined;
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let current = schema;
  while (current instanceof z.ZodDefault || current instanceof z.ZodOptional) current = current.unwrap() as z.ZodType;
  return current;
}
