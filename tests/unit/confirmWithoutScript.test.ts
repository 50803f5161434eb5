/**
 * No person filed as spam for having no JavaScript (issue 40, item 7; DESIGN.md decision 26). Real plain posts, as a
 * browser with JavaScript off sends them (it asks for HTML, and no script fetched a time token), to the stand-in's
 * form functions, which deliver to a mail catcher: the answer is a page asking the person to press "Send my request",
 * the post is stored held (no e-mail to anyone yet); the press, carrying the page's signed reference and its own fresh
 * token, makes it a real request once, with the staff e-mail and the reply to the sender. Staff moving any spam record
 * with an address out of Spam sends the reply it missed, once. The page is checked for what a person reads and for
 * what it lets a browser load.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { CONFIRM_FIELDS, HELD_REASON, MIN_CONFIRM_MS, NO_TOKEN_REASON, issueFillToken } from '../../supabase/functions/_shared/formPost.ts';
import { PAGE_COLOURS, PAGE_STYLE, confirmPageHtml, pageStyleSource } from '../../supabase/functions/_shared/confirmPage.ts';
import { whenToExpectACall } from '../../supabase/functions/_shared/acknowledgement.ts';
import { deliverDue } from '../../supabase/functions/_shared/notify.ts';
import { createSubmitInquiry } from '../../supabase/functions/submit-inquiry/handler.ts';
import { inquiryChoices, notificationSettings } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { color } from '../../src/theme.ts';
import { BROWSER_ACCEPT, SITE, newAddress } from './formPosts.ts';
import { APPLICANT, FAMILY, startOutboxStack, type OutboxStack } from './outboxPosts.ts';

let stack: OutboxStack;
const inquiryUrl = () => `${stack.supabase.url}/functions/v1/submit-inquiry`;
const applicationUrl = () => `${stack.supabase.url}/functions/v1/submit-application`;

beforeAll(async () => {
  stack = await startOutboxStack();
});

afterAll(async () => {
  await stack?.close();
});

beforeEach(async () => {
  stack.catcher.clear();
});

/** A browser's own post of a form: it asks for HTML and follows nothing by itself here (the test reads the answer). */
function browserPost(url: string, body: URLSearchParams | FormData, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', body, redirect: 'manual', headers: { accept: BROWSER_ACCEPT, 'x-forwarded-for': newAddress(), ...headers } });
}

/** The contact form as a family sends it with JavaScript off: no fill_token at all. */
function familyForm(fields: Record<string, string> = {}): URLSearchParams {
  const form = new URLSearchParams({ ...FAMILY, ...fields });
  form.append('services', 'personal-care');
  return form;
}

/** The hidden fields of the page's one form. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[match[1]!] = match[2]!.replaceAll('&amp;', '&');
  return fields;
}

/** The press of "Send my request": the page's fields, its token swapped for one `ageMs` old (a person reading first). */
async function press(url: string, html: string, form: 'inquiry' | 'application', ageMs = MIN_CONFIRM_MS + 500, headers: Record<string, string> = {}): Promise<Response> {
  const fields = hiddenFields(html);
  fields.fill_token = await issueFillToken(stack.supabase.serviceRoleKey, form, Date.now() - ageMs);
  return browserPost(url, new URLSearchParams(fields), headers);
}

async function inquiryByName(name: string) {
  return (await stack.supabase.db.query<{ id: string; stage: string; spam_reason: string | null }>('select id, stage, spam_reason from public.inquiries where name = $1', [name])).rows;
}

async function outboxOf(id: string) {
  return (await stack.supabase.db.query<{ acknowledgement: boolean; held: boolean }>(
    'select acknowledgement, held from public.notification_outbox where inquiry_id = $1 or application_id = $1 order by acknowledgement',
    [id],
  )).rows;
}

const to = (address: string) => stack.catcher.messages.filter((mail) => mail.to.includes(address));
const aboutRecord = (id: string) => stack.catcher.messages.filter((mail) => mail.text.includes(`record=${id}`));

