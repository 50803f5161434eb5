/** An icon named in content, drawn as inline SVG at build time (no icon font, no request). */
import * as lucide from 'lucide-react';
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
  const Component = (lucide as unknown as Record<string, lucide.LucideIcon | undefined>)[iconExportName(name)];
  if (!Component) throw new Error(`Unknown icon "${name}": content validation should have caught this`);
  const markup = renderToStaticMarkup(<Component size={size} className={className} aria-hidden="true" focusable="false" strokeWidth={1.8} />);
  const [, attributes, inner] = /^<svg([^>]*)>([\s\S]*)<\/svg>$/.exec(markup)!;
  // The attributes as React props, in lucide's order, so that the page's markup is unchanged.
  const props = [...attributes!.matchAll(/ ([\w:-]+)="([^"]*)"/g)].map(([, attribute, value]) => [reactName(attribute!), unescapeAttribute(value!)]);
  return { attributes: Object.fromEntries(props) as SVGProps<SVGSVGElement>, inner: { __html: inner! } };
}

const reactName = (attribute: string) => (attribute === 'class' ? 'className' : /^(aria|data)-/.test(attribute) ? attribute : attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()));

const unescapeAttribute = (value: string) => value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** 'arrow-down-0-1' -> 'ArrowDown01': the lucide-react export that draws an icon (names are checked in content). */
function iconExportName(name: string): string {
  return name.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, ch: string) => ch.toUpperCase());
}
