/**
 * Where each request came from (issue 31, item 1) and the staff's search by phone in any format and by source
 * (item 5): the function's cleaning and source rules (leadOrigin.ts) on their own, then what the form functions
 * store through the local stand-in, posted as the form script posts (landing page and referring host) and as a
 * browser with JavaScript off posts (the form page's address in the Referer only); and the dashboard's search.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { searchRows } from '../../src/admin/records.ts';
import { filterRows, DEFAULT_FILTERS, sourcesOf } from '../../src/admin/workflow/filters.ts';
import { formChoices, inquiryChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { issueFillToken } from '../../supabase/functions/_shared/formPost.ts';
import { cleanHost, leadOrigin, originColumns, sourceOf } from '../../supabase/functions/_shared/leadOrigin.ts';
import { BROWSER_ACCEPT, CONSENT_TICKED, SITE, newAddress } from './formPosts.ts';

const SITE_ORIGINS = new Set(['https://www.agency.example', 'http://localhost:3000']);
const allowOrigin = (origin: string) => SITE_ORIGINS.has(origin);

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const origin = (fields: Record<string, string>, referer: string | null = null, page = '') => leadOrigin({ form: formOf(fields), referer, page, allowOrigin });

describe('the source of a request', () => {
  test.each([
    ['utm_source, lowercased, before everything else', { utm_source: 'NewsLetter', gclid: 'abc', referrer_host: 'www.google.com' }, 'newsletter'],
    ['google-ads for a gclid without utm_source', { utm_source: null, gclid: 'Cj0KCQ', referrer_host: 'www.google.com' }, 'google-ads'],
    ['the referring host without its www.', { utm_source: null, gclid: null, referrer_host: 'www.facebook.com' }, 'facebook.com'],
    ['direct when nothing says where from', { utm_source: null, gclid: null, referrer_host: null }, 'direct'],
  ])('%s', (_name, given, expected) => {
    expect(sourceOf(given)).toBe(expected);
  });
});

describe('cleaning what the browser sends', () => {
  test('the landing page keeps its path and campaign tags only: any other query parameter may carry anything', () => {
    expect(origin({ landing_page: '/services/personal-care?email=maria%40example.com&utm_source=newsletter&utm_campaign=fall&utm_medium=email' })).toEqual({
      landing_page: '/services/personal-care?utm_source=newsletter&utm_medium=email&utm_campaign=fall',
      referrer_host: null,
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'fall',
      utm_term: null,
      utm_content: null,
      gclid: null,
      source: 'newsletter',
    });
  });

  test('tags are trimmed, stripped of control characters and cut at the columns\' limits; the landing page at 300', () => {
    const long = 'x'.repeat(500);
    const cleaned = origin({ landing_page: `/?utm_source=%20Fall%0A%00News%20&utm_term=${long}&gclid=${long}&utm_content=${long}` });
    expect(cleaned.utm_source).toBe('Fall News');
    expect(cleaned.source).toBe('fall news');
    expect(cleaned.utm_term).toHaveLength(100);
    expect(cleaned.gclid).toHaveLength(200);
    expect(cleaned.landing_page!.length).toBe(300);
  });

  test('a landing page of another site, or not a page at all, is no landing page; the Referer then speaks, then the page field', () => {
    expect(origin({ landing_page: 'https://evil.example/?utm_source=x' }).landing_page).toBeNull();
    expect(origin({ landing_page: '//evil.example/x' }).landing_page).toBeNull();
    expect(origin({}, 'http://localhost:3000/contact?utm_source=newsletter&name=Maria').landing_page).toBe('/contact?utm_source=newsletter');
    expect(origin({}, 'https://evil.example/contact?utm_source=spam', '/contact')).toMatchObject({ landing_page: '/contact', utm_source: null, source: 'direct' });
    expect(origin({ landing_page: '/?utm_source=first' }, 'http://localhost:3000/contact?utm_source=second').utm_source).toBe('first');
    // What a strict Referrer-Policy sends cross-origin: the origin alone, which names no page.
    expect(origin({}, 'http://localhost:3000/', '/contact').landing_page).toBe('/contact');
  });

  test('a referring host is lowercased; one that is not a host name, or is the site itself, is dropped', () => {
    expect(cleanHost('WWW.Google.COM')).toBe('www.google.com');
    expect(origin({ referrer_host: 'L.Facebook.com' })).toMatchObject({ referrer_host: 'l.facebook.com', source: 'l.facebook.com' });
    for (const bad of ['https://google.com', 'google.com/x', 'a b.com', '<script>', 'x'.repeat(254), '']) expect(cleanHost(bad), bad).toBeNull();
    expect(origin({ referrer_host: 'www.agency.example' })).toMatchObject({ referrer_host: null, source: 'direct' });
  });

  test('"How did you hear about us?" keeps a code the form offers, and nothing else', () => {
    const heard = (value: string) => originColumns({ form: formOf({ heard_about: value }), referer: null, page: '', allowOrigin, heardAbout: inquiryChoices.heardAbout }).heard_about;
    expect(heard('discharge-planner')).toBe('discharge-planner');
    expect(heard('indeed')).toBeNull(); // an applicant's answer, not a family's
    expect(heard('')).toBeNull();
    expect(heard('Robert; drop table')).toBeNull();
  });
});

/** Issue 39, item 6 (review): the attacks, field by field. */
const SCRIPT = '<script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';
const JS_URL = 'javascript:alert(1)';
const ATTACK_LANDING = `/services/${SCRIPT}?${new URLSearchParams({ utm_source: SCRIPT, utm_medium: IMG, utm_campaign: JS_URL, utm_term: IMG, utm_content: SCRIPT, gclid: JS_URL })}`;

