/**
 * The submit-inquiry Edge Function end to end: real form posts over HTTP to the local stand-in, which serves
 * the same handler Supabase serves, behind the same gateway rule; what was stored is read back as superuser
 * (supabase.db) and through supabase-js as each kind of user (the RLS matrix). Forwarding to HubSpot is
 * tested against a loopback stub of HubSpot's form-submission API. Consent to store a request's health details
 * is asked by the function and enforced by the database. The last part runs index.ts under Deno.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { inquiryChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { hubSpotFields } from '../../supabase/functions/_shared/hubspot.ts';
import { INQUIRY_LIMITS, INQUIRY_MESSAGES } from '../../supabase/functions/_shared/inquiry.ts';
import { createSubmitInquiry } from '../../supabase/functions/submit-inquiry/handler.ts';
import { HELD_REASON, NO_TOKEN_REASON, fillTokenIssued, issueFillToken } from '../../supabase/functions/_shared/formPost.ts';
import { BROWSER_ACCEPT, CONSENT_TICKED, SITE, clientsOf, consentGiven, postAsBrowserNavigation, newAddress, runDenoFunction, withFailingInserts } from './formPosts.ts';

let supabase: LocalSupabase;
let endpoint: string;
let clients: ReturnType<typeof clientsOf>;

/** What a family fills in on the form (codes as the form offers them). */
const VALID = {
  name: 'Maria Gonzalez',
  phone: '(203) 555-0187',
  email: 'maria.g@example.com',
  care_for: 'a-parent',
  town: 'Middletown',
  message: 'My father came home from the hospital last week.\nHe needs help in the mornings.',
  call_time: 'morning',
  page: '/contact',
  // The consent box, ticked: the version of its words.
  ...CONSENT_TICKED,
} as const;
const SERVICES = ['personal-care', 'meal-preparation'];

/** A fill-time token issued a minute ago, as a person's page would carry it (minted with the stand-in's secret). */
let personsToken = '';

/** The form's fields, with a person's fill-time token unless `fields` says otherwise (undefined leaves it out). */
function formOf(fields: Record<string, string | undefined> = VALID, services: string[] = SERVICES): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries({ fill_token: personsToken, ...fields })) if (value !== undefined) form.append(name, value);
  for (const service of services) form.append('services', service);
  return form;
}

async function post(body: URLSearchParams | string, options: { accept?: string; address?: string; origin?: string; to?: string } = {}): Promise<Response> {
  return fetch(options.to ?? endpoint, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: options.accept ?? 'application/json',
      'x-forwarded-for': options.address ?? newAddress(),
      ...(options.origin ? { origin: options.origin } : {}),
    },
  });
}

async function count(): Promise<{ inquiries: number; slots: number }> {
  const { rows } = await supabase.db.query<{ inquiries: number; slots: number }>(
    `select (select count(*) from public.inquiries)::int as inquiries,
            (select count(*) from private.form_posts where form = 'inquiry')::int as slots`,
  );
  return rows[0]!;
}

async function rowOf(id: string): Promise<Record<string, unknown> | undefined> {
  return (await supabase.db.query<Record<string, unknown>>('select * from public.inquiries where id = $1', [id])).rows[0];
}

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0, trustedProxyHops: 2 });
  personsToken = await issueFillToken(supabase.serviceRoleKey, 'inquiry', Date.now() - 60_000);
  // Whatever demo requests the stand-in seeds, this file counts its own.
  await supabase.db.exec('delete from public.inquiries');
  endpoint = `${supabase.url}/functions/v1/submit-inquiry`;
  clients = clientsOf(supabase);
});

afterAll(async () => {
  await clients.stop();
  await supabase.close();
});

