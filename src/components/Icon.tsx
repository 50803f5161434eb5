/** An icon named in content, drawn as inline SVG at build time (no icon font, no request). */
import * as lucide from 'lucide-react';
import { iconExportName } from '../content/schemas/common.ts';

interface Props {
  name: string;
  size?: number;
  className?: string;
}

export function Icon({ name, size = 24, className }: Props) {
  const Component = (lucide as unknown as Record<string, lucide.LucideIcon | undefined>)[iconExportName(name)];
  if (!Component) throw new Error(`Unknown icon "${name}": content validation should have caught this`);
  return <Component size={size} className={className} aria-hidden="true" focusable="false" strokeWidth={1.8} />;
}
