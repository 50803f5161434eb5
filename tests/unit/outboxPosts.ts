/**
 * Requests posted to the form functions of a stand-in as the site posts them (a fill token a minute old, a client
 * address of their own), for the tests of the e-mails they cause: the staff notifications (notifications.test.ts)
 * and the reply to each sender (acknowledgement.test.ts).
 */
import { expect } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../scripts/mail-catcher/server.ts';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { notificationSettings } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { issueFillToken } from '../../supabase/functions/_shared/formPost.ts';
import { mailApi } from '../../supabase/functions/_shared/mail.ts';
import type { NotifyConfig } from '../../supabase/functions/_shared/outbox.ts';
import { CONSENT_TICKED, SITE, clientsOf, newAddress } from './formPosts.ts';

/** A stand-in whose form functions deliver at once to a mail catcher, and the sender's settings for that catcher. */
export interface OutboxStack {
  catcher: MailCatcher;
  supabase: LocalSupabase;
  clients: ReturnType<typeof clientsOf>;
  config: NotifyConfig;
  close(): Promise<void>;
}

export async function startOutboxStack(): Promise<OutboxStack> {
  const catcher = await startMailCatcher({ port: 0 });
  const supabase = await startLocalSupabase({ port: 0, demoApplications: 0, trustedProxyHops: 2, mail: { url: catcher.url, key: 'test-key' } });
  const clients = clientsOf(supabase);
  const config = { ...notificationSettings, siteUrl: SITE, mailer: mailApi({ url: catcher.url, key: 'test-key' }) };
  return {
    catcher,
    supabase,
    clients,
    config,
    async close() {
      await clients.stop();
      await supabase.close();
      await catcher.close();
    },
  };
}

export const FAMILY = {
  name: 'Maria Gonzalez',
  phone: '(203) 555-0187',
  email: 'maria.g@example.com',
  care_for: 'a-parent',
  town: 'Middletown',
  message: 'My father has early dementia and came home from the hospital last week.',
  call_time: 'morning',
  page: '/contact',
  ...CONSENT_TICKED,
};

export const APPLICANT = {
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann.lee@example.com',
  phone: '(860) 555-0199',
  position: 'companion-caregiver',
  experience: 'one-to-three-years',
  availability: 'flexible',
  cover_letter: 'I cared for my grandmother through her last years.',
};

/** Posts the contact form (with Personal Care ticked); the stored inquiry's id. */
export async function postInquiry(supabase: LocalSupabase, fields: Record<string, string> = FAMILY, extra: Record<string, string> = {}): Promise<string> {
  const form = new URLSearchParams({ fill_token: await issueFillToken(supabase.serviceRoleKey, 'inquiry', Date.now() - 60_000), ...fields, ...extra });
  form.append('services', 'personal-care');
  const response = await fetch(`${supabase.url}/functions/v1/submit-inquiry`, { method: 'POST', body: form, headers: { accept: 'application/json', 'x-forwarded-for': newAddress() } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Posts the application form with a one-page PDF resume; the stored application's id. */
export async function postApplication(supabase: LocalSupabase, fields: Record<string, string> = APPLICANT): Promise<string> {
  const { PDFDocument } = await import('pdf-lib');
  const document = await PDFDocument.create();
  document.addPage();
  const form = new FormData();
  form.append('fill_token', await issueFillToken(supabase.serviceRoleKey, 'application', Date.now() - 60_000));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('resume', new File([(await document.save()) as BlobPart], 'resume.pdf', { type: 'application/pdf' }));
  const response = await fetch(`${supabase.url}/functions/v1/submit-application`, { method: 'POST', body: form, headers: { accept: 'application/json', 'x-forwarded-for': newAddress() } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Moves the outbox's clock `minutes` forward: every time it holds is shifted back by as much. */
export async function laterInOutbox(supabase: LocalSupabase, minutes: number): Promise<void> {
  await supabase.db.query(
    `update public.notification_outbox set next_attempt_at = next_attempt_at - make_interval(mins => $1), created_at = created_at - make_interval(mins => $1),
       leased_until = leased_until - make_interval(mins => $1)`,
    [minutes],
  );
}
