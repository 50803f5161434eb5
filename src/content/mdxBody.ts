/**
 * Checks the Markdown/JSX body of a service `.mdx` file before Vite compiles it, so that a broken tag or an
 * unknown component is reported like every other content problem (file, line, column) instead of as a
 * bundler stack trace.
 */
import { createProcessor } from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import { ICON_NAMES } from './schemas/common.ts';
import { MDX_COMPONENTS } from './schemas/mdx.ts';
import { type ContentProblem, didYouMean } from './problems.ts';

interface MdxNode {
  type: string;
  name?: string | null;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  children?: MdxNode[];
  position?: { start: { line: number; column: number } };
}

const processor = createProcessor({ remarkPlugins: [remarkFrontmatter] });
const componentNames = Object.keys(MDX_COMPONENTS);

export function checkMdxBody(file: string, source: string): ContentProblem[] {
  let tree: MdxNode;
  try {
    tree = processor.parse(source) as MdxNode;
  } catch (error) {
    const reason = (error as { reason?: string }).reason ?? String(error);
    // micromark puts the position in the text: "... (12:1-12:30)".
    const place = /\s*\((\d+):(\d+)-\d+:\d+\)$/.exec(reason);
    const message = `the MDX cannot be read: ${reason.slice(0, place?.index)}`;
    return [{ file, line: place ? Number(place[1]) : undefined, column: place ? Number(place[2]) : undefined, path: [], message }];
  }
  const problems: ContentProblem[] = [];
  const at = (node: MdxNode) => ({ file, line: node.position?.start.line, column: node.position?.start.column, path: [] });

  const visit = (node: MdxNode) => {
    if (node.type === 'mdxjsEsm') problems.push({ ...at(node), message: 'expected text and components, found an import or export (they are not needed in content files)' });
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') checkElement(node);
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
      if (typeof value !== 'string' || value.trim() === '') problems.push({ ...at(node), message: `<${name}> expected a ${required}="..." attribute with text, found ${attributes.has(required) ? 'no text' : 'nothing'}` });
    }
    for (const [attribute, value] of attributes) {
      if (!allowed.includes(attribute)) problems.push({ ...at(node), message: `<${name}> has an unknown attribute "${attribute}"; it takes ${allowed.join(', ')}` });
      else if (attribute === 'icon' && !(typeof value === 'string' && ICON_NAMES.includes(value))) {
        problems.push({ ...at(node), message: `<${name}> expected an icon name from https://lucide.dev/icons, found ${JSON.stringify(value)}${didYouMean(value, ICON_NAMES)}` });
      }
    }
  };

  visit(tree);
  return problems;
}
