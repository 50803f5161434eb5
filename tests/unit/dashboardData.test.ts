/**
 * The dashboard's data access against the stand-in, past Supabase's 1,000-row cap: every row of a list is
 * read (pages of 1,000, each after the last row read), for applications and inquiries alike, and the search
 * and week counts cover them all. The same generic functions (records.ts) serve both lists. Resumes are
 * downloaded through short-lived signed links that only staff can get.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { staffClients } from './staffClients.ts';
import { APPLICATION_COLUMNS, RESUME_LINK_SECONDS, resumeDownloadUrl, resumeFileName, type ApplicationSummary } from '../../src/admin/applications.ts';
import type { Database } from '../../src/database.ts';
import { INQUIRY_COLUMNS, type InquirySummary } from '../../src/admin/inquiries.ts';
import { codeToWords, labelOf, setLabels } from '../../src/admin/labels.ts';
import { loadContent } from '../../src/content/loader.ts';
import { dashboardLabels } from '../../src/forms/formChoices.ts';
import { countThisWeek, isSessionEnded, loadRows, searchRows, type TableName } from '../../src/admin/records.ts';
import { demoApplications, demoInquiries, seedApplications, seedInquiries } from '../../scripts/local-supabase/seedData.ts';
import { secretKey } from '../../scripts/local-supabase/keys.ts';
import { startLocalSupabase, type LocalSupabase } from '../../scripts/local-supabase/server.ts';
import { inquiryChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';

let supabase: LocalSupabase;
const { signedIn, stopAll } = staffClients(() => supabase);
const applications = demoApplications(2500, Date.now(), 99, false);
const inquiries = demoInquiries(10_000, Date.now(), 99);

beforeAll(async () => {
  supabase = await startLocalSupabase({ port: 0, demoApplications: 0 });
  await seedApplications(supabase.db, applications);
  await seedInquiries(supabase.db, inquiries);
}, 60_000);

afterAll(async () => {
  await stopAll();
  await supabase.close();
});

/** Reads a whole table as the dashboard does, checking it is every seeded row once, newest first, past the cap. */
async function readsEveryRow<T extends { id: string; created_at: string }>(table: TableName, columns: string, seeded: ReadonlyArray<{ created_at: string }>): Promise<T[]> {
  const client = await signedIn('staff@example.com', 'staff-demo-password');
  // A request without a range gets Supabase's cap, not the whole table.
  expect((await client.from(table).select('id')).data).toHaveLength(1000);
  const rows = await loadRows<T>(client, table, columns);
  expect(rows).toHaveLength(seeded.length);
  expect(new Set(rows.map((r) => r.id)).size).toBe(seeded.length);
  const times = rows.map((r) => Date.parse(r.created_at));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  // Every row read counts for the week as stored (the stage aside: the seeded rows have none of their own yet).
  const anyStage = (list: ReadonlyArray<{ created_at: string }>) => list.map((row) => ({ created_at: row.created_at, stage: 'any' }));
  expect(countThisWeek(anyStage(rows), 'spam')).toBe(countThisWeek(anyStage(seeded), 'spam'));
  expect(Object.keys(rows[0]!).sort()).toEqual(columns.split(', ').sort());
  return rows;
}

test('reads all 2,500 applications though each request returns at most 1,000, newest first, without duplicates', async () => {
  const rows = await readsEveryRow<ApplicationSummary>('job_applications', APPLICATION_COLUMNS, applications);
  expect(searchRows(rows, 'AISHA', ['first_name', 'last_name', 'email', 'position']).length).toBe(applications.filter((r) => r.first_name === 'Aisha').length);
  expect(Object.keys(rows[0]!)).not.toContain('cover_letter');
});

test('reads exactly 10,000 inquiries in pages of 1,000, newest first, without duplicates or the message', async () => {
  const rows = await readsEveryRow<InquirySummary>('inquiries', INQUIRY_COLUMNS, inquiries);
  expect(rows).toHaveLength(10_000);
  expect(Object.keys(rows[0]!)).not.toContain('message');
  const fields = ['name', 'email', 'phone', 'town'] as const;
  expect(searchRows(rows, 'hamden', fields).length).toBe(inquiries.filter((r) => r.town === 'Hamden').length);
  expect(searchRows(rows, '555-01', fields).length).toBe(inquiries.filter((r) => r.phone !== '').length);
});

test('a signed-in non-staff account reads no inquiry and no application: RLS returns no rows', async () => {
  const visitor = await signedIn('visitor@example.com', 'visitor-demo-password');
  expect(await loadRows(visitor, 'inquiries', INQUIRY_COLUMNS)).toEqual([]);
  expect(await loadRows(visitor, 'job_applications', APPLICATION_COLUMNS)).toEqual([]);
});

