/**
 * The content editor's fields (scripts/generator/editorConfig.ts) against the build's schemas: every field of every
 * content type, by the JSON Schemas the build writes (src/content/jsonSchemas.ts), must have an editor field
 * with the same rules (required, length, pattern, choices, number range, list and item count, default). The
 * checker is tested on altered fields, so it can fail; and the editor is tried on the real content (it must take
 * every file the build takes) and on values the build refuses (it must refuse them too, where Decap can say so).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { jsonSchemas } from '../../src/content/jsonSchemas.ts';
import { pageSchemas } from '../../src/content/schemas/page.ts';
import { serviceSchema } from '../../src/content/schemas/service.ts';
import { parseYamlSource } from '../../src/content/source.ts';
import { loadContent } from '../../src/content/loader.ts';
import {
  CONTENT_CHOICE_FIELDS,
  REVIEW_CHOICE_FIELDS,
  EDITOR_FORMATS,
  editorChoices,
  editorCollections,
  fieldsFromJsonSchema,
  IMAGE_FOLDER,
  lengthLookahead,
  NON_BLANK,
  patternsOf,
  resolveNode,
  type DecapCollection,
  type DecapField,
  type JsonNode,
} from '../../scripts/generator/editorConfig.ts';

const root = process.cwd();
const schemas = jsonSchemas() as Record<string, JsonNode>;

/**
 * Content types the editor leaves out, each with the reason. None today: every type can be edited, the build
 * checking what Decap cannot say (rules across fields, such as workflow's closed stages).
 */
const EXCLUDED: Record<string, string> = {};

