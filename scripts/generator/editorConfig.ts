/**
 * The content editor's collections (Decap CMS), generated from the zod schemas so the editor asks for what the
 * build accepts: every field with its label, hint (the schema's description), required mark, default, limits,
 * pattern, choices and lists. The build writes them into the editor's configuration; a unit test
 * (tests/unit/editorConfig.test.ts) fails when a schema field has no editor field or their rules differ.
 *
 * The fields are made from the JSON Schema of each content type (as schemas/*.schema.json are), with the messages
 * of the schemas' regular expressions added, so a refused value is explained in the schema's own words.
 * Decap has no length limits for text: a length and the schema's patterns become ONE regular expression, e.g.
 * `^(?=[\s\S]*\S)(?=[\s\S]{50,160}$)` for 50 to 160 characters. What Decap cannot say (a rule across fields, a
 * refinement such as "a question ends in ?") is left to the build, which is the gate: its message is shown in
 * the editor.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CONTENT_SCHEMAS } from '../../src/content/jsonSchemas.ts';
import { pageSchemas, type PageName } from '../../src/content/schemas/page.ts';
import type { Content } from '../../src/content/content.ts';
import { parseYamlSource } from '../../src/content/source.ts';
import { labelFor, singular } from '../../src/content/fieldNames.ts';

/** The file formats the editor page registers (Decap's registerCustomFormat): YAML kept as written, MDX front matter + raw body. */
export const EDITOR_FORMATS = { yaml: 'content-yaml', mdx: 'content-mdx' } as const;

/** Where pictures go, from the repository's root; a field's value is the bare file name ("meals.svg"). */
export const IMAGE_FOLDER = '/content/images';

/** The last field of an MDX service: its body, as raw text, so its components are never rewritten. */
export const MDX_BODY_FIELD = { name: 'body', label: 'Page body (MDX)', widget: 'text' } as const;

export interface DecapField {
  name: string;
  label: string;
  widget: 'string' | 'text' | 'number' | 'boolean' | 'select' | 'object' | 'list' | 'image' | 'datetime';
  hint?: string;
  /** Decap's own default is true: every generated field says which. */
  required?: boolean;
  default?: unknown;
  /** [regular expression, what it asks for in plain words]; Decap tests it on a value that is not empty. */
  pattern?: [string, string];
  /** select: the values, or each value with the words the editor shows for it */
  options?: ReadonlyArray<string | { label: string; value: string }>;
  multiple?: boolean;
  /** number: the range; list and multiple select: how many items */
  min?: number;
  max?: number;
  value_type?: 'int' | 'float';
  step?: number;
  /** object and list of objects */
  fields?: DecapField[];
  /** list of single values */
  field?: DecapField;
  summary?: string;
  label_singular?: string;
  /** image */
  media_folder?: string;
  public_folder?: string;
  choose_url?: boolean;
  /** datetime */
  format?: string;
  date_format?: string;
  time_format?: boolean;
  picker_utc?: boolean;
}

export interface DecapFile {
  name: string;
  label: string;
  /** From the repository's root, e.g. "content/site.yaml". */
  file: string;
  description?: string;
  fields: DecapField[];
}

export interface DecapCollection {
  name: string;
  label: string;
  label_singular?: string;
  description?: string;
  /** A folder collection: one entry per file. */
  folder?: string;
  extension?: string;
  create?: boolean;
  delete?: boolean;
  slug?: string;
  identifier_field?: string;
  summary?: string;
  /** A files collection: one entry per named file. */
  files?: DecapFile[];
  format: (typeof EDITOR_FORMATS)[keyof typeof EDITOR_FORMATS];
  fields?: DecapField[];
}

/** The content types, by the names of schemas/<name>.schema.json (src/content/jsonSchemas.ts). */
export const EDITOR_SCHEMAS: Record<string, z.ZodType> = CONTENT_SCHEMAS;

