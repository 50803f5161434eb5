/**
 * The submit-application Edge Function end to end: real multipart posts over HTTP to the local stand-in,
 * which serves the same handler Supabase serves, behind the same gateway rule; what was stored is read back
 * as superuser (supabase.db) and as staff through supabase-js. The last part runs index.ts itself under Deno.
 * Each post comes from an address of its own (X-Forwarded-For) unless a test is about the rate limit.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { gatewayRefusal, readFunctionsConfig } from '../../scripts/local-supabase/functions.ts';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { APPLICATION_LIMITS, APPLICATION_MESSAGES, RESUME_KEY_PATTERN, type FormChoices } from '../../supabase/functions/_shared/application.ts';
import { formChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { createSubmitApplication } from '../../supabase/functions/submit-application/handler.ts';
import { HELD_REASON, NO_TOKEN_REASON, issueFillToken } from '../../supabase/functions/_shared/formPost.ts';
import { BROWSER_ACCEPT, SITE, clientsOf, postAsBrowserNavigation, denoArgs, newAddress, runDeno, runDenoFunction, withFailingInserts } from './formPosts.ts';

let supabase: LocalSupabase;
let endpoint: string;
let pdf: Uint8Array;
let clients: ReturnType<typeof clientsOf>;
let client: ReturnType<typeof clientsOf>['client'];
let staff: ReturnType<typeof clientsOf>['staff'];
/** What a person fills in; position, experience and availability are codes the form offers. */
const VALID = {
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann.lee@example.com',
  phone: '(860) 555-0142',
  position: 'companion-caregiver',
  experience: 'one-to-three-years',
  availability: 'flexible',
  has_transportation: 'yes',
  has_license: 'yes',
  cover_letter: 'I cared for my grandmother for three years.\n\nThank you,\nAnn',
} as const;
const REQUIRED = ['first_name', 'last_name', 'email', 'phone', 'position', 'experience', 'availability'] as const;

/** No file chosen: a browser still sends the part, with no file name and no bytes. */
const NO_FILE = () => new File([], '', { type: 'application/octet-stream' });

/** A fill-time token issued a minute ago, as a person's page would carry it (minted with the stand-in's secret). */
let personsToken = '';

/** The form's fields, with a person's fill-time token unless `fields` says otherwise (undefined leaves it out). */
function formOf(fields: Record<string, string | undefined> = VALID, files: File[] = [NO_FILE()]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({ fill_token: personsToken, ...fields })) if (value !== undefined) form.append(name, value);
  for (const file of files) form.append('resume', file);
  return form;
}

interface PostOptions {
  accept?: string;
  address?: string;
  origin?: string;
  method?: string;
}

async function post(body: FormData | string, options: PostOptions = {}): Promise<Response> {
  return fetch(endpoint, {
    method: options.method ?? 'POST',
    body,
    redirect: 'manual',
    headers: { accept: options.accept ?? 'application/json', 'x-forwarded-for': options.address ?? newAddress(), ...(options.origin ? { origin: options.origin } : {}) },
  });
}


async function stored(): Promise<{ applications: number; objects: number; blobs: number; slots: number }> {
  const { rows } = await supabase.db.query<{ applications: number; objects: number; blobs: number; slots: number }>(
    `select (select count(*) from public.job_applications)::int as applications,
            (select count(*) from storage.objects where bucket_id = 'resumes')::int as objects,
            (select count(*) from standin.blobs where bucket_id = 'resumes')::int as blobs,
            (select count(*) from private.form_posts where form = 'application')::int as slots`,
  );
  return rows[0]!;
}

async function rowOf(id: string): Promise<Record<string, unknown> | undefined> {
  return (await supabase.db.query<Record<string, unknown>>('select * from public.job_applications where id = $1', [id])).rows[0];
}

/** A valid PDF, padded with trailing whitespace (which PDF readers ignore) to `size` bytes when asked. */
function pdfOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(Math.max(size, pdf.byteLength)).fill(0x20);
  bytes.set(pdf);
  return bytes;
}

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0, trustedProxyHops: 2 });
  personsToken = await issueFillToken(supabase.serviceRoleKey, 'application', Date.now() - 60_000);
  clients = clientsOf(supabase);
  ({ client, staff } = clients);
  endpoint = `${supabase.url}/functions/v1/submit-application`;
  const document = await PDFDocument.create();
  const page = document.addPage([612, 792]);
  page.drawText('Ann Lee - Resume', { x: 72, y: 700, size: 24, font: await document.embedFont(StandardFonts.Helvetica) });
  pdf = await document.save();
});

afterAll(async () => {
  await clients.stop();
  await supabase.close();
});

