/**
 * The instant reply to each sender (issue 31, item 2), at the e-mail level: real posts to the stand-in's form
 * functions, which store the request and its outbox rows in one transaction and deliver to the local mail catcher
 * over the same API production uses. The words are content/replies.yaml's, the hours site.yaml's. A request's time
 * is set by moving its record's created_at while the mail service is down, then letting the retry send it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { CaughtMail, MailCatcher } from '../../scripts/mail-catcher/server.ts';
import type { LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { loadContent } from '../../src/content/loader.ts';
import { repliesSchema } from '../../src/content/schemas/replies.ts';
import { composeAcknowledgement, greetingName } from '../../supabase/functions/_shared/acknowledgement.ts';
import { officeScheduleFrom } from '../../src/content/office.ts';
import { siteSchema } from '../../src/content/schemas/site.ts';
import { deliverDue } from '../../supabase/functions/_shared/notify.ts';
import type { NotifyConfig } from '../../supabase/functions/_shared/outbox.ts';
import { SITE } from './formPosts.ts';
import { APPLICANT, FAMILY as SAMPLE_FAMILY, laterInOutbox, postApplication as postApplicationTo, postInquiry as postInquiryTo, startOutboxStack, type OutboxStack } from './outboxPosts.ts';

let stack: OutboxStack;
let catcher: MailCatcher;
let supabase: LocalSupabase;
let clients: OutboxStack['clients'];
let config: NotifyConfig;
let content: Awaited<ReturnType<typeof loadContent>>;
let words: Awaited<ReturnType<typeof loadContent>>['replies']['acknowledgement'];

// A mixed-case address: the reply's once-an-hour rule reads addresses in any case.
const FAMILY = { ...SAMPLE_FAMILY, email: 'Maria.G@Example.com' };
const postInquiry = (fields: Record<string, string> = FAMILY, extra: Record<string, string> = {}) => postInquiryTo(supabase, fields, extra);
const postApplication = (fields: Record<string, string> = APPLICANT) => postApplicationTo(supabase, fields);
const later = (minutes: number) => laterInOutbox(supabase, minutes);

beforeAll(async () => {
  content = await loadContent();
  words = content.replies.acknowledgement;
  stack = await startOutboxStack();
  ({ catcher, supabase, clients, config } = stack);
});

afterAll(() => stack?.close());

beforeEach(async () => {
  catcher.setDown(false);
  catcher.clear();
  await supabase.db.exec('delete from public.notification_outbox; delete from public.inquiries; delete from public.job_applications;');
});

/** The replies that reached an address (any case), as the catcher received them. */
const repliesTo = (address: string) => catcher.messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));

async function acknowledgements(): Promise<Array<{ status: string; attempts: number; last_error: string | null }>> {
  return (await supabase.db.query<{ status: string; attempts: number; last_error: string | null }>('select status, attempts, last_error from public.notification_outbox where acknowledgement order by created_at')).rows;
}

/** Posts with the mail service down, dates the request `sentAt`, and lets the retry send the reply. */
async function replyFor(post: () => Promise<string>, table: 'inquiries' | 'job_applications', sentAt: string, address: string): Promise<CaughtMail> {
  catcher.setDown(true);
  const id = await post();
  await expect.poll(async () => (await acknowledgements()).map((row) => row.attempts), { timeout: 5_000 }).toEqual([1]);
  await expect.poll(async () => (await supabase.db.query('select 1 from public.notification_outbox where leased_until is not null')).rows.length).toBe(0);
  expect(repliesTo(address)).toHaveLength(0);
  // Sent then: the request, and its reply queued with it (the reply promises a call from when it was queued).
  await supabase.db.query(`update public.${table} set created_at = $1 where id = $2`, [sentAt, id]);
  await supabase.db.query(`update public.notification_outbox set created_at = $1 where acknowledgement and ${table === 'inquiries' ? 'inquiry_id' : 'application_id'} = $2`, [sentAt, id]);
  catcher.setDown(false);
  await later(2);
  await deliverDue(clients.client(supabase.serviceRoleKey), config);
  expect(repliesTo(address)).toHaveLength(1);
  return repliesTo(address)[0]!;
}

