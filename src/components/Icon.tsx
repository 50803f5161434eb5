/** An icon named in content, drawn as inline SVG at build time (no icon font, no request). */
import type { LucideIcon } from 'lucide-react';
import { createRequire } from 'node:module';
import type { SVGProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

interface Props {
  name: string;
  size?: number;
  className?: string;
}

export function Icon({ name, size = 24, className }: Props) {
  const key = `${name} ${size} ${className ?? ''}`;
  let svg = drawn.get(key);
  if (!svg) drawn.set(key, (svg = draw(name, size, className)));
  return <svg {...svg.attributes} dangerouslySetInnerHTML={svg.inner} />;
}

/**
 * Lucide draws each icon once per name, size and class, and its markup is reused: a build renders thousands
 * of icons, and lucide works out the same attributes for each (7% of the prerender's time when it did).
 */
const drawn = new Map<string, { attributes: SVGProps<SVGSVGElement>; inner: { __html: string } }>();

function draw(name: string, size: number, className: string | undefined) {
  const Component = lucideIcon(name);
  if (!Component) throw new Error(`Unknown icon "${name}": content validation should have caught this`);
  const markup = renderToStaticMarkup(<Component size={size} className={className} aria-hidden="true" focusable="false" strokeWidth={1.8} />);
  const [, attributes, inner] = /^<svg([^>]*)>([\s\S]*)<\/svg>$/.exec(markup)!;
  // The attributes as React props, in lucide's order, so that the page's markup is unchanged.
  const props = [...attributes!.matchAll(/ ([\w:-]+)="([^"]*)"/g)].map(([, attribute, value]) => [reactName(attribute!), unescapeAttribute(value!)]);
  return { attributes: Object.fromEntries(props) as SVGProps<SVGSVGElement>, inner: { __html: inner! } };
}

const reactName = (attribute: string) => (attribute === 'class' ? 'className' : /^(aria|data)-/.test(attribute) ? attribute : attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()));

const unescapeAttribute = (value: string) => value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * The icon's component, loaded on its own (lucide-react/icons/<name>, an ES module; Node 20.19+ requires those):
 * loading the whole library, 1.3 MB of every icon, took 210 ms of each build's prerender for the 30 icons it draws.
 * A name that is an alias without a file of its own ("fingerprint") is looked up in the whole library.
 */
const requireFromHere = createRequire(import.meta.url);
function lucideIcon(name: string): LucideIcon | undefined {
  try {
    return (requireFromHere(`lucide-react/icons/${name}`) as { default: LucideIcon }).default;
  } catch {
    return (requireFromHere('lucide-react') as Record<string, LucideIcon | undefined>)[iconExportName(name)];
  }
}

/** 'arrow-down-0-1' -> 'ArrowDown01': the lucide-react export that draws an icon (names are checked in content). */
function iconExportName(name: string): string {
  return name.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, ch: string) => ch.toUpperCase());
}
