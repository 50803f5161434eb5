// Renders every page's HTML document (renderer/document.tsx). It is also this page's `documentHtml` config
// (+documentHtml.ts), which the prerender calls directly for the pages of a template route after the first.
import { dangerouslySkipEscape } from 'vike/server';
import type { PageContextServer } from 'vike/types';
import { documentHtml } from './document.tsx';

export async function onRenderHtml(pageContext: PageContextServer) {
  return dangerouslySkipEscape(await documentHtml(pageContext));
}
