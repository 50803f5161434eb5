/**
 * Checks every picture the content names (any `{ src, alt }` field, see schemas/image.ts) against
 * content/images/: the file exists (with a did-you-mean), can be read, has a size, and an SVG, read as XML
 * (checkSvg), holds nothing that runs or loads from elsewhere.
 * Returns what the pages and the build need to know about each file (src/images.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { IMAGE_PIPELINE_VERSION, type ImageAsset } from '../images.ts';
import type { ParsedFile } from './source.ts';
import { type ContentProblem, type FieldPath, didYouMean } from './problems.ts';

/** A photo narrower than this looks blurred in a hero on a 2x screen. */
export const MIN_PHOTO_WIDTH = 800;

interface ImageRef {
  parsed: ParsedFile<unknown>;
  path: FieldPath;
  src: string;
}

/** Every `{ src, alt }` object in a file's data, with its field path. */
function imageRefs(parsed: ParsedFile<unknown>): ImageRef[] {
  const refs: ImageRef[] = [];
  const walk = (value: unknown, at: Array<string | number>) => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...at, index]));
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.src === 'string' && typeof record.alt === 'string' && Object.keys(record).length === 2) refs.push({ parsed, path: at, src: record.src });
      else for (const [key, child] of Object.entries(record)) walk(child, [...at, key]);
    }
  };
  walk(parsed.data, []);
  return refs;
}

export async function checkImages(files: ReadonlyArray<ParsedFile<unknown>>, imagesDir: string): Promise<{ problems: ContentProblem[]; images: Record<string, ImageAsset> }> {
  const problems: ContentProblem[] = [];
  const images: Record<string, ImageAsset> = {};
  const failed = new Map<string, string>();
  const available = existsSync(imagesDir) ? readdirSync(imagesDir) : [];

  for (const ref of files.flatMap(imageRefs)) {
    const srcPath = [...ref.path, 'src'];
    const report = (message: string) => problems.push({ file: ref.parsed.file, ...ref.parsed.source.locate(srcPath), path: srcPath, message });
    if (images[ref.src]) continue;
    if (!failed.has(ref.src)) {
      const problem = available.includes(ref.src) ? await describe(path.join(imagesDir, ref.src), ref.src, images) : `expected a file in content/images/, found no "${ref.src}" there${didYouMean(ref.src, available)}`;
      if (problem) failed.set(ref.src, problem);
    }
    const problem = failed.get(ref.src);
    if (problem) report(problem);
  }
  return { problems, images };
}

/** Reads one picture into `images`; returns what is wrong with it instead, if anything. */
async function describe(absolute: string, file: string, images: Record<string, ImageAsset>): Promise<string | undefined> {
  const bytes = readFileSync(absolute);
  const hash = createHash('sha256').update(`${IMAGE_PIPELINE_VERSION}\0`).update(bytes).digest('hex').slice(0, 10);
  if (file.endsWith('.svg')) {
    const checked = checkSvg(bytes.toString('utf8'), file);
    if ('problem' in checked) return checked.problem;
    images[file] = { file, kind: 'svg', width: checked.width, height: checked.height, hash, fallback: 'jpg' };
    return undefined;
  }
  const { default: sharp } = await import('sharp');
  let meta;
  try {
    meta = await sharp(bytes).metadata();
  } catch (error) {
    return `expected a picture file that can be read, found content/images/${file} unreadable (${(error as Error).message})`;
  }
  const { width, height } = meta.autoOrient;
  if (width < MIN_PHOTO_WIDTH) return `expected a photo at least ${MIN_PHOTO_WIDTH} pixels wide (it would look blurred), found content/images/${file} ${width} pixels wide`;
  images[file] = { file, kind: 'raster', width, height, hash, fallback: meta.hasAlpha ? 'png' : 'jpg' };
  return undefined;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Elements refused by their local name, whatever their namespace or prefix: what the editor reads about each. */
const REFUSED_ELEMENTS: Record<string, { what: string; why: string }> = {
  script: { what: 'a script', why: 'which would run on the site' },
  handler: { what: 'a script', why: 'which would run on the site' },
  foreignobject: { what: 'a piece of web page', why: 'which can hold scripts and forms' },
  iframe: { what: 'an embedded page', why: 'which can load and run anything' },
  frame: { what: 'an embedded page', why: 'which can load and run anything' },
  embed: { what: 'an embedded plug-in or file', why: 'which can load and run anything' },
  object: { what: 'an embedded plug-in or file', why: 'which can load and run anything' },
  applet: { what: 'an embedded plug-in', why: 'which can load and run anything' },
  meta: { what: 'a page instruction', why: 'which can send the visitor elsewhere' },
};
/** Animation elements: one that sets a link or an event handler is a known way to slip a script into an SVG. */
const ANIMATIONS = new Set(['animate', 'set', 'animatetransform', 'animatemotion', 'animatecolor']);
/** Attributes that load or link to an address, in SVG or in the HTML an SVG might embed (local names, any prefix). */
const ADDRESS_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'data', 'poster', 'background', 'codebase', 'ping', 'manifest']);

