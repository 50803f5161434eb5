/**
 * Whom a form post counts against (supabase/functions/_shared/formPost.ts: clientAddress, addressBucket), through
 * the stand-in's gateway, which writes X-Forwarded-For as Supabase's does: a made-up X-Forwarded-For buys no fresh
 * budget and cannot lock a victim out; IPv6 clients count per /64; every post counts, invalid ones too, so a flood
 * gets 429; and every answer of a form function carries nosniff.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { INQUIRY_LIMITS } from '../../supabase/functions/_shared/inquiry.ts';
import { addressBucket, clientAddress } from '../../supabase/functions/_shared/formPost.ts';
import { CONSENT_TICKED } from './formPosts.ts';

const VALID = { name: 'Helen Kowalski', phone: '(860) 555-0177', email: 'helen@example.com', care_for: 'a-parent', town: 'Wethersfield', message: 'Company in the afternoons.', call_time: '', ...CONSENT_TICKED };
const form = (fields: Record<string, string> = {}) => new URLSearchParams({ ...VALID, ...fields }).toString();

/** Posts the contact form from the local address `from` (any 127.x.y.z is this machine), with the headers given. */
function postFrom(api: string, from: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${api}/functions/v1/submit-inquiry`, { method: 'POST', localAddress: from, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the client address', () => {
  const req = (xff: string) => new Request('http://x/', { headers: { 'x-forwarded-for': xff } });

  test('is the entry the trusted proxies wrote: the last with one hop, the one before it with two', () => {
    expect(clientAddress(req('6.6.6.6, 203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientAddress(req('6.6.6.6, 198.51.100.2, 203.0.113.7'), 2)).toBe('198.51.100.2');
    expect(clientAddress(req('203.0.113.7'), 2)).toBe('203.0.113.7');
    expect(clientAddress(new Request('http://x/'), 1)).toBeUndefined();
  });

  test.each([
    ['203.0.113.7', 'v4:203.0.113.7'],
    ['203.0.113.7:51234', 'v4:203.0.113.7'],
    ['::ffff:203.0.113.7', 'v4:203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', 'v6:2001:db8:1:2:0:0:0:0/64'],
    ['2001:DB8:1:2::ffff', 'v6:2001:db8:1:2:0:0:0:0/64'],
    ['[2001:db8:1:2::1]:443', 'v6:2001:db8:1:2:0:0:0:0/64'],
    ['fe80::1%eth0', 'v6:fe80:0:0:0:0:0:0:0/64'],
    ['not an address', 'invalid'],
    ['1.2.3.4.5', 'invalid'],
    ['2001:db8::1::2', 'invalid'],
  ])('%s counts as %s', (raw, bucket) => {
    expect(addressBucket(raw, 64)).toBe(bucket);
  });
});

describe('behind the gateway alone (one trusted hop, as on Supabase)', () => {
  let supabase: LocalSupabase;
  beforeAll(async () => {
    supabase = await startLocalSupabase({ port: 0, demoApplications: 0 });
  });
  afterAll(() => supabase.close());

  test('a made-up X-Forwarded-For per post buys no fresh budget: 5 of 12 are stored', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await postFrom(supabase.url, '127.0.0.2', form({ email: `rotating${i}@example.com` }), { 'x-forwarded-for': `198.51.100.${i + 1}` })).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(INQUIRY_LIMITS.perHour);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - INQUIRY_LIMITS.perHour);
  });

  test("posts naming a victim's address cannot lock the victim out", async () => {
    for (let i = 0; i < 6; i++) await postFrom(supabase.url, '127.0.0.3', form(), { 'x-forwarded-for': '127.0.0.4' });
    expect((await postFrom(supabase.url, '127.0.0.4', form())).status).toBe(201);
  });

  test('every post counts, invalid ones too: a flood of invalid posts gets 429 before its body is read', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < INQUIRY_LIMITS.postsPerHour + 5; i++) statuses.push((await postFrom(supabase.url, '127.0.0.5', form({ name: '' }))).status);
    expect(statuses.slice(0, INQUIRY_LIMITS.postsPerHour).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(INQUIRY_LIMITS.postsPerHour)).toEqual(Array(5).fill(429));
    // Another client is not held up by it.
    expect((await postFrom(supabase.url, '127.0.0.6', form({ name: '' }))).status).toBe(400);
  });

  test('every answer of a form function carries nosniff: stored, invalid, refused, the page asking to confirm, preflight, wrong method', async () => {
    const answers = [
      await postFrom(supabase.url, '127.0.0.7', form()),
      await postFrom(supabase.url, '127.0.0.7', form({ name: '' })),
      await postFrom(supabase.url, '127.0.0.7', form(), { origin: 'https://evil.example' }),
      await postFrom(supabase.url, '127.0.0.7', form(), { accept: 'text/html' }),
    ];
    for (const method of ['OPTIONS', 'GET']) {
      const response = await fetch(`${supabase.url}/functions/v1/submit-inquiry`, { method, headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' } });
      answers.push({ status: response.status, headers: { 'x-content-type-options': response.headers.get('x-content-type-options') ?? undefined } });
    }
    // The plain post (text/html) has no time token: it is held, and its page asks the person to confirm (200).
    expect(answers.map((answer) => answer.status)).toEqual([201, 400, 403, 200, 204, 405]);
    for (const answer of answers) expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('behind a trusted proxy of the agency (two hops)', () => {
  let supabase: LocalSupabase;
  beforeAll(async () => {
    supabase = await startLocalSupabase({ port: 0, demoApplications: 0, trustedProxyHops: 2 });
  });
  afterAll(() => supabase.close());

  test('15 addresses of one IPv6 /64 count as one client: 5 are stored; another /64 is not held up', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await postFrom(supabase.url, '127.0.0.8', form({ email: `v6-${i}@example.com` }), { 'x-forwarded-for': `2001:db8:77:1::${(i + 1).toString(16)}` })).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(INQUIRY_LIMITS.perHour);
    expect((await postFrom(supabase.url, '127.0.0.8', form(), { 'x-forwarded-for': '2001:db8:77:2::1' })).status).toBe(201);
  });

  test('what a client writes before the trusted entry is still ignored', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await postFrom(supabase.url, '127.0.0.9', form(), { 'x-forwarded-for': `10.0.0.${i + 1}, 203.0.113.50` })).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(INQUIRY_LIMITS.perHour);
  });
});