describe('a valid application', () => {
  test('with a PDF resume is stored with every field, answered 201, and the stored resume is the very bytes sent', async () => {
    const before = await stored();
    const response = await post(formOf(VALID, [new File([pdf as BlobPart], 'Ann Lee résumé #1.pdf', { type: 'application/pdf' })]));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({ ok: true, id: expect.any(String), redirect: `${SITE}/careers/thanks` });

    const row = await rowOf(body.id);
    expect(row).toMatchObject({
      id: body.id,
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann.lee@example.com',
      phone: '(860) 555-0142',
      position: 'companion-caregiver',
      experience: 'one-to-three-years',
      availability: 'flexible',
      has_transportation: true,
      has_license: true,
      cover_letter: VALID.cover_letter,
    });
    // A generated key in the application's own folder, never the applicant's file name.
    expect(row!.resume_url).toMatch(RESUME_KEY_PATTERN);
    expect(String(row!.resume_url).startsWith(`${body.id}/`)).toBe(true);
    expect(await stored()).toEqual({ ...before, applications: before.applications + 1, objects: before.objects + 1, blobs: before.blobs + 1, slots: before.slots + 1 });

    const download = await (await staff()).storage.from('resumes').download(String(row!.resume_url));
    expect(download.error).toBeNull();
    expect(download.data!.type).toBe('application/pdf');
    expect(Buffer.from(await download.data!.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
  });

  test('a resume asked for as a download (?download=name) comes as an attachment of type application/pdf, as from Storage', async () => {
    const response = await post(formOf(VALID, [new File([pdf as BlobPart], 'cv.pdf', { type: 'application/pdf' })]));
    const key = String((await rowOf(((await response.json()) as { id: string }).id))!.resume_url);
    const token = (await (await staff()).auth.getSession()).data.session!.access_token;
    const answer = await fetch(`${supabase.url}/storage/v1/object/resumes/${key}?download=Ann_Lee_resume.pdf`, { headers: { apikey: supabase.anonKey, authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe("attachment; filename=Ann_Lee_resume.pdf; filename*=UTF-8''Ann_Lee_resume.pdf;");
  });

  test('without a resume (the file input left empty) is stored with no resume, and unticked boxes are false', async () => {
    const before = await stored();
    const { has_transportation: _t, has_license: _l, ...unticked } = VALID;
    const response = await post(formOf(unticked));
    expect(response.status).toBe(201);
    const { id } = await response.json();
    expect(await rowOf(id)).toMatchObject({ resume_url: null, has_transportation: false, has_license: false });
    expect((await stored()).objects).toBe(before.objects);
  });

  test('sent urlencoded (a form without a file input) is stored too, with no resume', async () => {
    const response = await fetch(endpoint, { method: 'POST', body: new URLSearchParams(VALID), headers: { accept: 'application/json', 'x-forwarded-for': newAddress() } });
    expect(response.status).toBe(201);
    expect(await rowOf((await response.json()).id)).toMatchObject({ first_name: 'Ann', resume_url: null });
  });
});

describe('wrong answers are refused, every one at once, and nothing is stored', () => {
  test('a post with every required field missing gets one message per field, all at once', async () => {
    const before = await stored();
    const response = await post(formOf({}));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ok: false,
      message: APPLICATION_MESSAGES.invalid,
      errors: {
        first_name: APPLICATION_MESSAGES.first_name,
        last_name: APPLICATION_MESSAGES.last_name,
        email: APPLICATION_MESSAGES.email,
        phone: APPLICATION_MESSAGES.phone,
        position: APPLICATION_MESSAGES.position,
        experience: APPLICATION_MESSAGES.experience,
        availability: APPLICATION_MESSAGES.availability,
      },
    });
    expect(await stored()).toEqual(before);
  });

  for (const field of REQUIRED) {
    test(`a post without ${field} (or with only spaces in it) gets exactly that field's message`, async () => {
      const { [field]: _left, ...rest } = VALID;
      for (const fields of [rest, { ...VALID, [field]: '   ' }]) {
        const response = await post(formOf(fields));
        expect(response.status).toBe(400);
        expect((await response.json()).errors).toEqual({ [field]: APPLICATION_MESSAGES[field] });
      }
    });
  }

  test('a malformed e-mail address gets the e-mail message and nothing else', async () => {
    const before = await stored();
    const response = await post(formOf({ ...VALID, email: 'ann.lee@' }));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ email: APPLICATION_MESSAGES.email });
    expect(await stored()).toEqual(before);
  });

  test('a Windows program renamed .pdf is refused as not a PDF, and no object is stored', async () => {
    const before = await stored();
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00, 0x03]); // "MZ": the start of every .exe
    const response = await post(formOf(VALID, [new File([exe], 'resume.pdf', { type: 'application/pdf' })]));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, message: APPLICATION_MESSAGES.invalid, errors: { resume: APPLICATION_MESSAGES.resumeNotPdf } });
    expect(await stored()).toEqual(before);
  });

  describe('a file that only pretends to be a PDF is refused with the resume message, and nothing is stored', () => {
    const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
    const pretenders: [string, () => Uint8Array][] = [
      ['an HTML page that starts with "%PDF-"', () => latin1('%PDF-1.7\n<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')],
      ['a real PDF with a few bytes of junk before "%PDF-"', () => new Uint8Array([...latin1('<a>\n'), ...pdf])],
      ['a Windows program with "%PDF-" inside its first KB', () => {
        const exe = new Uint8Array(4096);
        exe.set([0x4d, 0x5a, 0x90, 0x00, 0x03]);
        exe.set(latin1('%PDF-1.7\n'), 512);
        return exe;
      }],
      ['the first half of a real PDF', () => pdf.subarray(0, pdf.byteLength >> 1)],
    ];
    test.each(pretenders)('%s', async (_name, bytes) => {
      const before = await stored();
      const response = await post(formOf(VALID, [new File([bytes() as BlobPart], 'resume.pdf', { type: 'application/pdf' })]));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ ok: false, message: APPLICATION_MESSAGES.invalid, errors: { resume: APPLICATION_MESSAGES.resumeNotPdf } });
      expect(await stored()).toEqual(before);
    });
  });

  test('a real three-page PDF is stored', async () => {
    const document = await PDFDocument.create();
    const font = await document.embedFont(StandardFonts.TimesRoman);
    for (const heading of ['Experience', 'Education', 'References']) document.addPage().drawText(heading, { x: 72, y: 700, size: 18, font });
    const response = await post(formOf(VALID, [new File([(await document.save()) as BlobPart], 'cv.pdf', { type: 'application/pdf' })]));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect((await rowOf(id))?.resume_url).toMatch(RESUME_KEY_PATTERN);
  });

  test('a chosen file with no bytes is refused as not a PDF rather than dropped', async () => {
    const response = await post(formOf(VALID, [new File([], 'resume.pdf', { type: 'application/pdf' })]));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ resume: APPLICATION_MESSAGES.resumeNotPdf });
  });

  test('an 11 MB PDF is refused with 413 and the too-large message, and nothing is stored', async () => {
    const before = await stored();
    const response = await post(formOf(VALID, [new File([pdfOfSize(11 * 1024 * 1024) as BlobPart], 'big.pdf', { type: 'application/pdf' })]));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ ok: false, message: APPLICATION_MESSAGES.tooLarge });
    expect(await stored()).toEqual(before);
  });

  test('an 11 MB body streamed without a Content-Length is cut off at the limit and refused with 413 too', async () => {
    const before = await stored();
    const request = new Request(endpoint, { method: 'POST', body: formOf(VALID, [new File([pdfOfSize(11 * 1024 * 1024) as BlobPart], 'big.pdf', { type: 'application/pdf' })]) });
    const bytes = new Uint8Array(await request.arrayBuffer());
    const chunk = 64 * 1024;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.byteLength; i += chunk) controller.enqueue(bytes.subarray(i, i + chunk));
        controller.close();
      },
    });
    const response = await fetch(endpoint, {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: { 'content-type': request.headers.get('content-type')!, accept: 'application/json', 'x-forwarded-for': newAddress() },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  test('a PDF over 10 MB that still fits the body limit gets the resume-too-large message', async () => {
    const response = await post(formOf(VALID, [new File([pdfOfSize(APPLICATION_LIMITS.resumeBytes + 1024) as BlobPart], 'big.pdf', { type: 'application/pdf' })]));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ resume: APPLICATION_MESSAGES.resumeTooLarge });
  });

  test('two resume files are refused with the one-file message', async () => {
    const before = await stored();
    const two = [new File([pdf as BlobPart], 'a.pdf', { type: 'application/pdf' }), new File([pdf as BlobPart], 'b.pdf', { type: 'application/pdf' })];
    const response = await post(formOf(VALID, two));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ resume: APPLICATION_MESSAGES.resumeTooMany });
    expect(await stored()).toEqual(before);
  });

  test('an unknown position code gets the position message (not the closed one)', async () => {
    const response = await post(formOf({ ...VALID, position: 'chief-executive' }));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ position: APPLICATION_MESSAGES.position });
  });

  test('a 20,000-character cover letter gets the cover-letter message', async () => {
    const response = await post(formOf({ ...VALID, cover_letter: 'a'.repeat(20_000) }));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ cover_letter: APPLICATION_MESSAGES.coverLetterTooLong });
  });

  test('a body that is not a form at all is refused with 400 and no field errors', async () => {
    const response = await fetch(endpoint, { method: 'POST', body: JSON.stringify(VALID), headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': newAddress() } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, message: APPLICATION_MESSAGES.failed });
  });
});