describe('a family sends the contact form with JavaScript off', () => {
  test('the answer is a page asking them to press "Send my request": their words escaped, no script, its own strict policy; the request is held and nobody is told yet', async () => {
    const name = 'Rosa <b>Delgado</b>';
    const response = await browserPost(inquiryUrl(), familyForm({ name, email: 'rosa.held@example.com', message: '<script>alert(1)</script> My mother needs help with bathing and meals.' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy.split('; ')).toEqual([`default-src 'none'`, `style-src ${await pageStyleSource()}`, `form-action 'self' ${SITE}`, `base-uri 'none'`, `frame-ancestors 'none'`]);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain(`<title>One more step: send your request | ${notificationSettings.agency}</title>`);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<h1>One more step: send your request</h1>');
    expect(html).toContain(`<header><p>${notificationSettings.agency}</p></header>`);
    expect(html).toContain('it is not sent yet');
    // What they wrote, so they recognise it: the name and the first words, escaped; never markup of theirs.
    expect(html).toContain('<dd>Rosa &lt;b&gt;Delgado&lt;/b&gt;</dd>');
    expect(html).toContain('<dd>&lt;script&gt;alert(1)&lt;/script&gt; My mother needs help with bathing and meals.</dd>');
    expect(html).not.toMatch(/<script|<b>|\son\w+=|<img|<link/i);
    // One button, in a form that posts back here: the signed reference, a fresh token, the site they came from.
    expect(html.match(/<button/g)).toHaveLength(1);
    expect(html).toContain('<button type="submit">Send my request</button>');
    expect(html).toContain('<form method="post">');
    expect(Object.keys(hiddenFields(html))).toEqual([CONFIRM_FIELDS.reference, 'fill_token', CONFIRM_FIELDS.site]);
    expect(hiddenFields(html).site).toBe(SITE);
    expect(html).toContain(`<a href="${SITE}/">Back to the ${notificationSettings.agency} website</a>`);

    const [row] = await inquiryByName(name);
    expect(row).toMatchObject({ stage: 'spam', spam_reason: HELD_REASON });
    expect(await outboxOf(row!.id)).toEqual([]);
    expect(stack.catcher.messages).toEqual([]);
  });

  test('the press makes it a real request once: New, "confirmed" in its history, the staff e-mail and the reply; pressing again or replaying it does nothing more', async () => {
    const name = 'Helen Marsh';
    const email = 'helen.marsh@example.com';
    const page = await (await browserPost(inquiryUrl(), familyForm({ name, email }))).text();
    const [held] = await inquiryByName(name);

    const pressed = await press(inquiryUrl(), page, 'inquiry');
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe(`${SITE}/contact/thanks`);
    expect(await inquiryByName(name)).toEqual([{ id: held!.id, stage: 'new', spam_reason: null }]);
    const history = await stack.supabase.db.query<{ kind: string; actor: string | null; from_value: string | null; to_value: string }>(
      'select kind, actor, from_value, to_value from public.record_events where record_id = $1 order by id',
      [held!.id],
    );
    expect(history.rows).toEqual([
      { kind: 'created', actor: null, from_value: null, to_value: 'spam' },
      { kind: 'confirmed', actor: null, from_value: 'spam', to_value: 'new' },
      { kind: 'stage', actor: null, from_value: 'spam', to_value: 'new' },
    ]);
    await stack.catcher.waitFor('the staff e-mail and the reply', () => aboutRecord(held!.id).length === 1 && to(email).length === 1, 10_000);
    expect(aboutRecord(held!.id)[0]!.subject).toBe('New inquiry from the website');
    expect(to(email)[0]!.text).toContain('Hello Helen,');

    // Pressed again, reloaded (the browser posts the same again) or replayed later: the thanks page, nothing more.
    for (const again of [await press(inquiryUrl(), page, 'inquiry'), await press(inquiryUrl(), page, 'inquiry', 60_000)]) {
      expect(again.status).toBe(303);
      expect(again.headers.get('location')).toBe(`${SITE}/contact/thanks`);
    }
    await deliverDue(stack.clients.client(stack.supabase.serviceRoleKey), stack.config);
    expect(await outboxOf(held!.id)).toEqual([{ acknowledgement: false, held: false }, { acknowledgement: true, held: false }]);
    expect(aboutRecord(held!.id)).toHaveLength(1);
    expect(to(email)).toHaveLength(1);
  });

  test('a press sooner than a person reads (or with a token not signed here) shows the page again with a new token, and changes nothing; the next press sends it', async () => {
    const name = 'Quick Presser';
    const page = await (await browserPost(inquiryUrl(), familyForm({ name, email: 'quick.presser@example.com' }))).text();
    for (const ageMs of [0, MIN_CONFIRM_MS - 300]) {
      const tooSoon = await press(inquiryUrl(), page, 'inquiry', ageMs);
      expect(tooSoon.status).toBe(200);
      const again = await tooSoon.text();
      expect(again).toContain('Please press the button once more.');
      expect(again).toContain('<dd>Quick Presser</dd>');
      expect(hiddenFields(again).confirm).toBe(hiddenFields(page).confirm);
    }
    const fields = { ...hiddenFields(page), fill_token: `${Date.now() - 60_000}.${'0'.repeat(64)}` };
    expect((await browserPost(inquiryUrl(), new URLSearchParams(fields))).status).toBe(200);
    // The page's own token, as issued: a person who reads it for a second is past the minimum.
    const { fill_token: issued } = hiddenFields(page);
    expect(Number(issued!.split('.')[0])).toBeGreaterThan(Date.now() - 10_000);
    expect(await inquiryByName(name)).toMatchObject([{ stage: 'spam', spam_reason: HELD_REASON }]);
    expect((await press(inquiryUrl(), page, 'inquiry')).headers.get('location')).toBe(`${SITE}/contact/thanks`);
    expect(await inquiryByName(name)).toMatchObject([{ stage: 'new' }]);
  });

  test('a reference not signed here, or to a record that is gone, leads to the not-sent page and changes nothing', async () => {
    const name = 'Forged Reference';
    const page = await (await browserPost(inquiryUrl(), familyForm({ name, email: 'forged@example.com' }))).text();
    const [held] = await inquiryByName(name);
    const forged = page.replace(/name="confirm" value="[^".]+\.[0-9a-f]{64}"/, `name="confirm" value="${held!.id}.${'a'.repeat(64)}"`);
    const refused = await press(inquiryUrl(), forged, 'inquiry');
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe(`${SITE}/contact/not-sent#failed`);
    // The reference is the inquiry form's: the application function does not take it.
    expect((await press(applicationUrl(), page, 'application')).headers.get('location')).toBe(`${SITE}/careers/not-sent#failed`);
    expect(await inquiryByName(name)).toMatchObject([{ stage: 'spam', spam_reason: HELD_REASON }]);
    await stack.supabase.db.query('delete from public.inquiries where id = $1', [held!.id]);
    expect((await press(inquiryUrl(), page, 'inquiry')).headers.get('location')).toBe(`${SITE}/contact/not-sent#failed`);
  });

  test("other signs of a machine keep today's answer: a filled hidden field is thanked and filed under Spam; a script's post without a token (JSON) is filed with its reason", async () => {
    const honeypot = await browserPost(inquiryUrl(), familyForm({ name: 'Password Manager', website: 'https://helen.example' }));
    expect(honeypot.status).toBe(303);
    expect(honeypot.headers.get('location')).toBe(`${SITE}/contact/thanks`);
    expect(await inquiryByName('Password Manager')).toMatchObject([{ stage: 'spam', spam_reason: 'The hidden field that people never see was filled in.' }]);
    const script = await fetch(inquiryUrl(), { method: 'POST', body: familyForm({ name: 'Plain Script' }), headers: { accept: 'application/json', 'x-forwarded-for': newAddress() } });
    expect(script.status).toBe(201);
    expect(await inquiryByName('Plain Script')).toMatchObject([{ stage: 'spam', spam_reason: NO_TOKEN_REASON }]);
  });
});

describe('an applicant sends the careers form with JavaScript off', () => {
  test('the application and its resume are stored held; the page names the job; the press sends it on to /careers/thanks with the reply', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const document = await PDFDocument.create();
    document.addPage();
    const email = 'omar.held@example.com';
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...APPLICANT, first_name: 'Omar', last_name: 'Haddad', email })) form.append(name, value);
    form.append('resume', new File([(await document.save()) as BlobPart], 'resume.pdf', { type: 'application/pdf' }));
    const answer = await browserPost(applicationUrl(), form);
    expect(answer.status).toBe(200);
    const page = await answer.text();
    expect(page).toContain('<h1>One more step: send your application</h1>');
    expect(page).toContain('<button type="submit">Send my application</button>');
    expect(page).toContain('<dd>Omar Haddad</dd>');
    expect(page).toContain('<dd>Companion Caregiver</dd>');
    expect(page).toContain('<dd>Attached (PDF)</dd>');
    const { rows } = await stack.supabase.db.query<{ id: string; stage: string; spam_reason: string; resume_url: string | null }>(
      "select id, stage, spam_reason, resume_url from public.job_applications where email = $1", [email]);
    expect(rows).toMatchObject([{ stage: 'spam', spam_reason: HELD_REASON, resume_url: expect.stringMatching(/\.pdf$/) }]);
    expect(await outboxOf(rows[0]!.id)).toEqual([]);

    const pressed = await press(applicationUrl(), page, 'application');
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe(`${SITE}/careers/thanks`);
    await stack.catcher.waitFor('the staff e-mail and the reply', () => aboutRecord(rows[0]!.id).length === 1 && to(email).length === 1, 10_000);
    expect(to(email)[0]!.subject).toContain('Companion Caregiver');
  });
});

