/**
 * Speed to lead, for `npm run bench`: from sending the contact form to the e-mail in the local inbox. A stand-in
 * of its own sends to a mail catcher in this process; each of `count` requests is posted (from an address of its
 * own, as families are) with a person's fill-time token, and timed from the post to the catcher's receipt of the
 * e-mail that links to it. measureAcknowledgement times the same post, with an e-mail address of its own each time,
 * to the instant reply reaching that address (supabase/functions/_shared/acknowledgement.ts).
 */
import { startMailCatcher } from '../mail-catcher/server.ts';
import { startLocalSupabase } from '../local-supabase/server.ts';
import { inquiryChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';
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

/** Submit to the sender's acknowledgement in the local inbox. */
export function measureAcknowledgement(count = 40): Promise<NotifyBench> {
  return measure(count, true);
}

async function measure(count: number, acknowledgement: boolean): Promise<NotifyBench> {
  const catcher = await startMailCatcher({ port: 0 });
  const supabase = await startLocalSupabase({ port: 0, demoApplications: 0, trustedProxyHops: 2, mail: { url: catcher.url, key: 'bench' } });
  try {
    const token = await issueFillToken(supabase.serviceRoleKey, 'inquiry', Date.now() - 60_000);
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const form = new URLSearchParams({
        fill_token: token,
        name: `Bench Family ${i}`,
        phone: '(860) 555-0142',
        ...(acknowledgement ? { email: `bench.family.${i}@example.com` } : {}),
        care_for: 'a-parent',
        message: 'Help in the mornings, please.',
        page: '/contact',
        consent_version: inquiryChoices.consent.version,
      });
      const started = performance.now();
      const response = await fetch(`${supabase.url}/functions/v1/submit-inquiry`, {
        method: 'POST',
        body: form,
        headers: { accept: 'application/json', 'x-forwarded-for': `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` },
      });
      if (response.status !== 201) throw new Error(`the inquiry was refused (${response.status}): ${await response.text()}`);
      const { id } = (await response.json()) as { id: string };
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