describe('what an attacker types in each field', () => {
  test('script in a campaign tag is kept as the text typed; the landing page keeps it percent-encoded, no markup in it', () => {
    const cleaned = origin({ landing_page: ATTACK_LANDING });
    expect(cleaned).toMatchObject({ utm_source: SCRIPT, utm_medium: IMG, utm_campaign: JS_URL, utm_term: IMG, utm_content: SCRIPT, gclid: JS_URL, source: SCRIPT });
    expect(cleaned.landing_page).toMatch(/^\/services\/%3Cscript%3Ealert\(1\)%3C\/script%3E\?utm_source=%3Cscript%3E/);
    expect(cleaned.landing_page).not.toMatch(/[<>"'\s]/);
  });

  test('a landing page is a path of the site or nothing: never a javascript:, data: or another site\'s URL', () => {
    for (const bad of [JS_URL, 'javascript://www.agency.example/%0Aalert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', `data:text/html,${SCRIPT}`, '//evil.example/x', '\\\\evil.example/x', 'https://evil.example/'])
      expect(origin({ landing_page: bad }).landing_page, bad).toBeNull();
    for (const bad of [JS_URL, `data:text/html,${SCRIPT}`]) expect(origin({}, bad, '').landing_page, bad).toBeNull();
    for (const value of [ATTACK_LANDING, '/contact', 'https://www.agency.example/careers?utm_source=x'])
      expect(origin({ landing_page: value }).landing_page, value).toMatch(/^\/(?!\/)/);
  });

  test('a referring host that is script or a URL is dropped, and the source is then direct', () => {
    for (const bad of [SCRIPT, IMG, JS_URL, 'javascript:alert(1).com', 'evil.example/<script>', 'evil.example"onmouseover=alert(1)'])
      expect(origin({ referrer_host: bad }), bad).toMatchObject({ referrer_host: null, source: 'direct' });
  });

  test('"How did you hear about us?" with script in it is no answer', () => {
    for (const bad of [SCRIPT, IMG, JS_URL]) {
      const columns = originColumns({ form: formOf({ heard_about: bad }), referer: null, page: '', allowOrigin, heardAbout: inquiryChoices.heardAbout });
      expect(columns.heard_about, bad).toBeNull();
    }
  });

  test('every value fits its column in characters, as PostgreSQL counts them, and is well-formed text, whatever is cut', () => {
    const awkward = ['😀', 'é', 'İ', 'ß', '\u{1F469}\u200D\u{1F4BB}', 'a\u0301', 'x'];
    for (const unit of awkward) {
      for (const pad of [0, 1, 99, 199]) {
        const value = `${'a'.repeat(pad)}${unit.repeat(400)}`;
        const tags = Object.fromEntries(['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid'].map((tag) => [tag, value]));
        const cleaned = origin({ landing_page: `/${unit.repeat(400)}?${new URLSearchParams(tags)}`, referrer_host: `${'a'.repeat(63)}.`.repeat(5) });
        for (const [column, text] of Object.entries(cleaned)) {
          if (text === null) continue;
          const limit = { landing_page: 300, referrer_host: 253, gclid: 200 }[column] ?? 100;
          expect([...text].length, `${column} of ${JSON.stringify(unit)} after ${pad}`).toBeLessThanOrEqual(limit);
          // A lone half of a surrogate pair is no text PostgreSQL stores: the insert would fail and the request be lost.
          expect(text, `${column} of ${JSON.stringify(unit)} after ${pad}`).not.toMatch(/\p{Cs}/u);
        }
      }
    }
  });
});

describe('search by phone in any format, and by source', () => {
  const rows = [
    { name: 'Ann Lee', phone: '(860) 555-0199', source: 'newsletter' },
    { name: 'Bob Annis', phone: '8605550142', source: null },
    { name: 'Cy 2nd', phone: '', source: 'google-ads' },
  ];
  const names = (query: string) => searchRows(rows, query, ['name', 'phone', 'source'], ['phone']).map((row) => row.name);

  test('digits find a phone however it was written, and a written phone finds digits', () => {
    expect(names('8605550199')).toEqual(['Ann Lee']);
    expect(names('860-555-0142')).toEqual(['Bob Annis']);
    expect(names('(860) 555')).toEqual(['Ann Lee', 'Bob Annis']);
    expect(names('+1 860 555 0199')).toEqual(['Ann Lee']); // the country code typed before it, as a caller may
  });

  test('only a query that reads as a phone number is compared by digits', () => {
    expect(names('2nd')).toEqual(['Cy 2nd']);
    expect(names('---')).toEqual([]);
  });

  test('the source is searched, and a record without one is no error', () => {
    expect(names('NEWS')).toEqual(['Ann Lee']);
    expect(names('ads')).toEqual(['Cy 2nd']);
  });

  test('the source filter offers the sources present and keeps only the chosen one', () => {
    const records = rows.map((row, i) => ({ ...row, stage: 'new', owner: null, created_at: new Date(Date.now() - i * 1000).toISOString() }));
    expect(sourcesOf(records)).toEqual(['google-ads', 'newsletter']);
    const kept = filterRows(records, 'inquiries', { ...DEFAULT_FILTERS, stage: 'all', source: { source: 'newsletter' } }, 'me').rows;
    expect(kept.map((row) => row.name)).toEqual(['Ann Lee']);
  });
});

describe('stored by the form functions', () => {
  let supabase: LocalSupabase;
  let inquiryToken = '';
  let applicationToken = '';
  const INQUIRY = { name: 'Maria Gonzalez', phone: '(203) 555-0187', care_for: 'a-parent', page: '/contact', ...CONSENT_TICKED };

  beforeAll(async () => {
    supabase = await startLocalSupabase({ port: 0, demoApplications: 0, trustedProxyHops: 2 });
    inquiryToken = await issueFillToken(supabase.serviceRoleKey, 'inquiry', Date.now() - 60_000);
    applicationToken = await issueFillToken(supabase.serviceRoleKey, 'application', Date.now() - 60_000);
  });
  afterAll(async () => {
    await supabase?.close();
  });

  async function post(fn: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await fetch(`${supabase.url}/functions/v1/${fn}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', origin: SITE, 'x-forwarded-for': newAddress(), ...headers },
    });
    return response;
  }
  const ORIGIN = 'source, heard_about, landing_page, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid';
  async function stored(table: string, id: string) {
    return (await supabase.db.query<Record<string, unknown>>(`select ${ORIGIN} from public.${table} where id = $1`, [id])).rows[0];
  }
  async function createdEvent(id: string) {
    return (await supabase.db.query<Record<string, unknown>>(`select source, heard_about from public.record_events where record_id = $1 and kind = 'created'`, [id])).rows[0];
  }

  test('an inquiry sent by the form script keeps the visit\'s landing page, campaign, referring host and answer; the history too', async () => {
    const response = await post('submit-inquiry', {
      ...INQUIRY,
      fill_token: inquiryToken,
      heard_about: 'discharge-planner',
      landing_page: '/services/personal-care?utm_source=Newsletter&utm_campaign=fall',
      referrer_host: 'Mail.Example.COM',
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await stored('inquiries', id)).toEqual({
      source: 'newsletter',
      heard_about: 'discharge-planner',
      landing_page: '/services/personal-care?utm_source=Newsletter&utm_campaign=fall',
      referrer_host: 'mail.example.com',
      utm_source: 'Newsletter',
      utm_medium: null,
      utm_campaign: 'fall',
      utm_term: null,
      utm_content: null,
      gclid: null,
    });
    expect(await createdEvent(id)).toEqual({ source: 'newsletter', heard_about: 'discharge-planner' });
  });

  test('with JavaScript off, the form page\'s address in the Referer is the landing page; an unknown answer is no answer', async () => {
    const response = await post('submit-inquiry', { ...INQUIRY, heard_about: 'made-up' }, { accept: BROWSER_ACCEPT, referer: `${SITE}/contact?utm_source=newsletter&gclid=G1` });
    // Stored at once, held for the family to confirm on the page this answer is (confirmWithoutScript.test.ts).
    expect(response.status).toBe(200);
    const row = (await supabase.db.query<Record<string, unknown>>(`select id from public.inquiries order by created_at desc limit 1`)).rows[0]!;
    expect(await stored('inquiries', row.id as string)).toMatchObject({ source: 'newsletter', heard_about: null, landing_page: '/contact?utm_source=newsletter&gclid=G1', gclid: 'G1', referrer_host: null });
  });

  test('without a landing page or Referer, the page field is the landing page and the source is direct', async () => {
    const response = await post('submit-inquiry', { ...INQUIRY, fill_token: inquiryToken });
    const { id } = (await response.json()) as { id: string };
    expect(await stored('inquiries', id)).toMatchObject({ source: 'direct', landing_page: '/contact', utm_source: null, referrer_host: null });
  });

  test('an application keeps its origin and answer too', async () => {
    const position = formChoices.positions.find((p) => p.validThrough >= new Date().toISOString().slice(0, 10))!.code;
    const response = await post('submit-application', {
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      phone: '860-555-0100',
      position,
      experience: formChoices.experience[0]!.code,
      availability: formChoices.availability[0]!.code,
      fill_token: applicationToken,
      heard_about: 'indeed',
      page: `/careers/${position}`,
      referrer_host: 'www.indeed.com',
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await stored('job_applications', id)).toMatchObject({ source: 'indeed.com', heard_about: 'indeed', landing_page: `/careers/${position}`, referrer_host: 'www.indeed.com' });
  });

  // Issue 39, item 6 (review): what an attacker types in each field, through the function into the database.
  test('script in every field is stored as the text typed, never refused: the request is kept', async () => {
    const fields = { ...INQUIRY, fill_token: inquiryToken, heard_about: '<script>alert(1)</script>', landing_page: ATTACK_LANDING, referrer_host: '"><img src=x onerror=alert(1)>' };
    const response = await post('submit-inquiry', fields);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await stored('inquiries', id)).toEqual({ ...origin(fields), heard_about: null });
    expect(await stored('inquiries', id)).toMatchObject({ utm_source: SCRIPT, utm_medium: IMG, utm_campaign: JS_URL, source: SCRIPT, referrer_host: null });
  });

  test('a campaign tag cut at its limit inside an emoji is stored, whole characters only, and the request kept', async () => {
    const fields = { ...INQUIRY, fill_token: inquiryToken, landing_page: `/?${new URLSearchParams({ utm_source: `${'a'.repeat(99)}😀😀`, utm_campaign: '😀'.repeat(150) })}` };
    const response = await post('submit-inquiry', fields);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const row = (await stored('inquiries', id))!;
    expect(row).toMatchObject({ utm_source: `${'a'.repeat(99)}😀`, source: `${'a'.repeat(99)}😀`, utm_campaign: '😀'.repeat(100) });
  });

  test.each([
    ['landing_page', 300],
    ['referrer_host', 253],
    ['utm_source', 100],
    ['utm_medium', 100],
    ['utm_campaign', 100],
    ['utm_term', 100],
    ['utm_content', 100],
    ['gclid', 200],
    ['source', 100],
  ])('the database refuses %s longer than %i characters, from any writer (a check constraint), on both tables', async (column, limit) => {
    for (const table of ['inquiries', 'job_applications']) {
      const { id } = (await supabase.db.query<{ id: string }>(`select id from public.${table} limit 1`)).rows[0]!;
      // At the limit, in characters (not bytes: an emoji is one), it is kept; one more is refused.
      await supabase.db.query(`update public.${table} set ${column} = repeat('é', ${limit}) where id = $1`, [id]);
      await expect(supabase.db.query(`update public.${table} set ${column} = repeat('é', ${limit + 1}) where id = $1`, [id]), `${table}.${column}`).rejects.toThrow(/check constraint/);
    }
  });

  test('the database refuses an answer that is not a code and an empty source, on both tables', async () => {
    for (const table of ['inquiries', 'job_applications']) {
      const { id } = (await supabase.db.query<{ id: string }>(`select id from public.${table} limit 1`)).rows[0]!;
      for (const bad of [SCRIPT, IMG, JS_URL, 'Robert; drop table', 'x'.repeat(5) + '\n'])
        await expect(supabase.db.query(`update public.${table} set heard_about = $2 where id = $1`, [id, bad]), bad).rejects.toThrow(/check constraint/);
      await expect(supabase.db.query(`update public.${table} set source = '' where id = $1`, [id])).rejects.toThrow(/check constraint/);
    }
  });

  test('the database refuses an answer longer than 40 characters (the content\'s longest code), though it reads as a code', async () => {
    for (const { code } of [...inquiryChoices.heardAbout, ...formChoices.heardAbout]) expect(code.length, code).toBeLessThanOrEqual(40);
    for (const table of ['inquiries', 'job_applications']) {
      const { id } = (await supabase.db.query<{ id: string }>(`select id from public.${table} limit 1`)).rows[0]!;
      await supabase.db.query(`update public.${table} set heard_about = $2 where id = $1`, [id, `${'a'.repeat(38)}-b`]);
      await expect(supabase.db.query(`update public.${table} set heard_about = $2 where id = $1`, [id, `${'a'.repeat(1000)}-b`]), table).rejects.toThrow(/check constraint/);
      await expect(supabase.db.query(`update public.${table} set heard_about = $2 where id = $1`, [id, 'a'.repeat(41)]), table).rejects.toThrow(/check constraint/);
    }
  });
});