test('a refused token is told apart from other failures, for any table', async () => {
  const stranger = serverClient<Database>(supabase.url, supabase.anonKey, { global: { headers: { Authorization: 'Bearer not-a-jwt' } } });
  const refused = await loadRows(stranger, 'inquiries', INQUIRY_COLUMNS).catch((error: unknown) => error);
  expect(isSessionEnded(refused)).toBe(true);
  expect(isSessionEnded(new Error('network'))).toBe(false);
});

describe('resume download links', () => {
  const key = `${randomUUID()}/${randomUUID()}.pdf`;
  const pdf = Buffer.from('%PDF-1.4\n% a resume\n%%EOF\n');
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
  /** A signed URL's answer: status, the headers that matter, and the body (bytes, or Storage's error). */
  async function open(url: string) {
    const response = await fetch(url);
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), body, error: response.ok ? null : (JSON.parse(body.toString()) as { statusCode: string; code: string }) };
  }

  beforeAll(async () => {
    const service = serverClient<Database>(supabase.url, supabase.serviceRoleKey);
    const { error } = await service.storage.from('resumes').upload(key, pdf, { contentType: 'application/pdf' });
    if (error) throw error;
  });

  test('staff get a link that downloads the PDF as an attachment under the friendly name, for a minute', async () => {
    const staff = await signedIn('staff@example.com', 'staff-demo-password');
    const url = await resumeDownloadUrl(staff, key, 'Brian_O_Brien_resume.pdf');
    expect(url).toMatch(new RegExp(`^${supabase.url}/storage/v1/object/sign/resumes/${key}\\?token=[^&]+&download=Brian_O_Brien_resume\\.pdf$`));
    const { exp, iat } = JSON.parse(Buffer.from(tokenOf(url).split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number };
    expect(exp - iat).toBe(RESUME_LINK_SECONDS);
    const answer = await open(url);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    expect(answer.disposition).toBe("attachment; filename=Brian_O_Brien_resume.pdf; filename*=UTF-8''Brian_O_Brien_resume.pdf;");
    expect(answer.body.equals(pdf)).toBe(true);
  });

  test('a non-staff account and a visitor cannot get a link: the object is not found for them', async () => {
    const visitor = await signedIn('visitor@example.com', 'visitor-demo-password');
    await expect(resumeDownloadUrl(visitor, key, 'x.pdf')).rejects.toThrow('Object not found');
    const anonymous = serverClient<Database>(supabase.url, supabase.anonKey);
    await expect(resumeDownloadUrl(anonymous, key, 'x.pdf')).rejects.toThrow('Object not found');
  });

  test('an expired, altered or borrowed token is refused with Storage\'s errors, and no bytes', async () => {
    const staff = await signedIn('staff@example.com', 'staff-demo-password');
    const url = await resumeDownloadUrl(staff, key, 'a.pdf');
    const token = tokenOf(url);
    const withToken = (other: string, path = key) => `${supabase.url}/storage/v1/object/sign/resumes/${path}?token=${other}&download=a.pdf`;
    const now = Math.floor(Date.now() / 1000);
    const signed = (claims: Record<string, unknown>, exp: number) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(exp - 60).setExpirationTime(exp).sign(secretKey);

    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherKey = `${randomUUID()}/${randomUUID()}.pdf`;
    const alteredPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), url: `resumes/${otherKey}`, exp: now + 86_400 })).toString('base64url');
    const refused = {
      'expired (signed by the project, a second ago)': withToken(await signed({ url: `resumes/${key}`, scope: 'download' }, now - 1)),
      'payload altered (later expiry)': withToken(`${header}.${alteredPayload}.${signature}`, otherKey),
      'signature altered': withToken(`${header}.${payload}.${signature.slice(0, -4)}AAAA`),
      'made for another object': withToken(token, otherKey),
      "the staff member's own access token": withToken((await staff.auth.getSession()).data.session!.access_token),
      'no token': `${supabase.url}/storage/v1/object/sign/resumes/${key}?download=a.pdf`,
    };
    const answers = Object.fromEntries(await Promise.all(Object.entries(refused).map(async ([name, link]) => [name, await open(link)] as const)));
    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, `${answer.status} ${answer.error?.code}`]))).toEqual({
      'expired (signed by the project, a second ago)': '400 InvalidJWT',
      'payload altered (later expiry)': '400 InvalidJWT',
      'signature altered': '400 InvalidJWT',
      'made for another object': '400 InvalidSignature',
      "the staff member's own access token": '400 InvalidSignature',
      'no token': '400 InvalidRequest',
    });
    for (const answer of Object.values(answers)) expect(answer.disposition).toBeNull();
    // The unaltered link still works.
    expect((await open(url)).status).toBe(200);
  });
});