describe('a closed opening', () => {
  // Choices of their own and a clock set by the test: the content's real dates change when editors edit.
  const choices: FormChoices = { ...formChoices, positions: [{ code: 'companion-caregiver', title: 'Companion Caregiver', validThrough: '2027-02-28' }] };
  const handlerAt = (iso: string) =>
    createSubmitApplication({ supabaseUrl: supabase.url, serviceRoleKey: supabase.serviceRoleKey, siteUrl: SITE, allowOrigin: () => true, rateLimit: { salt: supabase.serviceRoleKey, proxyHops: 1, ipv6PrefixBits: 64 }, choices, agency: 'Hearthside Home Care', now: () => new Date(iso) });
  const request = () => new Request(endpoint, { method: 'POST', body: formOf(), headers: { accept: 'application/json', 'x-forwarded-for': newAddress() } });

  test('is still open late on its validThrough day in Connecticut, and stored', async () => {
    // 22:30 in Connecticut on 28 February is already 1 March in UTC.
    const response = await handlerAt('2027-03-01T03:30:00Z')(request());
    expect(response.status).toBe(201);
    expect(await rowOf((await response.json()).id)).toMatchObject({ position: 'companion-caregiver' });
  });

  test('is refused with the closed message from the next morning in Connecticut, and nothing is stored', async () => {
    const before = await stored();
    const response = await handlerAt('2027-03-01T05:30:00Z')(request());
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ position: APPLICATION_MESSAGES.positionClosed });
    expect(await stored()).toEqual(before);
  });
});

