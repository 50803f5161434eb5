/**
 * Replaces @supabase/realtime-js in the dashboard's browser bundle (vite.config.ts): the dashboard never
 * subscribes to a channel, and the realtime client is 17 KB of the 150 KB budget. supabase-js still
 * constructs one and hands it the session token; every other call fails loudly, so a future use of
 * realtime is noticed at once rather than silently doing nothing.
 */
export class RealtimeClient {
  constructor(_endpoint: string, _options?: unknown) {}

  setAuth(_token?: string | null): Promise<void> {
    return Promise.resolve();
  }

  getChannels(): [] {
    return [];
  }

  removeAllChannels(): Promise<[]> {
    return Promise.resolve([]);
  }

  channel(): never {
    throw new Error('Realtime is not bundled in the dashboard: remove the realtime-js alias in vite.config.ts to use it');
  }

  removeChannel(): never {
    return this.channel();
  }
}
