/**
 * The reports as tables: each section of the Reports view is one table (rows, and for each column this period's
 * value and the previous period's), drawn as a small chart and shown as a real table beside it, and downloadable
 * as CSV (csv.ts: safe for spreadsheets). Pure functions: the names (staff, stages, form choices) are given.
 */
import type { CodeKind } from '../../adminPage.ts';
import type { RecordList } from '../../database.ts';
import { toCsv } from '../export/csv.ts';
import { formatMinutes } from '../format.ts';
import { dayText, rangeSlug, type Range } from './periods.ts';
import type { ApplicationReport, Compared, FirstReply, InquiryReport, Reports } from './reportData.ts';

export type Unit = 'count' | 'minutes' | 'percent' | 'days';

export interface Metric {
  header: string;
  unit: Unit;
}

export interface TableRow {
  key: string;
  label: string;
  /** One value a metric, this period and the one before; null when there was nothing to measure. */
  now: Array<number | null>;
  before: Array<number | null>;
}

export interface ReportTable {
  /** For the file name and the page's ids: 'inquiries-by-source'. */
  id: string;
  title: string;
  rowHeader: string;
  metrics: Metric[];
  rows: TableRow[];
  /** The metric the chart draws. */
  chartMetric: number;
}

export interface ReportNames {
  /** A staff member's name by id; null is nobody. */
  staffName: (id: string | null) => string;
  stageLabel: (list: RecordList, code: string) => string;
  label: (kind: CodeKind, code: string) => string;
  spamStage: (list: RecordList) => string;
}

type Values = Array<number | null>;

/** The rows of both periods, matched by key: this period's order first, then rows only the previous one had. */
function merge<T>(pair: Compared<T[]>, key: (item: T) => string, values: (item: T | undefined) => Values): Array<{ key: string; now: Values; before: Values }> {
  // A list the database left empty may come as null (jsonb_agg of no rows).
  const before = new Map((pair.before ?? []).map((item) => [key(item), item]));
  const now = new Map((pair.now ?? []).map((item) => [key(item), item]));
  const keys = [...now.keys(), ...[...before.keys()].filter((k) => !now.has(k))];
  return keys.map((k) => ({ key: k, now: values(now.get(k)), before: values(before.get(k)) }));
}

/** Part of the whole as a percentage; null when there is no whole. */
export const share = (part: number, whole: number): number | null => (whole > 0 ? (part / whole) * 100 : null);

const NONE_KEY = '(none)';
const keyOf = (value: string | null) => value ?? NONE_KEY;

function firstReplyTables(list: RecordList, pair: Compared<FirstReply>, counts: Compared<number>, noun: string, answered: string): ReportTable[] {
  const { now, before } = pair;
  return [
    {
      id: `${list}-${list === 'inquiries' ? 'first-reply' : 'first-contact'}`,
      title: list === 'inquiries' ? 'Time to first reply' : 'Time to first contact',
      rowHeader: 'Counted in',
      metrics: [
        { header: 'Median', unit: 'minutes' },
        { header: '90th percentile', unit: 'minutes' },
      ],
      rows: [
        { key: 'wall-clock', label: 'Wall-clock time', now: [now.medianMinutes, now.p90Minutes], before: [before.medianMinutes, before.p90Minutes] },
        { key: 'office-hours', label: 'Office hours only', now: [now.officeMedianMinutes, now.officeP90Minutes], before: [before.officeMedianMinutes, before.officeP90Minutes] },
      ],
      chartMetric: 0,
    },
    {
      id: `${list}-in-time`,
      title: `${answered} in time`,
      rowHeader: `${answered}`,
      metrics: [
        { header: noun, unit: 'count' },
        { header: 'Share of all received', unit: 'percent' },
      ],
      rows: (
        [
          ['within-15', 'Within 15 minutes', 'within15'],
          ['within-60', 'Within 1 hour', 'within60'],
          ['within-promise', `Within ${now.promiseHours} hours (the Overdue limit)`, 'withinPromise'],
        ] as const
      ).map(([key, label, field]) => ({
        key,
        label,
        now: [now[field], share(now[field], counts.now)],
        before: [before[field], share(before[field], counts.before)],
      })),
      chartMetric: 1,
    },
  ];
}