describe('what is stored is what was typed', () => {
  test('markup in the names and the cover letter is stored verbatim, as text', async () => {
    const fields = {
      ...VALID,
      first_name: '<script>alert("x")</script>',
      last_name: `O'Brien <b>&amp;</b>`,
      cover_letter: '<img src=x onerror="alert(1)">\n<a href="javascript:alert(1)">me</a> & "quotes" \'single\' {{template}} ${x}',
    };
    const response = await post(formOf(fields));
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const { data } = await (await staff()).from('job_applications').select('first_name, last_name, cover_letter').eq('id', id).single();
    expect(data).toEqual({ first_name: fields.first_name, last_name: fields.last_name, cover_letter: fields.cover_letter });
  });

  test('markup in the e-mail, the phone and the choices is refused, not cleaned up and stored', async () => {
    const response = await post(formOf({ ...VALID, email: '<b>ann</b>@example.com', phone: '<b>860 555 0142</b>', position: '<b>x</b>', experience: '"><script>', availability: "' or 1=1 --" }));
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).errors).sort()).toEqual(['availability', 'email', 'experience', 'phone', 'position']);
  });
});

describe('invisible and control characters are cleaned before the checks (text.ts), and what is stored is clean', () => {
  test('a first name of only invisible characters (zero-width, NUL, a bidi override, a Hangul filler, a braille blank) gets its message, and nothing is stored', async () => {
    const before = await stored();
    for (const first_name of ['\u200B\u200C\u200D', '\u0000', '\u202E', '\u3164', '\u2800']) {
      const json = await post(formOf({ ...VALID, first_name }));
      expect(json.status, JSON.stringify(first_name)).toBe(400);
      expect(await json.json()).toEqual({ ok: false, message: APPLICATION_MESSAGES.invalid, errors: { first_name: APPLICATION_MESSAGES.first_name } });
      const browser = await post(formOf({ ...VALID, first_name }), { accept: BROWSER_ACCEPT });
      expect(browser.status, JSON.stringify(first_name)).toBe(303);
      expect(browser.headers.get('location')).toBe(`${SITE}/careers/not-sent#invalid`);
    }
    expect(await stored()).toEqual(before);
  });

  test('a right-to-left override in the last name is removed, so staff read the name as it was typed', async () => {
    const response = await post(formOf({ ...VALID, last_name: '\u202ELee\u202C' }));
    expect(response.status).toBe(201);
    expect((await rowOf((await response.json()).id))!.last_name).toBe('Lee');
  });

  test('a NUL in a name or the cover letter is removed and the application stored clean: never a 500', async () => {
    const response = await post(formOf({ ...VALID, first_name: 'An\u0000n', cover_letter: 'Thank you,\u0000\nAnn' }));
    expect(response.status).toBe(201);
    expect(await rowOf((await response.json()).id)).toMatchObject({ first_name: 'Ann', cover_letter: 'Thank you,\nAnn' });
  });

  test('a name typed decomposed (e + combining acute) is stored composed (NFC)', async () => {
    const response = await post(formOf({ ...VALID, first_name: 'Jose\u0301', last_name: 'Mun\u0303oz' }));
    expect(response.status).toBe(201);
    expect(await rowOf((await response.json()).id)).toMatchObject({ first_name: 'Jos\u00E9', last_name: 'Mu\u00F1oz' });
  });

  test("the cover letter's line breaks and tabs are kept, a lone CR becomes a line feed, and other control characters go", async () => {
    // Urlencoded: a multipart body would already have turned the lone CR into CRLF on the way.
    const response = await fetch(endpoint, {
      method: 'POST',
      body: new URLSearchParams({ ...VALID, cover_letter: 'Line one\r\nLine two\rLine three\n\n\tIndented\u0007' }),
      headers: { accept: 'application/json', 'x-forwarded-for': newAddress() },
    });
    expect(response.status).toBe(201);
    expect((await rowOf((await response.json()).id))!.cover_letter).toBe('Line one\nLine two\nLine three\n\n\tIndented');
  });

  test('a Persian name keeps its ZWNJ and a Devanagari one its ZWJ, while a stray RLM and zero-width space around them go', async () => {
    const persian = '\u0645\u0647\u062F\u06CC\u200C\u0632\u0627\u062F\u0647';
    const devanagari = '\u0906\u0930\u094D\u200D\u092F\u093E';
    const response = await post(formOf({ ...VALID, first_name: `\u200B${devanagari}`, last_name: `${persian}\u200F` }));
    expect(response.status).toBe(201);
    expect(await rowOf((await response.json()).id)).toMatchObject({ first_name: devanagari, last_name: persian });
  });
});

