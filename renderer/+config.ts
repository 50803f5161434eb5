import type { Config } from 'vike/types';

/**
 * Public pages are HTML-only (DESIGN decision 1): rendered at build time, and `Page` never reaches the browser.
 */
export default {
  // scripts/build.ts prerenders in a process of its own after `vike build` (scripts/generator/prerender.ts, with
  // Vike's server runtime), so that the bundler's memory and the prerender's are never held at once.
  prerender: { disableAutoRun: true },
  clientRouting: false,
  passToClient: [],
  meta: {
    Page: { env: { server: true, client: false } },
    // The page's document as a string (+documentHtml.ts), for the prerender to call without renderPage.
    documentHtml: { env: { server: true } },
  },
} satisfies Config;
