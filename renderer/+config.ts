import type { Config } from 'vike/types';

/**
 * Public pages are HTML-only (DESIGN decision 1): rendered at build time, and `Page` never reaches the browser.
 */
export default {
  prerender: true,
  clientRouting: false,
  passToClient: [],
  meta: {
    Page: { env: { server: true, client: false } },
  },
} satisfies Config;