describe('a post that looks automated is answered as any other and stored apart, never dropped', () => {
  const spamOf = async (response: Response) => {
    const row = await rowOf(((await response.json()) as { id: string }).id);
    return row && { stage: row.stage, spam_reason: row.spam_reason };
  };

  test('a filled honeypot field gets 201 (or the thanks page), and the application is stored at the Spam stage with the reason', async () => {
    const before = await stored();
    const json = await post(formOf({ ...VALID, website: 'https://spam.example' }));
    expect(json.status).toBe(201);
    const answer = await json.clone().json();
    expect(answer).toEqual({ ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/), redirect: `${SITE}/careers/thanks` });
    expect(await spamOf(json)).toEqual({ stage: 'spam', spam_reason: 'The hidden field that people never see was filled in.' });
    const browser = await post(formOf({ ...VALID, website: 'x' }), { accept: BROWSER_ACCEPT });
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe(`${SITE}/careers/thanks`);
    // Both stored and both counted: suspected spam is kept for staff to look at, and counts like any post.
    expect(await stored()).toMatchObject({ applications: before.applications + 2, slots: before.slots + 2 });
  });

  test('a post sent less than 400 ms after its fill-time token is stored as suspected spam, saying how fast it was', async () => {
    const response = await post(formOf({ ...VALID, fill_token: await issueFillToken(supabase.serviceRoleKey, 'application', Date.now() - 100) }));
    expect(response.status).toBe(201);
    expect(await spamOf(response)).toEqual({ stage: 'spam', spam_reason: expect.stringMatching(/^Sent \d+ ms after the form was ready \(a person needs at least 400 ms\)\.$/) });
  });

  test('a token this function did not sign, or a script with no token stamping its own clock, is suspected spam too', async () => {
    for (const fields of [{ fill_token: 'soon' }, { fill_token: `${Date.now() - 60_000}.${'a'.repeat(64)}` }, { fill_token: await issueFillToken(supabase.serviceRoleKey, 'application', Date.now() + 3 * 86_400_000) }, { fill_token: undefined, started_at: String(Date.now() - 60_000) }]) {
      const response = await post(formOf({ ...VALID, ...fields }));
      expect(response.status).toBe(201);
      expect(await spamOf(response)).toMatchObject({ stage: 'spam' });
    }
  });

  test('a person who took 10 seconds and one as quick as autofill are real applications', async () => {
    for (const issued of [Date.now() - 10_000, Date.now() - 600]) {
      const response = await post(formOf({ ...VALID, fill_token: await issueFillToken(supabase.serviceRoleKey, 'application', issued) }));
      expect(response.status).toBe(201);
      expect(await spamOf(response)).toEqual({ stage: 'new', spam_reason: null });
    }
  });

  test("a post without a token: a browser's own post (JavaScript off) is held for its sender to confirm (confirmWithoutScript.test.ts); a script's JSON post is filed as suspected spam, whatever it writes", async () => {
    const latest = async () => (await supabase.db.query<{ stage: string; spam_reason: string | null }>('select stage, spam_reason from public.job_applications order by created_at desc limit 1')).rows[0];
    const navigation = await postAsBrowserNavigation(endpoint, formOf({ ...VALID, fill_token: undefined }), newAddress());
    expect(navigation).toEqual({ status: 200, location: undefined });
    expect(await latest()).toEqual({ stage: 'spam', spam_reason: HELD_REASON });
    const script = await post(formOf({ ...VALID, fill_token: undefined }));
    expect(script.status).toBe(201);
    expect(await latest()).toEqual({ stage: 'spam', spam_reason: NO_TOKEN_REASON });
  });
});