function expectNothingTyped(mail: CaughtMail, values: string[]) {
  for (const value of values) {
    expect(mail.subject, value).not.toContain(value);
    expect(mail.text, value).not.toContain(value);
    expect(mail.html, value).not.toContain(value);
  }
}

describe('the reply to the sender', () => {
  test('an inquiry gets one reply at once: what was received, when to expect a call, the phone, the erasure route, and nothing the family wrote but the first name', async () => {
    const id = await postInquiry();
    await catcher.waitFor('the reply', () => repliesTo(FAMILY.email).length > 0, 5_000);
    expect(await deliverDue(clients.client(supabase.serviceRoleKey), config)).toMatchObject({ sent: 0 });
    const [mail] = repliesTo(FAMILY.email) as [CaughtMail];
    expect(repliesTo(FAMILY.email)).toHaveLength(1);
    expect(mail.to).toEqual([FAMILY.email]);
    expect(mail.subject).toBe(words.inquirySubject);
    expect(mail.text).toContain('Hello Maria,');
    expect(mail.text).toContain(words.inquiryReceived);
    expect(mail.text).toContain(content.site.phone.display);
    expect(mail.text).toContain(words.privacy);
    expect(mail.text).toContain(`${words.privacyLink}: ${SITE}/privacy`);
    expect(mail.html).toContain(`href="${SITE}/privacy"`);
    // Staff were told as before, separately: the reply is not folded into their e-mail, nor theirs into it.
    await catcher.waitFor('the staff e-mail', () => catcher.messages.some((message) => message.text.includes(`record=${id}`)), 5_000);
    expect(catcher.messages.filter((message) => message.text.includes(`record=${id}`))).toHaveLength(1);
    expectNothingTyped(mail, ['Gonzalez', FAMILY.phone, '555-0187', FAMILY.town, 'dementia', 'hospital', 'father', 'Personal Care', 'personal-care', 'A parent', 'morning']);
    await expect.poll(acknowledgements).toEqual([{ status: 'sent', attempts: 1, last_error: null }]);
  });

  test('sent during office hours (Tuesday 10:00 am): "within the hour"', async () => {
    const mail = await replyFor(() => postInquiry(), 'inquiries', '2026-12-01T15:00:00Z', FAMILY.email);
    expect(mail.text).toContain(words.callWithinHour);
  });

  test('sent on Friday evening: within the first hour of the next opening, Saturday 9:00 am; on Christmas Eve evening, the day after Christmas', async () => {
    const friday = await replyFor(() => postInquiry(), 'inquiries', '2026-11-27T23:30:00Z', FAMILY.email);
    expect(friday.text).toContain(words.callNextOpening.replace('{when}', 'on Saturday, November 28, by 10:00 am'));
    expect(friday.text).not.toContain(words.callWithinHour);
    await supabase.db.exec('delete from public.notification_outbox; delete from public.inquiries;');
    catcher.clear();
    const christmas = await replyFor(() => postInquiry(), 'inquiries', '2026-12-25T01:00:00Z', FAMILY.email);
    expect(christmas.text).toContain('on Saturday, December 26, by 10:00 am');
  });

  test('an application: the opening named, what happens to it, the recruiting line, the first name only, nothing of the letter or resume; no call promised', async () => {
    const mail = await replyFor(() => postApplication(), 'job_applications', '2026-11-29T17:00:00Z', APPLICANT.email);
    expect(mail.subject).toBe(words.applicationSubject.replace('{position}', 'Companion Caregiver'));
    expect(mail.text).toContain('Hello Ann,');
    expect(mail.text).toContain(words.applicationReceived.replace('{position}', 'Companion Caregiver'));
    expect(mail.text).toContain(words.applicationNext);
    expect(mail.text).toContain(content.site.recruitingPhone.display);
    // Not the clients' line, and no call on Monday promised to every applicant.
    expect(mail.text).not.toContain(content.site.phone.display);
    expect(mail.text).not.toContain('on Monday');
    expect(mail.text).not.toContain(words.callWithinHour);
    expectNothingTyped(mail, [APPLICANT.last_name, APPLICANT.phone, '555-0199', 'grandmother', '.pdf', 'One to three', 'Flexible']);
  });

  test('a name that carries a link greets no one by it: the reply says "Hello," and repeats nothing the sender typed', async () => {
    const payload = 'https://spam-7.example/win';
    await postInquiry({ ...FAMILY, name: `${payload} Smith` });
    await catcher.waitFor('the reply', () => repliesTo(FAMILY.email).length > 0, 5_000);
    const [inquiryReply] = repliesTo(FAMILY.email) as [CaughtMail];
    expect(inquiryReply.text.split('\n')[0]).toBe('Hello,');
    expectNothingTyped(inquiryReply, ['spam-7', 'example/win', 'https', 'Smith']);

    await postApplication({ ...APPLICANT, first_name: 'Win $500 at spam.example' });
    await catcher.waitFor('the reply', () => repliesTo(APPLICANT.email).length > 0, 5_000);
    const [applicationReply] = repliesTo(APPLICANT.email) as [CaughtMail];
    expect(applicationReply.text.split('\n')[0]).toBe('Hello,');
    expectNothingTyped(applicationReply, ['$500', 'spam.example', 'Win']);
  });

  test('one reply per address per hour, across both forms and whatever the case of the address; another after the hour', async () => {
    await postInquiry();
    await postInquiry({ ...FAMILY, email: 'maria.g@example.com' });
    await postApplication({ ...APPLICANT, email: 'MARIA.G@EXAMPLE.COM' });
    await postInquiry({ ...FAMILY, email: 'someone.else@example.com' });
    await catcher.waitFor('the replies', () => repliesTo('someone.else@example.com').length > 0 && repliesTo(FAMILY.email).length > 0, 5_000);
    // Staff hear of all four; the address hears once.
    await expect.poll(() => catcher.messages.length).toBe(4 + 2);
    expect(repliesTo(FAMILY.email)).toHaveLength(1);
    expect(await acknowledgements()).toHaveLength(2);
    await later(61);
    await postInquiry();
    await catcher.waitFor('the reply after the hour', () => repliesTo(FAMILY.email).length === 2, 5_000);
  });

  test('none for suspected spam, none without an e-mail address', async () => {
    await postInquiry(FAMILY, { website: 'http://spam.example' });
    await postInquiry({ ...FAMILY, email: '' });
    expect((await supabase.db.query('select 1 from public.inquiries')).rows).toHaveLength(2);
    await deliverDue(clients.client(supabase.serviceRoleKey), config);
    expect(await acknowledgements()).toEqual([]);
    expect(repliesTo(FAMILY.email)).toHaveLength(0);
  });

  test('a mail failure is retried with backoff and arrives once; a refused address is shown to staff as failed', async () => {
    catcher.setDown(true);
    await postInquiry();
    await expect.poll(async () => (await acknowledgements()).map((row) => row.attempts), { timeout: 5_000 }).toEqual([1]);
    await expect.poll(async () => (await supabase.db.query('select 1 from public.notification_outbox where leased_until is not null')).rows.length).toBe(0);
    const service = clients.client(supabase.serviceRoleKey);
    // Not due again before its backoff.
    await deliverDue(service, config);
    expect((await acknowledgements())[0]).toMatchObject({ status: 'pending', attempts: 1 });
    catcher.setDown(false);
    await later(2);
    await deliverDue(service, config);
    expect(repliesTo(FAMILY.email)).toHaveLength(1);
    expect(await acknowledgements()).toEqual([{ status: 'sent', attempts: 2, last_error: null }]);

    // A staff member sees a reply that could not go (read as staff through the API: the row carries no address).
    await supabase.db.exec('delete from public.notification_outbox; delete from public.inquiries;');
    const refusing = { ...config, mailer: { send: async () => { const { MailError } = await import('../../supabase/functions/_shared/mail.ts'); throw new MailError('The address was refused', true); } } };
    catcher.setDown(true);
    await postInquiry();
    await expect.poll(async () => (await acknowledgements()).map((row) => row.attempts), { timeout: 5_000 }).toEqual([1]);
    await expect.poll(async () => (await supabase.db.query('select 1 from public.notification_outbox where leased_until is not null')).rows.length).toBe(0);
    await later(2);
    await deliverDue(service, refusing);
    const staff = await clients.staff();
    const failed = await staff.from('notification_outbox').select('kind, acknowledgement, status, last_error').eq('acknowledgement', true);
    expect(failed.data).toEqual([{ kind: 'inquiry', acknowledgement: true, status: 'failed', last_error: 'The address was refused' }]);
  });

  test('replies go one each, at once, and are no part of a burst: 8 requests give staff 8 e-mails of their own (the rule is more than 10)', async () => {
    const addresses = Array.from({ length: 8 }, (_, n) => `family${n}@example.com`);
    for (const email of addresses) await postInquiry({ ...FAMILY, email });
    await catcher.waitFor('every reply', () => addresses.every((address) => repliesTo(address).length === 1), 5_000);
    await catcher.waitFor('every staff e-mail', (messages) => messages.filter((mail) => mail.subject === 'New inquiry from the website').length === 8, 5_000);
    expect(catcher.messages.filter((mail) => / new requests? from the website$/.test(mail.subject))).toEqual([]);
  });

  test('erasing the request removes its queued reply: nothing is sent', async () => {
    catcher.setDown(true);
    const id = await postInquiry();
    await expect.poll(async () => (await acknowledgements()).length, { timeout: 5_000 }).toBe(1);
    await supabase.db.query('delete from public.inquiries where id = $1', [id]);
    expect(await acknowledgements()).toEqual([]);
    catcher.setDown(false);
    await later(2);
    await deliverDue(clients.client(supabase.serviceRoleKey), config);
    expect(repliesTo(FAMILY.email)).toHaveLength(0);
  });
});