describe('searchRows', () => {
  const rows = [
    { name: 'Ann Lee', email: 'ann@example.com', phone: '', town: 'Hamden', message: 'annual' },
    { name: 'Bob Annis', email: '', phone: '(860) 555-0142', town: 'Old Saybrook', message: '' },
  ];
  const fields = ['name', 'email', 'phone', 'town'] as const;

  test('matches a substring of the given fields only, ignoring case and outer spaces', () => {
    expect(searchRows(rows, ' ANN ', fields).map((r) => r.name)).toEqual(['Ann Lee', 'Bob Annis']);
    expect(searchRows(rows, 'saybrook', fields).map((r) => r.name)).toEqual(['Bob Annis']);
    expect(searchRows(rows, '555-0142', fields).map((r) => r.name)).toEqual(['Bob Annis']);
    expect(searchRows(rows, 'annual', fields)).toEqual([]);
    expect(searchRows(rows, 'annual', ['message'])).toHaveLength(1);
  });

  test('an empty or blank query shows every row', () => {
    expect(searchRows(rows, '', fields)).toBe(rows);
    expect(searchRows(rows, '   ', fields)).toBe(rows);
  });

  test('a keystroke over 10,000 inquiries takes well under 50 ms', () => {
    const started = performance.now();
    for (const term of ['m', 'ma', 'mar', 'mari', 'maria', 'ham', '555', '']) searchRows(inquiries, term, fields);
    expect((performance.now() - started) / 8).toBeLessThan(50);
  });
});

test("counts the rows of the office's week, Monday 00:00 in New York to now, spam left out", () => {
  // Sunday 22 November 2026, 07:00 New York time: the week began on Monday 16 November at 05:00 UTC.
  const now = Date.parse('2026-11-22T12:00:00Z');
  const rows = [
    ['2026-11-22T11:00:00Z', 'new'],
    ['2026-11-16T05:00:00Z', 'contacted'],
    ['2026-11-16T04:59:59Z', 'new'],
    ['2026-11-20T10:00:00Z', 'spam'],
    // Later than now (a clock set wrong): not yet, as Reports' week runs to now.
    ['2026-11-22T12:30:00Z', 'new'],
    ['infinity', 'new'],
  ].map(([created_at, stage]) => ({ created_at: created_at!, stage: stage! }));
  expect(countThisWeek(rows, 'spam', now)).toBe(2);
});

test('shows codes as their labels (given with the /admin page), an unknown code as capitalised words, and makes resume names safe', async () => {
  expect(labelOf('careFor', 'a-parent'), 'before the page gives the labels').toBe('A Parent');
  setLabels(dashboardLabels(await loadContent()));
  expect(codeToWords('care-scheduling-coordinator')).toBe('Care Scheduling Coordinator');
  expect(codeToWords('less-than-one-year')).toBe('Less Than One Year');
  expect(labelOf('position', 'companion-caregiver')).toBe('Companion Caregiver');
  expect(labelOf('careFor', 'a-parent')).toBe('A parent');
  expect(labelOf('careFor', 'a-grandparent')).toBe('A Grandparent');
  expect(labelOf('callTime', 'morning')).toBe('Morning (8 am - noon)');
  expect(labelOf('service', 'post-surgical-recovery')).toBe('Post-Surgical Recovery');
  expect(labelOf('service', 'foot-care')).toBe('Foot Care');
  expect(resumeFileName('Brian', "O'Brien")).toBe('Brian_O_Brien_resume.pdf');
  expect(resumeFileName('José', 'Núñez/../x')).toBe('Jose_Nunez_x_resume.pdf');
  expect(resumeFileName('<script>', '')).toBe('script_applicant_resume.pdf');
});

test('the demo inquiries use only the form\'s codes, and each has a way to reply', () => {
  const demo = demoInquiries();
  expect(demo).toHaveLength(8);
  const codes = (list: ReadonlyArray<{ code: string }>) => list.map((c) => c.code);
  for (const inquiry of demo) {
    expect(codes(inquiryChoices.careFor)).toContain(inquiry.care_for);
    expect(['', ...codes(inquiryChoices.callTimes)]).toContain(inquiry.call_time);
    for (const service of inquiry.services) expect(codes(inquiryChoices.services)).toContain(service);
    expect(inquiry.phone || inquiry.email).not.toBe('');
    expect(inquiry.phone).toMatch(/^$|^\(\d{3}\) 555-01\d\d$/);
    expect(inquiry.email).toMatch(/^$|@example\.com$/);
  }
  expect(new Set(demo.map((i) => i.care_for)).size).toBe(codes(inquiryChoices.careFor).length);
});
