import type { Config } from 'vike/types';

/**
 * /admin is a client-only React app (DESIGN decision 2): its Page loads in the browser only, so the HTML
 * is a shell; no other page loads this JavaScript.
 */
export default {
  meta: {
    Page: { env: { server: false, client: true } },
  },
} satisfies Config;
