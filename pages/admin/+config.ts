import type { Config } from 'vike/types';

/**
 * /admin is a client-only React app (DESIGN decision 2): its Page loads in the browser only, so the HTML
 * is a shell; no other page loads this JavaScript. Its +data (the agency's name) goes to the browser with it.
 */
export default {
  passToClient: ['data'],
  meta: {
    Page: { env: { server: false, client: true } },
  },
} satisfies Config;
