/**
 * The header and the footer are the same on most pages: each is rendered once per content and header place
 * (SiteHeader's HeaderPlace), and its HTML is spliced into every page that shows it. React left them a placeholder
 * where they go; the Emotion styles the part inserted are given to the page's cache as the placeholder renders,
 * which is when and where the part's own elements would have inserted them, so the page's styles come out in the
 * same order, byte for byte (the pinned output test compares). Rendering them in every page was about 40% of a
 * page's time.
 * A part is rendered with nothing of the page but the content: it may not read React context from the page
 * (only the providers given here), and must not use useId, whose ids depend on the place in the tree.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { randomUUID } from 'node:crypto';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ImagesProvider } from '../src/components/ContentImage.tsx';
import type { Content } from '../src/content/content.ts';

/** An Emotion cache for one server render: `compat` stops Emotion writing <style> tags into the markup. */
export function emotionCache(): EmotionCache {
  const cache = createCache({ key: 'c' });
  cache.compat = true;
  return cache;
}

interface Part {
  html: string;
  /** What the part put in its cache, in the order it did: Emotion's `inserted` and `registered`. */
  inserted: [string, string | true | undefined][];
  registered: [string, string | undefined][];
}

/** Per loaded content, its parts by name and variant. */
const rendered = new WeakMap<Content, Map<string, Part>>();

function partOf(content: Content, key: string, node: () => ReactNode): Part {
  let parts = rendered.get(content);
  if (!parts) rendered.set(content, (parts = new Map()));
  const known = parts.get(key);
  if (known) return known;
  const cache = emotionCache();
  const html = renderToString(
    <CacheProvider value={cache}>
      <ImagesProvider value={content.images}>{node()}</ImagesProvider>
    </CacheProvider>,
  );
  const part: Part = { html, inserted: Object.entries(cache.inserted), registered: Object.entries(cache.registered) };
  parts.set(key, part);
  return part;
}

/** Never in a page's own markup (MDX could write a <template>): made up for this process. */
const PLACEHOLDER_ID = `part-${randomUUID()}`;
const placeholder = (id: number) => `<template data-part="${PLACEHOLDER_ID}-${id}"></template>`;

/** Where a part goes in a page: its placeholder, and its styles into the page's cache, as its elements would. */
function Placeholder({ cache, part, id }: { cache: EmotionCache; part: Part; id: number }) {
  for (const [name, value] of part.inserted) if (cache.inserted[name] === undefined) cache.inserted[name] = value;
  for (const [className, styles] of part.registered) if (cache.registered[className] === undefined) cache.registered[className] = styles;
  return <template data-part={`${PLACEHOLDER_ID}-${id}`} />;
}

/** The parts of one page render: `place` gives the element standing for a part, `splice` puts their HTML in. */
export class PageParts {
  private readonly parts: Part[] = [];

  constructor(
    private readonly content: Content,
    private readonly cache: EmotionCache,
  ) {}

  /** The part named `key` (everything it shows depends on the content and the key), rendered by `node` once. */
  place(key: string, node: () => ReactNode): ReactNode {
    const part = partOf(this.content, key, node);
    this.parts.push(part);
    return <Placeholder cache={this.cache} part={part} id={this.parts.length - 1} />;
  }

  splice(html: string): string {
    let spliced = '';
    let from = 0;
    for (const [id, part] of this.parts.entries()) {
      const at = html.indexOf(placeholder(id), from);
      if (at < 0) throw new Error(`a page did not render the placeholder of its part ${id}`);
      spliced += html.slice(from, at) + part.html;
      from = at + placeholder(id).length;
    }
    return spliced + html.slice(from);
  }
}
