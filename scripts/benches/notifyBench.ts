/**
 * Speed to lead, for `npm run bench`: from sending the contact form to the e-mail in the local inbox. A stand-in
 * of its own sends to a mail catcher in this process; each of `count` requests is posted (from an address of its
 * own, as families are) with a person's fill-time token, and timed from the post to the catcher's receipt of the
 * e-mail that links to it. measureAcknowledgement times the same post, with an e-mail address of its own each time,
 * to the instant reply reaching that address (supabase/functions/_shared/acknowledgement.ts).
 */
import { startMailCatcher } from '../mail-catcher/server.ts';
import { startLocalSupabase } from '../local-supabase/server.ts';
import { inquiryChoices, notificationSettings } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { mailApi } from '../../supabase/functions/_shared/mail.ts';
import { deliverDue } from '../../supabase/functions/_shared/notify.ts';
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import { issueFillToken } from '../../supabase/functions/_shared/formPost.ts';
import { median, p95 } from './signInBurst.ts';

export interface NotifyBench {
  requests: number;
  p50: number;
  p95: number;
}

export function measureNotify(count = 40): Promise<NotifyBench> {
  return measure(count, false);
}

/**
 * Submit to the sender's acknowledgement in the local inbox: as many requests as the hour's cap on replies lets go
 * at once (site.yaml notifications.repliesPerHour; measureCampaignDay measures past it).
 */
export function measureAcknowledgement(count = notificationSettings.repliesPerHour ?? 40): Promise<NotifyBench> {
  return measure(count, true);
}

/** Posts the contact form with an address and a client address of its own; the stored inquiry's id. */
async function postInquiry(url: string, token: string, i: number, email?: string): Promise<string> {
  const form = new URLSearchParams({
    fill_token: token,
    name: `Bench Family ${i}`,
    phone: '(860) 555-0142',
    ...(email ? { email } : {}),
    care_for: 'a-parent',
    message: 'Help in the mornings, please.',
    page: '/contact',
    consent_version: inquiryChoices.consent.version,
  });
  const response = await fetch(`${url}/functions/v1/submit-inquiry`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json', 'x-forwarded-for': `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` },
  });
  if (response.status !== 201) throw new Error(`the inquiry was refused (${response.status}): ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/**
 * A campaign day (an advertisement in the morning paper, or a hiring post shared widely): the requests of each hour
 * of the office day as `hours` gives them, each from an address of its own, posted to the stand-in and delivered
 * as the schedule does, the clock moved an hour on between hours. `releaseAfterHours`: how long after the first
 * reply is held an admin sends the held ones (null: nobody does that day).
 */
/**
 * A campaign day for a small agency, 8 am to 5 pm: a quiet start, an advertisement at 10 am (26 requests in its
 * hour), a long tail. About eight times an ordinary day's requests.
 */
export const CAMPAIGN_DAY = [3, 5, 26, 12, 6, 4, 3, 2, 1];

export interface CampaignDay {
  hours: number[];
  cap: number;
  /** Replies that went as the requests arrived (at once). */
  atOnce: number;
  /** Replies held past the cap, or waiting behind held ones, at some point. */
  held: number;
  /** Of those, sent when the admin released them; the rest still waited at the end of the day. */
  released: number;
  /** Hours from a held reply's request to its release (mean), when released. */
  meanWaitHours: number;
}

export async function measureCampaignDay(hours: number[], releaseAfterHours: number | null): Promise<CampaignDay> {
  const catcher = await startMailCatcher({ port: 0 });
  // No mail settings for the functions: only this bench's runs deliver, as a schedule every minute would.
  const supabase = await startLocalSupabase({ port: 0, demoApplications: 0, trustedProxyHops: 2 });
  const cap = notificationSettings.repliesPerHour ?? 20;
  try {
    const service = serverClient(supabase.url, supabase.serviceRoleKey);
    const config = { ...notificationSettings, siteUrl: 'http://localhost:3000', mailer: mailApi({ url: catcher.url, key: 'bench' }) };
    const token = await issueFillToken(supabase.serviceRoleKey, 'inquiry', Date.now() - 60_000);
    let posted = 0;
    let firstHeldHour: number | null = null;
    let released = 0;
    const waits: number[] = [];
    for (const [hour, count] of hours.entries()) {
      for (let i = 0; i < count; i++) {
        await postInquiry(supabase.url, token, posted, `campaign.${posted}@example.com`);
        posted += 1;
        // The schedule runs every minute: a delivery every few requests.
        if (i % 3 === 2) await deliverDue(service, config);
      }
      await deliverDue(service, config);
      const capped = Number((await supabase.db.query<{ n: number }>("select count(*)::int as n from public.notification_outbox where status = 'capped'")).rows[0]!.n);
      if (capped > 0 && firstHeldHour === null) firstHeldHour = hour;
      if (releaseAfterHours !== null && firstHeldHour !== null && hour >= firstHeldHour + releaseAfterHours && capped > 0) {
        const ages = (await supabase.db.query<{ hours: number }>("select extract(epoch from now() - created_at)::float / 3600 as hours from public.notification_outbox where status = 'capped'")).rows;
        waits.push(...ages.map((row) => Number(row.hours)));
        await supabase.db.query("update public.notification_outbox set status = 'pending', decided_at = now(), attempts = 0, next_attempt_at = now() where status = 'capped'");
        released += capped;
        await deliverDue(service, config);
      }
      // An hour on: every time the outbox holds moves an hour back.
      await supabase.db.query(`update public.notification_outbox set created_at = created_at - interval '1 hour', next_attempt_at = next_attempt_at - interval '1 hour',
        sent_at = sent_at - interval '1 hour', decided_at = decided_at - interval '1 hour'`);
    }
    const count = async (where: string) => Number((await supabase.db.query<{ n: number }>(`select count(*)::int as n from public.notification_outbox where acknowledgement and ${where}`)).rows[0]!.n);
    const held = (await count("status = 'capped'")) + released;
    const atOnce = (await count("status = 'sent'")) - released;
    return { hours, cap, atOnce, held, released, meanWaitHours: waits.length ? waits.reduce((a, b) => a + b, 0) / waits.length : 0 };
  } finally {
    await supabase.close();
    await catcher.close();
  }
}

async function measure(count: number, acknowledgement: boolean): Promise<NotifyBench> {
  const catcher = await startMailCatcher({ port: 0 });
  const supabase = await startLocalSupabase({ port: 0, demoApplications: 0, trustedProxyHops: 2, mail: { url: catcher.url, key: 'bench' } });
  try {
    const token = await issueFillToken(supabase.serviceRoleKey, 'inquiry', Date.now() - 60_000);
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const id = await postInquiry(supabase.url, token, i, acknowledgement ? `bench.family.${i}@example.com` : undefined);
      const address = `bench.family.${i}@example.com`;
      await catcher.waitFor(
        acknowledgement ? `the reply to ${address}` : `the e-mail of inquiry ${id}`,
        (messages) => messages.some((mail) => (acknowledgement ? mail.to.includes(address) : mail.text.includes(`record=${id}`))),
        10_000,
      );
      times.push(performance.now() - started);
    }
    return { requests: count, p50: median(times), p95: p95(times) };
  } finally {
    await supabase.close();
    await catcher.close();
  }
}