/** Plain words for the XML reader's complaints an editor is likely to meet. */
const XML_ERRORS: Array<[RegExp, (match: RegExpExecArray) => string]> = [
  [/^unexpected close tag/, () => 'a closing tag that does not match the tag left open before it'],
  [/^unclosed tag: (.*)/, (m) => `a tag left open (<${m[1]}> is never closed)`],
  [/^undefined entity/, () => 'a named character XML does not know (such as &nbsp;): XML knows only &amp; &lt; &gt; &quot; &apos;, write any other as a number, e.g. &#160;'],
  [/^unbound namespace prefix: "(.*)"/, (m) => `the prefix ${m[1]}: used without an xmlns:${m[1]}="..." declaring it`],
  [/^documents may contain only one root/, () => 'a second element after the end of the <svg> element'],
  [/^text data outside of root node/, () => 'text after the end of the <svg> element'],
  [/^document must contain a root element/, () => 'no element at all (the file is empty or holds no <svg>)'],
  [/^duplicate attribute: (.*)/, (m) => `the attribute ${m[1]} written twice on one element`],
  [/^(unquoted attribute value|value must be quoted)/, () => 'an attribute value without quotes around it'],
  [/^(attribute without value|value required)/, () => 'an attribute without a value'],
  [/XML declaration|xml declaration/, () => 'an XML declaration (<?xml ...?>) that is not the very first thing in the file, or is incomplete'],
];

/** Why an SVG was refused, in words for the editor; `line` is the line of the SVG file it was found on. */
type SvgFinding = { kind: 'unsafe'; what: string; shown: string; why: string; line: number } | { kind: 'broken'; why: string; line: number; column: number };

class SvgRefusal extends Error {
  constructor(readonly finding: SvgFinding) {
    super(finding.why);
  }
}

/** An attribute's value, short enough to quote in a message. */
const quoted = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);

/** CSS with its escapes (\6a, \:) written out, so `u\72l(` and `@\69mport` are seen as what a browser reads. */
const unescapeCss = (css: string) =>
  css.replace(/\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|([\s\S]))/g, (_, hex: string | undefined, char: string | undefined) => {
    if (hex === undefined) return char === '\n' ? '' : (char ?? '');
    const code = parseInt(hex, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });

