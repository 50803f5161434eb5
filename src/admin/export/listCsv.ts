/**
 * A list of records as CSV (csv.ts): the records the list shows, every page of them, with its filters and search,
 * in the list's order. The columns are what the list and the dialog show, as staff read them: labels rather than
 * codes (the job's title, the form's choices, the stage's label, the owner's name), times as the office's clock
 * showed them ('2026-11-27 14:05', the header saying "New York time": format.ts officeTime), yes or no, where the
 * request came from (source, campaign, how they heard of us: as the record dialog shows them, origin.ts), and the
 * time to the first reply in the list's words ('4 min': format.ts formatDuration). Left out: the long texts (a cover letter, a message) and the resume file, which stay in the dashboard;
 * the per-record export ("what we hold", recordJson.ts) has everything. Pure functions: the labels and stages are
 * the ones the page was given (labels.ts, workflow/stages.ts).
 */
import type { RecordList } from '../../database.ts';
import type { ApplicationSummary } from '../applications.ts';
import type { InquirySummary } from '../inquiries.ts';
import { formatDuration, OFFICE_TIME_ZONE, officeTime } from '../format.ts';
import { labelOf } from '../labels.ts';
import { AGES, type Filters } from '../workflow/filters.ts';
import { stageLabel } from '../workflow/stages.ts';
import { toCsv } from './csv.ts';

export interface ExportNames {
  /** A staff member's display name by id ('A former staff member' when unknown). */
  staffName: (id: string) => string;
}

type Column<T> = readonly [header: string, value: (row: T, names: ExportNames) => string];

/** A stored time in ISO 8601, UTC ('2026-11-20T14:03:22.123Z'); as stored when it is no date JavaScript can read; '' for none. */
export function isoDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Said in each time column's header: the times are the office's wall clock, standard or daylight time as it was. */
export const ZONE_WORDS = 'New York time';
const timeHeader = (what: string) => `${what} (${ZONE_WORDS})`;

/** Where the record stands: the same columns for both lists. */
function workflowColumns<T extends ApplicationSummary | InquirySummary>(list: RecordList): Array<Column<T>> {
  const reply = list === 'inquiries' ? 'First reply' : 'First contact';
  return [
    ['Stage', (row) => stageLabel(list, row.stage)],
    [timeHeader('Stage since'), (row) => officeTime(row.stage_changed_at)],
    ['Owner', (row, names) => (row.owner === null ? '' : names.staffName(row.owner))],
    [timeHeader(reply), (row) => officeTime(row.first_reply_at)],
    [`Time to ${reply.toLowerCase()}`, (row) => (row.first_reply_at ? formatDuration(row.created_at, Date.parse(row.first_reply_at)) : '')],
    ['Suspected spam (why)', (row) => row.spam_reason ?? ''],
    ['Record ID', (row) => row.id],
  ];
}

/**
 * Where the request came from, as the record dialog shows it (origin.ts): the source (leadOrigin.ts sourceOf), the
 * site that sent the visitor, the campaign and its medium, the answer to "How did you hear about us?" and the page
 * the visit began on. Empty cells for what is not known (records stored before sources were kept have none).
 */
function originColumns<T extends ApplicationSummary | InquirySummary>(heardAbout: 'inquiryHeardAbout' | 'applicationHeardAbout'): Array<Column<T>> {
  return [
    ['Source', (row) => row.source ?? ''],
    ['Came from (site)', (row) => row.referrer_host ?? ''],
    ['Campaign', (row) => row.utm_campaign ?? ''],
    ['Campaign medium', (row) => row.utm_medium ?? ''],
    ['How they heard of us', (row) => (row.heard_about ? labelOf(heardAbout, row.heard_about) : '')],
    ['Landing page', (row) => row.landing_page ?? ''],
  ];
}

