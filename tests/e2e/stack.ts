/**
 * What the browser tests run against (playwright.config.ts starts it as its web server), on the free ports
 * the config picked, so a running `npm start` is never in the way: the local Supabase stand-in on
 * E2E_API_PORT, the site built for exactly that stand-in (in a throw-away copy of the project, leaving dist/
 * alone), and the static server on E2E_SITE_PORT.
 */
import path from 'node:path';
import { copyProject } from '../../scripts/lib/projectCopy.ts';
import { startLocalSupabase } from '../../scripts/local-supabase/server.ts';
import { createStaticServer } from '../../scripts/serve.ts';

const sitePort = Number(process.env.E2E_SITE_PORT);
const apiPort = Number(process.env.E2E_API_PORT);
if (!sitePort || !apiPort) throw new Error('E2E_SITE_PORT and E2E_API_PORT must be set (playwright.config.ts sets them).');

// The tests sign in far more often than a person would; GoTrue's 30 per 5 minutes would refuse them.
const supabase = await startLocalSupabase({ port: apiPort, signInLimit: 10_000, log: console.error });
const project = copyProject();
const stop = async () => {
  project.cleanup();
  await supabase.close();
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());

const built = project.build({ VITE_SUPABASE_URL: supabase.url });
if (built.status !== 0) {
  console.error(`The site could not be built for the browser tests:\n${built.stdout}\n${built.stderr}`);
  await stop();
}
createStaticServer(path.join(project.dir, 'dist', 'client'), () => undefined).listen(sitePort, '127.0.0.1', () => {
  console.log(`Browser tests: site http://localhost:${sitePort}, stand-in ${supabase.url} (built in ${built.seconds.toFixed(1)} s)`);
});
