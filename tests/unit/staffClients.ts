/**
 * Sign-ins to a stand-in as the dashboard makes them (supabase-js, no stored session), kept so that a test file can
 * stop their refresh timers when it ends. `api` is read at each sign-in: the stand-in starts in beforeAll.
 */
import { type SupabaseClient } from '@supabase/supabase-js';
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import type { Database } from '../../src/database.ts';

export function staffClients(api: () => { url: string; anonKey: string }) {
  const clients: SupabaseClient<Database>[] = [];
  return {
    async signedIn(email: string, password: string): Promise<SupabaseClient<Database>> {
      const { url, anonKey } = api();
      const client = serverClient<Database>(url, anonKey);
      clients.push(client);
      const { error } = await client.auth.signInWithPassword({ email, password });
      if (error) throw error;
      return client;
    },
    stopAll: () => Promise.all(clients.map((client) => client.auth.stopAutoRefresh())),
  };
}
