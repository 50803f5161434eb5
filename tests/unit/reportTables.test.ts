/**
 * The Reports view's tables and their CSV (src/admin/reports/reportTables.ts), from fixed report answers of
 * the shape public.report_inquiries and public.report_applications give: rows of both periods matched, shares,
 * words for each cell, and the CSV an admin downloads (header naming the days, plain numbers, formula-safe).
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { customPeriod } from '../../src/admin/reports/periods.ts';
import type { ApplicationReport, InquiryReport } from '../../src/admin/reports/reportData.ts';
import { applicationTables, cellText, formatMinutes, inquiryTables, tableCsv, tableFileName, type ReportNames } from '../../src/admin/reports/reportTables.ts';

const names: ReportNames = {
  staffName: (id) => (id === null ? 'Nobody yet' : id === 'u-dana' ? 'Dana Reyes' : 'A former staff member'),
  stageLabel: (_list, code) => ({ new: 'New', contacted: 'Contacted', 'became-a-client': 'Became a client', 'not-a-fit': 'Not a fit', spam: 'Spam', hired: 'Hired', 'no-show': 'No-show' })[code] ?? code,
  label: (kind, code) => `${kind}:${code}`,
  spamStage: () => 'spam',
};

const reply = (median: number | null, within15: number) => ({
  medianMinutes: median,
  p90Minutes: median === null ? null : median * 3,
  officeMedianMinutes: median === null ? null : median / 2,
  officeP90Minutes: null,
  within15,
  within60: within15 + 1,
  withinPromise: within15 + 2,
  promiseHours: 24,
});

const now: InquiryReport = {
  count: 12,
  answered: 10,
  firstReply: reply(95, 3),
  byOwner: [
    { owner: 'u-dana', count: 9, answered: 8, medianMinutes: 40, withinPromise: 8 },
    { owner: null, count: 3, answered: 2, medianMinutes: null, withinPromise: 0 },
  ],
  bySource: [
    { source: 'newsletter', count: 4, answered: 4, medianMinutes: 12.5, withinPromise: 4, converted: 1 },
    { source: '=cmd|calc', count: 1, answered: 0, medianMinutes: null, withinPromise: 0, converted: 0 },
    { source: null, count: 7, answered: 6, medianMinutes: 200, withinPromise: 5, converted: 2 },
  ],
  byHeardAbout: [{ heardAbout: 'doctor', count: 5, converted: 2 }],
  funnel: [
    { stage: 'new', reached: 12 },
    { stage: 'contacted', reached: 9 },
    { stage: 'became-a-client', reached: 3 },
    { stage: 'spam', reached: 0 },
  ],
  closed: [
    { stage: 'became-a-client', count: 3 },
    { stage: 'spam', count: 2 },
  ],
};
const before: InquiryReport = {
  ...now,
  count: 8,
  answered: 5,
  firstReply: reply(null, 0),
  byOwner: [],
  bySource: [{ source: 'google', count: 8, answered: 5, medianMinutes: 300, withinPromise: 4, converted: 0 }],
  byHeardAbout: [],
  funnel: [
    { stage: 'new', reached: 8 },
    { stage: 'contacted', reached: 5 },
    { stage: 'became-a-client', reached: 0 },
    { stage: 'spam', reached: 0 },
  ],
  closed: [],
};
const period = customPeriod('2026-11-23', '2026-11-27')!;

const table = (id: string) => inquiryTables({ now, before }, names).find((t) => t.id === id)!;

describe('the inquiries tables', () => {
  it('match each source across both periods, this period’s first, with conversion as a share of the source’s inquiries', () => {
    const bySource = table('inquiries-by-source');
    expect(bySource.rows.map((row) => row.label)).toEqual(['newsletter', '=cmd|calc', 'Not recorded', 'google']);
    expect(bySource.rows[0]!.now).toEqual([4, 1, 25, 12.5]);
    // A source only the previous period had: 0 now, nothing to measure.
    expect(bySource.rows[3]!.now).toEqual([0, 0, null, null]);
    expect(bySource.rows[3]!.before).toEqual([8, 0, 0, 300]);
  });

  it('name owners from the staff list, leave spam out of the funnel and keep it among the closed reasons', () => {
    expect(table('inquiries-by-owner').rows.map((row) => row.label)).toEqual(['Dana Reyes', 'Nobody yet']);
    expect(table('inquiries-funnel').rows.map((row) => [row.label, row.now[0], row.now[1]])).toEqual([
      ['New', 12, 100],
      ['Contacted', 9, 75],
      ['Became a client', 3, 25],
    ]);
    expect(table('inquiries-closed').rows.map((row) => [row.label, row.now[0], row.before[0]])).toEqual([
      ['Became a client', 3, 0],
      ['Spam', 2, 0],
    ]);
  });

  it('count the answered in time as a share of every inquiry received, and the conversions in the summary', () => {
    const inTime = table('inquiries-in-time');
    expect(inTime.rows.map((row) => row.label)).toEqual(['Within 15 minutes', 'Within 1 hour', 'Within 24 hours (the Overdue limit)']);
    expect(inTime.rows[0]!.now).toEqual([3, 25]);
    expect(inTime.rows[0]!.before).toEqual([0, 0]);
    expect(table('inquiries-summary').rows.map((row) => [row.label, row.now[0], row.before[0]])).toEqual([
      ['Received', 12, 8],
      ['Answered', 10, 5],
      ['Became clients', 3, 0],
    ]);
  });

  it('say each cell in words, this period and the previous one', () => {
    expect(cellText(12, 8, 'count')).toBe('12 (8 before)');
    expect(cellText(95, null, 'minutes')).toBe('1 h 35 min (none before)');
    expect(cellText(25, 0, 'percent')).toBe('25% (0% before)');
    expect(cellText(1, 2.25, 'days')).toBe('1 day (2.3 days before)');
    expect([0.4, 12.5, 60, 125, 47 * 60 + 59, 50 * 60].map(formatMinutes)).toEqual(['under 1 min', '13 min', '1 h', '2 h 5 min', '47 h 59 min', '2 days 2 h']);
  });
});

describe('a table as CSV', () => {
  it('has a header naming both periods’ days and units, one line a row, plain numbers, and a formula turned into text', () => {
    const csv = tableCsv(table('inquiries-by-source'), period);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      [
        'Source',
        '"Inquiries, 2026-11-23 to 2026-11-27"',
        '"Inquiries, 2026-11-18 to 2026-11-22"',
        '"Became clients, 2026-11-23 to 2026-11-27"',
        '"Became clients, 2026-11-18 to 2026-11-22"',
        '"Conversion (%), 2026-11-23 to 2026-11-27"',
        '"Conversion (%), 2026-11-18 to 2026-11-22"',
        '"Median first reply (minutes), 2026-11-23 to 2026-11-27"',
        '"Median first reply (minutes), 2026-11-18 to 2026-11-22"',
      ].join(','),
    );
    expect(lines.slice(1)).toEqual(['newsletter,4,0,1,0,25,,12.5,', "'=cmd|calc,1,0,0,0,0,,,", 'Not recorded,7,0,2,0,28.6,,200,', 'google,0,8,0,0,,0,,300', '']);
  });

  it('is named after the table and the period’s days', () => {
    expect(tableFileName(table('inquiries-by-source'), period)).toBe('report-inquiries-by-source-2026-11-23_2026-11-27.csv');
  });
});

describe('the applications tables', () => {
  const application: ApplicationReport = {
    count: 6,
    answered: 5,
    firstContact: reply(30, 2),
    byPosition: [{ position: 'cna', count: 4, hired: 1 }],
    bySource: [{ source: 'indeed.com', count: 6, hired: 1 }],
    byHeardAbout: [{ heardAbout: null, count: 6, hired: 1 }],
    timeToHire: { count: 1, medianDays: 9.5, p90Days: 9.5 },
    funnel: [
      { stage: 'new', reached: 6 },
      { stage: 'hired', reached: 1 },
    ],
    closed: [
      { stage: 'no-show', count: 2 },
      { stage: 'hired', count: 1 },
    ],
  };
  const tables = applicationTables({ now: application, before: { ...application, count: 0, answered: 0, byPosition: [], bySource: [], byHeardAbout: [], timeToHire: { count: 0, medianDays: null, p90Days: null }, closed: [] } }, names);

  it('give positions by their labels, the time to hire in days, and no-shows among the closed reasons', () => {
    expect(tables.map((t) => t.id)).toEqual([
      'applications-summary',
      'applications-by-position',
      'applications-by-source',
      'applications-by-heard-about',
      'applications-first-contact',
      'applications-in-time',
      'applications-time-to-hire',
      'applications-funnel',
      'applications-closed',
    ]);
    const byId = Object.fromEntries(tables.map((t) => [t.id, t]));
    expect(byId['applications-by-position']!.rows[0]!.label).toBe('position:cna');
    expect(byId['applications-by-heard-about']!.rows[0]!.label).toBe('Not given');
    expect(byId['applications-time-to-hire']!.rows[0]).toMatchObject({ now: [1, 9.5, 9.5], before: [0, null, null] });
    expect(byId['applications-closed']!.rows.map((row) => [row.label, row.now[0]])).toEqual([
      ['No-show', 2],
      ['Hired', 1],
    ]);
    expect(tableCsv(byId['applications-time-to-hire']!, period).split('\r\n')[1]).toBe('Applications hired,1,0,9.5,,9.5,');
  });
});

/**
 * Issue 39, item 6 (review): a source is what a visitor typed as utm_source (leadOrigin.ts sourceOf: lowercased, cut
 * at 100 characters), so each report that groups by it writes an attacker's text into a spreadsheet.
 */
