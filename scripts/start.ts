/**
 * `npm start`: builds the site, then runs the local Supabase stand-in on 127.0.0.1:$LOCAL_SUPABASE_PORT (54321)
 * with demo data and serves dist/client on http://localhost:$PORT (3000), each in a process of its own that
 * is started again if it stops (scripts/lib/stack.ts). `HOST` changes the address both listen on.
 * `npm start -- --no-build` serves the existing dist/. Ctrl-C stops everything.
 */
import { spawnSync } from 'node:child_process';
import { startStack } from './lib/stack.ts';

const DEFAULT_API_PORT = 54321;
const apiPort = Number(process.env.LOCAL_SUPABASE_PORT ?? DEFAULT_API_PORT);

if (!process.argv.includes('--no-build')) {
  const env: NodeJS.ProcessEnv = { ...process.env, BUILD_QUIET: '1' };
  // The forms post to the stand-in and the dashboard talks to it: on another port, the site is built for that port
  // (unset, VITE_SUPABASE_URL means the stand-in on 54321, src/supabaseEnv.ts).
  if (!process.env.VITE_SUPABASE_URL && apiPort !== DEFAULT_API_PORT) env.VITE_SUPABASE_URL = `http://127.0.0.1:${apiPort}`;
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit', env });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const stack = await startStack({
  sitePort: Number(process.env.PORT ?? 3000),
  apiPort,
  host: process.env.HOST ?? '127.0.0.1',
});
console.log(`\nLocal Supabase (stand-in, data in memory):\n${stack.apiDescription}`);
console.log(`\nSite:     ${stack.siteUrl}\nPress Ctrl-C to stop.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void stack.stop().finally(() => process.exit(0)));
}