describe('the press comes from the function\'s own address', () => {
  // On Supabase the page is served from the project's address, not the site's: its press carries that Origin.
  const handler = () =>
    createSubmitInquiry({
      supabaseUrl: stack.supabase.url,
      serviceRoleKey: stack.supabase.serviceRoleKey,
      siteUrl: 'https://www.example.org',
      allowOrigin: (origin) => origin === 'https://www.example.org' || origin === 'https://staging.example.org',
      rateLimit: { salt: stack.supabase.serviceRoleKey, proxyHops: 1, ipv6PrefixBits: 64 },
      choices: inquiryChoices,
      agency: 'Hearthside Home Care',
      hubspot: null,
    });
  const functionUrl = 'https://project-ref.supabase.co/functions/v1/submit-inquiry';
  const post = (body: URLSearchParams, origin: string) =>
    handler()(new Request(functionUrl, { method: 'POST', body, headers: { accept: BROWSER_ACCEPT, origin, 'x-forwarded-for': newAddress() } }));

  test('a press from there (or "null") is taken and sent on to the site the form was on; a new request from there, or a press from another site, is not', async () => {
    const page = await (await post(familyForm({ name: 'Staging Family', email: 'staging@example.com' }), 'https://staging.example.org')).text();
    expect(hiddenFields(page).site).toBe('https://staging.example.org');
    const fields = { ...hiddenFields(page), fill_token: await issueFillToken(stack.supabase.serviceRoleKey, 'inquiry', Date.now() - 2000) };
    const foreign = await post(new URLSearchParams(fields), 'https://evil.example');
    expect(foreign.status).toBe(403);
    expect(await inquiryByName('Staging Family')).toMatchObject([{ stage: 'spam' }]);
    // A page claiming another site to go on to is sent to the site's own address instead.
    const pressed = await post(new URLSearchParams({ ...fields, site: 'https://evil.example' }), 'https://project-ref.supabase.co');
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe('https://www.example.org/contact/thanks');
    expect((await post(new URLSearchParams(fields), 'null')).headers.get('location')).toBe('https://staging.example.org/contact/thanks');
    expect(await inquiryByName('Staging Family')).toMatchObject([{ stage: 'new' }]);

    const fromFunction = await post(familyForm({ name: 'Not From The Site' }), 'https://project-ref.supabase.co');
    expect(fromFunction.headers.get('location')).toBe('https://www.example.org/contact/not-sent#failed');
    expect(await inquiryByName('Not From The Site')).toEqual([]);
  });
});