export const APPLICATION_CSV_COLUMNS: ReadonlyArray<Column<ApplicationSummary>> = [
  [timeHeader('Submitted'), (row) => officeTime(row.created_at)],
  ['First name', (row) => row.first_name],
  ['Last name', (row) => row.last_name],
  ['Email', (row) => row.email],
  ['Phone', (row) => row.phone],
  ['Position', (row) => labelOf('position', row.position)],
  ['Experience', (row) => labelOf('experience', row.experience)],
  ['Availability', (row) => labelOf('availability', row.availability)],
  ['Transportation', (row) => yesNo(row.has_transportation)],
  ["Driver's license", (row) => yesNo(row.has_license)],
  ['Resume', (row) => yesNo(row.resume_url !== null)],
  ...originColumns<ApplicationSummary>('applicationHeardAbout'),
  ...workflowColumns<ApplicationSummary>('applications'),
];

export const INQUIRY_CSV_COLUMNS: ReadonlyArray<Column<InquirySummary>> = [
  [timeHeader('Sent'), (row) => officeTime(row.created_at)],
  ['Name', (row) => row.name],
  ['Email', (row) => row.email],
  ['Phone', (row) => row.phone],
  ['Who needs care', (row) => labelOf('careFor', row.care_for)],
  ['Town', (row) => row.town],
  ['Services', (row) => row.services.map((code) => labelOf('service', code)).join('; ')],
  ['Best time to call', (row) => (row.call_time ? labelOf('callTime', row.call_time) : 'Any time')],
  ['Sent from page', (row) => row.page],
  [timeHeader('Consent to store health details given'), (row) => officeTime(row.consented_at)],
  ['Consent wording (version)', (row) => row.consent_version ?? ''],
  ...originColumns<InquirySummary>('inquiryHeardAbout'),
  ...workflowColumns<InquirySummary>('inquiries'),
];

function csvOf<T>(columns: ReadonlyArray<Column<T>>, rows: readonly T[], names: ExportNames): string {
  return toCsv(
    columns.map(([header]) => header),
    rows.map((row) => columns.map(([, value]) => value(row, names))),
  );
}

export const applicationsCsv = (rows: readonly ApplicationSummary[], names: ExportNames) => csvOf(APPLICATION_CSV_COLUMNS, rows, names);
export const inquiriesCsv = (rows: readonly InquirySummary[], names: ExportNames) => csvOf(INQUIRY_CSV_COLUMNS, rows, names);

/** The CSV of either list, from the rows the list holds (its summaries: every column but the long text). */
export function listCsv(list: RecordList, rows: readonly unknown[], names: ExportNames): string {
  return list === 'applications' ? applicationsCsv(rows as ApplicationSummary[], names) : inquiriesCsv(rows as InquirySummary[], names);
}

/**
 * The list's filters in words, for the export's record (public.record_exports): stage, owner, age, overdue, and
 * the search as its length only. A search is often a person's name, and the record of an export outlives the records.
 */
export function filterDescription(list: RecordList, filters: Filters, search: string, names: ExportNames & { me: string }): string {
  const stage = filters.stage === 'open' ? 'Open' : filters.stage === 'all' ? 'All' : stageLabel(list, filters.stage.code);
  const owner =
    filters.owner === 'anyone' ? 'Anyone' : filters.owner === 'mine' ? `Mine (${names.staffName(names.me)})` : filters.owner === 'nobody' ? 'Nobody yet' : names.staffName(filters.owner.staff);
  const age = AGES.find(([value]) => value === filters.age)?.[1] ?? filters.age;
  const length = search.trim().length;
  const overdue = filters.overdue ? '; Only overdue' : '';
  const source = filters.source === 'any' ? '' : `; Source: ${filters.source.source}`;
  return `Stage: ${stage}; Owner: ${owner}; Age: ${age}${source}${overdue}; Search: ${length ? `${length} character${length === 1 ? '' : 's'}` : 'none'}`;
}

/** 'applications-2026-11-26.csv': the list and the day (the agency's), never a name. */
export function csvFileName(list: RecordList, now = new Date()): string {
  return `${list}-${dayOf(now)}.csv`;
}

/** The day in the agency's time zone, as YYYY-MM-DD. */
export function dayOf(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: OFFICE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}
