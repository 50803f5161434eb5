// What our pages add to Vike's pageContext: a server-rendered React page receiving its +data as props.
import type { ComponentType } from 'react';
import type { PageContextServer } from 'vike/types';
import type { PageMeta } from '../src/seo/head.ts';

/**
 * All a page's document is made from: its Page and +data, and its address (the 404 page's head names it). Narrower
 * than Vike's pageContext on purpose: the prerender renders the pages of a template route after the first by
 * calling their +data and documentHtml with this much (scripts/generator/prerender.ts), so neither may read more.
 */
export type DocumentContext = Pick<PageContextServer, 'Page' | 'data' | 'urlPathname'>;

/** All a template route's +data reads: the route's parameters (see DocumentContext). */
export type RouteContext = Pick<PageContextServer, 'routeParams'>;

type DocumentHtml = (pageContext: DocumentContext) => Promise<string>;

declare global {
  namespace Vike {
    interface PageContext {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page types its own props from its +data
      Page?: ComponentType<any>;
      /** `enhanceForm`: the page has a form (application, contact card), and loads the form script (the only script a public page loads). */
      data?: { meta?: PageMeta; enhanceForm?: boolean } & Record<string, unknown>;
    }
    interface Config {
      /** The page's whole HTML document (renderer/+documentHtml.ts), as onRenderHtml writes it. */
      documentHtml?: DocumentHtml;
    }
    interface ConfigResolved {
      documentHtml?: DocumentHtml;
    }
  }
}

export {};
