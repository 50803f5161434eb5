/** `npm start`: build the site, then serve dist/client on http://localhost:$PORT (3000). Ctrl-C stops it. */
import { spawnSync } from 'node:child_process';
import { createStaticServer } from './serve.ts';

const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit', env: { ...process.env, BUILD_QUIET: '1' } });
if (built.status !== 0) process.exit(built.status ?? 1);

const port = Number(process.env.PORT ?? 3000);
const server = createStaticServer().listen(port, () => {
  console.log(`\nSite:     http://localhost:${port}\nPress Ctrl-C to stop.`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