describe('a valid request', () => {
  test('is stored with every field, answered 201 with the thank-you page, and counted against its client', async () => {
    const before = await count();
    const response = await post(formOf());
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({ ok: true, id: expect.any(String), redirect: `${SITE}/contact/thanks` });
    expect(await rowOf(body.id)).toMatchObject({ ...VALID, services: SERVICES });
    expect(await count()).toEqual({ inquiries: before.inquiries + 1, slots: before.slots + 1 });
  });

  test('a plain browser post (JavaScript off) gets 303 to /contact/thanks and is stored', async () => {
    const before = await count();
    const response = await post(formOf(), { accept: BROWSER_ACCEPT });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${SITE}/contact/thanks`);
    expect((await count()).inquiries).toBe(before.inquiries + 1);
  });

  test('only a phone, or only an e-mail address, is enough; the optional fields may be left out', async () => {
    for (const fields of [{ name: 'Tom', phone: '860 555 0100', care_for: 'myself', ...CONSENT_TICKED }, { name: 'Tom', email: 'tom@example.com', care_for: 'someone-else', ...CONSENT_TICKED }]) {
      const response = await post(formOf(fields, []));
      expect(response.status, JSON.stringify(fields)).toBe(201);
      expect(await rowOf((await response.json()).id)).toMatchObject({ phone: '', email: '', town: '', message: '', call_time: '', page: '', services: [], ...fields });
    }
  });

  test('spaces are trimmed, a service ticked twice is stored once, and a page that is not a path is dropped', async () => {
    const response = await post(formOf({ ...VALID, name: '  Maria  ', town: ' Essex ', page: 'https://evil.example/x' }, ['personal-care', 'personal-care']));
    expect(await rowOf((await response.json()).id)).toMatchObject({ name: 'Maria', town: 'Essex', page: '', services: ['personal-care'] });
  });
});

describe('wrong answers are refused, every one at once, and nothing is stored', () => {
  test('an empty post names each required answer', async () => {
    const before = await count();
    const response = await post('');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ok: false,
      message: INQUIRY_MESSAGES.invalid,
      errors: { name: INQUIRY_MESSAGES.name, care_for: INQUIRY_MESSAGES.care_for, consent_version: INQUIRY_MESSAGES.consent_version, phone: INQUIRY_MESSAGES.replyWay },
    });
    expect(await count()).toEqual(before);
  });

  test.each([
    ['no phone and no e-mail', { phone: '', email: '' }, { phone: INQUIRY_MESSAGES.replyWay }],
    ['a name of spaces', { name: '   ' }, { name: INQUIRY_MESSAGES.name }],
    ['a malformed e-mail', { email: 'maria@' }, { email: INQUIRY_MESSAGES.email }],
    ['a phone with too few digits', { phone: '555-0187' }, { phone: INQUIRY_MESSAGES.phone }],
    ['a phone with letters', { phone: '860-CALL-NOW' }, { phone: INQUIRY_MESSAGES.phone }],
    ['an unknown "who needs care"', { care_for: 'my-cat' }, { care_for: INQUIRY_MESSAGES.care_for }],
    ['an unknown call time', { call_time: 'midnight' }, { call_time: INQUIRY_MESSAGES.call_time }],
    ['a message over the limit', { message: 'x'.repeat(INQUIRY_LIMITS.message + 1) }, { message: INQUIRY_MESSAGES.message }],
    ['a town over the limit', { town: 'x'.repeat(INQUIRY_LIMITS.town + 1) }, { town: INQUIRY_MESSAGES.town }],
  ])('%s gets exactly that message', async (_what, change, errors) => {
    const before = await count();
    const response = await post(formOf({ ...VALID, ...change }));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual(errors);
    expect(await count()).toEqual(before);
  });

  test('a service that is not one of the service files is refused', async () => {
    const response = await post(formOf(VALID, ['personal-care', '<script>']));
    expect((await response.json()).errors).toEqual({ services: INQUIRY_MESSAGES.services });
  });

  test('a plain browser post with a wrong answer gets 303 to /contact/not-sent#invalid', async () => {
    const response = await post(formOf({ ...VALID, email: 'nope', phone: '' }), { accept: BROWSER_ACCEPT });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${SITE}/contact/not-sent#invalid`);
  });

  test('a body over 64 KB gets 413 with the too-large message (not-sent#too-large without JavaScript)', async () => {
    const big = formOf({ ...VALID, message: 'x'.repeat(INQUIRY_LIMITS.bodyBytes) });
    const json = await post(big);
    expect(json.status).toBe(413);
    expect(await json.json()).toEqual({ ok: false, message: INQUIRY_MESSAGES.tooLarge });
    const browser = await post(big, { accept: BROWSER_ACCEPT });
    expect(browser.headers.get('location')).toBe(`${SITE}/contact/not-sent#too-large`);
  });
});

