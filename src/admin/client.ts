/** The one Supabase client of the dashboard. The session is kept in local storage and refreshed automatically. */
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../database.ts';
import { supabaseAnonKey, supabaseUrl } from '../supabaseEnv.ts';

export const supabase = createClient<Database>(supabaseUrl, supabaseAnonKey, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
});
