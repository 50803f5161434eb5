/**
 * The agency's identity is written once, in content/site.yaml; page copy names it with a token that the loader
 * replaces by the value of site.yaml:
 *   title: About ((site.name))          ->  title: About Hearthside Home Care
 *   badge: Connecticut Licensed ((site.registration.number))
 * Double parentheses need no quotes in YAML (unlike { or [ at the start of a value) and are plain text in MDX
 * (where {...} would be code). A token is replaced before the schema checks the field, so a length limit counts
 * what visitors read, not the token. An unknown token is a content problem at its field. In an .mdx body the
 * same tokens are turned into the <Identity> component (remarkIdentityTokens) and rendered from the content, so
 * the compiled bodies do not depend on site.yaml (scripts/generator/buildCache.ts keeps them while only YAML changes).
 */
import { type ContentProblem, type FieldPath, didYouMean } from './problems.ts';

/** The fields of site.yaml a token may name, each as written in the token after "site.". */
export const IDENTITY_FIELDS = ['name', 'phone', 'recruitingPhone', 'email', 'registration.number', 'registration.label', 'serviceArea', 'claims.replyPromise'] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];

/** "((site.name))": anything between double parentheses on one line is read as a token. */
export const TOKEN_PATTERN = /\(\(([^()\n]*)\)\)/g;

export const tokenFor = (field: IdentityField) => `((site.${field}))`;
const TOKENS = IDENTITY_FIELDS.map(tokenFor);

/** The value of each token, from site.yaml as written (the phone as people read it); a field not readable is left out. */
export function identityValues(site: unknown): Map<string, string> {
  const values = new Map<string, string>();
  for (const field of IDENTITY_FIELDS) {
    let value: unknown = site;
    for (const key of field.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    if (typeof value === 'string' && value.trim()) values.set(tokenFor(field), value.trim());
    // The phone after its schema: { display, e164 }.
    else if (value && typeof value === 'object' && typeof (value as { display?: unknown }).display === 'string') values.set(tokenFor(field), (value as { display: string }).display);
  }
  return values;
}

/** What is wrong with a token, or undefined when it is one of IDENTITY_FIELDS. */
export function unknownTokenMessage(token: string): string | undefined {
  if (TOKENS.includes(token)) return undefined;
  const inner = token.slice(2, -2).trim();
  const hint = TOKENS.includes(`((site.${inner}))`) ? ` (did you mean "((site.${inner}))"?)` : didYouMean(token, TOKENS);
  return `expected a token of content/site.yaml (${TOKENS.join(', ')}), found "${token}"${hint}`;
}

/** One string field whose tokens were replaced, for a length message to say how they were counted. */
export interface ResolvedField {
  path: FieldPath;
  tokens: string[];
}

/**
 * `data` with every token in its strings replaced by `values`. An unknown token is a problem at its field; a
 * known one without a value (site.yaml has its own problem there) is left as written. In site.yaml, the fields
 * the tokens stand for cannot hold a token themselves.
 */
export function resolveTokens(data: unknown, values: ReadonlyMap<string, string>, file: string, locate: (path: FieldPath) => { line: number; column: number }, isSite = false): { data: unknown; problems: ContentProblem[]; resolved: ResolvedField[] } {
  const problems: ContentProblem[] = [];
  const resolved: ResolvedField[] = [];
  const sourceFields = new Set<string>(IDENTITY_FIELDS);
  const walk = (value: unknown, path: Array<string | number>): unknown => {
    if (typeof value === 'string') {
      if (!value.includes('((')) return value;
      if (isSite && sourceFields.has(path.join('.'))) {
        problems.push({ file, ...locate(path), path, message: `expected the value itself (the tokens stand for this field), found ${JSON.stringify(value)}` });
        return value;
      }
      const tokens: string[] = [];
      const out = value.replace(TOKEN_PATTERN, (token: string) => {
        const unknown = unknownTokenMessage(token);
        if (unknown) {
          problems.push({ file, ...locate(path), path, message: unknown });
          return token;
        }
        const replacement = values.get(token);
        if (replacement === undefined) return token;
        tokens.push(token);
        return replacement;
      });
      if (tokens.length) resolved.push({ path, tokens });
      return out;
    }
    if (Array.isArray(value)) return value.map((item, index) => walk(item, [...path, index]));
    if (value !== null && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, [...path, key])]));
    }
    return value;
  };
  return { data: walk(data, []), problems, resolved };
}

/**
 * A length problem of a field holding tokens says how they were counted:
 *   expected at most 60 characters, found 72 (counting ((site.name)) as "Maple Lane ...", from content/site.yaml)
 */
export function explainLength(problem: ContentProblem, resolved: readonly ResolvedField[], values: ReadonlyMap<string, string>): ContentProblem {
  if (!/^expected (at most|at least|exactly) \d+ characters/.test(problem.message)) return problem;
  const field = resolved.find(({ path }) => path.length === problem.path.length && path.every((key, i) => key === problem.path[i]));
  if (!field) return problem;
  const counted = [...new Set(field.tokens)].map((token) => `${token} as ${JSON.stringify(values.get(token))}`).join(', ');
  return { ...problem, message: `${problem.message} (counting ${counted}, from content/site.yaml, as visitors read it)` };
}

interface MdastNode {
  type: string;
  value?: string;
  children?: MdastNode[];
  [key: string]: unknown;
}

/**
 * A remark plugin for the MDX compiler (vite.config.ts): each known token in a body's text becomes
 * <Identity token="((site.name))" />, which src/components/service/MdxSections.tsx renders from the content. The
 * compiled body keeps the token, not the value: a new name in site.yaml needs no new bundle. Unknown tokens stay
 * text; the loader's check of the body (mdxBody.ts) names them.
 */
export function remarkIdentityTokens() {
  const visit = (node: MdastNode) => {
    if (!node.children) return;
    node.children = node.children.flatMap((child): MdastNode[] => {
      if (child.type !== 'text' || !child.value?.includes('((')) {
        visit(child);
        return [child];
      }
      const parts: MdastNode[] = [];
      let last = 0;
      for (const match of child.value.matchAll(TOKEN_PATTERN)) {
        if (unknownTokenMessage(match[0])) continue;
        if (match.index > last) parts.push({ type: 'text', value: child.value.slice(last, match.index) });
        parts.push({ type: 'mdxJsxTextElement', name: 'Identity', attributes: [{ type: 'mdxJsxAttribute', name: 'token', value: match[0] }], children: [] });
        last = match.index + match[0].length;
      }
      if (last === 0) return [child];
      if (last < child.value.length) parts.push({ type: 'text', value: child.value.slice(last) });
      return parts;
    });
  };
  return (tree: MdastNode) => visit(tree);
}

/** Replaces the known tokens of a text by their values (for the attributes of MDX components, e.g. a title). */
export function fillTokens(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(TOKEN_PATTERN, (token) => values[token] ?? token);
}