describe('a source written to attack the report and its CSV', () => {
  const ATTACKS = ['=hyperlink("http://evil.example","click")', '+1+cmd|\' /c calc\'!a0', '-2+3', '@sum(1+1)*cmd|\' /c calc\'!a0', '\uFF1D1+1', '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)'];
  const inquiries: InquiryReport = { ...now, bySource: ATTACKS.map((source) => ({ source, count: 1, answered: 1, medianMinutes: 5, withinPromise: 1, converted: 0 })) };
  const applications: ApplicationReport = {
    count: ATTACKS.length,
    answered: 0,
    firstContact: reply(null, 0),
    byPosition: [],
    bySource: ATTACKS.map((source) => ({ source, count: 1, hired: 0 })),
    byHeardAbout: [],
    timeToHire: { count: 0, medianDays: null, p90Days: null },
    funnel: [],
    closed: [],
  };
  const bySource = [
    inquiryTables({ now: inquiries, before: inquiries }, names).find((t) => t.id === 'inquiries-by-source')!,
    applicationTables({ now: applications, before: applications }, names).find((t) => t.id === 'applications-by-source')!,
  ];

  it.each(bySource.map((t) => [t.id, t] as const))('%s labels each row with the source as typed, text for the page to escape', (_id, t) => {
    expect(t.rows.map((row) => row.label)).toEqual(ATTACKS);
  });

  it.each(bySource.map((t) => [t.id, t] as const))('%s as CSV: a spreadsheet reads each source back as text, never a formula', (_id, t) => {
    const csv = tableCsv(t, period);
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const labels = parsed.data.slice(1).map((row) => row[0]!);
    // What starts a formula (= + - @ and the full-width =) is made text by a leading apostrophe; the rest is as typed.
    expect(labels).toEqual(ATTACKS.map((source) => (/^[=+\-@\uFF1D]/.test(source) ? `'${source}` : source)));
    for (const label of labels) expect(label, label).not.toMatch(/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/);
    // One record a source: a quote or comma in one never spills into another cell.
    expect(parsed.data.slice(1).every((row) => row.length === 1 + 2 * t.metrics.length)).toBe(true);
  });
});