function funnelTable(list: RecordList, pair: Compared<ReportTableSource['funnel']>, counts: Compared<number>, names: ReportNames): ReportTable {
  const spam = names.spamStage(list);
  return {
    id: `${list}-funnel`,
    title: 'Stages reached',
    rowHeader: 'Stage',
    metrics: [
      { header: 'Reached', unit: 'count' },
      { header: 'Share of all received', unit: 'percent' },
    ],
    // Spam is left out of every count but the closed reasons: its row would always be 0.
    rows: merge(pair, (item) => item.stage, (item) => [item?.reached ?? 0, null])
      .filter((row) => row.key !== spam)
      .map((row) => ({
        key: row.key,
        label: names.stageLabel(list, row.key),
        now: [row.now[0]!, share(row.now[0]!, counts.now)],
        before: [row.before[0]!, share(row.before[0]!, counts.before)],
      })),
    chartMetric: 0,
  };
}

function closedTable(list: RecordList, pair: Compared<ReportTableSource['closed']>, names: ReportNames): ReportTable {
  return {
    id: `${list}-closed`,
    title: 'Closed reasons',
    rowHeader: 'Closed as',
    metrics: [{ header: list === 'inquiries' ? 'Inquiries' : 'Applications', unit: 'count' }],
    rows: merge(pair, (item) => item.stage, (item) => [item?.count ?? 0]).map((row) => ({ ...row, label: names.stageLabel(list, row.key) })),
    chartMetric: 0,
  };
}

type ReportTableSource = Pick<InquiryReport, 'funnel' | 'closed'>;

const pick = <T, K extends keyof T>(pair: Compared<T>, key: K): Compared<T[K]> => ({ now: pair.now[key], before: pair.before[key] });
const sum = (items: ReadonlyArray<Record<string, unknown>>, field: string) => items.reduce((total, item) => total + Number(item[field] ?? 0), 0);

export function inquiryTables(pair: Compared<InquiryReport>, names: ReportNames): ReportTable[] {
  const counts = pick(pair, 'count');
  const sourceLabel = (key: string) => (key === NONE_KEY ? 'Not recorded' : key);
  return [
    {
      id: 'inquiries-summary',
      title: 'Inquiries received',
      rowHeader: 'Inquiries',
      metrics: [{ header: 'Count', unit: 'count' }],
      rows: [
        { key: 'received', label: 'Received', now: [pair.now.count], before: [pair.before.count] },
        { key: 'answered', label: 'Answered', now: [pair.now.answered], before: [pair.before.answered] },
        { key: 'converted', label: 'Became clients', now: [sum(pair.now.bySource, 'converted')], before: [sum(pair.before.bySource, 'converted')] },
      ],
      chartMetric: 0,
    },
    ...firstReplyTables('inquiries', pick(pair, 'firstReply'), counts, 'Inquiries', 'Answered'),
    {
      id: 'inquiries-by-owner',
      title: 'By owner',
      rowHeader: 'Owner',
      metrics: [
        { header: 'Inquiries', unit: 'count' },
        { header: 'Answered', unit: 'count' },
        { header: 'Median first reply', unit: 'minutes' },
        { header: 'Within the promise', unit: 'count' },
      ],
      rows: merge(pick(pair, 'byOwner'), (item) => keyOf(item.owner), (item) => [item?.count ?? 0, item?.answered ?? 0, item?.medianMinutes ?? null, item?.withinPromise ?? 0]).map((row) => ({
        ...row,
        label: names.staffName(row.key === NONE_KEY ? null : row.key),
      })),
      chartMetric: 0,
    },
    {
      id: 'inquiries-by-source',
      title: 'By source, and conversion to client',
      rowHeader: 'Source',
      metrics: [
        { header: 'Inquiries', unit: 'count' },
        { header: 'Became clients', unit: 'count' },
        { header: 'Conversion', unit: 'percent' },
        { header: 'Median first reply', unit: 'minutes' },
      ],
      rows: merge(pick(pair, 'bySource'), (item) => keyOf(item.source), (item) => [item?.count ?? 0, item?.converted ?? 0, item ? share(item.converted, item.count) : null, item?.medianMinutes ?? null]).map(
        (row) => ({ ...row, label: sourceLabel(row.key) }),
      ),
      chartMetric: 0,
    },
    {
      id: 'inquiries-by-heard-about',
      title: 'How they heard about us',
      rowHeader: 'Answer',
      metrics: [
        { header: 'Inquiries', unit: 'count' },
        { header: 'Became clients', unit: 'count' },
        { header: 'Conversion', unit: 'percent' },
      ],
      rows: merge(pick(pair, 'byHeardAbout'), (item) => keyOf(item.heardAbout), (item) => [item?.count ?? 0, item?.converted ?? 0, item ? share(item.converted, item.count) : null]).map((row) => ({
        ...row,
        label: row.key === NONE_KEY ? 'Not given' : names.label('inquiryHeardAbout', row.key),
      })),
      chartMetric: 0,
    },
    funnelTable('inquiries', pick(pair, 'funnel'), counts, names),
    closedTable('inquiries', pick(pair, 'closed'), names),
  ];
}

