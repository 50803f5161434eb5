/**
 * The Supabase project the site talks to, browser-safe and fixed at build time: the dashboard's client and the
 * forms' actions (the Edge Functions' addresses) read it. Unset Supabase values mean the local stand-in
 * that `npm start` runs (src/localBackend.ts).
 */
import { LOCAL_ANON_KEY, LOCAL_SUPABASE_URL } from './localBackend.ts';

function required(name: string, value: string | undefined, fallback: string, check: (v: string) => boolean): string {
  const chosen = value?.trim() || fallback;
  if (!check(chosen)) throw new Error(`${name} is not valid: "${chosen}". Set it when building, e.g. ${name}=https://<project>.supabase.co`);
  return chosen;
}

export const supabaseUrl = required('VITE_SUPABASE_URL', import.meta.env.VITE_SUPABASE_URL, LOCAL_SUPABASE_URL, (v) => /^https?:\/\/[^\s/]+/.test(v));
export const supabaseAnonKey = required('VITE_SUPABASE_ANON_KEY', import.meta.env.VITE_SUPABASE_ANON_KEY, LOCAL_ANON_KEY, (v) => v.length > 20);
