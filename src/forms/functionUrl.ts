/**
 * The address of an Edge Function, fixed at build time: a form's `action` is written into the
 * HTML. `VITE_SUPABASE_URL`, or the local stand-in when it is unset (src/supabaseEnv.ts, the dashboard's rule too).
 */
import { supabaseUrl } from '../supabaseEnv.ts';

export function functionUrl(name: 'submit-application' | 'submit-inquiry'): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/${name}`;
}
