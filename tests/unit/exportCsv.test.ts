/**
 * The admin's exports as files (src/admin/export/): a list as CSV, read back by a real CSV parser (papaparse),
 * and one record as JSON. Names with commas, quotes, accents, line breaks and a leading "=" come back whole; a
 * cell a spreadsheet would run as a formula is neutralised; the file starts with a byte-order mark; times are the
 * office's (New York, standard or daylight time as it was, the zone in the header); where a request came from
 * (source, campaign, how they heard of us) has its columns; the time to the first reply reads as in the list; codes
 * are written as the labels staff read, with the content's real labels and stages.
 */
import Papa from 'papaparse';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ApplicationSummary } from '../../src/admin/applications.ts';
import { BOM, csvField, toCsv } from '../../src/admin/export/csv.ts';
import { applicationsCsv, csvFileName, filterDescription, inquiriesCsv, isoDate } from '../../src/admin/export/listCsv.ts';
import { recordJsonFileName, whatWeHoldJson } from '../../src/admin/export/recordJson.ts';
import type { InquirySummary } from '../../src/admin/inquiries.ts';
import { setLabels } from '../../src/admin/labels.ts';
import { describeEvent } from '../../src/admin/workflow/eventText.ts';
import { DEFAULT_FILTERS } from '../../src/admin/workflow/filters.ts';
import { officeTime } from '../../src/admin/format.ts';
import { setWorkflow } from '../../src/admin/workflow/stages.ts';
import { loadContent } from '../../src/content/loader.ts';
import type { RecordEvent } from '../../src/database.ts';
import { dashboardLabels } from '../../src/forms/formChoices.ts';

const DANA = '5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01';
const PAT = '9d4a2c7e-1f5b-4e8d-a6c3-7b0e2f4d8a04';
const NAMES: Record<string, string> = { [DANA]: 'Dana Reyes', [PAT]: 'Pat Morgan' };
const names = { staffName: (id: string) => NAMES[id] ?? 'A former staff member' };

beforeAll(async () => {
  const content = await loadContent();
  setLabels(dashboardLabels(content));
  setWorkflow(content.workflow);
});

