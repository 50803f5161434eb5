/**
 * The Supabase project the site talks to, browser-safe and fixed at build time: the dashboard's client and the
 * forms' actions (the Edge Functions' addresses) read it. Unset Supabase values mean the local stand-in
 * that `npm start` runs; its anon key is public and the same on every machine.
 */
const LOCAL_URL = 'http://127.0.0.1:54321';
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

function required(name: string, value: string | undefined, fallback: string, check: (v: string) => boolean): string {
  const chosen = value?.trim() || fallback;
  if (!check(chosen)) throw new Error(`${name} is not valid: "${chosen}". Set it when building, e.g. ${name}=https://<project>.supabase.co`);
  return chosen;
}

export const supabaseUrl = required('VITE_SUPABASE_URL', import.meta.env.VITE_SUPABASE_URL, LOCAL_URL, (v) => /^https?:\/\/[^\s/]+/.test(v));
export const supabaseAnonKey = required('VITE_SUPABASE_ANON_KEY', import.meta.env.VITE_SUPABASE_ANON_KEY, LOCAL_ANON_KEY, (v) => v.length > 20);