describe('consent to store the health details of a request (Connecticut: consent for health data)', () => {
  test('without the box ticked (nothing sent, or sent empty) the request gets 400 with the consent message for the box, and nothing is stored', async () => {
    const before = await count();
    for (const consent of [undefined, '', '  ']) {
      const response = await post(formOf({ ...VALID, consent_version: consent }));
      expect(response.status, JSON.stringify(consent)).toBe(400);
      expect(await response.json()).toEqual({ ok: false, message: INQUIRY_MESSAGES.invalid, errors: { consent_version: INQUIRY_MESSAGES.consent_version } });
    }
    expect(await count()).toEqual(before);
  });

  test('a plain browser post (JavaScript off) without it gets 303 to /contact/not-sent#invalid, and nothing is stored', async () => {
    const before = await count();
    const response = await post(formOf({ ...VALID, consent_version: undefined }), { accept: BROWSER_ACCEPT });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${SITE}/contact/not-sent#invalid`);
    expect(await count()).toEqual(before);
  });

  test('a box sent from a page with other words (opened before they changed) is refused with the message to reload', async () => {
    const before = await count();
    const response = await post(formOf({ ...VALID, consent_version: '2001-01-01' }));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ consent_version: INQUIRY_MESSAGES.consentChanged });
    expect(await count()).toEqual(before);
  });

  test('with it, the row keeps the version of the words agreed to and the moment the function received it, on its own clock', async () => {
    const before = Date.now();
    // A consented_at the post makes up is no answer to anything.
    const response = await post(formOf({ ...VALID, consented_at: '2000-01-01T00:00:00Z' }));
    expect(response.status).toBe(201);
    const row = (await rowOf((await response.json()).id))!;
    expect(row.consent_version).toBe(inquiryChoices.consent.version);
    expect(inquiryChoices.consent.version).toMatch(/^\d{4}-\d{2}-\d{2}/);
    const consentedAt = new Date(row.consented_at as Date | string).getTime();
    expect(consentedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(consentedAt).toBeLessThanOrEqual(Date.now() + 1000);
  });

  test('the database refuses a new row without it, even from the service role or the superuser', async () => {
    const before = await count();
    const service = clients.client(supabase.serviceRoleKey);
    const request = { name: 'Nora Quinn', phone: '8605550199', care_for: 'a-parent' };
    for (const partial of [{}, { consent_version: inquiryChoices.consent.version }, { consented_at: new Date().toISOString() }]) {
      const refused = await service.from('inquiries').insert({ ...request, ...partial });
      expect(refused.error?.code, JSON.stringify(partial)).toBe('23502');
      expect(refused.error?.message).toBe("A contact request cannot be stored without the visitor's consent to store its health details");
    }
    await expect(supabase.db.query("insert into public.inquiries (name, phone, care_for) values ('Nora Quinn', '8605550199', 'a-parent')")).rejects.toMatchObject({ code: '23502' });
    expect(await count()).toEqual({ inquiries: before.inquiries, slots: before.slots });
    // With it, the same insert is stored.
    const stored = await service.from('inquiries').insert({ ...request, ...consentGiven() }).select('consent_version').single();
    expect(stored.error).toBeNull();
    expect(stored.data).toEqual({ consent_version: inquiryChoices.consent.version });
    await supabase.db.query("delete from public.inquiries where name = 'Nora Quinn'");
  });

  test('a request stored before the form asked keeps none and can still be worked; staff read the consent and cannot change it', async () => {
    // As the rows from before the migration: stored while the rule did not exist.
    await supabase.db.exec('alter table public.inquiries disable trigger inquiries_consent');
    let id: string;
    try {
      id = (await supabase.db.query<{ id: string }>("insert into public.inquiries (name, phone, care_for) values ('Earlier Family', '8605550111', 'myself') returning id")).rows[0]!.id;
    } finally {
      await supabase.db.exec('alter table public.inquiries enable trigger inquiries_consent');
    }
    const staff = await clients.staff();
    expect((await staff.from('inquiries').select('consent_version, consented_at').eq('id', id).single()).data).toEqual({ consent_version: null, consented_at: null });
    expect((await staff.from('inquiries').update({ stage: 'contacted' }).eq('id', id).select('stage')).data).toEqual([{ stage: 'contacted' }]);
    expect((await staff.from('inquiries').update({ consent_version: inquiryChoices.consent.version }).eq('id', id)).error?.code).toBe('42501');
    await supabase.db.query('delete from public.inquiries where id = $1', [id]);
  });
});

