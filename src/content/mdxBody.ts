/**
 * Checks the Markdown/JSX body of a service `.mdx` file before Vite compiles it, so that a broken tag or an
 * unknown component is reported like every other content problem (file, line, column) instead of as a
 * bundler stack trace.
 *
 * Content is data, never code: MDX would run any `{...}` expression, expression attribute (`title={...}`),
 * spread (`{...props}`) or import/export at build time, so every one is refused (a `{/* comment *\/}` aside).
 * The same check runs inside the MDX compiler (`remarkContentIsData`), so no path can compile code from content.
 */
import type { Position as UnistPosition } from 'unist';
import type { VFile } from 'vfile';
import { ICON_NAMES } from './schemas/common.ts';
import { MDX_COMPONENTS } from './schemas/mdx.ts';
import { TOKEN_PATTERN, unknownTokenMessage } from './identityTokens.ts';
import { type ContentProblem, didYouMean } from './problems.ts';

interface Position {
  start: { line: number; column: number };
}

interface MdxNode {
  type: string;
  name?: string | null;
  /** A text node's text. */
  value?: string;
  attributes?: Array<{ type: string; name?: string; value?: unknown; position?: Position }>;
  children?: MdxNode[];
  position?: Position;
  data?: { estree?: { body?: unknown[] } };
}

const BRACE_HINT = 'content cannot run code; to show a brace, write \\{';

/** Every place in an MDX tree that would run code, with what an editor reads about it. */
export function codeInMdx(tree: MdxNode): Array<{ position: Position | undefined; message: string }> {
  const found: Array<{ position: Position | undefined; message: string }> = [];
  const visit = (node: MdxNode) => {
    if (node.type === 'mdxjsEsm') {
      found.push({ position: node.position, message: 'expected text and components, found an import or export (they are not needed in content files)' });
    }
    // A {...} holding only a comment compiles to nothing; anything else is code.
    if ((node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') && node.data?.estree?.body?.length !== 0) {
      found.push({ position: node.position, message: `expected text, found a {...} expression (${BRACE_HINT})` });
    }
    for (const attribute of node.attributes ?? []) {
      const where = attribute.position ?? node.position;
      if (attribute.type === 'mdxJsxExpressionAttribute') {
        found.push({ position: where, message: `<${node.name ?? ''}> expected attributes written name="text", found a {...} spread (${BRACE_HINT})` });
      } else if (typeof attribute.value === 'object' && attribute.value !== null) {
        found.push({ position: where, message: `<${node.name ?? ''}> expected ${attribute.name ?? 'the attribute'}="text" in quotes, found ${attribute.name ?? ''}={...} (${BRACE_HINT})` });
      }
    }
    node.children?.forEach(visit);
  };
  visit(tree);
  return found;
}

/**
 * A remark plugin for the MDX compiler (vite.config.ts): the build stops with the file and line when a body
 * holds code, even where the loader's check did not run first (e.g. `npm run dev`).
 */
export function remarkContentIsData() {
  return (tree: MdxNode, file: VFile) => {
    const [first] = codeInMdx(tree);
    // The parser gives every node a start and an end; `place` wants both.
    if (first) file.fail(first.message, { place: first.position as UnistPosition | undefined });
  };
}

const componentNames = Object.keys(MDX_COMPONENTS);

/** The body's check for one file: (file shown in messages, whole text) -> problems. */
export type MdxBodyCheck = (file: string, source: string) => ContentProblem[];

/**
 * The check of MDX bodies, with its parser: the MDX compiler's own (remark-parse with remark-mdx, the
 * frontmatter block skipped), loaded only when a body is to be checked (a build whose MDX files were all valid
 * before never loads it).
 */
export async function mdxBodyCheck(): Promise<MdxBodyCheck> {
  const [{ unified }, { default: remarkParse }, { default: remarkMdx }, { default: remarkFrontmatter }] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-mdx'),
    import('remark-frontmatter'),
  ]);
  const processor = unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter);
  return (file, source) => checkMdxBody(file, source, (text) => processor.parse(text) as MdxNode);
}

