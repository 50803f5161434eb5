/**
 * Speed to lead, for `npm run bench`: from sending the contact form to the e-mail in the local inbox. A stand-in
 * of its own sends to a mail catcher in this process; each of `count` requests is posted (from an address of its
 * own, as families are) with a person's fill-time token, and timed from the post to the catcher's receipt of the
 * e-mail that links to it.
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

export async function measureNotify(count = 40): Promise<NotifyBench> {
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
      await catcher.waitFor(`the e-mail of inquiry ${id}`, (messages) => messages.some((mail) => mail.text.includes(`record=${id}`)), 10_000);
      times.push(performance.now() - started);
    }
    return { requests: count, p50: median(times), p95: p95(times) };
  } finally {
    await supabase.close();
    await catcher.close();
  }
}
