/** A lucide icon as inline SVG, read from lucide-static once per name and size (ours: src/components/Icon.tsx). */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve('node_modules/lucide-static/icons');
const drawn = new Map<string, string>();

/** Every icon name a content file may use. */
export const ICON_NAMES = readdirSync(dir).filter((file) => file.endsWith('.svg')).map((file) => file.slice(0, -4)).sort() as [string, ...string[]];

export function icon(name: string, size: number): string {
  const key = `${name} ${size}`;
  let svg = drawn.get(key);
  if (!svg) {
    const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(readFileSync(path.join(dir, `${name}.svg`), 'utf8'))![1]!.replace(/\s*\n\s*/g, '').replace(/ \/>/g, '/>');
    svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-${name}" aria-hidden="true" focusable="false">${inner}</svg>`;
    drawn.set(key, svg);
  }
  return svg;
}
