/**
 * What the browser tests run against (playwright.config.ts starts it as its web server), on the free ports
 * the config picked, so a running `npm start` is never in the way: the local Supabase stand-in on
 * E2E_API_PORT, the site built for exactly that stand-in (in a throw-away copy of the project, leaving dist/
 * alone), and the static server on E2E_SITE_PORT. The same copy is then built again with real-looking HubSpot
 * ids in site.yaml (providerSite.ts), served on E2E_PROVIDER_SITE_PORT: the contact card with the provider's form.
 * That second site is also built with an analytics key, its host a capture server on E2E_CAPTURE_PORT (real
 * posthog-js sends there; tests read what arrived at its /__captured); the first is built without one.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { copyProject } from '../../scripts/harness/projectCopy.ts';
import { startLocalSupabase } from '../../scripts/local-supabase/server.ts';
import { startMailCatcher } from '../../scripts/mail-catcher/server.ts';
import { createStaticServer } from '../../scripts/live/siteServer.ts';
import { startCaptureServer } from './analytics/captureServer.ts';
import { withProviderIds } from './providerSite.ts';

const sitePort = Number(process.env.E2E_SITE_PORT);
const apiPort = Number(process.env.E2E_API_PORT);
const providerSitePort = Number(process.env.E2E_PROVIDER_SITE_PORT);
const capturePort = Number(process.env.E2E_CAPTURE_PORT);
const mailPort = Number(process.env.E2E_MAIL_PORT);
if (!sitePort || !apiPort || !providerSitePort || !capturePort || !mailPort) {
  throw new Error('E2E_SITE_PORT, E2E_API_PORT, E2E_PROVIDER_SITE_PORT, E2E_CAPTURE_PORT and E2E_MAIL_PORT must be set (playwright.config.ts sets them).');
}

// The tests sign in far more often than a person would; GoTrue's 30 per 5 minutes would refuse them.
// The notification e-mails go to a mail catcher, linking to the site the tests browse.
const mail = await startMailCatcher({ port: mailPort });
const supabase = await startLocalSupabase({
  port: apiPort,
  signInLimit: 10_000,
  log: console.error,
  mail: { url: mail.url, key: 'e2e' },
  // As pg_cron calls the notify function on Supabase: what a test stored itself (no form post to send it at once)
  // is sent within the minute, so no notification waits long enough for the dashboard to report it.
  notifyEveryMs: 60_000,
  // The browser tests store dozens of unrelated requests within minutes, which site.yaml's burst rule (more than 10
  // within 5 minutes: one summary e-mail) would fold together; the tests that look for a request's own e-mail need
  // it sent alone. The burst rule itself is tested in tests/unit/notifications.test.ts.
  notifyBurst: { moreThan: 1000, withinMinutes: 5 },
  siteUrl: `http://localhost:${sitePort}`,
});
const capture = await startCaptureServer(capturePort);
const project = copyProject();
const stop = async () => {
  project.cleanup();
  await Promise.all([supabase.close(), capture.close(), mail.close()]);
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());

function build(what: string, analytics: Record<string, string>) {
  const built = project.build({ VITE_SUPABASE_URL: supabase.url, ...analytics });
  if (built.status !== 0) console.error(`The site${what} could not be built for the browser tests:\n${built.stdout}\n${built.stderr}`);
  return built;
}

// Without a key, whatever the environment holds: this site must ship no analytics at all.
const built = build('', { VITE_POSTHOG_KEY: '' });
if (built.status !== 0) await stop();
// Moved aside, so that the second build (which empties dist/) leaves it be.
const siteRoot = path.join(project.dir, 'site-placeholder-ids');
renameSync(path.join(project.dir, 'dist', 'client'), siteRoot);
const siteYaml = path.join(project.dir, 'content', 'site.yaml');
writeFileSync(siteYaml, withProviderIds(readFileSync(siteYaml, 'utf8')));
const providerBuilt = build(' with HubSpot ids and analytics', { VITE_POSTHOG_KEY: 'phc_test', VITE_POSTHOG_HOST: capture.url, VITE_POSTHOG_TEST_ALLOW_HEADLESS: '1' });
if (providerBuilt.status !== 0) await stop();

// The site with HubSpot ids first: Playwright starts testing once the other one answers.
createStaticServer(path.join(project.dir, 'dist', 'client'), () => undefined).listen(providerSitePort, '127.0.0.1', () => {
  createStaticServer(siteRoot, () => undefined).listen(sitePort, '127.0.0.1', () => {
    const seconds = (built.seconds + providerBuilt.seconds).toFixed(1);
    console.log(
      `Browser tests: site http://localhost:${sitePort}, with HubSpot ids and analytics http://localhost:${providerSitePort} (capture server ${capture.url}), stand-in ${supabase.url} (built twice in ${seconds} s)`,
    );
  });
});
