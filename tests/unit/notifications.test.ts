/**
 * Speed to lead: every stored request tells staff by e-mail, once, whatever the mail service does. Real posts to
 * the stand-in's form functions, which deliver to the local mail catcher (scripts/mail-catcher/) over the same
 * Resend-shaped API production uses; the outbox is read back in SQL, and through supabase-js as each kind of
 * user. Time is moved by shifting the outbox's own clock columns back, as the backoff reads them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../scripts/mail-catcher/server.ts';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { formEnvironment, mailEnvironment } from '../../supabase/functions/_shared/functionEnv.ts';
import { notificationSettings } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { HELD_REASON, NO_TOKEN_REASON, issueFillToken } from '../../supabase/functions/_shared/formPost.ts';
import { mailApi } from '../../supabase/functions/_shared/mail.ts';
import { deliverDue, queueDigest } from '../../supabase/functions/_shared/notify.ts';
import type { NotifyConfig } from '../../supabase/functions/_shared/outbox.ts';
import { SITE, clientsOf, consentGiven, denoArgs, newAddress, postAsBrowserNavigation, runDeno, runDenoFunction } from './formPosts.ts';
import { APPLICANT, FAMILY, laterInOutbox, postApplication as postApplicationTo, postInquiry as postInquiryTo } from './outboxPosts.ts';

let catcher: MailCatcher;
let supabase: LocalSupabase;
let clients: ReturnType<typeof clientsOf>;
let config: NotifyConfig;

const postInquiry = (fields: Record<string, string> = FAMILY) => postInquiryTo(supabase, fields);
const postApplication = () => postApplicationTo(supabase);
const later = (minutes: number) => laterInOutbox(supabase, minutes);

beforeAll(async () => {
  catcher = await startMailCatcher({ port: 0 });
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0, trustedProxyHops: 2, mail: { url: catcher.url, key: 'test-key' } });
  clients = clientsOf(supabase);
  config = { ...notificationSettings, siteUrl: SITE, mailer: mailApi({ url: catcher.url, key: 'test-key' }) };
  // The e-mails to staff alone: the reply to each sender (same outbox, same sender) is tested in acknowledgement.test.ts.
  await supabase.db.exec('alter table public.inquiries disable trigger inquiries_acknowledge; alter table public.job_applications disable trigger job_applications_acknowledge;');
});

afterAll(async () => {
  await clients?.stop();
  await supabase?.close();
  await catcher?.close();
});

beforeEach(async () => {
  catcher.setDown(false);
  catcher.clear();
  await supabase.db.exec('delete from public.notification_outbox; delete from public.inquiries; delete from public.job_applications;');
});

async function outbox(): Promise<Array<{ kind: string; status: string; attempts: number; last_error: string | null; record: string | null }>> {
  return (await supabase.db.query<{ kind: string; status: string; attempts: number; last_error: string | null; record: string | null }>(
    'select kind, status, attempts, last_error, coalesce(inquiry_id, application_id)::text as record from public.notification_outbox order by created_at',
  )).rows;
}

/** The messages that link to this record. */
const about = (id: string) => catcher.messages.filter((mail) => mail.text.includes(`record=${id}`));

function expectNothingPersonal(mail: CaughtMail, values: string[]) {
  for (const value of values) {
    expect(mail.subject, value).not.toContain(value);
    expect(mail.text, value).not.toContain(value);
    expect(mail.html, value).not.toContain(value);
  }
}