describe('the rate limit', () => {
  test('the sixth application from one client within the hour gets 429 with Retry-After and is not stored; another client is unaffected', async () => {
    const address = newAddress();
    // Refused posts do not count: only applications that were stored.
    for (let i = 0; i < 2; i++) expect((await post(formOf({}), { address })).status).toBe(400);
    for (let i = 0; i < APPLICATION_LIMITS.perHour; i++) expect((await post(formOf(), { address })).status).toBe(201);

    const before = await stored();
    const sixth = await post(formOf(VALID, [new File([pdf as BlobPart], 'cv.pdf', { type: 'application/pdf' })]), { address });
    expect(sixth.status).toBe(429);
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await sixth.json()).toEqual({ ok: false, message: APPLICATION_MESSAGES.rateLimited });
    const browser = await post(formOf(), { address, accept: BROWSER_ACCEPT });
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe(`${SITE}/careers/not-sent#rate-limited`);
    expect(await stored()).toEqual(before);

    expect((await post(formOf(), { address: newAddress() })).status).toBe(201);
  });

  test('eight parallel posts from one client store exactly five', async () => {
    const address = newAddress();
    const before = await stored();
    const statuses = await Promise.all(Array.from({ length: 8 }, () => post(formOf(), { address }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(APPLICATION_LIMITS.perHour);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8 - APPLICATION_LIMITS.perHour);
    expect((await stored()).applications).toBe(before.applications + APPLICATION_LIMITS.perHour);
  });

  test('the table of recent posts keeps salted hashes, never an address', async () => {
    const address = newAddress();
    expect((await post(formOf(), { address })).status).toBe(201);
    const { rows } = await supabase.db.query<{ client_hash: string }>('select client_hash from private.form_posts');
    for (const row of rows) expect(row.client_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(address);
  });
});

describe('a plain browser post (JavaScript off) is sent on to a page', () => {
  const browser = (form: FormData) => post(form, { accept: BROWSER_ACCEPT });

  test('a valid one gets 303 to /careers/thanks and is stored', async () => {
    const before = await stored();
    const response = await browser(formOf());
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${SITE}/careers/thanks`);
    expect((await stored()).applications).toBe(before.applications + 1);
  });

  test('a post from another allowed origin (a local build on another port) is sent back to that origin', async () => {
    const response = await post(formOf(), { accept: BROWSER_ACCEPT, origin: 'http://127.0.0.1:4999' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://127.0.0.1:4999/careers/thanks');
    const invalid = await post(formOf({ ...VALID, email: 'nope' }), { accept: BROWSER_ACCEPT, origin: 'http://localhost:4998' });
    expect(invalid.headers.get('location')).toBe('http://localhost:4998/careers/not-sent#invalid');
  });

  test('a wrong field gets 303 to /careers/not-sent#invalid, a bad resume alone to #resume, an oversized body to #too-large', async () => {
    const before = await stored();
    expect((await browser(formOf({ ...VALID, email: 'nope' }))).headers.get('location')).toBe(`${SITE}/careers/not-sent#invalid`);
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0, 0])], 'cv.pdf', { type: 'application/pdf' });
    expect((await browser(formOf(VALID, [exe]))).headers.get('location')).toBe(`${SITE}/careers/not-sent#resume`);
    expect((await browser(formOf({ ...VALID, email: 'nope' }, [exe]))).headers.get('location')).toBe(`${SITE}/careers/not-sent#invalid`);
    const big = await browser(formOf(VALID, [new File([pdfOfSize(11 * 1024 * 1024) as BlobPart], 'big.pdf', { type: 'application/pdf' })]));
    expect(big.status).toBe(303);
    expect(big.headers.get('location')).toBe(`${SITE}/careers/not-sent#too-large`);
    expect(await stored()).toEqual(before);
  });
});