describe('invisible and control characters are cleaned before the checks (text.ts), and what is stored is clean', () => {
  test('a name of only invisible characters (zero-width, NUL, a bidi override, a Hangul filler, a braille blank) gets the name message, and nothing is stored', async () => {
    const before = await count();
    for (const name of ['\u200B\u200C\u200D', '\u0000', '\u202E', '\u3164', '\u2800']) {
      const json = await post(formOf({ ...VALID, name }));
      expect(json.status, JSON.stringify(name)).toBe(400);
      expect(await json.json()).toEqual({ ok: false, message: INQUIRY_MESSAGES.invalid, errors: { name: INQUIRY_MESSAGES.name } });
      const browser = await post(formOf({ ...VALID, name }), { accept: BROWSER_ACCEPT });
      expect(browser.status, JSON.stringify(name)).toBe(303);
      expect(browser.headers.get('location')).toBe(`${SITE}/contact/not-sent#invalid`);
    }
    expect(await count()).toEqual(before);
  });

  test('a right-to-left override in the name is removed, so staff read the name as it was typed', async () => {
    const response = await post(formOf({ ...VALID, name: 'Maria \u202EGonzalez\u202C' }));
    expect(response.status).toBe(201);
    expect((await rowOf((await response.json()).id))!.name).toBe('Maria Gonzalez');
  });

  test('a NUL in the name or the message is removed and the request stored clean: never a 500', async () => {
    const response = await post(formOf({ ...VALID, name: 'Maria\u0000 Gonzalez', message: 'Mornings\u0000 please.' }));
    expect(response.status).toBe(201);
    expect(await rowOf((await response.json()).id)).toMatchObject({ name: 'Maria Gonzalez', message: 'Mornings please.' });
  });

  test('a name typed decomposed (e + combining acute) is stored composed (NFC)', async () => {
    const response = await post(formOf({ ...VALID, name: 'Jose\u0301 Garci\u0301a' }));
    expect(response.status).toBe(201);
    expect((await rowOf((await response.json()).id))!.name).toBe('Jos\u00E9 Garc\u00EDa');
  });

  test("the message's line breaks and tabs are kept, a lone CR becomes a line feed, and other control characters go", async () => {
    const response = await post(formOf({ ...VALID, message: 'Line one\r\nLine two\rLine three\n\n\tIndented\u0007' }));
    expect(response.status).toBe(201);
    expect((await rowOf((await response.json()).id))!.message).toBe('Line one\nLine two\nLine three\n\n\tIndented');
  });

  test('a Persian name keeps its ZWNJ and a Devanagari one its ZWJ, while a stray RLM and zero-width space around them go', async () => {
    for (const [typed, kept] of [
      ['\u0645\u0647\u062F\u06CC\u200C\u0632\u0627\u062F\u0647\u200F', '\u0645\u0647\u062F\u06CC\u200C\u0632\u0627\u062F\u0647'],
      ['\u200B\u0906\u0930\u094D\u200D\u092F\u093E', '\u0906\u0930\u094D\u200D\u092F\u093E'],
    ]) {
      const response = await post(formOf({ ...VALID, name: typed }));
      expect(response.status, typed).toBe(201);
      expect((await rowOf((await response.json()).id))!.name).toBe(kept);
    }
  });

  test('a phone number and an e-mail address pasted with zero-width spaces are accepted and stored without them', async () => {
    const response = await post(formOf({ ...VALID, phone: '(203)\u200B 555-0187', email: 'maria.g@example.com\u200B' }));
    expect(response.status).toBe(201);
    expect(await rowOf((await response.json()).id)).toMatchObject({ phone: VALID.phone, email: VALID.email });
  });
});