/** The file as a spreadsheet program reads it: the byte-order mark off, then RFC 4180. */
function parse(csv: string): string[][] {
  expect(csv.startsWith(BOM)).toBe(true);
  const parsed = Papa.parse<string[]>(csv.slice(BOM.length), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

const application = (extra: Partial<ApplicationSummary>): ApplicationSummary => ({
  id: '1f0e8d5c-2b7a-4c3d-9e6f-0a1b2c3d4e5f',
  created_at: '2026-11-20T14:03:22.123456+00:00',
  first_name: 'Rosa',
  last_name: 'Santos',
  email: 'rosa@example.com',
  phone: '(860) 555-0142',
  position: 'companion-caregiver',
  experience: 'one-to-three-years',
  availability: 'flexible',
  has_transportation: true,
  has_license: false,
  resume_url: null,
  stage: 'interview-booked',
  owner: DANA,
  stage_changed_at: '2026-11-21T09:00:00+00:00',
  spam_reason: null,
  ...extra,
});

describe('a list as CSV', () => {
  test('round-trips names with commas, quotes, accents, line breaks and a leading "=", in a real CSV parser', () => {
    const awkward = [
      ['Zoë', 'Núñez, Jr.'],
      ['Ana "Annie"', "O'Brien"],
      ['Line', 'One\nTwo'],
      ['=HYPERLINK("http://evil.example")', '@SUM(A1)'],
      ['+1', '-2'],
    ] as const;
    const rows = awkward.map(([first, last], i) => application({ id: `00000000-0000-4000-8000-00000000000${i}`, first_name: first, last_name: last }));
    const [header, ...records] = parse(applicationsCsv(rows, names));
    const first = header!.indexOf('First name');
    const last = header!.indexOf('Last name');
    expect(records.map((record) => [record[first], record[last]])).toEqual([
      ['Zoë', 'Núñez, Jr.'],
      ['Ana "Annie"', "O'Brien"],
      ['Line', 'One\nTwo'],
      // A spreadsheet would run these; the apostrophe makes them text (and a spreadsheet hides it).
      ['\'=HYPERLINK("http://evil.example")', "'@SUM(A1)"],
      ["'+1", "'-2"],
    ]);
  });

  test('quotes as RFC 4180 says, ends each record with CRLF, and starts the file with a byte-order mark', () => {
    expect(toCsv(['Name', 'Note'], [['Núñez, Jr.', 'said "hi"\r\nthen left']])).toBe(`${BOM}Name,Note\r\n"Núñez, Jr.","said ""hi""\r\nthen left"\r\n`);
    expect(Buffer.from(toCsv(['a'], []), 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  test('neutralises every cell a spreadsheet reads as a formula: = + - @, tab, carriage return and their full-width forms', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']) {
      const cell = csvField(`${start}1+1`);
      expect(cell.replace(/^"/, '').startsWith("'"), JSON.stringify(start)).toBe(true);
    }
    expect(csvField('Rosa')).toBe('Rosa');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(' =1')).toBe(' =1');
  });

  test('writes labels, not codes: job title, choices, stage, owner; times in New York time; where it came from; yes or no', () => {
    const [header, record] = parse(
      applicationsCsv(
        [
          application({
            resume_url: '1f0e8d5c-2b7a-4c3d-9e6f-0a1b2c3d4e5f/2b7a1f0e-8d5c-4c3d-9e6f-0a1b2c3d4e5f.pdf',
            source: 'indeed.com',
            referrer_host: 'www.indeed.com',
            utm_campaign: 'fall-hiring',
            utm_medium: 'cpc',
            heard_about: 'indeed',
            landing_page: '/careers?utm_campaign=fall-hiring',
            first_reply_at: '2026-11-20T14:06:52.123456+00:00',
          }),
        ],
        names,
      ),
    );
    const row = Object.fromEntries(header!.map((column, i) => [column, record![i]]));
    expect(row).toEqual({
      'Submitted (New York time)': '2026-11-20 09:03',
      'First name': 'Rosa',
      'Last name': 'Santos',
      Email: 'rosa@example.com',
      Phone: '(860) 555-0142',
      Position: 'Companion Caregiver',
      Experience: '1 to 3 years',
      Availability: 'Flexible, any of the above',
      Transportation: 'Yes',
      "Driver's license": 'No',
      Resume: 'Yes',
      Source: 'indeed.com',
      'Came from (site)': 'www.indeed.com',
      Campaign: 'fall-hiring',
      'Campaign medium': 'cpc',
      'How they heard of us': 'Indeed',
      'Landing page': '/careers?utm_campaign=fall-hiring',
      Stage: 'Interview booked',
      'Stage since (New York time)': '2026-11-21 04:00',
      Owner: 'Dana Reyes',
      'First contact (New York time)': '2026-11-20 09:06',
      // 3 min 30 s: as the list and Reports say it.
      'Time to first contact': '4 min',
      'Suspected spam (why)': '',
      'Record ID': '1f0e8d5c-2b7a-4c3d-9e6f-0a1b2c3d4e5f',
    });
  });

  test("an inquiry's services, who needs care and time to call by their labels, its source, campaign and how they heard, nobody as owner left empty", () => {
    const inquiry: InquirySummary = {
      id: '2b7a1f0e-8d5c-4c3d-9e6f-0a1b2c3d4e5f',
      created_at: '2026-11-22T08:00:00Z',
      name: 'Nora Quinn',
      phone: '',
      email: 'nora@example.com',
      care_for: 'a-parent',
      town: 'Groton',
      services: ['companion-care', 'personal-care'],
      call_time: '',
      page: '/contact',
      consent_version: '2026-11-25',
      consented_at: '2026-11-22T08:00:00Z',
      stage: 'became-a-client',
      owner: null,
      stage_changed_at: '2026-11-23T08:00:00Z',
      first_reply_at: '2026-11-22T10:05:00Z',
      spam_reason: null,
      source: 'newsletter',
      referrer_host: null,
      utm_campaign: 'winter',
      utm_medium: 'email',
      heard_about: 'doctor',
      landing_page: '/?utm_source=newsletter&utm_medium=email&utm_campaign=winter',
    };
    const before = { ...inquiry, id: '3c8b2f1e-8d5c-4c3d-9e6f-0a1b2c3d4e5f', source: null, utm_campaign: null, utm_medium: null, heard_about: null, landing_page: null, first_reply_at: null };
    const [header, record, olderRecord] = parse(inquiriesCsv([inquiry, before], names));
    const row = Object.fromEntries(header!.map((column, i) => [column, record![i]]));
    expect(row).toMatchObject({
      'Sent (New York time)': '2026-11-22 03:00',
      'Consent to store health details given (New York time)': '2026-11-22 03:00',
      'Who needs care': 'A parent',
      'Best time to call': 'Any time',
      Source: 'newsletter',
      'Came from (site)': '',
      Campaign: 'winter',
      'Campaign medium': 'email',
      'How they heard of us': 'A doctor or nurse',
      Stage: 'Became a client',
      Owner: '',
      'First reply (New York time)': '2026-11-22 05:05',
      'Time to first reply': '2 h 5 min',
    });
    expect(row.Services).toMatch(/^Companion Care; Personal Care$/);
    // A record stored before sources were kept, never answered: empty cells, not "null".
    const older = Object.fromEntries(header!.map((column, i) => [column, olderRecord![i]]));
    expect(older).toMatchObject({ Source: '', Campaign: '', 'How they heard of us': '', 'First reply (New York time)': '', 'Time to first reply': '' });
    expect(record!.length).toBe(header!.length);
  });

  test('times are the office clock of their day: daylight time in summer, standard time in winter, the autumn change at 2:00', () => {
    expect(officeTime('2026-07-04T16:30:00Z')).toBe('2026-07-04 12:30');
    expect(officeTime('2026-12-31T23:59:00Z')).toBe('2026-12-31 18:59');
    // Sunday 1 November 2026: 05:30 UTC is 01:30 EDT, 06:30 UTC is 01:30 EST, 07:30 UTC is 02:30 EST.
    expect(['2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z', '2026-11-01T07:30:00Z'].map(officeTime)).toEqual(['2026-11-01 01:30', '2026-11-01 01:30', '2026-11-01 02:30']);
    expect(officeTime('infinity')).toBe('infinity');
    expect(officeTime(null)).toBe('');
  });

  test('a date JavaScript cannot read is written as stored', () => {
    expect(isoDate('infinity')).toBe('infinity');
    expect(isoDate(null)).toBe('');
  });

  test('the filter is described in words, with a search as its length only, and the file is named by list and day', () => {
    expect(filterDescription('applications', { ...DEFAULT_FILTERS, stage: { code: 'hired' }, owner: 'mine' }, ' Rosa Santos ', { ...names, me: PAT })).toBe(
      'Stage: Hired; Owner: Mine (Pat Morgan); Age: Any age; Search: 11 characters',
    );
    expect(filterDescription('inquiries', DEFAULT_FILTERS, '', { ...names, me: PAT })).toBe('Stage: Open; Owner: Anyone; Age: Any age; Search: none');
    expect(csvFileName('inquiries', new Date('2026-11-27T03:00:00Z'))).toBe('inquiries-2026-11-26.csv');
  });
});

describe('one record as JSON ("what we hold")', () => {
  const event = (id: number, kind: RecordEvent['kind'], at: string, extra: Partial<RecordEvent> = {}): RecordEvent => ({
    id, list: 'applications', record_id: '1f0e8d5c-2b7a-4c3d-9e6f-0a1b2c3d4e5f', kind, actor: DANA, from_value: null, to_value: null, note_id: null, at, ...extra,
  });

  test('holds the row as stored, the fields as staff read them, the notes with their authors, the history in sentences and the resume\'s file name', () => {
    const row = { ...application({ first_name: 'Zoë', last_name: 'Núñez', resume_url: '1f0e8d5c-2b7a-4c3d-9e6f-0a1b2c3d4e5f/2b7a1f0e-8d5c-4c3d-9e6f-0a1b2c3d4e5f.pdf' }), cover_letter: 'I cared for my grandmother.' };
    const text = whatWeHoldJson(
      {
        list: 'applications',
        row,
        events: [
          event(3, 'exported', '2026-11-24T10:00:00Z', { actor: PAT, to_value: 'csv' }),
          event(1, 'created', '2026-11-20T14:03:22Z', { actor: null, to_value: 'new' }),
          event(2, 'stage', '2026-11-21T09:00:00Z', { from_value: 'new', to_value: 'interview-booked' }),
        ],
        notes: [{ id: 'n1', application_id: row.id, inquiry_id: null, author: DANA, body: 'Interview on Monday.', created_at: '2026-11-21T09:05:00Z', edited_at: null }],
        exportedAt: new Date('2026-11-25T12:00:00Z'),
        exportedBy: 'Pat Morgan',
      },
      names,
    );
    const held = JSON.parse(text) as Record<string, unknown>;
    expect(held).toMatchObject({
      list: 'applications',
      exportedAt: '2026-11-25T12:00:00.000Z',
      exportedBy: 'Pat Morgan',
      record: row,
      readable: { 'First name': 'Zoë', Position: 'Companion Caregiver', Stage: 'Interview booked', Owner: 'Dana Reyes' },
      resume: { fileName: 'Zoe_Nunez_resume.pdf', storedAs: row.resume_url },
      notes: [{ written: '2026-11-21T09:05:00.000Z', by: 'Dana Reyes', text: 'Interview on Monday.', edited: null }],
      history: [
        { at: '2026-11-20T14:03:22.000Z', what: 'Application received from the site, at New', event: 'created' },
        { at: '2026-11-21T09:00:00.000Z', what: 'Dana Reyes moved it from New to Interview booked', event: 'stage' },
        { at: '2026-11-24T10:00:00.000Z', what: 'Exported by Pat Morgan, in a CSV file of the list', event: 'exported' },
      ],
    });
    expect(recordJsonFileName('applications', row.id)).toBe('what-we-hold-application-1f0e8d5c.json');
  });

  test('the history names who erased a record', () => {
    expect(describeEvent(event(9, 'erased', '2026-11-25T12:00:00Z', { actor: PAT }), 'applications', { userId: PAT, ownerName: (id) => (id ? names.staffName(id) : 'Nobody yet') })).toBe(
      'Erased by Pat Morgan: the record, its notes and its resume are gone',
    );
  });
});