/** Which content type each single file is (as src/content/loader.ts reads them), in the editor's groups. */
function fileGroups(): Array<{ name: string; label: string; description: string; files: Array<{ type: string; file: string; label: string }> }> {
  return [
  {
    name: 'agency',
    label: 'Agency and site-wide',
    description: "The agency's identity, which services the menus list, the services directory, the towns served, the questions and the steps shown on several pages.",
    files: [
      { type: 'site', file: 'site.yaml', label: 'Agency identity (name, phone, e-mail, hours)' },
      { type: 'lists', file: 'lists.yaml', label: 'Service lists (grid, menu, footer)' },
      { type: 'directory', file: 'directory.yaml', label: 'Services directory' },
      { type: 'regions', file: 'regions.yaml', label: 'Counties and towns' },
      { type: 'faq', file: 'faq.yaml', label: 'Questions families ask' },
      { type: 'how-it-works', file: 'how-it-works.yaml', label: 'How it works' },
      { type: 'recognition', file: 'recognition.yaml', label: 'Awards and badges (recognition)' },
    ],
  },
  {
    name: 'pages',
    label: 'Page copy',
    description: 'The words of the fixed pages (home, services, about, contact, careers and the pages forms lead to).',
    files: (Object.keys(pageSchemas) as PageName[]).map((page) => ({ type: `page-${page}`, file: `pages/${page}.yaml`, label: `Page: ${labelFor(page)}` })),
  },
  {
    name: 'forms',
    label: 'Form choices',
    description: "The choices of the site's own forms, the words of the consent box, and the e-mail each sender gets at once.",
    files: [
      { type: 'inquiry-form', file: 'inquiry-form.yaml', label: 'Contact form' },
      { type: 'replies', file: 'replies.yaml', label: 'Instant reply to each sender (e-mail)' },
      { type: 'application-form', file: 'application-form.yaml', label: 'Job application form' },
    ],
  },
  {
    name: 'records',
    label: 'Dashboard stages and retention',
    description: 'The stages staff move applications and inquiries through, and how long personal data is kept. A stage code is stored with records: never reuse one for a different meaning.',
    files: [
      { type: 'workflow', file: 'workflow.yaml', label: 'Stages (workflow)' },
      { type: 'retention', file: 'retention.yaml', label: 'How long data is kept (retention)' },
    ],
  },
  ];
}

/**
 * Every content type in the editor: the services (YAML, and the hand-built MDX pages' front matter), the jobs,
 * and each single file. Paths are from the repository's root, as Decap's backends want them.
 * @param root the project's root (its content/ folder must exist)
 */