describe('the name the reply greets', () => {
  test.each(['Maria', 'Anne-Marie', "O'Brien", 'O’Neil', 'Mary Ann', 'José María', 'Zoë', 'Nguyễn', 'Дмитрий', '李', 'محمد', 'Ngũgĩ wa Thiong’o'])('%s, a plain name in any script, is greeted', (name) => {
    expect(greetingName(name)).toBe(name.normalize('NFC'));
  });

  test('white space around and inside a name is tidied, not a reason to drop it', () => {
    expect(greetingName('  Mary   Ann ')).toBe('Mary Ann');
  });

  test.each([
    ['a link', 'https://spam.example/win'],
    ['a link without its scheme', 'spam.example/win'],
    ['a bare domain', 'spam.example'],
    ['a domain written with a space', 'spam . example'],
    ['an e-mail address', 'win@spam.example'],
    ['digits', 'Call 8605550100'],
    ['a price', 'Win $500'],
    ['a single digit', 'Maria2'],
    ['markup', '<b>Maria</b>'],
    ['a sentence', 'Click here to claim your prize'],
    ['a name longer than any first name', 'A'.repeat(41)],
    ['an invisible character inside', 'Ma\u200Bria'],
    ['a hyphen with nothing after it', 'Anne-'],
    ['nothing but signs', "'-'"],
  ])('%s is left out, and the reply greets without a name', (_, typed) => {
    expect(greetingName(typed)).toBe('');
  });
});