export function applicationTables(pair: Compared<ApplicationReport>, names: ReportNames): ReportTable[] {
  const counts = pick(pair, 'count');
  const hire = pick(pair, 'timeToHire');
  return [
    {
      id: 'applications-summary',
      title: 'Applications received',
      rowHeader: 'Applications',
      metrics: [{ header: 'Count', unit: 'count' }],
      rows: [
        { key: 'received', label: 'Received', now: [pair.now.count], before: [pair.before.count] },
        { key: 'contacted', label: 'Contacted', now: [pair.now.answered], before: [pair.before.answered] },
        { key: 'hired', label: 'Hired', now: [hire.now.count], before: [hire.before.count] },
      ],
      chartMetric: 0,
    },
    {
      id: 'applications-by-position',
      title: 'By position',
      rowHeader: 'Position',
      metrics: [
        { header: 'Applications', unit: 'count' },
        { header: 'Hired', unit: 'count' },
      ],
      rows: merge(pick(pair, 'byPosition'), (item) => keyOf(item.position), (item) => [item?.count ?? 0, item?.hired ?? 0]).map((row) => ({
        ...row,
        label: row.key === NONE_KEY ? 'Not given' : names.label('position', row.key),
      })),
      chartMetric: 0,
    },
    {
      id: 'applications-by-source',
      title: 'By source',
      rowHeader: 'Source',
      metrics: [
        { header: 'Applications', unit: 'count' },
        { header: 'Hired', unit: 'count' },
        { header: 'Hire rate', unit: 'percent' },
      ],
      rows: merge(pick(pair, 'bySource'), (item) => keyOf(item.source), (item) => [item?.count ?? 0, item?.hired ?? 0, item ? share(item.hired, item.count) : null]).map((row) => ({
        ...row,
        label: row.key === NONE_KEY ? 'Not recorded' : row.key,
      })),
      chartMetric: 0,
    },
    {
      id: 'applications-by-heard-about',
      title: 'How they heard about us',
      rowHeader: 'Answer',
      metrics: [
        { header: 'Applications', unit: 'count' },
        { header: 'Hired', unit: 'count' },
      ],
      rows: merge(pick(pair, 'byHeardAbout'), (item) => keyOf(item.heardAbout), (item) => [item?.count ?? 0, item?.hired ?? 0]).map((row) => ({
        ...row,
        label: row.key === NONE_KEY ? 'Not given' : names.label('applicationHeardAbout', row.key),
      })),
      chartMetric: 0,
    },
    ...firstReplyTables('applications', pick(pair, 'firstContact'), counts, 'Applications', 'Contacted'),
    {
      id: 'applications-time-to-hire',
      title: 'Time to hire',
      rowHeader: 'From application to Hired',
      metrics: [
        { header: 'Hired', unit: 'count' },
        { header: 'Median', unit: 'days' },
        { header: '90th percentile', unit: 'days' },
      ],
      rows: [{ key: 'time-to-hire', label: 'Applications hired', now: [hire.now.count, hire.now.medianDays, hire.now.p90Days], before: [hire.before.count, hire.before.medianDays, hire.before.p90Days] }],
      chartMetric: 1,
    },
    funnelTable('applications', pick(pair, 'funnel'), counts, names),
    closedTable('applications', pick(pair, 'closed'), names),
  ];
}

