// What our pages add to Vike's pageContext: a server-rendered React page receiving its +data as props.
import type { ComponentType } from 'react';
import type { PageMeta } from '../src/seo/head.ts';

declare global {
  namespace Vike {
    interface PageContext {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page types its own props from its +data
      Page?: ComponentType<any>;
      /** `enhanceForm`: the page has a form (application, contact card), and loads the form script (the only script a public page loads). */
      data?: { meta?: PageMeta; enhanceForm?: boolean } & Record<string, unknown>;
    }
  }
}

export {};