/** A javascript:, vbscript: or data: address in `text`, as a finding's words, if there is one. */
function schemeIn(text: string): { what: string; why: string; scheme: string } | undefined {
  // Browsers drop tabs and line breaks inside an address, so java<TAB>script: still runs. An address starts the
  // value, or follows a separator (values="#a;javascript:...", url("data:..."), content="0;url=..."): the words
  // "Our data: 2024" in a label are no address.
  const scheme = /(?:^|[;,=('"])\s*(javascript|vbscript|data):/i.exec(text.replace(/[\t\n\r]/g, ''))?.[1]?.toLowerCase();
  if (!scheme) return undefined;
  return scheme === 'data' ? { scheme, what: 'a file packed into a data: address', why: 'which can carry a page with scripts of its own' } : { scheme, what: `a ${scheme}: address`, why: 'which would run a script' };
}

/** What in a piece of CSS (a style attribute, a <style> element, or any attribute holding url()) loads from elsewhere or runs. */
function cssFinding(css: string): { what: string; shown: string; why: string } | undefined {
  const plain = unescapeCss(css);
  if (/@import/i.test(plain)) return { what: 'a style sheet import', shown: '@import', why: 'which would load another file' };
  for (const match of plain.matchAll(/(url|src)\s*\(\s*(["']?)\s*([^"')]*)/gi)) {
    const target = match[3]!.trim();
    if (!target.startsWith('#')) return { what: 'a link to another file or address', shown: `${match[1]}(${target})`, why: 'which the picture would load from elsewhere' };
  }
  const set = /(?:-[a-z]+-)?image-set\s*\(/i.exec(plain);
  if (set) return { what: 'a link to other pictures', shown: set[0], why: 'which the picture would load from elsewhere' };
  const scheme = schemeIn(plain);
  return scheme && { what: scheme.what, why: scheme.why, shown: `${scheme.scheme}:` };
}

/** What is wrong with one element or its attributes, if anything. */
function elementFinding(tag: SaxesTagNS): { what: string; shown: string; why: string } | undefined {
  const local = tag.local.toLowerCase();
  const refused = Object.hasOwn(REFUSED_ELEMENTS, local) ? REFUSED_ELEMENTS[local] : undefined; // not <constructor>'s
  if (refused) return { ...refused, shown: `<${tag.name}>` };
  if (ANIMATIONS.has(local)) {
    const target = Object.values(tag.attributes).find((attribute) => attribute.uri === '' && attribute.local.toLowerCase() === 'attributename')?.value.trim() ?? '';
    const targetLocal = target.slice(target.indexOf(':') + 1).toLowerCase();
    if (ADDRESS_ATTRIBUTES.has(targetLocal) || targetLocal.startsWith('on')) {
      return { what: `an animation that changes ${target}`, shown: `<${tag.name} attributeName=${quoted(target)}>`, why: 'a known way to slip a script or a link into a picture' };
    }
  }
  for (const attribute of Object.values(tag.attributes)) {
    if (attribute.uri === XMLNS_NS) continue; // a namespace's name, never loaded
    const name = attribute.local.toLowerCase();
    const shown = `${attribute.name}=${quoted(attribute.value)}`;
    if (name.startsWith('on')) return { what: 'an event handler', shown, why: 'which would run a script when the picture is shown, touched or clicked' };
    const scheme = schemeIn(attribute.value);
    if (scheme) return { what: scheme.what, why: scheme.why, shown };
    if (ADDRESS_ATTRIBUTES.has(name) || (attribute.uri === XML_NS && name === 'base')) {
      if (!attribute.value.trim().startsWith('#')) {
        return local === 'use'
          ? { what: 'a copy of part of another file', shown: `<${tag.name} ${shown}>`, why: 'which the picture would load from elsewhere' }
          : { what: 'a link to another file or address', shown, why: 'which the picture would load or send visitors to' };
      }
    }
    const css = cssFinding(attribute.value);
    if (css) return { ...css, shown };
  }
  return undefined;
}

/**
 * Reads an SVG as XML (saxes: strict XML 1.0 with namespaces; it expands no entity a file declares and fetches
 * nothing) and stops at the first thing that could run or load from elsewhere, in any namespace or under any
 * prefix: a script, an event handler, embedded web content, a DOCTYPE (its entities can turn into a script), a
 * processing instruction, an address other than a #fragment of the same file, javascript: or data: anywhere,
 * an @import, an animation that sets a link or an event handler; or at the first place it is not well-formed XML.
 * Returns that, or the root element.
 */
function readSvg(svg: string): { finding: SvgFinding } | { root: SaxesTagNS } {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let root: SaxesTagNS | undefined;
  let tagLine = 1;
  let depth = 0;
  let style: { depth: number; line: number; name: string; css: string } | undefined;
  const refuse = (found: { what: string; shown: string; why: string }, line = parser.line): never => {
    throw new SvgRefusal({ kind: 'unsafe', ...found, line });
  };
  // saxes reports the place after the last character it read; the column named is that character's (counted from 1).
  parser.on('error', (error) => {
    const said = error.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '');
    const known = XML_ERRORS.map(([pattern, words]) => pattern.exec(said) && words(pattern.exec(said)!)).find(Boolean);
    throw new SvgRefusal({ kind: 'broken', why: known ?? `something XML does not allow (the XML reader says "${said}")`, line: parser.line, column: Math.max(1, parser.column) });
  });
  parser.on('doctype', () => refuse({ what: 'a document type declaration', shown: '<!DOCTYPE ...>', why: 'which can define text that turns into a script (delete it: a picture needs none)' }));
  parser.on('processinginstruction', (pi) => refuse({ what: 'an instruction to the browser', shown: `<?${pi.target} ...?>`, why: 'which can load a style sheet or another file' }));
  parser.on('opentagstart', () => {
    tagLine = parser.line;
  });
  parser.on('opentag', (tag) => {
    root ??= tag;
    depth += 1;
    const found = elementFinding(tag);
    if (found) refuse(found, tagLine);
    if (!style && tag.local.toLowerCase() === 'style') style = { depth, line: tagLine, name: tag.name, css: '' };
  });
  const styleText = (text: string) => {
    if (style) style.css += text;
  };
  parser.on('text', styleText);
  parser.on('cdata', styleText);
  parser.on('closetag', () => {
    if (style?.depth === depth) {
      const found = cssFinding(style.css);
      if (found) refuse({ ...found, shown: `${found.shown} in <${style.name}>` }, style.line);
      style = undefined;
    }
    depth -= 1;
  });
  try {
    parser.write(svg).close();
  } catch (error) {
    if (error instanceof SvgRefusal) return { finding: error.finding };
    throw error;
  }
  return { root: root! };
}

/**
 * Checks an SVG picture of content/images/ (`file` is its name there): what the editor is told when it is refused,
 * or its size. The one test of an SVG: the content editor's uploads are files in content/images/ that meet it when
 * the site is built again, and a picture no content names is never published.
 */
export function checkSvg(svg: string, file: string): { problem: string } | { width: number; height: number } {
  const read = readSvg(svg);
  const at = `content/images/${file}`;
  if ('finding' in read) {
    const { finding } = read;
    if (finding.kind === 'broken') {
      return { problem: `expected an SVG picture written as well-formed XML (the check reads it as XML to be sure nothing in it runs), found ${at} broken at line ${finding.line}, column ${finding.column}: ${finding.why}` };
    }
    return {
      problem: `expected an SVG picture with nothing that runs or loads from elsewhere (it is served from the site's own address, where a script would run as the site), found ${at} holding ${finding.what} (${finding.shown}, line ${finding.line}), ${finding.why}`,
    };
  }
  const { root } = read;
  if (root.local !== 'svg' || root.uri !== SVG_NS) {
    const found = root.local === 'svg' ? `<${root.name}> without xmlns="${SVG_NS}" (a browser would not draw it)` : `<${root.name}> as its outermost element`;
    return { problem: `expected an SVG picture whose outermost element is <svg xmlns="${SVG_NS}">, found ${at} with ${found}` };
  }
  const size = svgSize(root);
  if (!size) return { problem: `expected an SVG whose <svg> element has a viewBox or a width and height in pixels (the page reserves its space from them), found neither in ${at}` };
  return size;
}

/** The root element's width and height, or its viewBox's. */
function svgSize(root: SaxesTagNS): { width: number; height: number } | undefined {
  const attribute = (name: string) => Object.values(root.attributes).find((candidate) => candidate.uri === '' && candidate.local.toLowerCase() === name.toLowerCase())?.value;
  const px = (value: string | undefined) => (value && /^\s*\d+(\.\d+)?\s*(px)?\s*$/.test(value) ? Math.round(parseFloat(value)) : undefined);
  const width = px(attribute('width'));
  const height = px(attribute('height'));
  if (width && height) return { width, height };
  const box = attribute('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (box?.length === 4 && box[2]! > 0 && box[3]! > 0) return { width: Math.round(box[2]!), height: Math.round(box[3]!) };
  return undefined;
}