/** Which content type each editor entry is, said here from src/content/loader.ts, not from the generator. */
function typeOf(collection: DecapCollection, file?: string): string {
  if (collection.folder === 'content/services') return 'service';
  if (collection.folder === 'content/jobs') return 'job';
  if (collection.folder === 'content/reviews') return 'review';
  if (collection.folder === 'content/people') return 'person';
  if (collection.folder === 'content/offices') return 'office';
  const name = file!.replace(/^content\//, '').replace(/\.yaml$/, '');
  return name.startsWith('pages/') ? `page-${name.slice('pages/'.length)}` : name;
}

/** One form of the editor: a folder collection's fields, or one file's. */
interface Form {
  where: string;
  type: string;
  fields: DecapField[];
  collection: DecapCollection;
  file?: string;
}

function forms(collections: DecapCollection[]): Form[] {
  return collections.flatMap((collection): Form[] =>
    collection.files
      ? collection.files.map((file) => ({ where: `${collection.name}/${file.name}`, type: typeOf(collection, file.file), fields: file.fields, collection, file: file.file }))
      : [{ where: collection.name, type: typeOf(collection), fields: collection.fields!, collection, file: undefined }],
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The drift checker: what the schema says against what the editor field says

/** The values a select offers (an option is a value, or a value with the words shown for it). */
const optionValues = (field: DecapField): string[] => (field.options ?? []).map((option) => (typeof option === 'string' ? option : option.value));

/** The text fields whose choices come from the content, not the schema (the directory's service and category), by path. */
const reviewChoice = (at: string) => Object.keys(REVIEW_CHOICE_FIELDS).includes(at);
const contentChoice = (at: string) => Object.keys(CONTENT_CHOICE_FIELDS).some((path) => path.replace('.', '[].') === at);

/** The lookaheads a string's editor pattern must be made of, by what the schema says. */
function expectedParts(node: JsonNode): string[] {
  const min = node.minLength ?? 0;
  const parts: string[] = [];
  if (min > 0) parts.push(NON_BLANK);
  if (min > 1 || node.maxLength !== undefined) parts.push(lengthLookahead(min, node.maxLength));
  for (const pattern of patternsOf(node)) parts.push(pattern.startsWith('^') ? `(?=${pattern})` : `(?=[\\s\\S]*?(?:${pattern}))`);
  return parts;
}

function describeLength(pattern: string | undefined): string {
  const found = pattern && /\(\?=\[\\s\\S\]\{(\d+),(\d*)\}\$\)/.exec(pattern);
  return found ? `${found[1]} to ${found[2] || 'any number of'} characters` : 'no length limit';
}

/**
 * The differences between a JSON Schema's fields and the editor's, each naming the field's path.
 * `optionalAbove`: an optional object holds the field, so the editor must not insist on it (Decap would insist
 * even when the object is left out).
 */
function drift(node: JsonNode, fields: DecapField[] | undefined, definitions: Record<string, JsonNode>, where: string, optionalAbove = false): string[] {
  const problems: string[] = [];
  const properties = node.properties ?? {};
  const byName = new Map((fields ?? []).map((field) => [field.name, field]));
  for (const [key, child] of Object.entries(properties)) {
    const field = byName.get(key);
    const at = where ? `${where}.${key}` : key;
    if (!field) {
      problems.push(`${at}: the schema has this field, the editor has none`);
      continue;
    }
    problems.push(...fieldDrift(resolveNode(child, definitions), field, definitions, at, (node.required ?? []).includes(key), optionalAbove));
  }
  for (const field of fields ?? []) {
    if (!(field.name in properties)) problems.push(`${where ? `${where}.` : ''}${field.name}: the editor has this field, the schema has none`);
  }
  return problems;
}

function fieldDrift(node: JsonNode, field: DecapField, definitions: Record<string, JsonNode>, at: string, inRequired: boolean, optionalAbove: boolean): string[] {
  const problems: string[] = [];
  const say = (what: string) => problems.push(`${at}: ${what}`);
  const hasDefault = node.default !== undefined;
  const type = node.type;
  const isList = type === 'array';
  const itemCount = isList && (node.minItems ?? 0) > 0;
  const expectRequired = inRequired && !hasDefault && !optionalAbove && (!isList || itemCount);
  const required = field.required ?? true;
  if (required !== expectRequired) say(`the schema makes it ${expectRequired ? 'required' : 'optional'}, the editor ${required ? 'required' : 'optional'}`);
  if (hasDefault && typeof node.default !== 'object' && JSON.stringify(field.default) !== JSON.stringify(node.default)) {
    say(`the schema's default is ${JSON.stringify(node.default)}, the editor's ${JSON.stringify(field.default)}`);
  }
  if (hasDefault && Array.isArray(node.default) && JSON.stringify(field.default) !== JSON.stringify(node.default)) {
    say(`the schema's default is ${JSON.stringify(node.default)}, the editor's ${JSON.stringify(field.default)}`);
  }
  if (!hasDefault && field.default !== undefined && !(optionalAbove && field.required === false)) say(`the editor has a default (${JSON.stringify(field.default)}), the schema none`);

  if (node.enum) {
    if (field.widget !== 'select' || field.multiple) say(`the schema has choices, the editor a ${field.multiple ? 'multiple ' : ''}${field.widget} field`);
    const missing = node.enum.map(String).filter((value) => !optionValues(field).includes(value));
    const extra = optionValues(field).filter((value) => !node.enum!.map(String).includes(value));
    if (missing.length) say(`the editor does not offer ${missing.map((value) => `"${value}"`).join(', ')}`);
    if (extra.length) say(`the editor offers ${extra.map((value) => `"${value}"`).join(', ')}, which the schema refuses`);
    return problems;
  }
  if (type === 'string' && field.widget === 'select' && contentChoice(at)) {
    // Chosen from what the content holds (a service, a group): the build checks the choice against the same content.
    if (field.multiple || !field.options?.length) say('the content offers choices, the editor a field without them');
    return problems;
  }
  if (type === 'string') {
    if (!['string', 'text', 'image', 'datetime'].includes(field.widget)) say(`the schema has text, the editor a ${field.widget} field`);
    let rest = field.pattern?.[0] ?? '';
    if (rest && !rest.startsWith('^')) say(`the editor's pattern does not start at the start of the value: ${rest}`);
    rest = rest.replace(/^\^/, '');
    for (const part of expectedParts(node)) {
      if (rest.includes(part)) rest = rest.replace(part, '');
      else if (part.startsWith('(?=[\\s\\S]{')) {
        say(`the schema allows ${describeLength(part)}, the editor ${describeLength(field.pattern?.[0])}`);
        rest = rest.replace(/\(\?=\[\\s\\S\]\{\d+,\d*\}\$\)/, '');
      } else if (part === NON_BLANK) say('the schema refuses a blank value, the editor does not');
      else say(`the editor's pattern lacks the schema's ${part.slice(3, -1)}`);
    }
    // A format with no pattern in the schema (a web address) may be approximated by the editor; nothing else may be added.
    if (rest && !(node.format && !patternsOf(node).length)) say(`the editor's pattern asks for more than the schema: ${rest}`);
    if (field.pattern && !field.pattern[1]) say("the editor's pattern has no message");
    if (field.pattern) new RegExp(field.pattern[0]);
    return problems;
  }
  if (type === 'number' || type === 'integer') {
    if (field.widget !== 'number') return [...problems, `${at}: the schema has a number, the editor a ${field.widget} field`];
    if ((field.value_type === 'int') !== (type === 'integer')) say(`the schema has ${type === 'integer' ? 'a whole number' : 'a number'}, the editor's value_type is ${field.value_type}`);
    const int = type === 'integer';
    const min = node.exclusiveMinimum !== undefined && int ? Math.max(node.minimum ?? -Infinity, node.exclusiveMinimum + 1) : node.minimum;
    const max = node.exclusiveMaximum !== undefined && int ? Math.min(node.maximum ?? Infinity, node.exclusiveMaximum - 1) : node.maximum;
    if (field.min !== min) say(`the schema's minimum is ${min}, the editor's ${field.min}`);
    if (field.max !== max) say(`the schema's maximum is ${max}, the editor's ${field.max}`);
    return problems;
  }
  if (type === 'boolean') {
    if (field.widget !== 'boolean') say(`the schema has true or false, the editor a ${field.widget} field`);
    return problems;
  }
  if (type === 'object') {
    if (field.widget !== 'object') return [...problems, `${at}: the schema has a group of fields, the editor a ${field.widget} field`];
    const image = Object.keys(node.properties ?? {}).sort().join(',') === 'alt,src';
    const src = field.fields?.find((child) => child.name === 'src');
    if (image && (src?.widget !== 'image' || src.media_folder !== IMAGE_FOLDER || src.public_folder !== '')) say(`the picture's file is not an upload into ${IMAGE_FOLDER} kept as a bare file name`);
    const childrenOptional = optionalAbove || !inRequired || hasDefault;
    problems.push(...drift(node, field.fields, definitions, at, childrenOptional));
    if (hasDefault) {
      for (const [key, value] of Object.entries(node.default as Record<string, unknown>)) {
        const child = field.fields?.find((candidate) => candidate.name === key);
        if (child && JSON.stringify(child.default) !== JSON.stringify(value)) say(`the schema's default for ${key} is ${JSON.stringify(value)}, the editor's ${JSON.stringify(child.default)}`);
      }
    }
    return problems;
  }
  if (isList) {
    const listLike = field.widget === 'list' || (field.widget === 'select' && field.multiple);
    if (!listLike) return [...problems, `${at}: the schema has a list, the editor a single ${field.widget} field`];
    if (field.min !== node.minItems) say(`the schema asks for at least ${node.minItems ?? 0} items, the editor ${field.min ?? 0}`);
    if (field.max !== node.maxItems) say(`the schema allows at most ${node.maxItems ?? 'any number of'} items, the editor ${field.max ?? 'any number'}`);
    const items = resolveNode(node.items ?? {}, definitions);
    if (items.enum) {
      const missing = items.enum.map(String).filter((value) => !optionValues(field).includes(value));
      if (field.widget !== 'select') say('the schema has a list of choices, the editor free items');
      if (missing.length) say(`the editor does not offer ${missing.map((value) => `"${value}"`).join(', ')}`);
    } else if (items.type === 'object') {
      if (!field.fields) say('the schema has a list of groups of fields, the editor a list of single values');
      else problems.push(...drift(items, field.fields, definitions, `${at}[]`));
    } else if (field.widget === 'select' && reviewChoice(at)) {
      // Ticked from what the content holds (the services that exist): the build checks each against the same content.
      if (!field.options?.length) say('the content offers choices, the editor a field without them');
    } else if (!field.field) {
      say('the schema has a list of single values, the editor a list of groups of fields');
    } else {
      problems.push(...fieldDrift(items, field.field, definitions, `${at}[]`, true, false));
    }
    return problems;
  }
  return [...problems, `${at}: the schema's ${JSON.stringify(type ?? node)} has no check here (add one to tests/unit/editorConfig.test.ts)`];
}

function formDrift(type: string, fields: DecapField[], mdx = false): string[] {
  const schema = schemas[type]!;
  const own = mdx ? fields.filter((field) => field.name !== 'body') : fields;
  return drift(schema, own, schema.definitions ?? {}, '');
}

// ---------------------------------------------------------------------------------------------------------------
// What Decap refuses: its checks (presence, pattern, number range, item count, choices), applied to data

function editorRefusals(fields: DecapField[], data: Record<string, unknown>, where = ''): string[] {
  const refusals: string[] = [];
  for (const field of fields) {
    refusals.push(...valueRefusals(field, data?.[field.name], where ? `${where}.${field.name}` : field.name));
  }
  return refusals;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0);
}

function valueRefusals(field: DecapField, value: unknown, at: string): string[] {
  if (isEmpty(value)) return field.required === false ? [] : [`${at}: ${field.label} is required`];
  const refusals: string[] = [];
  if (field.pattern && typeof value === 'string' && !new RegExp(field.pattern[0]).test(value)) refusals.push(`${at}: ${field.label} didn't match the pattern: ${field.pattern[1]}`);
  if (field.widget === 'select') {
    const values = field.multiple ? (value as unknown[]) : [value];
    for (const one of values) if (!optionValues(field).includes(String(one))) refusals.push(`${at}: "${String(one)}" is not one of the choices`);
  }
  if (field.widget === 'number') {
    if (typeof value !== 'number') refusals.push(`${at}: not a number`);
    else if ((field.min !== undefined && value < field.min) || (field.max !== undefined && value > field.max)) refusals.push(`${at}: ${field.label} must be between ${field.min} and ${field.max}`);
  }
  if ((field.widget === 'list' || field.multiple) && Array.isArray(value)) {
    if ((field.min !== undefined && value.length < field.min) || (field.max !== undefined && value.length > field.max)) refusals.push(`${at}: ${field.label} must have ${field.min} to ${field.max} items`);
    if (field.fields) value.forEach((item, index) => refusals.push(...editorRefusals(field.fields!, item as Record<string, unknown>, `${at}[${index}]`)));
    if (field.field) value.forEach((item, index) => refusals.push(...valueRefusals(field.field!, item, `${at}[${index}]`)));
  }
  if (field.widget === 'object') refusals.push(...editorRefusals(field.fields!, value as Record<string, unknown>, at));
  return refusals;
}

/** A content file's data as the editor loads it (the MDX front matter, in an .mdx file). */
function readData(file: string): Record<string, unknown> {
  let text = readFileSync(path.join(root, file), 'utf8');
  if (file.endsWith('.mdx')) text = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)![1]!;
  return parseYamlSource(file, text).data as Record<string, unknown>;
}

const collections = editorCollections(root);
const find = (name: string) => collections.find((collection) => collection.name === name)!;

describe('the content editor generated from the schemas', () => {
  test('offers every content type of the build, or says why it leaves one out', () => {
    const offered = new Set(forms(collections).map(({ type }) => type));
    const missing = Object.keys(schemas).filter((type) => !offered.has(type) && !(type in EXCLUDED));
    expect(missing).toEqual([]);
    expect(Object.keys(EXCLUDED).filter((type) => offered.has(type))).toEqual([]);
    expect(Object.keys(schemas).sort()).toEqual([...Object.keys(pageSchemas).map((page) => `page-${page}`), 'application-form', 'directory', 'faq', 'how-it-works', 'inquiry-form', 'job', 'lists', 'office', 'person', 'recognition', 'regions', 'replies', 'retention', 'review', 'service', 'site', 'workflow'].sort());
  });

  test('names its collections, formats and extensions as the editor page registers them', () => {
    expect(collections.map(({ name, folder, extension, format, create }) => ({ name, folder, extension, format, create }))).toEqual([
      { name: 'services', folder: 'content/services', extension: 'yaml', format: EDITOR_FORMATS.yaml, create: true },
      { name: 'services-mdx', folder: 'content/services', extension: 'mdx', format: EDITOR_FORMATS.mdx, create: false },
      { name: 'jobs', folder: 'content/jobs', extension: 'yaml', format: EDITOR_FORMATS.yaml, create: true },
      { name: 'reviews', folder: 'content/reviews', extension: 'yaml', format: EDITOR_FORMATS.yaml, create: true },
      { name: 'people', folder: 'content/people', extension: 'yaml', format: EDITOR_FORMATS.yaml, create: true },
      { name: 'offices', folder: 'content/offices', extension: 'yaml', format: EDITOR_FORMATS.yaml, create: true },
      { name: 'agency', folder: undefined, extension: undefined, format: EDITOR_FORMATS.yaml, create: undefined },
      { name: 'pages', folder: undefined, extension: undefined, format: EDITOR_FORMATS.yaml, create: undefined },
      { name: 'forms', folder: undefined, extension: undefined, format: EDITOR_FORMATS.yaml, create: undefined },
      { name: 'records', folder: undefined, extension: undefined, format: EDITOR_FORMATS.yaml, create: undefined },
    ]);
    const mdx = find('services-mdx').fields!;
    expect(mdx.at(-1)).toMatchObject({ name: 'body', label: 'Page body (MDX)', widget: 'text' });
    expect(mdx.slice(0, -1)).toEqual(find('services').fields);
    expect(find('services')).toMatchObject({ identifier_field: 'title', slug: '{{fields.card.title}}' });
    expect(find('jobs')).toMatchObject({ identifier_field: 'title', slug: '{{slug}}' });
  });

  test('points at folders and files that exist, one form for each single file the loader reads', () => {
    for (const { collection, file } of forms(collections)) {
      if (file) expect(existsSync(path.join(root, file)), file).toBe(true);
      else expect(existsSync(path.join(root, collection.folder!)), collection.folder).toBe(true);
    }
    const single = forms(collections).flatMap(({ file }) => (file ? [file] : []));
    const onDisk = [...readdirSync(path.join(root, 'content')).filter((name) => name.endsWith('.yaml')), ...readdirSync(path.join(root, 'content/pages')).map((name) => `pages/${name}`)];
    expect(single.sort()).toEqual(onDisk.map((name) => `content/${name}`).sort());
  });

  test.each(forms(collections).map((form) => [form.where, form] as const))('%s has a field, with the same rules, for every field of its schema', (_where, { type, fields, collection }) => {
    expect(formDrift(type, fields, collection.format === EDITOR_FORMATS.mdx)).toEqual([]);
  });

  test('the checker names each field whose rules were changed, and each field that is missing', () => {
    const altered = structuredClone(find('services').fields!);
    const field = (path: string) => path.split('.').reduce<DecapField | undefined>((parent, name, index) => (index === 0 ? altered : parent?.fields)?.find((candidate) => candidate.name === name), undefined)!;
    field('hero').fields = field('hero').fields!.filter((candidate) => candidate.name !== 'title');
    field('description').pattern = [field('description').pattern![0].replace('{50,160}', '{50,161}'), '50 to 161 characters'];
    field('features').fields!.find((candidate) => candidate.name === 'color')!.options = ['rose', 'amber', 'teal', 'sky', 'violet', 'emerald', 'indigo'];
    field('keywords').max = 13;
    field('serviceType').required = false;
    field('noindex').default = true;
    Object.assign(field('card'), { widget: 'string' });
    field('hero.image.src').pattern = undefined;
    altered.push({ name: 'subtitle', label: 'Subtitle', widget: 'string' });
    expect(formDrift('service', altered)).toEqual([
      'description: the schema allows 50 to 160 characters, the editor 50 to 161 characters',
      'keywords: the schema allows at most 12 items, the editor 13',
      'serviceType: the schema makes it required, the editor optional',
      "noindex: the schema's default is false, the editor's true",
      'hero.title: the schema has this field, the editor has none',
      `hero.image.src: the editor's pattern lacks the schema's ${schemas.service!.definitions!.image!.properties!.src!.pattern}`,
      'features[].color: the editor does not offer "orange"',
      'card: the schema has a group of fields, the editor a string field',
      'subtitle: the editor has this field, the schema has none',
    ]);
    const pay = structuredClone(find('jobs').fields!);
    const payField = pay.find((candidate) => candidate.name === 'pay')!;
    payField.fields!.find((candidate) => candidate.name === 'min')!.min = 0;
    payField.fields!.find((candidate) => candidate.name === 'per')!.required = true;
    Object.assign(pay.find((candidate) => candidate.name === 'employmentTypes')!, { widget: 'select', multiple: false });
    expect(formDrift('job', pay)).toEqual([
      'employmentTypes: the schema has a list, the editor a single select field',
      "pay.min: the schema's minimum is 1, the editor's 0",
      // pay is optional: Decap would insist on its fields even with no pay given, so they are not marked required.
      'pay.per: the schema makes it optional, the editor required',
    ]);
  });

  test('takes every content file the build takes', () => {
    const refused: string[] = [];
    for (const { type, fields, collection, file } of forms(collections)) {
      const files = file ? [file] : readdirSync(path.join(root, collection.folder!)).filter((name) => name.endsWith(`.${collection.extension}`)).map((name) => `${collection.folder}/${name}`);
      expect(files.length, type).toBeGreaterThan(0);
      for (const one of files) {
        const data = readData(one);
        if (one.endsWith('.mdx')) data.body = readFileSync(path.join(root, one), 'utf8').replace(/^---[\s\S]*?\n---\r?\n/, '');
        refused.push(...editorRefusals(fields, data).map((refusal) => `${one}: ${refusal}`));
      }
    }
    expect(refused).toEqual([]);
  });

  test('refuses, as the build does, a 161-character description, a missing title and an unknown icon', () => {
    const fields = find('services').fields!;
    const good = readData('content/services/meal-preparation.yaml');
    expect(editorRefusals(fields, good)).toEqual([]);
    expect(serviceSchema.safeParse(good).success).toBe(true);

    const long = { ...good, description: `${'A'.repeat(160)}.` };
    const untitled = Object.fromEntries(Object.entries(good).filter(([key]) => key !== 'title'));
    const unknownIcon = { ...good, card: { ...(good.card as object), icon: 'not-an-icon' } };
    const paragraphs = { ...good, features: (good.features as object[]).slice(0, 3) };
    const badPicture = { ...good, hero: { ...(good.hero as object), image: { src: 'Meals Photo.PNG', alt: 'Too short' } } };
    expect(editorRefusals(fields, long)).toEqual(["description: Description didn't match the pattern: 50 to 160 characters"]);
    expect(editorRefusals(fields, untitled)).toEqual(['title: Title is required']);
    expect(editorRefusals(fields, unknownIcon)).toEqual(['card.icon: "not-an-icon" is not one of the choices']);
    expect(editorRefusals(fields, paragraphs)).toEqual(['features: Features must have 4 to 4 items']);
    expect(editorRefusals(fields, badPicture)).toEqual([
      `hero.image.src: Picture file didn't match the pattern: A file name in content/images/ in lowercase words joined by hyphens, ending in .svg, .jpg, .jpeg, .png, .webp, .avif, e.g. "meals.svg"`,
      "hero.image.alt: What the picture shows (alt text) didn't match the pattern: 20 to 200 characters",
    ]);
    for (const refused of [long, untitled, unknownIcon, paragraphs, badPicture]) expect(serviceSchema.safeParse(refused).success).toBe(false);
  });

  test("explains a refused pattern in the schema's own words, and accepts a value at each limit", () => {
    const site = forms(collections).find(({ type }) => type === 'site')!.fields;
    const phone = site.find((field) => field.name === 'phone')!;
    expect(phone.pattern![1]).toBe('At most 24 characters; a US phone number of ten digits, e.g. "(860) 555-0142"');
    expect(new RegExp(phone.pattern![0]).test('(860) 555-0142')).toBe(true);
    expect(new RegExp(phone.pattern![0]).test('555-0142')).toBe(false);
    const title = find('services').fields!.find((field) => field.name === 'title')!;
    expect([new RegExp(title.pattern![0]).test('x'.repeat(60)), new RegExp(title.pattern![0]).test('x'.repeat(61)), new RegExp(title.pattern![0]).test('   ')]).toEqual([true, false, false]);
    const siteUrl = site.find((field) => field.name === 'siteUrl')!;
    expect([new RegExp(siteUrl.pattern![0]).test('https://www.example.com'), new RegExp(siteUrl.pattern![0]).test('www.example.com')]).toEqual([true, false]);
  });

  test('joins several patterns of one text field into one, and names a field Decap has no widget for', () => {
    const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', target: 'draft-07' }) as JsonNode;
    const [both] = fieldsFromJsonSchema(json(z.strictObject({ code: z.string().min(2).regex(/^a/).regex(/b$/) })));
    expect(both!.pattern![0]).toBe('^(?=[\\s\\S]*\\S)(?=[\\s\\S]{2,}$)(?=^a)(?=[\\s\\S]*?(?:b$))');
    expect(['ab', 'axb', 'ba', 'a'].map((value) => new RegExp(both!.pattern![0]).test(value))).toEqual([true, true, false, false]);
    expect(() => fieldsFromJsonSchema(json(z.strictObject({ when: z.union([z.string(), z.number()]) })), 'example')).toThrow(
      'example.when: a choice between types (anyOf/oneOf) has no editor field; give the field one type, or map it in scripts/generator/editorConfig.ts',
    );
    expect(() => fieldsFromJsonSchema(json(z.strictObject({ labels: z.record(z.string(), z.string()) })), 'example')).toThrow(
      'example.labels: a record (keys chosen by the editor) has no editor field; map it in scripts/generator/editorConfig.ts',
    );
  });
});

describe('the services directory in the editor', () => {
  const entries = forms(collections)
    .find(({ type }) => type === 'directory')!
    .fields.find((field) => field.name === 'entries')!;
  const child = (name: string) => entries.fields!.find((field) => field.name === name)!;

  test("lists each entry by its service and group, not by its icon (Decap's 'No icon')", () => {
    expect(entries.summary).toBe('{{fields.service}} ({{fields.category}})');
    const data = readData('content/directory.yaml') as { entries: Array<Record<string, string>> };
    // Decap fills the template from the entry's fields.
    const first = entries.summary!.replace(/\{\{fields\.(\w+)\}\}/g, (_, name: string) => data.entries[0]![name]!);
    expect(first).toBe(`${data.entries[0]!.service} (${data.entries[0]!.category})`);
  });

  test('offers the services that exist, by the name on their card, and keeps the file name', async () => {
    const content = await loadContent();
    const service = child('service');
    expect(service.widget).toBe('select');
    expect(service.pattern).toBeUndefined();
    const offered = service.options!.map((option) => (typeof option === 'string' ? { value: option, label: option } : option));
    expect(offered.map((option) => option.value).sort()).toEqual(content.services.map((one) => one.slug).sort());
    for (const one of content.services) expect(offered).toContainEqual({ value: one.slug, label: one.card.title });
    // Sorted by name, as the editor's list shows them.
    expect(offered.map((option) => option.label)).toEqual([...offered.map((option) => option.label)].sort((a, b) => a.localeCompare(b, 'en')));
  });

  test('offers the groups of directory.yaml as the categories, in their order', async () => {
    const content = await loadContent();
    const category = child('category');
    expect(category.widget).toBe('select');
    expect(category.options).toEqual(content.directory.groups.map((group) => group.name));
  });

  test('the build gives the same choices from the validated content as the files give the editor alone', async () => {
    const content = await loadContent();
    expect(editorCollections(root, editorChoices(content))).toEqual(collections);
  });

  test('refuses a service or a group that does not exist, as the build does', () => {
    const data = readData('content/directory.yaml') as { entries: Array<Record<string, string>> };
    const wrong = { ...data.entries[0]!, service: 'meal-prep', category: 'Daily living' };
    expect(editorRefusals(entries.fields!, wrong)).toEqual(['service: "meal-prep" is not one of the choices', 'category: "Daily living" is not one of the choices']);
    expect(editorRefusals(entries.fields!, data.entries[0]!)).toEqual([]);
  });
});