describe('a server failure leaves nothing half-saved', () => {
  test('when the insert fails, the uploaded resume is removed, the slot given back, and the answer is 500 without details', async () => {
    const before = await stored();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const [json, browser] = await withFailingInserts(supabase, 'public.job_applications', async () => [
        await post(formOf({ ...VALID, first_name: 'Zelda' }, [new File([pdf as BlobPart], 'cv.pdf', { type: 'application/pdf' })])),
        await post(formOf(VALID, [new File([pdf as BlobPart], 'cv.pdf', { type: 'application/pdf' })]), { accept: BROWSER_ACCEPT }),
      ]);
      expect(json.status).toBe(500);
      expect(await json.json()).toEqual({ ok: false, message: APPLICATION_MESSAGES.failed });
      expect(browser.status).toBe(303);
      expect(browser.headers.get('location')).toBe(`${SITE}/careers/not-sent#failed`);
      expect(await stored()).toEqual(before);
      // The operator learns what failed, without the applicant's personal data.
      const lines = logged.mock.calls.map((call) => call.join(' ')).join('\n');
      expect(lines).toContain('the application could not be inserted');
      expect(lines).not.toMatch(/Zelda|ann\.lee@example\.com|555-0142/);
    } finally {
      logged.mockRestore();
    }
  });

  test('when the upload fails, no row is inserted and the answer is 500', async () => {
    const before = await stored();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await withFailingInserts(supabase, 'storage.objects', () => post(formOf(VALID, [new File([pdf as BlobPart], 'cv.pdf', { type: 'application/pdf' })])));
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ ok: false, message: APPLICATION_MESSAGES.failed });
      expect(await stored()).toEqual(before);
      expect(logged.mock.calls.map((call) => call.join(' ')).join('\n')).toContain('the resume could not be uploaded');
    } finally {
      logged.mockRestore();
    }
  });
});