export function reportTables(reports: Reports, names: ReportNames): { inquiries: ReportTable[]; applications: ReportTable[] } {
  return { inquiries: inquiryTables(reports.inquiries, names), applications: applicationTables(reports.applications, names) };
}

/** Minutes in words: the one formatter of every view (format.ts), here for the tables and their tests. */
export { formatMinutes };

/** A value as the page shows it; 'none' when there was nothing to measure. */
export function formatValue(value: number | null, unit: Unit): string {
  if (value === null || !Number.isFinite(value)) return 'none';
  if (unit === 'count') return value.toLocaleString('en-US');
  if (unit === 'minutes') return formatMinutes(value);
  if (unit === 'percent') return `${Math.round(value)}%`;
  const days = Math.round(value * 10) / 10;
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** A cell in words, this period's value and the one before: ['12', '(8 before)']. */
export function cellParts(now: number | null, before: number | null, unit: Unit): [string, string] {
  return [formatValue(now, unit), `(${formatValue(before, unit)} before)`];
}

/** A cell as read: '12 (8 before)'. */
export const cellText = (now: number | null, before: number | null, unit: Unit): string => cellParts(now, before, unit).join(' ');

const UNIT_WORDS: Record<Unit, string> = { count: '', minutes: ' (minutes)', percent: ' (%)', days: ' (days)' };

/** A value for a spreadsheet: a plain number (minutes, per cent and days to one decimal), '' for none. */
function csvValue(value: number | null, unit: Unit): string {
  if (value === null || !Number.isFinite(value)) return '';
  return unit === 'count' ? String(value) : String(Math.round(value * 10) / 10);
}

/** The days a range covers, for a header: '2026-11-23 to 2026-11-27'. */
function rangeDays(range: Range): string {
  const last = new Date(Math.max(range.from.getTime(), range.to.getTime() - 1));
  return `${dayText(range.from)} to ${dayText(last)}`;
}

/**
 * A table as CSV: its row header, then each metric twice, this period's and the previous period's, each header
 * naming its days (America/New_York) and its unit.
 */
export function tableCsv(table: ReportTable, period: Range & { previous: Range }): string {
  const header = [
    table.rowHeader,
    ...table.metrics.flatMap((metric) => [`${metric.header}${UNIT_WORDS[metric.unit]}, ${rangeDays(period)}`, `${metric.header}${UNIT_WORDS[metric.unit]}, ${rangeDays(period.previous)}`]),
  ];
  const rows = table.rows.map((row) => [row.label, ...table.metrics.flatMap((metric, i) => [csvValue(row.now[i] ?? null, metric.unit), csvValue(row.before[i] ?? null, metric.unit)])]);
  return toCsv(header, rows);
}

/** 'report-inquiries-by-source-2026-11-23_2026-11-27.csv': the table and the period's days, never a name. */
export function tableFileName(table: ReportTable, period: Range): string {
  return `report-${table.id}-${rangeSlug(period)}.csv`;
}
