/**
 * `npm run mail:local`: runs the local mail catcher alone (server.ts); `npm start` runs it beside the stand-in.
 * Port: MAIL_CATCHER_PORT (54324, the Supabase CLI's inbox port; 0 picks a free one); address: MAIL_CATCHER_HOST.
 */
import { startOrExit } from '../live/partFailure.ts';
import { startMailCatcher } from './server.ts';

const port = Number(process.env.MAIL_CATCHER_PORT ?? 54324);
const host = process.env.MAIL_CATCHER_HOST ?? '127.0.0.1';
const catcher = await startOrExit(() => startMailCatcher({ port, host }), { port, host, variable: 'MAIL_CATCHER_PORT' });
console.log(`Mail inbox: ${catcher.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void catcher.close().then(() => process.exit(0)));