describe('origins, methods and CORS', () => {
  test('a post from another site is refused with 403, without CORS permission, and nothing is stored', async () => {
    const before = await stored();
    for (const accept of ['application/json', BROWSER_ACCEPT]) {
      const response = await post(formOf(), { origin: 'https://evil.example', accept });
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(await response.json()).toEqual({ ok: false, message: APPLICATION_MESSAGES.failed });
    }
    expect(await stored()).toEqual(before);
  });

  test('a post from the site (on any local port) is allowed, and its answer names that origin only', async () => {
    for (const origin of [SITE, 'http://127.0.0.1:4173']) {
      const response = await post(formOf(), { origin });
      expect(response.status).toBe(201);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('vary')).toContain('Origin');
    }
  });

  test("a preflight from the site is allowed with the form's headers; from another site it is refused", async () => {
    const ok = await fetch(endpoint, { method: 'OPTIONS', headers: { origin: SITE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-requested-with' } });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(ok.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(ok.headers.get('access-control-allow-headers')).toBe('content-type, accept, x-requested-with');
    const foreign = await fetch(endpoint, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('GET and PUT are answered 405 with the allowed methods', async () => {
    for (const method of ['GET', 'PUT']) {
      const response = await fetch(endpoint, { method, ...(method === 'PUT' ? { body: 'x' } : {}) });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST, OPTIONS');
      expect(await response.json()).toEqual({ ok: false, message: APPLICATION_MESSAGES.failed });
    }
  });
});

describe("Supabase's gateway, as the stand-in applies it", () => {
  test('config.toml lets submit-application through without a token, so a plain form post reaches it', async () => {
    expect(readFunctionsConfig()['submit-application']).toMatchObject({ verify_jwt: false });
    const response = await post(formOf());
    expect(response.status).toBe(201);
  });

  test('a function with verify_jwt unset needs a valid JWT: none gets 401 Missing authorization header, a bad or forged one Invalid JWT', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'functions-config-'));
    try {
      await mkdir(path.join(dir, 'supabase'));
      writeFileSync(path.join(dir, 'supabase', 'config.toml'), '[functions.open]\nverify_jwt = false\n\n[functions.guarded]\nimport_map = "./functions/deno.json"\n');
      const config = readFunctionsConfig(dir);
      const forged = await new SignJWT({ role: 'service_role' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('not-the-project-secret-but-32-characters-long'));
      for (const name of ['guarded', 'undeclared']) {
        expect(await gatewayRefusal(config, name, 'POST', undefined)).toEqual({ status: 401, body: { code: 401, message: 'Missing authorization header' } });
        for (const header of ['Bearer not-a-jwt', `Bearer ${forged}`, `Basic ${supabase.anonKey}`]) {
          expect(await gatewayRefusal(config, name, 'POST', header)).toEqual({ status: 401, body: { code: 401, message: 'Invalid JWT' } });
        }
        expect(await gatewayRefusal(config, name, 'POST', `Bearer ${supabase.anonKey}`)).toBeNull();
        // Browsers send preflights without credentials; the gateway lets them through to the function.
        expect(await gatewayRefusal(config, name, 'OPTIONS', undefined)).toBeNull();
      }
      expect(await gatewayRefusal(config, 'open', 'POST', undefined)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an unknown function gets 404 NOT_FOUND, as on Supabase', async () => {
    const response = await fetch(`${supabase.url}/functions/v1/no-such-function`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });
});

describe('the database still decides', () => {
  const row = { first_name: 'Eve', last_name: 'Intruder', email: 'eve@example.com', phone: '8605550100', position: 'companion-caregiver', experience: 'no-experience', availability: 'flexible' };

  test('the anon role still cannot insert into job_applications through REST, nor use the rate-limit functions', async () => {
    const anon = client();
    expect((await anon.from('job_applications').insert(row)).error?.code).toBe('42501');
    const take = await anon.rpc('take_form_slot', { form_name: 'application', client_hash: 'a'.repeat(64), post_id: crypto.randomUUID(), per_hour: 1000 });
    expect(take.error?.code).toBe('42501');
    expect((await anon.rpc('release_form_slot', { post_id: crypto.randomUUID() })).error?.code).toBe('42501');
    const signedIn = await staff();
    expect((await signedIn.rpc('take_form_slot', { form_name: 'application', client_hash: 'a'.repeat(64), post_id: crypto.randomUUID(), per_hour: 1000 })).error?.code).toBe('42501');
  });

  test('the resume_url constraint refuses anything but a generated key, even from the service role and the superuser', async () => {
    const service = client(supabase.serviceRoleKey);
    const id = crypto.randomUUID();
    for (const resume_url of ['../../rest/v1/job_applications', `${id}/${crypto.randomUUID()}.PDF`, `${id.toUpperCase()}/${crypto.randomUUID()}.pdf`, `${id}/../${crypto.randomUUID()}.pdf`, `${id}/${crypto.randomUUID()}.pdf.exe`]) {
      expect((await service.from('job_applications').insert({ ...row, id, resume_url })).error?.code).toBe('23514');
    }
    await expect(
      supabase.db.query(`insert into public.job_applications (first_name, last_name, email, phone, position, experience, availability, resume_url) values ('a', 'b', 'c', 'd', 'companion-caregiver', 'flexible', 'flexible', '../../rest/v1/job_applications')`),
    ).rejects.toThrow(/job_applications_resume_url_format/);
    const inserted = await service.from('job_applications').insert({ ...row, id, resume_url: `${id}/${crypto.randomUUID()}.pdf` });
    expect(inserted.error).toBeNull();
    await supabase.db.query('delete from public.job_applications where id = $1', [id]);
  });
});

describe.skipIf(!runDenoFunction.available)('under Deno, as on Supabase', () => {
  const entry = 'supabase/functions/submit-application/index.ts';

  test('index.ts and everything it imports pass deno check', async () => {
    const check = runDeno(denoArgs('check', entry), process.env);
    expect(await check.exited, check.output()).toBe(0);
  }, 120_000);

  test('index.ts refuses to start without SITE_URL, naming it', async () => {
    const { SITE_URL: _unset, ...env } = process.env;
    const server = runDeno(denoArgs('run', entry), { ...env, SUPABASE_URL: supabase.url, SUPABASE_SERVICE_ROLE_KEY: supabase.serviceRoleKey });
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toContain('submit-application: SITE_URL is not set');
  }, 60_000);

  test('index.ts serves a real application into the stand-in', async () => {
    const server = await runDenoFunction(entry, { SUPABASE_URL: supabase.url, SUPABASE_SERVICE_ROLE_KEY: supabase.serviceRoleKey, SITE_URL: 'https://www.example.org' });
    try {
      const response = await fetch(server.url, {
        method: 'POST',
        body: formOf(VALID, [new File([pdf as BlobPart], 'cv.pdf', { type: 'application/pdf' })]),
        headers: { accept: 'application/json', 'x-forwarded-for': newAddress(), origin: 'https://www.example.org' },
      });
      expect(response.status, server.output()).toBe(201);
      expect(response.headers.get('access-control-allow-origin')).toBe('https://www.example.org');
      const body = await response.json();
      expect(body.redirect).toBe('https://www.example.org/careers/thanks');
      const row = await rowOf(body.id);
      expect(row).toMatchObject({ first_name: 'Ann', email: 'ann.lee@example.com' });
      const blob = await supabase.db.query<{ data: Uint8Array }>('select data from standin.blobs where name = $1', [row!.resume_url]);
      expect(Buffer.from(blob.rows[0]!.data).equals(Buffer.from(pdf))).toBe(true);

      const foreign = await fetch(server.url, { method: 'POST', body: formOf(), headers: { accept: 'application/json', origin: 'http://localhost:3000' } });
      expect(foreign.status).toBe(403);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
