/**
 * `npm run supabase:local`: runs the stand-in alone. `--data <folder>` keeps the data between runs.
 * Port: LOCAL_SUPABASE_PORT (54321; 0 picks a free one); address: LOCAL_SUPABASE_HOST (127.0.0.1).
 */
import { startOrExit } from '../live/partFailure.ts';
import { describe, startLocalSupabase } from './server.ts';

const dataIndex = process.argv.indexOf('--data');
const port = Number(process.env.LOCAL_SUPABASE_PORT ?? 54321);
const host = process.env.LOCAL_SUPABASE_HOST ?? '127.0.0.1';
const supabase = await startOrExit(() => startLocalSupabase({
  port,
  host,
  // Browser tests sign in far more often than a person; everyone else gets GoTrue's default.
  ...(process.env.LOCAL_SUPABASE_SIGN_IN_LIMIT ? { signInLimit: Number(process.env.LOCAL_SUPABASE_SIGN_IN_LIMIT) } : {}),
  ...(dataIndex > 0 && process.argv[dataIndex + 1] ? { dataDir: process.argv[dataIndex + 1] } : {}),
  // A build (`npm start` runs one whenever content changes) may write new form choices or workflow stages.
  followBuild: true,
  // What pg_cron does on Supabase: the retention purge, at start and every hour.
  purgeEveryMs: 60 * 60 * 1000,
  // The notification e-mails go to the mail catcher `npm start` runs (MAIL_API_URL); what could not be sent at
  // once is tried again, and the daily digest queued, every 20 s.
  ...(process.env.MAIL_API_URL ? { mail: { url: process.env.MAIL_API_URL, key: process.env.MAIL_API_KEY ?? 'local-mail-catcher' } } : {}),
  notifyEveryMs: 20 * 1000,
  log: console.error,
}), { port, host, variable: 'LOCAL_SUPABASE_PORT' });
console.log(describe(supabase));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void supabase.close().then(() => process.exit(0)));