export function editorCollections(root: string = process.cwd(), choices?: EditorChoices): DecapCollection[] {
  const content = path.join(root, 'content');
  if (!existsSync(content)) throw new Error(`expected a content folder at ${content}, found nothing`);
  const made = fieldMaker();
  const fieldsOf = (type: string) =>
    type === 'directory' ? directoryFields(made(type), choices ?? choicesFromFiles(content)) : type === 'review' ? reviewFields(made(type), choices ?? choicesFromFiles(content)) : made(type);
  const serviceFields = fieldsOf('service');
  return [
    {
      name: 'services',
      label: 'Services',
      label_singular: 'Service',
      description: 'One page per service; the file name is the page address (meal-preparation.yaml is /meal-preparation).',
      folder: 'content/services',
      extension: 'yaml',
      format: EDITOR_FORMATS.yaml,
      create: true,
      // A new page's address comes from the service's name (card title): "Home Organizing" -> /home-organizing.
      slug: '{{fields.card.title}}',
      identifier_field: 'title',
      summary: '{{card.title}} (/{{filename}})',
      fields: serviceFields,
    },
    {
      name: 'services-mdx',
      label: 'Services with extra sections (MDX)',
      label_singular: 'Service with extra sections',
      description: 'The hand-built service pages: the same fields, and the page body kept as written (its <Section> and <Callout> components included).',
      folder: 'content/services',
      extension: 'mdx',
      format: EDITOR_FORMATS.mdx,
      create: false,
      slug: '{{fields.card.title}}',
      identifier_field: 'title',
      summary: '{{card.title}} (/{{filename}})',
      fields: [...fieldsOf('service'), { ...MDX_BODY_FIELD, hint: 'Markdown with <Section title="..."> and <Callout title="..."> blocks. Change only the words you mean to; the rest is kept as it is.', required: false }],
    },
    {
      name: 'jobs',
      label: 'Job openings',
      label_singular: 'Job opening',
      description: 'One file per opening on /careers; the file name is the page address (/careers/<name>).',
      folder: 'content/jobs',
      extension: 'yaml',
      format: EDITOR_FORMATS.yaml,
      create: true,
      slug: '{{slug}}',
      identifier_field: 'title',
      summary: '{{title}} (until {{validThrough}})',
      fields: fieldsOf('job'),
    },
    {
      name: 'reviews',
      label: 'Reviews',
      label_singular: 'Review',
      description:
        "One file per review, each with the reviewer's consent on record: the words they agreed to, the date and how. The build refuses a review without them, and takes one off the site once its consent is withdrawn or ends. See docs/reviews-and-consent.md.",
      folder: 'content/reviews',
      extension: 'yaml',
      format: EDITOR_FORMATS.yaml,
      create: true,
      // A new file's name from the reviewer and the day it is added: "maria-t-2026-11-29".
      slug: '{{fields.reviewer.name}}-{{year}}-{{month}}-{{day}}',
      identifier_field: 'quote',
      summary: '{{reviewer.name}}, {{reviewer.relation}} ({{date}})',
      fields: fieldsOf('review'),
    },
    {
      name: 'people',
      label: 'People',
      label_singular: 'Person',
      description: 'One file per person shown on the site (About): leadership and office staff first, then caregivers who agreed. Each with their consent to appear on record.',
      folder: 'content/people',
      extension: 'yaml',
      format: EDITOR_FORMATS.yaml,
      create: true,
      slug: '{{fields.name}}',
      identifier_field: 'name',
      summary: '{{name}}, {{role}} ({{group}})',
      fields: fieldsOf('person'),
    },
    {
      name: 'offices',
      label: 'Offices',
      label_singular: 'Office',
      description: "One file per office: its address (shown only where visitors are received), hours, phone, the towns it serves and its Google Business Profile. Search engines are given the same.",
      folder: 'content/offices',
      extension: 'yaml',
      format: EDITOR_FORMATS.yaml,
      create: true,
      slug: '{{fields.name}}',
      identifier_field: 'name',
      summary: '{{name}} ({{address.town}})',
      fields: fieldsOf('office'),
    },
    ...fileGroups().map(({ name, label, description, files }) => ({
      name,
      label,
      description,
      format: EDITOR_FORMATS.yaml,
      files: files.map(({ type, file, label: fileLabel }) => ({
        name: path.basename(file, '.yaml'),
        label: fileLabel,
        file: `content/${file}`,
        fields: fieldsOf(type),
      })),
    })),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Choices that come from the content: the directory's service and category

/** The services that exist (the file name, and the name on its card) and the directory's groups, in file order. */
export interface EditorChoices {
  services: Array<{ value: string; label: string }>;
  groups: string[];
}

/** The choices from validated content (the build's content step). */
export function editorChoices(content: Pick<Content, 'services' | 'directory'>): EditorChoices {
  return { services: serviceOptions(content.services.map((service) => ({ value: service.slug, label: service.card.title }))), groups: content.directory.groups.map((group) => group.name) };
}

const serviceOptions = (services: EditorChoices['services']) => [...services].sort((a, b) => a.label.localeCompare(b.label, 'en') || a.value.localeCompare(b.value));

/** The choices read from the files themselves, when no validated content is at hand (a file that cannot be read is left out). */
function choicesFromFiles(content: string): EditorChoices {
  const read = (file: string) => {
    let text = readFileSync(path.join(content, file), 'utf8');
    if (file.endsWith('.mdx')) text = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
    return parseYamlSource(file, text).data as Record<string, unknown> | undefined;
  };
  const folder = path.join(content, 'services');
  const services = (existsSync(folder) ? readdirSync(folder) : [])
    .filter((file) => /\.(ya?ml|mdx)$/.test(file))
    .flatMap((file) => {
      const title = (read(`services/${file}`)?.card as { title?: unknown } | undefined)?.title;
      return typeof title === 'string' ? [{ value: file.replace(/\.[^.]+$/, ''), label: title }] : [];
    });
  const groups = existsSync(path.join(content, 'directory.yaml')) ? ((read('directory.yaml')?.groups as Array<{ name?: unknown }> | undefined) ?? []) : [];
  return { services: serviceOptions(services), groups: groups.flatMap((group) => (typeof group.name === 'string' ? [group.name] : [])) };
}

/** The fields of content/directory.yaml whose choices are the content's: each entry's service and category. */
export const CONTENT_CHOICE_FIELDS = { 'entries.service': 'services', 'entries.category': 'groups' } as const;

/** The fields of a review whose choices are the content's: the services it speaks of. */
export const REVIEW_CHOICE_FIELDS = { services: 'services' } as const;

/** A review's services ticked from the services that exist (the name on the card shown, the file name kept), not typed. */
function reviewFields(fields: DecapField[], choices: EditorChoices): DecapField[] {
  return fields.map((field) => {
    if (field.name !== 'services') return field;
    const { field: _item, label_singular: _singular, ...rest } = field;
    return { ...rest, widget: 'select', multiple: true, options: choices.services };
  });
}

/**
 * The directory's entries chosen from lists, not typed: the service from the services that exist (the name on
 * its card shown, its file name kept), the category from the groups above; each entry listed by its service and
 * group, not by its first field (the icon).
 */
function directoryFields(fields: DecapField[], choices: EditorChoices): DecapField[] {
  return fields.map((field) => {
    if (field.name !== 'entries' || !field.fields) return field;
    const chosen = (child: DecapField, options: DecapField['options']): DecapField => {
      const { pattern: _pattern, ...rest } = child;
      return { ...rest, widget: 'select', options };
    };
    return {
      ...field,
      summary: '{{fields.service}} ({{fields.category}})',
      fields: field.fields.map((child) => {
        if (child.name === 'service') return chosen(child, choices.services);
        if (child.name === 'category') return chosen(child, choices.groups);
        return child;
      }),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// From JSON Schema to Decap fields

/** The part of a JSON Schema (draft-07, as zod writes it) the fields are made from. */
export interface JsonNode {
  $ref?: string;
  allOf?: JsonNode[];
  anyOf?: JsonNode[];
  oneOf?: JsonNode[];
  type?: string | string[];
  description?: string;
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonNode;
  properties?: Record<string, JsonNode>;
  required?: string[];
  additionalProperties?: boolean | JsonNode;
  definitions?: Record<string, JsonNode>;
  /** Added here: the message of each regular expression, by its source. */
  'x-pattern-messages'?: Record<string, string>;
}

/**
 * A JSON node with its $ref and one-element allOf (zod's way of adding a description to a shared schema)
 * replaced by what they point at; `ref` is the shared schema's name ("image", "icon", "tone").
 */
export function resolveNode(node: JsonNode, definitions: Record<string, JsonNode> = {}): JsonNode & { ref?: string } {
  const { $ref, allOf, ...rest } = node;
  if ($ref) {
    const name = $ref.replace(/^#\/(definitions|\$defs)\//, '');
    const target = definitions[name];
    if (!target) throw new Error(`the JSON Schema points at ${$ref}, which it does not define`);
    return { ref: name, ...resolveNode(target, definitions), ...stripUndefined(rest) };
  }
  if (allOf?.length) {
    // Several patterns on one string are written as allOf: [{pattern}, {pattern}]; they all apply.
    const parts = allOf.map((part) => resolveNode(part, definitions));
    const merged: JsonNode & { ref?: string } = Object.assign({}, ...parts, stripUndefined(rest));
    const patterns = [...parts.flatMap((part) => patternsOf(part)), ...(rest.pattern ? [rest.pattern] : [])];
    if (patterns.length > 1) return { ...merged, pattern: undefined, allPatterns: patterns } as JsonNode;
    return merged;
  }
  return node;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Every regular expression a (resolved) string node asks its value to match. */
export function patternsOf(node: JsonNode): string[] {
  const all = (node as { allPatterns?: string[] }).allPatterns;
  return all ?? (node.pattern ? [node.pattern] : []);
}

// The labels are shared with the content's messages, which name a field as the editor shows it.
export { labelFor };

/** Patterns the JSON Schema names by a format only, and what they ask for. */
const FORMAT_PATTERNS: Record<string, [string, string]> = {
  uri: ['^https?://[^\\s/?#]+\\.[^\\s]*$', 'a web address starting with https://, e.g. "https://www.example.com"'],
};

/** Plain words for a format's own pattern, when the schema gave no message. */
const FORMAT_WORDS: Record<string, string> = {
  email: 'an e-mail address, e.g. "care@example.com"',
  uuid: 'an id of 32 digits and letters a to f, in groups of 8-4-4-4-12, e.g. "1b2c3d4e-0000-4000-8000-000000000001"',
  date: 'a date written YYYY-MM-DD, e.g. "2026-11-01"',
};

/** The non-blank and length part of a string's pattern (see `stringPattern`). */
export const NON_BLANK = '(?=[\\s\\S]*\\S)';
export const lengthLookahead = (min: number, max: number | undefined) => `(?=[\\s\\S]{${min},${max ?? ''}}$)`;

function lengthWords(min: number, max: number | undefined): string | undefined {
  if (max === undefined) return min > 1 ? `at least ${min} characters` : undefined;
  if (min === max) return `exactly ${max} characters`;
  return min > 1 ? `${min} to ${max} characters` : `at most ${max} characters`;
}

/** One regular expression for a string's length, its non-blankness and its patterns, and what it asks in words. */
export function stringPattern(node: JsonNode, messages: Record<string, string> = {}): [string, string] | undefined {
  const min = node.minLength ?? 0;
  const max = node.maxLength;
  const parts: string[] = [];
  const words: string[] = [];
  if (min > 0) parts.push(NON_BLANK);
  if (min > 1 || max !== undefined) {
    parts.push(lengthLookahead(min, max));
    const said = lengthWords(min, max);
    if (said) words.push(said);
  }
  const patterns = patternsOf(node);
  for (const pattern of patterns) {
    parts.push(pattern.startsWith('^') ? `(?=${pattern})` : `(?=[\\s\\S]*?(?:${pattern}))`);
    // A format's words first: its pattern is shared by every field of the format, each with its own example.
    words.push((node.format && FORMAT_WORDS[node.format]) ?? messages[pattern] ?? 'written as the hint shows');
  }
  const byFormat = !patterns.length && node.format ? FORMAT_PATTERNS[node.format] : undefined;
  if (byFormat) {
    parts.push(`(?=${byFormat[0]})`);
    words.push(byFormat[1]);
  }
  if (!parts.length) return undefined;
  if (!words.length) words.push('not blank');
  const message = words.join('; ');
  return [`^${parts.join('')}`, message.charAt(0).toUpperCase() + message.slice(1)];
}

/** The icon names are many (about 1,600): every icon field shares one array, so a YAML writer can alias it. */
const sharedOptions = new Map<string, readonly string[]>();
function optionsFor(values: unknown[]): readonly string[] {
  const strings = values.map(String);
  const key = strings.join('\n');
  let shared = sharedOptions.get(key);
  if (!shared) sharedOptions.set(key, (shared = strings));
  return shared;
}

/** A field made from a JSON node. `optionalAbove`: an optional object holds it, so Decap must not insist on it. */
function toField(name: string, raw: JsonNode, definitions: Record<string, JsonNode>, messages: Record<string, string>, inRequired: boolean, optionalAbove: boolean, where: string): DecapField {
  const node = resolveNode(raw, definitions);
  const hasDefault = node.default !== undefined;
  const required = inRequired && !hasDefault && !optionalAbove;
  const base: DecapField = { name, label: labelFor(name), widget: 'string', ...(node.description ? { hint: node.description } : {}), required };
  const type = Array.isArray(node.type) ? undefined : node.type;
  if (node.anyOf || node.oneOf || Array.isArray(node.type)) {
    throw new Error(`${where}: a choice between types (anyOf/oneOf) has no editor field; give the field one type, or map it in scripts/generator/editorConfig.ts`);
  }

  if (node.enum) {
    return { ...base, widget: 'select', options: optionsFor(node.enum), ...(hasDefault ? { default: node.default } : {}) };
  }
  if (type === 'string') {
    const pattern = stringPattern(node, messages);
    const long = (node.maxLength ?? 0) > 160 || /paragraph/i.test(node.description ?? '');
    const date = node.format === 'date';
    return {
      ...base,
      widget: date ? 'datetime' : long ? 'text' : 'string',
      ...(date ? { format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD', time_format: false, picker_utc: true } : {}),
      ...(pattern ? { pattern } : {}),
      ...(hasDefault ? { default: node.default } : {}),
    };
  }
  if (type === 'number' || type === 'integer') {
    const int = type === 'integer';
    let min = node.minimum;
    if (node.exclusiveMinimum !== undefined && int) min = Math.max(min ?? -Infinity, node.exclusiveMinimum + 1);
    let max = node.maximum;
    if (node.exclusiveMaximum !== undefined && int) max = Math.min(max ?? Infinity, node.exclusiveMaximum - 1);
    return {
      ...base,
      widget: 'number',
      value_type: int ? 'int' : 'float',
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
      ...(node.multipleOf ? { step: node.multipleOf } : int ? { step: 1 } : {}),
      ...(hasDefault ? { default: node.default } : {}),
    };
  }
  if (type === 'boolean') {
    return { ...base, widget: 'boolean', ...(hasDefault ? { default: node.default } : {}) };
  }
  if (type === 'object') {
    const properties = node.properties ?? {};
    if (typeof node.additionalProperties === 'object' || (!node.properties && node.additionalProperties !== false)) {
      throw new Error(`${where}: a record (keys chosen by the editor) has no editor field; map it in scripts/generator/editorConfig.ts`);
    }
    // Inside an optional object (or one with a default), Decap would insist on the fields the object needs only when it is given.
    const childrenOptional = optionalAbove || !inRequired || hasDefault;
    const defaults = (hasDefault ? node.default : {}) as Record<string, unknown>;
    const fields = Object.entries(properties).map(([key, child]) => {
      const field = toField(key, child, definitions, messages, (node.required ?? []).includes(key), childrenOptional, `${where}.${key}`);
      return key in defaults && field.default === undefined ? { ...field, default: defaults[key], required: false } : field;
    });
    if (isImage(node)) {
      for (const field of fields) {
        if (field.name === 'src') Object.assign(field, { widget: 'image', media_folder: IMAGE_FOLDER, public_folder: '', choose_url: false });
      }
    }
    return { ...base, widget: 'object', fields };
  }
  if (type === 'array') {
    const items = resolveNode(node.items ?? {}, definitions);
    const count = { ...(node.minItems !== undefined ? { min: node.minItems } : {}), ...(node.maxItems !== undefined ? { max: node.maxItems } : {}) };
    const listDefault = hasDefault ? { default: node.default } : {};
    // An empty list is "not given": a list that must have items is required, one that may be empty is not.
    const listRequired = required && (node.minItems ?? 0) > 0;
    if (items.enum) {
      return { ...base, required: listRequired, widget: 'select', multiple: true, options: optionsFor(items.enum), ...count, ...listDefault };
    }
    const item = toField(singular(name), items, definitions, messages, true, false, `${where}[]`);
    if (item.widget === 'object') {
      const titled = item.fields!.find((field) => ['title', 'question', 'heading', 'name', 'label', 'value', 'days', 'code'].includes(field.name)) ?? item.fields![0];
      return { ...base, required: listRequired, widget: 'list', label_singular: labelFor(singular(name)), ...(titled ? { summary: `{{fields.${titled.name}}}` } : {}), fields: item.fields, ...count, ...listDefault };
    }
    return { ...base, required: listRequired, widget: 'list', label_singular: labelFor(singular(name)), field: { ...item, hint: item.hint ?? base.hint }, ...count, ...listDefault };
  }
  throw new Error(`${where}: a value of type ${JSON.stringify(node.type)} has no editor field; map it in scripts/generator/editorConfig.ts`);
}

/** A picture (src/content/schemas/image.ts): its `src` becomes an image upload into content/images/. */
function isImage(node: JsonNode & { ref?: string }): boolean {
  const keys = Object.keys(node.properties ?? {}).sort().join(',');
  return node.ref === 'image' || keys === 'alt,src';
}

/** The JSON Schema of a content type as the editor is made from it: zod's, with the messages of its patterns. */
export function editorJsonSchema(type: string): JsonNode {
  const schema = EDITOR_SCHEMAS[type];
  if (!schema) throw new Error(`no content type "${type}" (expected one of ${Object.keys(EDITOR_SCHEMAS).join(', ')})`);
  const messages: Record<string, string> = {};
  const json = z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-07',
    override: ({ zodSchema }) => {
      const def = (zodSchema as unknown as { _zod: { def: { checks?: Array<{ _zod: { def: { pattern?: RegExp; error?: (issue: object) => unknown } } }>; pattern?: RegExp; error?: (issue: object) => unknown } } })._zod.def;
      for (const { pattern, error } of [def, ...(def.checks ?? []).map((check) => check._zod.def)]) {
        const message = typeof error === 'function' ? error({}) : undefined;
        if (pattern && typeof message === 'string' && !messages[pattern.source]) messages[pattern.source] = message;
      }
    },
  }) as JsonNode;
  return { ...json, 'x-pattern-messages': messages };
}

/** Makes the fields of each content type (each call builds a new, unshared field list). */
function fieldMaker() {
  return (type: string): DecapField[] => fieldsFromJsonSchema(editorJsonSchema(type), type);
}

/** The editor fields of a JSON Schema's object; throws, naming the field, on what Decap has no field for. */
export function fieldsFromJsonSchema(json: JsonNode, name = 'content'): DecapField[] {
  return toField(name, json, json.definitions ?? {}, json['x-pattern-messages'] ?? {}, true, false, name).fields ?? [];
}
