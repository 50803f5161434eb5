/**
 * Icons named in content are drawn from lucide-react's module for that one icon (not the whole library), with the
 * markup the library's own component gives, aliases included.
 */
import * as lucide from 'lucide-react';
import { iconNames } from 'lucide-react/dynamic';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { Icon } from '../../src/components/Icon.tsx';

const pascal = (name: string) => name.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, ch: string) => ch.toUpperCase());

function libraryMarkup(name: string, size: number, className: string | undefined) {
  const Component = (lucide as unknown as Record<string, lucide.LucideIcon>)[pascal(name)]!;
  return renderToStaticMarkup(createElement(Component, { size, className, 'aria-hidden': 'true', focusable: 'false', strokeWidth: 1.8 }));
}

test.each([
  ['heart-handshake', 24, 'card-icon'],
  ['phone', 20, ''],
  ['arrow-down-0-1', 32, 'x'],
  // An alias: the name has no module of its own, so the whole library is asked.
  ['fingerprint', 24, 'y'],
])('%s at %i px is drawn as lucide-react draws it', (name, size, className) => {
  expect(iconNames).toContain(name);
  const drawn = renderToStaticMarkup(createElement(Icon, { name, size, className: className || undefined }));
  expect(drawn).toBe(libraryMarkup(name, size, className || undefined));
  expect(drawn).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*>.*<path /s);
});