describe('the words in content/replies.yaml', () => {
  test('a line that must say when or which opening is refused without its slot, and a slot it cannot have is named', async () => {
    const words = (await loadContent()).replies.acknowledgement;
    const check = (changes: Partial<typeof words>) => repliesSchema.safeParse({ acknowledgement: { ...words, ...changes } }).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(check({})).toBeUndefined();
    expect(check({ callNextOpening: 'We will call you soon.' })).toEqual(['acknowledgement.callNextOpening: expected {when} in the line (it is filled in when the e-mail is sent)']);
    expect(check({ greeting: 'Hello {first_name},' })).toEqual(['acknowledgement.greeting: expected only {name} in braces here, found {first_name}']);
    expect(check({ phone: 'Call {phone}.' })).toEqual(['acknowledgement.phone: expected no words in braces here, found {phone}']);
  });
});

describe('the promise on the site and the reply agree (one rule: officeHours.ts replyBy)', () => {
  /** The reply's words for a family's request sent at `sentAt`, from the content as the functions get it. */
  const familyReply = (sentAt: string) => {
    const settings = { words: content.replies.acknowledgement, schedule: officeScheduleFrom(content.site) };
    const context = { agency: content.site.name, from: 'x@example.com', siteUrl: SITE, positions: [] };
    return composeAcknowledgement('inquiry', { email: 'a@example.com', firstName: 'Maria', position: null, sentAt }, settings, context).text;
  };
  /** The instant the e-mail names ("on Monday, November 30, by 9:00 am"), read back in New York time. */
  const statedTime = (text: string, year: number): Date | undefined => {
    const found = /on \w+, (\w+) (\d+), by (\d+):(\d\d) (am|pm)/.exec(text);
    if (!found) return undefined;
    const [, month, day, hour, minute, half] = found;
    const hours = (Number(hour) % 12) + (half === 'pm' ? 12 : 0);
    // November and December: Eastern Standard Time, UTC-5.
    return new Date(Date.UTC(year, ['November', 'December'].indexOf(month!) + 10, Number(day), hours + 5, Number(minute)));
  };

  test("the site's claim says the rule, in one field every page names", async () => {
    const claim = content.site.claims.replyPromise;
    expect(claim).toMatch(/within the hour when we are open/);
    expect(claim).toMatch(/first hour we next open/);
    // The pages say it through the token, never as words of their own with a number of hours.
    for (const page of ['home', 'contact', 'about'] as const) {
      const words = JSON.stringify(content.pages[page]);
      expect(words, page).not.toMatch(/within (24|twenty-four) hours|within one day/i);
    }
    // Where a page says it in its own cards, the token put the claim's words there (the form card shows it too).
    expect(JSON.stringify(content.pages.about)).toContain(claim);
    expect(JSON.stringify(content.pages.contact)).toContain(claim);
  });

  // Each case: when the request is sent, and by the claim's own words the latest a reply may come: within the hour
  // when open; else the first hour after the next opening (given here by hand from site.yaml's hours and holidays).
  const cases = [
    { name: 'Saturday evening (closed until Monday)', sentAt: '2026-11-29T00:00:00Z', open: false, nextOpening: '2026-11-30T13:00:00Z' },
    { name: 'Friday 5:30 pm (open until 6 pm)', sentAt: '2026-11-27T22:30:00Z', open: true },
    { name: 'Thanksgiving morning (a holiday)', sentAt: '2026-11-26T15:00:00Z', open: false, nextOpening: '2026-11-27T13:00:00Z' },
    { name: 'Tuesday 10:00 am', sentAt: '2026-12-01T15:00:00Z', open: true },
  ];
  for (const one of cases) {
    test(`${one.name}: the e-mail's time is within what the site claims`, () => {
      const text = familyReply(one.sentAt);
      if (one.open) {
        expect(text).toContain(content.replies.acknowledgement.callWithinHour);
        expect(text).toContain('within the hour');
        return;
      }
      const stated = statedTime(text, 2026);
      expect(stated, text).toBeDefined();
      const opening = new Date(one.nextOpening!).getTime();
      // Not before the office opens, and no later than the first hour after it opens.
      expect(stated!.getTime()).toBeGreaterThan(opening);
      expect(stated!.getTime()).toBeLessThanOrEqual(opening + 60 * 60_000);
      expect(text).not.toContain(content.replies.acknowledgement.callWithinHour);
    });
  }

  test('a claim with a number of hours is refused, saying why', () => {
    const claims = { ...content.site.claims, replyPromise: 'We reply to every request within 24 hours' };
    const result = siteSchema.shape.claims.safeParse(claims);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toContain('without a number of hours or days');
  });

  test('the applicant reply names the recruiting line, not the clients\' line', () => {
    const settings = { words: content.replies.acknowledgement, schedule: officeScheduleFrom(content.site) };
    const context = { agency: content.site.name, from: 'x@example.com', siteUrl: SITE, positions: [{ code: 'companion-caregiver', title: 'Companion Caregiver' }] };
    const text = composeAcknowledgement('application', { email: 'a@example.com', firstName: 'Ann', position: 'companion-caregiver', sentAt: '2026-11-29T00:00:00Z' }, settings, context).text;
    expect(content.site.recruitingPhone.display).not.toBe(content.site.phone.display);
    expect(text).toContain(`recruiting line, ${content.site.recruitingPhone.display}`);
    expect(text).not.toContain(content.site.phone.display);
  });
});