function checkMdxBody(file: string, source: string, parse: (text: string) => MdxNode): ContentProblem[] {
  let tree: MdxNode;
  try {
    tree = parse(source);
  } catch (error) {
    // The parser's VFileMessage carries the position as line/column; older messages put it in the text.
    const { reason = String(error), line, column, place } = error as { reason?: string; line?: number; column?: number; place?: { offset?: number } };
    const inText = /\s*\((\d+):(\d+)-\d+:\d+\)$/.exec(reason);
    const message = `the MDX cannot be read: ${reason.slice(0, inText?.index)}`;
    // An unclosed `{` is only noticed where the text ends; point at the brace that opened it instead.
    const brace = /closing brace/.test(reason) && place?.offset !== undefined ? openingBrace(source, place.offset) : undefined;
    if (brace) return [{ file, ...brace, path: [], message }];
    return [{ file, line: line ?? (inText ? Number(inText[1]) : undefined), column: column ?? (inText ? Number(inText[2]) : undefined), path: [], message }];
  }
  const problems: ContentProblem[] = [];
  const at = (node: MdxNode) => ({ file, line: node.position?.start.line, column: node.position?.start.column, path: [] });

  for (const { position, message } of codeInMdx(tree)) problems.push({ file, line: position?.start.line, column: position?.start.column, path: [], message });
  const visit = (node: MdxNode) => {
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') checkElement(node);
    // An identity token, ((site.name)), in the text or in an attribute (identityTokens.ts).
    for (const text of [node.type === 'text' ? node.value : undefined, ...(node.attributes ?? []).map((a) => a.value)]) {
      if (typeof text !== 'string') continue;
      for (const [token] of text.matchAll(TOKEN_PATTERN)) {
        const unknown = unknownTokenMessage(token);
        if (unknown) problems.push({ ...at(node), message: unknown });
      }
    }
    node.children?.forEach(visit);
  };

  const checkElement = (node: MdxNode) => {
    const name = node.name ?? '';
    const spec = MDX_COMPONENTS[name as keyof typeof MDX_COMPONENTS];
    if (!spec) {
      problems.push({ ...at(node), message: `expected one of the components ${componentNames.map((n) => `<${n}>`).join(', ')}, found <${name}>${didYouMean(name, componentNames)}` });
      return;
    }
    const allowed: readonly string[] = [...spec.required, ...spec.optional];
    const attributes = new Map((node.attributes ?? []).map((a) => [a.name ?? '', a.value]));
    for (const required of spec.required) {
      const value = attributes.get(required);
      if (typeof value === 'object' && value !== null) continue;
      if (typeof value !== 'string' || value.trim() === '') problems.push({ ...at(node), message: `<${name}> expected a ${required}="..." attribute with text, found ${attributes.has(required) ? 'no text' : 'nothing'}` });
    }
    for (const [attribute, value] of attributes) {
      // Expression attributes and spreads are already reported by codeInMdx.
      if (typeof value === 'object' && value !== null) continue;
      if (attribute === '') continue;
      if (!allowed.includes(attribute)) problems.push({ ...at(node), message: `<${name}> has an unknown attribute "${attribute}"; it takes ${allowed.join(', ')}` });
      else if (attribute === 'icon' && !(typeof value === 'string' && ICON_NAMES.includes(value))) {
        problems.push({ ...at(node), message: `<${name}> expected an icon name from https://lucide.dev/icons, found ${JSON.stringify(value)}${didYouMean(value, ICON_NAMES)}` });
      }
    }
  };

  visit(tree);
  return problems;
}

/** The line and column of the last unescaped `{` before `offset`. */
function openingBrace(source: string, offset: number): { line: number; column: number } | undefined {
  for (let i = Math.min(offset, source.length - 1); i >= 0; i--) {
    if (source[i] === '{' && source[i - 1] !== '\\') {
      const before = source.slice(0, i).split('\n');
      return { line: before.length, column: before[before.length - 1]!.length + 1 };
    }
  }
  return undefined;
}