describe('staff move a record out of Spam', () => {
  test('any spam record with an address gets the reply it missed, once, however often it is moved back and forth', async () => {
    const email = 'moved.back@example.com';
    const script = await fetch(inquiryUrl(), { method: 'POST', body: familyForm({ name: 'Moved Back', email }), headers: { accept: 'application/json', 'x-forwarded-for': newAddress() } });
    const { id } = (await script.json()) as { id: string };
    const staff = await stack.clients.staff();
    for (const stage of ['new', 'spam', 'contacted', 'spam', 'new']) {
      const moved = await staff.from('inquiries').update({ stage }).eq('id', id).select('stage');
      expect(moved.error).toBeNull();
      expect(moved.data).toEqual([{ stage }]);
      await deliverDue(stack.clients.client(stack.supabase.serviceRoleKey), stack.config);
    }
    expect(to(email)).toHaveLength(1);
    expect(to(email)[0]!.text).toContain('Hello Moved,');
    expect((await outboxOf(id)).filter((row) => row.acknowledgement)).toHaveLength(1);
  });

  test('the reply a record missed promises a call from when it was moved, not from a time already past', async () => {
    const email = 'moved.later@example.com';
    const script = await fetch(inquiryUrl(), { method: 'POST', body: familyForm({ name: 'Moved Later', email }), headers: { accept: 'application/json', 'x-forwarded-for': newAddress() } });
    const { id } = (await script.json()) as { id: string };
    // Sent on a Saturday evening ten days before, moved out of Spam now.
    const sentAt = new Date('2026-11-14T23:30:00Z');
    await stack.supabase.db.query('update public.inquiries set created_at = $1 where id = $2', [sentAt.toISOString(), id]);
    const staff = await stack.clients.staff();
    expect((await staff.from('inquiries').update({ stage: 'new' }).eq('id', id)).error).toBeNull();
    await deliverDue(stack.clients.client(stack.supabase.serviceRoleKey), stack.config);
    const queued = (await stack.supabase.db.query<{ created_at: Date }>('select created_at from public.notification_outbox where acknowledgement and inquiry_id = $1', [id])).rows[0]!.created_at;
    const settings = stack.config.acknowledgement!;
    expect(to(email)).toHaveLength(1);
    expect(to(email)[0]!.text).toContain(whenToExpectACall(new Date(queued), settings));
    expect(to(email)[0]!.text).not.toContain(whenToExpectACall(sentAt, settings));
  });
});

describe('the page itself', () => {
  test("its colours are the site's (src/theme.ts)", () => {
    for (const [name, value] of Object.entries(PAGE_COLOURS)) expect(value, name).toBe(color[name as keyof typeof color]);
  });

  test('its one style block is what the policy hashes, and nothing of the summary can end the markup it sits in', () => {
    const html = confirmPageHtml({ agency: 'A & B "Care"', noun: 'request', site: 'https://www.example.org', reference: 'r"><script>', token: 't', summary: [{ label: 'Your name', value: '</dd></dl><form action="https://evil.example">' }, { label: 'Empty', value: ' ' }] });
    expect(html).toContain(`<style>${PAGE_STYLE}</style>`);
    expect(html).toContain('<header><p>A &amp; B &quot;Care&quot;</p></header>');
    expect(html).toContain('value="r&quot;&gt;&lt;script&gt;"');
    expect(html.match(/<form/g)).toHaveLength(1);
    expect(html).not.toContain('<dt>Empty</dt>');
  });
});