describe('abuse: the rules of applications, counted apart', () => {
  test('a filled honeypot, a post within 400 ms of its fill-time token, a forged token, or no token from a script: answered as any other and stored apart as suspected spam, with the reason', async () => {
    const before = await count();
    const cases = [
      { fields: { website: 'http://spam.example' }, reason: 'The hidden field that people never see was filled in.' },
      { fields: { fill_token: await issueFillToken(supabase.serviceRoleKey, 'inquiry', Date.now() - 100) }, reason: /^Sent \d+ ms after the form was ready \(a person needs at least 400 ms\)\.$/ },
      { fields: { fill_token: `${Date.now() - 60_000}.${'0'.repeat(64)}` }, reason: "The form's time token was not one this site issued." },
      // A token the other form's function issued is not this form's.
      { fields: { fill_token: await issueFillToken(supabase.serviceRoleKey, 'application', Date.now() - 60_000) }, reason: "The form's time token was not one this site issued." },
      // The client's own clock, which the functions used to read, is ignored: a script stamping "a minute ago".
      { fields: { fill_token: undefined, started_at: String(Date.now() - 60_000) }, reason: NO_TOKEN_REASON },
    ];
    for (const { reason, fields } of cases) {
      const response = await post(formOf({ ...VALID, ...fields }));
      expect(response.status).toBe(201);
      expect(await rowOf((await response.json()).id)).toMatchObject({ name: VALID.name, stage: 'spam', spam_reason: expect.stringMatching(reason) });
    }
    // All stored, and all count against the client's hourly limit like any stored post (each from its own address).
    expect(await count()).toEqual({ inquiries: before.inquiries + cases.length, slots: before.slots + cases.length });
  });

  test('a post 600 ms after its token (as fast as autofill allows) is a real request at the first stage', async () => {
    const quick = await post(formOf({ ...VALID, fill_token: await issueFillToken(supabase.serviceRoleKey, 'inquiry', Date.now() - 600) }));
    expect(quick.status).toBe(201);
    expect(await rowOf((await quick.json()).id)).toMatchObject({ stage: 'new', spam_reason: null });
  });

  test("a post without a token: a browser's own post (JavaScript off) is held for its sender to confirm (confirmWithoutScript.test.ts); a script's JSON post is filed as suspected spam, whatever it writes", async () => {
    const latest = async () => (await supabase.db.query<{ stage: string; spam_reason: string | null }>('select stage, spam_reason from public.inquiries order by created_at desc limit 1')).rows[0];
    const navigation = await postAsBrowserNavigation(endpoint, formOf({ ...VALID, fill_token: undefined }), newAddress());
    expect(navigation).toEqual({ status: 200, location: undefined });
    expect(await latest()).toEqual({ stage: 'spam', spam_reason: HELD_REASON });
    const script = await post(formOf({ ...VALID, fill_token: undefined }));
    expect(script.status).toBe(201);
    expect(await latest()).toEqual({ stage: 'spam', spam_reason: NO_TOKEN_REASON });
  });

  test('the form script gets a fill-time token from the function, for allowed origins only', async () => {
    const answer = await fetch(`${endpoint}?fill-token`, { headers: { origin: 'http://localhost:3000' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const { token } = (await answer.json()) as { token: string };
    expect(await fillTokenIssued(token, supabase.serviceRoleKey, 'inquiry')).toBeGreaterThan(Date.now() - 5000);
    expect((await fetch(`${endpoint}?fill-token`, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
  });

  test('the sixth request from one client within the hour gets 429 with Retry-After; that client can still apply for a job', async () => {
    const address = newAddress();
    for (let i = 0; i < INQUIRY_LIMITS.perHour; i++) expect((await post(formOf(), { address })).status).toBe(201);
    const refused = await post(formOf(), { address });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await refused.json()).toEqual({ ok: false, message: INQUIRY_MESSAGES.rateLimited });
    expect((await post(formOf(), { address, accept: BROWSER_ACCEPT })).headers.get('location')).toBe(`${SITE}/contact/not-sent#rate-limited`);
    expect((await post(formOf())).status).toBe(201);

    const application = new URLSearchParams({ first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone: '8605550142', position: 'companion-caregiver', experience: 'flexible', availability: 'flexible' });
    application.set('experience', 'no-experience');
    const applied = await post(application, { address, to: `${supabase.url}/functions/v1/submit-application` });
    expect(applied.status).toBe(201);
  });

  test('when the insert fails the answer is 500 with no details, and the slot is given back', async () => {
    const before = await count();
    const response = await withFailingInserts(supabase, 'public.inquiries', () => post(formOf()));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ ok: false, message: INQUIRY_MESSAGES.failed });
    expect(await count()).toEqual(before);
  });

  test('a post from another site is refused with 403 and nothing is stored; the site on any local port is allowed', async () => {
    const before = await count();
    const foreign = await post(formOf(), { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(await count()).toEqual(before);
    const local = await post(formOf(), { origin: 'http://localhost:4173' });
    expect(local.status).toBe(201);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:4173');
  });
});

describe('who may read inquiries (RLS)', () => {
  test('a stranger (anon key) can neither read nor write them, nor take a rate-limit slot', async () => {
    const anon = clients.client();
    const read = await anon.from('inquiries').select('*');
    expect(read.error?.code).toBe('42501');
    expect((await anon.from('inquiries').insert({ name: 'Eve', phone: '8605550100', care_for: 'myself' })).error?.code).toBe('42501');
    expect((await anon.rpc('take_form_slot', { form_name: 'inquiry', client_hash: 'a'.repeat(64), post_id: crypto.randomUUID(), per_hour: 1000 })).error?.code).toBe('42501');
  });

  test('a signed-in user who is not staff sees none and can change none', async () => {
    const visitor = await clients.visitor();
    expect((await visitor.from('inquiries').select('*', { count: 'exact' })).count).toBe(0);
    expect((await visitor.from('inquiries').insert({ name: 'Eve', phone: '8605550100', care_for: 'myself' })).error?.code).toBe('42501');
    expect((await visitor.from('inquiries').delete().neq('name', '')).error?.code).toBe('42501');
  });

  test('staff read every one, and still cannot change or delete them', async () => {
    const staff = await clients.staff();
    const { count: total } = await count().then((c) => ({ count: c.inquiries }));
    const read = await staff.from('inquiries').select('*', { count: 'exact' });
    expect(read.error).toBeNull();
    expect(read.count).toBe(total);
    expect(total).toBeGreaterThan(0);
    expect((await staff.from('inquiries').update({ name: 'X' }).neq('name', 'X')).error?.code).toBe('42501');
    expect((await staff.from('inquiries').delete().neq('name', '')).error?.code).toBe('42501');
    expect((await count()).inquiries).toBe(total);
  });
});

describe('forwarding to HubSpot (when site.yaml names a real form)', () => {
  const hubspot = { region: 'na2', portalId: '12345678', formId: '6f1c2b8e-4a3d-4e5f-9a7b-1c2d3e4f5a6b' };
  let stub: Server;
  let stubUrl: string;
  let answer: (req: IncomingMessage) => { status: number; body?: unknown } | 'hang';
  const received: Array<{ url: string; body: unknown }> = [];
  let handler: (req: Request) => Promise<Response>;

  beforeAll(async () => {
    stub = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: JSON.parse(text) });
        const reply = answer(req);
        if (reply === 'hang') return;
        res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body ?? {}));
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    handler = createSubmitInquiry({
      supabaseUrl: supabase.url,
      serviceRoleKey: supabase.serviceRoleKey,
      siteUrl: 'https://www.example.org',
      allowOrigin: (origin) => origin === 'https://www.example.org',
      rateLimit: { salt: supabase.serviceRoleKey, proxyHops: 1, ipv6PrefixBits: 64 },
      choices: inquiryChoices,
      agency: 'Hearthside Home Care',
      hubspot,
      hubspotApi: stubUrl,
      hubspotTimeoutMs: 1500,
    });
  });

  afterAll(async () => {
    stub.closeAllConnections();
    await new Promise((resolve) => stub.close(resolve));
  });

  const send = () =>
    handler(
      new Request('https://project.supabase.co/functions/v1/submit-inquiry', {
        method: 'POST',
        body: formOf(),
        headers: { accept: 'application/json', origin: 'https://www.example.org', 'x-forwarded-for': newAddress() },
      }),
    );

  test('a stored request goes to the HubSpot form as its contact fields, with the page it came from', async () => {
    answer = () => ({ status: 200, body: { inlineMessage: 'Thanks' } });
    received.length = 0;
    const response = await send();
    expect(response.status).toBe(201);
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe(`/submissions/v3/integration/submit/${hubspot.portalId}/${hubspot.formId}`);
    const body = received[0]!.body as { fields: Array<{ name: string; value: string }>; context: unknown };
    expect(Object.fromEntries(body.fields.map((field) => [field.name, field.value]))).toEqual({
      firstname: 'Maria',
      lastname: 'Gonzalez',
      email: VALID.email,
      phone: VALID.phone,
      city: VALID.town,
      message: VALID.message, care_for: 'A parent', services_of_interest: 'Meal Preparation, Personal Care', best_time_to_call: 'Morning (8 am - noon)',
    });
    expect(body.context).toEqual({ pageUri: 'https://www.example.org/contact' });
    // The consent the function required, with the words of the box.
    expect((received[0]!.body as { legalConsentOptions: unknown }).legalConsentOptions).toEqual({
      consent: { consentToProcess: true, text: inquiryChoices.consent.text, communications: [] },
    });
  });

  test('a request sent with JavaScript off goes to HubSpot only once its family has confirmed it, once', async () => {
    answer = () => ({ status: 200, body: { inlineMessage: 'Thanks' } });
    received.length = 0;
    const post = (body: URLSearchParams, origin: string) =>
      handler(new Request('https://project.supabase.co/functions/v1/submit-inquiry', { method: 'POST', body, headers: { accept: BROWSER_ACCEPT, origin, 'x-forwarded-for': newAddress() } }));
    const page = await (await post(formOf({ ...VALID, fill_token: undefined }), 'https://www.example.org')).text();
    expect(received).toEqual([]);
    const fields = Object.fromEntries([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((match) => [match[1]!, match[2]!]));
    fields.fill_token = await issueFillToken(supabase.serviceRoleKey, 'inquiry', Date.now() - 2000);
    for (let press = 0; press < 2; press++) {
      const pressed = await post(new URLSearchParams(fields), 'https://project.supabase.co');
      expect(pressed.headers.get('location')).toBe('https://www.example.org/contact/thanks');
    }
    expect(received).toHaveLength(1);
    const body = received[0]!.body as { fields: Array<{ name: string; value: string }>; context: unknown };
    expect(Object.fromEntries(body.fields.map((field) => [field.name, field.value]))).toMatchObject({ firstname: 'Maria', email: VALID.email, services_of_interest: 'Meal Preparation, Personal Care' });
    expect(body.context).toEqual({ pageUri: 'https://www.example.org/contact' });
  });

  test('HubSpot answering 500 loses nothing: the row is stored, the visitor thanked, and the log holds no personal data', async () => {
    answer = () => ({ status: 500, body: { status: 'error', message: `Bad ${VALID.email}`, errors: [{ errorType: 'INTERNAL', message: VALID.name }] } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const before = await count();
      const response = await send();
      expect(response.status).toBe(201);
      expect(await rowOf((await response.json()).id)).toMatchObject({ name: VALID.name });
      expect((await count()).inquiries).toBe(before.inquiries + 1);
      const lines = logged.mock.calls.map((call) => call.join(' ')).join('\n');
      expect(lines).toMatch(/submit-inquiry: inquiry .* is stored, but HubSpot refused it .*"code":"INTERNAL".*"status":500/);
      for (const value of [VALID.email, VALID.name, VALID.phone, 'Maria']) expect(lines).not.toContain(value);
    } finally {
      logged.mockRestore();
    }
  });

  test('HubSpot not answering is given up after the time limit, and the row is stored', async () => {
    answer = () => 'hang';
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const started = Date.now();
      const response = await send();
      expect(response.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(4000);
      expect(await rowOf((await response.json()).id)).toBeDefined();
      expect(logged.mock.calls.map((call) => call.join(' ')).join('\n')).toContain('HubSpot could not be reached');
    } finally {
      logged.mockRestore();
    }
  });

  test('only the e-mail or only the phone: the empty one is not sent, and a one-word name is the first name', () => {
    const fields = hubSpotFields({ ...VALID, name: 'Cher', email: '', services: [], call_time: '', message: '' }, inquiryChoices);
    expect(fields.map((field) => field.name)).toEqual(['firstname', 'phone', 'city', 'care_for', 'best_time_to_call']);
    expect(fields.find((field) => field.name === 'best_time_to_call')!.value).toBe('Any time');
  });
});

describe('under Deno, as on Supabase', () => {
  test.skipIf(!runDenoFunction.available)('index.ts serves a real request into the stand-in', async () => {
    const server = await runDenoFunction('supabase/functions/submit-inquiry/index.ts', {
      SUPABASE_URL: supabase.url,
      SUPABASE_SERVICE_ROLE_KEY: supabase.serviceRoleKey,
      SITE_URL: 'https://www.example.org',
    });
    try {
      const response = await post(formOf(), { to: server.url, origin: 'https://www.example.org' });
      expect(response.status, server.output()).toBe(201);
      const body = await response.json();
      expect(body.redirect).toBe('https://www.example.org/contact/thanks');
      expect(await rowOf(body.id)).toMatchObject({ name: VALID.name, services: SERVICES });
    } finally {
      await server.stop();
    }
  }, 120_000);
});
