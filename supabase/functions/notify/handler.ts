/**
 * The notify Edge Function: sends the notification e-mails that are due (../_shared/notify.ts), when called with the
 * service-role key, as the pg_cron schedule does every minute (docs/going-live.md, Deploy by hand): retries after a failure, and what
 * a form function could not send at once. `?digest` first queues the day's digest of inquiries past the reply
 * promise (once a day, however often it is called).
 */
import { serverClient } from '../_shared/client.ts';
import { deliverDue, queueDigest } from '../_shared/notify.ts';
import type { NotifyConfig } from '../_shared/outbox.ts';
import { jsonAnswer as json, roleOf } from '../_shared/serviceRole.ts';

export interface NotifyOptions {
  supabaseUrl: string;
  serviceRoleKey: string;
  /** Undefined when MAIL_API_KEY is not set: the function then says so and sends nothing. */
  notify: NotifyConfig | undefined;
}

export function createNotify(options: NotifyOptions): (req: Request) => Promise<Response> {
  const supabase = serverClient(options.supabaseUrl, options.serviceRoleKey);
  return async (req) => {
    if (req.method !== 'POST') return json(405, { error: 'POST only' });
    if (roleOf(req.headers.get('authorization')) !== 'service_role') return json(403, { error: 'The notifications are sent with the service-role key only.' });
    if (!options.notify) return json(503, { error: 'MAIL_API_KEY is not set: the notifications wait in the outbox. Run `supabase secrets set MAIL_API_KEY=...`.' });
    try {
      const digest = new URL(req.url).searchParams.has('digest') ? await queueDigest(supabase, options.notify.replyWithinHours) : false;
      return json(200, { digestQueued: digest, ...(await deliverDue(supabase, options.notify)) });
    } catch (error) {
      console.error(`notify: ${(error as Error).message}`);
      return json(500, { error: 'The notifications could not be sent; see the function logs.' });
    }
  };
}