describe('a new request', () => {
  test('an inquiry sends exactly one e-mail, with the link to it in /admin and none of what the family wrote', async () => {
    const id = await postInquiry();
    await catcher.waitFor('the inquiry e-mail', () => about(id).length > 0, 5_000);
    // Whatever runs next (the schedule) finds nothing left to send, even while the first sender still holds the row.
    expect(await deliverDue(clients.client(supabase.serviceRoleKey), config)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(catcher.messages).toHaveLength(1);
    const [mail] = catcher.messages as [CaughtMail];
    expect(mail.subject).toBe('New inquiry from the website');
    expect(mail.to).toEqual(notificationSettings.to);
    expect(mail.from).toBe(`${notificationSettings.agency} <${notificationSettings.from}>`);
    expect(mail.text).toContain(`${SITE}/admin?view=inquiries&record=${id}`);
    expect(mail.html).toContain(`href="${SITE}/admin?view=inquiries&amp;record=${id}"`);
    expect(mail.text).toContain(`within ${notificationSettings.replyWithinHours} hours`);
    expectNothingPersonal(mail, [FAMILY.name, 'Maria', FAMILY.phone, '555-0187', '2035550187', FAMILY.email, FAMILY.town, 'dementia', 'hospital', 'Personal Care', 'A parent']);
    // The sender marks the row once the mail service has answered: a moment after the message is in.
    await expect.poll(outbox).toEqual([{ kind: 'inquiry', status: 'sent', attempts: 1, last_error: null, record: id }]);
  });

  test('an application sends exactly one e-mail naming the opening, without the name, phone, letter or resume', async () => {
    const id = await postApplication();
    await catcher.waitFor('the application e-mail', () => about(id).length > 0, 5_000);
    expect(await deliverDue(clients.client(supabase.serviceRoleKey), config)).toMatchObject({ sent: 0 });
    expect(catcher.messages).toHaveLength(1);
    const [mail] = catcher.messages as [CaughtMail];
    expect(mail.subject).toBe('New job application: Companion Caregiver');
    expect(mail.text).toContain(`${SITE}/admin?view=applications&record=${id}`);
    expectNothingPersonal(mail, [APPLICANT.first_name, APPLICANT.last_name, APPLICANT.email, APPLICANT.phone, '555-0199', 'grandmother', '.pdf', '%PDF']);
  });

  test('a request filed as suspected spam by the hidden field tells nobody', async () => {
    const form = new URLSearchParams({ fill_token: await issueFillToken(supabase.serviceRoleKey, 'inquiry', Date.now() - 60_000), ...FAMILY, website: 'http://spam.example' });
    const response = await fetch(`${supabase.url}/functions/v1/submit-inquiry`, { method: 'POST', body: form, headers: { accept: 'application/json', 'x-forwarded-for': newAddress() } });
    expect(response.status).toBe(201);
    expect((await supabase.db.query('select 1 from public.inquiries where spam_reason is not null')).rows).toHaveLength(1);
    expect(await outbox()).toEqual([]);
  });

  test('the demo seed and other writers than the form functions announce nothing', async () => {
    await supabase.db.query('insert into public.inquiries (name, email, care_for, message, page, consent_version, consented_at) values ($1, $2, $3, $4, $5, $6, $7)', [
      'Seeded Person', 'seed@example.com', 'myself', '', '/contact', consentGiven().consent_version, consentGiven().consented_at,
    ]);
    expect(await outbox()).toEqual([]);
  });
});

describe('mail down', () => {
  test('for 10 minutes, then back: every notification arrives once, none twice, and no request was refused or slowed', async () => {
    catcher.setDown(true);
    const started = Date.now();
    const ids = [await postInquiry(), await postInquiry({ ...FAMILY, name: 'Second Family' }), await postApplication()];
    expect(Date.now() - started).toBeLessThan(5_000);
    const service = clients.client(supabase.serviceRoleKey);
    // The functions tried at once, in the background, and failed: each row waits a minute.
    await expect.poll(async () => (await outbox()).map((row) => row.attempts), { timeout: 5_000 }).toEqual([1, 1, 1]);
    // And each of those first senders has recorded its failure (none still holds its row).
    await expect.poll(async () => (await supabase.db.query('select 1 from public.notification_outbox where leased_until is not null')).rows.length).toBe(0);
    for (let minute = 1; minute <= 30; minute++) {
      await later(1);
      if (minute === 10) catcher.setDown(false);
      await deliverDue(service, config);
    }
    for (const id of ids) expect(about(id), id).toHaveLength(1);
    expect(catcher.messages).toHaveLength(3);
    const rows = await outbox();
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    // Tried at 0, 1 and 5 minutes while down; sent at the try after 15 minutes.
    expect(rows.map((row) => row.attempts)).toEqual([4, 4, 4]);
  });

  test('a sender stopped after sending and before marking it sent: the next one sends under the same key, and one e-mail arrives', async () => {
    const service = clients.client(supabase.serviceRoleKey);
    await service.from('inquiries').insert({ name: 'Lease Test', email: 'lease@example.com', care_for: 'myself', message: '', page: '/contact', ...consentGiven() });
    const claimed = await service.rpc('claim_notifications', { p_limit: 5, p_lease_seconds: 60 });
    expect(claimed.data).toHaveLength(1);
    const row = (claimed.data as Array<{ id: string }>)[0]!;
    // What a killed sender did: the e-mail went out; the row was never marked.
    await config.mailer.send({ from: 'x <a@example.com>', to: ['intake@example.com'], subject: 'New inquiry from the website', text: 't', html: 'h' }, row.id);
    expect(await deliverDue(service, config)).toMatchObject({ sent: 0 });
    await later(2);
    expect(await deliverDue(service, config)).toMatchObject({ sent: 1 });
    expect(catcher.messages).toHaveLength(1);
    // The first sender, back late with a failure, does not undo what the second sent.
    expect((await service.rpc('notification_outcome', { p_id: row.id, p_error: 'late failure', p_permanent: true })).data).toBe('sent');
    expect((await outbox()).map((item) => item.status)).toEqual(['sent']);
  });

  test('a poisoned intake address fails at once with the reason, staff see it and send it again; others cannot', async () => {
    const service = clients.client(supabase.serviceRoleKey);
    const inserted = await service.from('inquiries').insert({ name: 'Poison Test', email: 'poison@example.com', care_for: 'myself', message: '', page: '/contact', ...consentGiven() }).select('id').single();
    const poisoned = { ...config, to: ['intake@agency.invalid'] };
    expect(await deliverDue(service, poisoned)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await outbox()).toEqual([{ kind: 'inquiry', status: 'failed', attempts: 1, last_error: expect.stringMatching(/^The mail service answered 422: .*intake@agency\.invalid cannot receive mail/), record: inserted.data!.id }]);

    const staff = await clients.staff();
    const seen = await staff.from('notification_outbox').select('id, status, last_error').eq('status', 'failed');
    expect(seen.data).toHaveLength(1);
    for (const other of [clients.client(), await clients.visitor()]) {
      expect((await other.from('notification_outbox').select('id')).data ?? []).toEqual([]);
      expect((await other.rpc('retry_notification', { p_id: seen.data![0]!.id })).error).not.toBeNull();
      expect((await other.rpc('claim_notifications', {})).error?.code).toBe('42501');
    }
    expect((await staff.rpc('claim_notifications', {})).error?.code).toBe('42501');
    expect((await staff.from('notification_outbox').update({ status: 'sent' }).eq('id', seen.data![0]!.id).select()).data ?? []).toEqual([]);

    expect((await staff.rpc('retry_notification', { p_id: seen.data![0]!.id })).error).toBeNull();
    expect(await deliverDue(service, config)).toMatchObject({ sent: 1 });
    expect(catcher.messages).toHaveLength(1);
  });
});

describe('the reply promise', () => {
  test('the daily digest lists the inquiries still New past the promise, by link only, once a day', async () => {
    const service = clients.client(supabase.serviceRoleKey);
    const hours = notificationSettings.replyWithinHours;
    const { rows } = await supabase.db.query<{ id: string }>(
      `insert into public.inquiries (name, email, care_for, message, page, created_at, consent_version, consented_at) values
         ('Late Family', 'late@example.com', 'a-parent', 'Mother fell at home.', '/contact', now() - make_interval(hours => $1 + 2), $2, now()),
         ('Answered Family', 'done@example.com', 'a-parent', '', '/contact', now() - make_interval(hours => $1 + 2), $2, now()),
         ('Recent Family', 'new@example.com', 'a-parent', '', '/contact', now() - interval '1 hour', $2, now())
       returning id`,
      [hours, consentGiven().consent_version],
    );
    const [late, answered, recent] = rows.map((row) => row.id) as [string, string, string];
    await supabase.db.query("update public.inquiries set stage = 'contacted' where id = $1", [answered]);

    expect(await queueDigest(service, hours)).toBe(true);
    expect(await queueDigest(service, hours)).toBe(false);
    expect(await deliverDue(service, config)).toMatchObject({ sent: 1 });
    const [mail] = catcher.messages as [CaughtMail];
    expect(mail.subject).toBe(`1 inquiry is overdue: still New after ${hours} hours`);
    expect(about(late)).toHaveLength(1);
    expect(about(answered)).toHaveLength(0);
    expect(about(recent)).toHaveLength(0);
    expect(mail.text).toContain(`${SITE}/admin?view=inquiries&overdue=1`);
    expectNothingPersonal(mail, ['Late Family', 'late@example.com', 'fell']);
  });

  test('no digest when nothing is overdue', async () => {
    expect(await queueDigest(clients.client(supabase.serviceRoleKey), notificationSettings.replyWithinHours)).toBe(false);
  });
});

describe('the functions\' mail settings', () => {
  const base = { SUPABASE_URL: 'https://x.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'k', SITE_URL: 'https://www.agency.com' };
  const envOf = (values: Record<string, string>) => ({ get: (name: string) => ({ ...base, ...values } as Record<string, string>)[name] });
  const settingsOf = (values: Record<string, string>) => mailEnvironment('notify', envOf(values), notificationSettings, formEnvironment('notify', envOf(values)).siteUrl);

  test('without MAIL_API_KEY nothing is sent (the rows wait); with it, Resend unless MAIL_API_URL says otherwise', () => {
    expect(settingsOf({})).toBeUndefined();
    expect(settingsOf({ MAIL_API_KEY: 're_123', NOTIFY_TO: 'a@agency.com, b@agency.com', MAIL_FROM: 'notify@agency.com' })).toMatchObject({
      to: ['a@agency.com', 'b@agency.com'],
      from: 'notify@agency.com',
      siteUrl: 'https://www.agency.com',
    });
  });

  test('a wrong setting stops the function at start-up, naming it', () => {
    expect(() => settingsOf({ MAIL_API_KEY: 'k', MAIL_API_URL: 'http://mail.example.com' })).toThrow(/MAIL_API_URL must be an https:\/\/ URL/);
    expect(() => settingsOf({ MAIL_API_KEY: 'k', NOTIFY_TO: 'intake' })).toThrow(/"intake" in MAIL_FROM or NOTIFY_TO is not an e-mail address/);
  });
});

describe.skipIf(!runDenoFunction.available)('the notify function under Deno, as on Supabase', () => {
  const entry = 'supabase/functions/notify/index.ts';

  test('index.ts and everything it imports pass deno check', async () => {
    const check = runDeno(denoArgs('check', entry), process.env);
    expect(await check.exited, check.output()).toBe(0);
  }, 120_000);

  test('called with the service-role key, it sends what is due to the mail API; any other key is refused', async () => {
    const service = clients.client(supabase.serviceRoleKey);
    const inserted = await service.from('inquiries').insert({ name: 'Deno Test', email: 'deno@example.com', care_for: 'myself', message: '', page: '/contact', ...consentGiven() }).select('id').single();
    const server = await runDenoFunction(entry, {
      SUPABASE_URL: supabase.url,
      SUPABASE_SERVICE_ROLE_KEY: supabase.serviceRoleKey,
      SITE_URL: 'https://www.agency.example',
      MAIL_API_KEY: 'test-key',
      MAIL_API_URL: catcher.url,
    });
    try {
      const call = (key: string) => fetch(server.url, { method: 'POST', headers: { Authorization: `Bearer ${key}` } });
      expect((await call(supabase.anonKey)).status).toBe(403);
      const answer = await call(supabase.serviceRoleKey);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ digestQueued: false, sent: 1, retrying: 0, failed: 0 });
      expect(about(inserted.data!.id)).toHaveLength(1);
      expect(about(inserted.data!.id)[0]!.text).toContain(`https://www.agency.example/admin?view=inquiries&record=${inserted.data!.id}`);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe('bursts', () => {
  /**
   * Every background sender of the posts has finished: each request's row was tried or folded into a burst,
   * and no row is held by a sender.
   */
  const settled = () =>
    expect
      .poll(async () => (await supabase.db.query("select 1 from public.notification_outbox where leased_until is not null or (kind in ('inquiry', 'application') and status = 'pending' and attempts = 0)")).rows.length, { timeout: 10_000 })
      .toBe(0);

  test('40 valid requests from 40 addresses within seconds: the first come one by one, the rest in one e-mail listing them by link, each request in exactly one e-mail', async () => {
    const { burst } = notificationSettings;
    expect(burst).toEqual({ moreThan: 10, withinMinutes: 5 });
    const started = Date.now();
    const ids = await Promise.all(Array.from({ length: 40 }, () => postInquiry()));
    expect(Date.now() - started).toBeLessThan(20_000);
    await settled();
    // Until the burst's minutes are over, staff have had at most the single e-mails of the first ten.
    expect(catcher.messages.length).toBeLessThanOrEqual(burst!.moreThan);
    const service = clients.client(supabase.serviceRoleKey);
    await later(burst!.withinMinutes);
    await deliverDue(service, config);
    await settled();

    const bursts = catcher.messages.filter((mail) => /^\d+ new requests from the website$/.test(mail.subject));
    expect(bursts).toHaveLength(1);
    expect(catcher.messages.length).toBeLessThanOrEqual(burst!.moreThan + 1);
    for (const id of ids) expect(about(id), id).toHaveLength(1);
    const [summary] = bursts as [CaughtMail];
    expect(summary.subject).toBe(`${40 - (catcher.messages.length - 1)} new requests from the website`);
    expect(summary.text).toContain(`More than ${burst!.moreThan} requests arrived within ${burst!.withinMinutes} minutes`);
    expectNothingPersonal(summary, [FAMILY.name, 'Maria', FAMILY.phone, '555-0187', FAMILY.email, FAMILY.town, 'dementia', 'hospital']);
    // Nothing is left to send, and a retry of the burst (a sender that stopped before marking it) sends nothing new.
    expect(await deliverDue(service, config)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect((await outbox()).filter((row) => row.status !== 'sent')).toEqual([]);
  }, 60_000);

  test('the burst e-mail is sent again under its own key after a failure, with the very same list', async () => {
    catcher.setDown(true);
    const ids = await Promise.all(Array.from({ length: 14 }, () => postInquiry()));
    await settled();
    const service = clients.client(supabase.serviceRoleKey);
    await later(5);
    expect(await deliverDue(service, config)).toMatchObject({ sent: 0 });
    // Requests arriving after the burst was first tried go in a later e-mail, never into the one being retried.
    const late = await Promise.all(Array.from({ length: 3 }, () => postInquiry()));
    catcher.setDown(false);
    await settled();
    for (let minute = 1; minute <= 10; minute++) {
      await later(1);
      await deliverDue(service, config);
    }
    await settled();
    for (const id of [...ids, ...late]) expect(about(id), id).toHaveLength(1);
    expect((await outbox()).filter((row) => row.status !== 'sent')).toEqual([]);
  }, 60_000);

  test("a request without the time token from a script gets no e-mail of its own: the next burst e-mail lists it as filed under Spam; a browser's own post is held for its sender (confirmWithoutScript.test.ts) and in no e-mail", async () => {
    const endpoint = `${supabase.url}/functions/v1/submit-inquiry`;
    const fields = () => {
      const form = new URLSearchParams({ ...FAMILY });
      form.append('services', 'personal-care');
      return form;
    };
    // A browser's own post (JavaScript off) is held until its sender confirms it: nobody hears of it before.
    const navigation = await postAsBrowserNavigation(endpoint, fields(), newAddress());
    expect(navigation.status).toBe(200);
    // A script's, twice: each filed under Spam and told of in the burst only.
    for (let i = 0; i < 2; i++) {
      const script = await fetch(endpoint, { method: 'POST', body: fields(), headers: { accept: 'application/json', 'x-forwarded-for': newAddress() } });
      expect(script.status).toBe(201);
    }
    const rows = (await supabase.db.query<{ id: string; stage: string; spam_reason: string }>('select id, stage, spam_reason from public.inquiries where spam_reason <> $1 order by created_at', [HELD_REASON])).rows;
    expect(rows.map(({ stage, spam_reason }) => ({ stage, spam_reason }))).toEqual([
      { stage: 'spam', spam_reason: NO_TOKEN_REASON },
      { stage: 'spam', spam_reason: NO_TOKEN_REASON },
    ]);
    await settled();
    expect(catcher.messages).toEqual([]);

    await later(5);
    await deliverDue(clients.client(supabase.serviceRoleKey), config);
    expect(catcher.messages).toHaveLength(1);
    const [mail] = catcher.messages as [CaughtMail];
    expect(mail.subject).toBe('2 new requests from the website');
    expect(mail.text).toContain('2 requests were sent without the form\'s time check (by a script, or from a page whose script could not get the check) and filed under Spam');
    for (const { id } of rows) expect(mail.text).toMatch(new RegExp(`Inquiry sent .*\\(filed under Spam\\): ${SITE}/admin\\?view=inquiries&record=${id}`));
    expectNothingPersonal(mail, [FAMILY.name, FAMILY.phone, FAMILY.email, 'dementia']);
  }, 60_000);
});
