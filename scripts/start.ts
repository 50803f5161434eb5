/**
 * `npm start`: builds the site, starts the local Supabase stand-in on 127.0.0.1:$LOCAL_SUPABASE_PORT (54321)
 * with demo data, and serves dist/client on http://localhost:$PORT (3000). Ctrl-C stops everything.
 */
import { spawnSync } from 'node:child_process';
import { describe, startLocalSupabase } from './local-supabase/server.ts';
import { createStaticServer } from './serve.ts';

const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit', env: { ...process.env, BUILD_QUIET: '1' } });
if (built.status !== 0) process.exit(built.status ?? 1);

const supabase = await startLocalSupabase({ port: Number(process.env.LOCAL_SUPABASE_PORT ?? 54321), log: console.error });
const port = Number(process.env.PORT ?? 3000);
const server = createStaticServer().listen(port, () => {
  console.log(`\nLocal Supabase (stand-in, data in memory):\n${describe(supabase)}`);
  console.log(`\nSite:     http://localhost:${port}\nPress Ctrl-C to stop.`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    void supabase.close().finally(() => process.exit(0));
  });
}
