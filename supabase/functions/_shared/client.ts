/**
 * The one way server-side code makes a supabase-js client: the Edge Functions (Deno), the stand-in's schedules,
 * the npm scripts and the tests (Node). None of them opens a Realtime channel; naming a transport keeps
 * supabase-js from looking for a global WebSocket when the client is made, which Node 20 does not have (it
 * would throw "Node.js detected but native WebSocket not found"). No session is kept or refreshed: each
 * caller holds a key, or signs in once and stops.
 */
import { createClient, type SupabaseClient, type SupabaseClientOptions, type WebSocketLikeConstructor } from '@supabase/supabase-js';

const NoRealtime = class {
  constructor() {
    throw new Error('server-side Supabase clients do not use Realtime');
  }
} as unknown as WebSocketLikeConstructor;

/** A client of the project with this key (service role, or anon for a sign-in), without Realtime. */
// deno-lint-ignore no-explicit-any
export function serverClient<Database = any>(supabaseUrl: string, key: string, options: Pick<SupabaseClientOptions<'public'>, 'global'> = {}): SupabaseClient<Database> {
  return createClient<Database>(supabaseUrl, key, {
    ...options,
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime },
  });
}
