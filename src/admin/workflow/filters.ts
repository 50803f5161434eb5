/**
 * The list's filters beside the search: by stage ('open', the default, is every stage not closed), by owner
 * ('mine', 'nobody', or a colleague), by age and by source (where the request came from: leadOrigin.ts). Pure and linear in the rows, so a keystroke stays fast at
 * 10,000 records; the counts per stage are taken over the rows the other filters keep, so each stage's count
 * is what choosing it shows.
 */
import type { RecordList, WorkflowColumns } from '../../database.ts';
import { isOverdue } from './overdue.ts';
import { isClosed } from './stages.ts';

export type StageFilter = 'open' | 'all' | { code: string };
export type OwnerFilter = 'anyone' | 'mine' | 'nobody' | { staff: string };
export type AgeFilter = 'any' | 'day' | 'week' | 'month' | 'older';
/** Any source, or one of the sources the rows have ('newsletter', 'google-ads', 'facebook.com', 'direct'). */
export type SourceFilter = 'any' | { source: string };

export interface Filters {
  stage: StageFilter;
  owner: OwnerFilter;
  age: AgeFilter;
  source: SourceFilter;
  /** Only the inquiries past the reply promise that nobody has answered (overdue.ts); the digest's link sets it. */
  overdue: boolean;
}

export const DEFAULT_FILTERS: Filters = { stage: 'open', owner: 'anyone', age: 'any', source: 'any', overdue: false };

export const AGES: ReadonlyArray<readonly [AgeFilter, string]> = [
  ['any', 'Any age'],
  ['day', 'Last 24 hours'],
  ['week', 'Last 7 days'],
  ['month', 'Last 30 days'],
  ['older', 'Older than 30 days'],
];

const DAY = 86_400_000;

type Filterable = Pick<WorkflowColumns, 'stage' | 'owner'> & { created_at: string; source?: string | null | undefined };

/** The sources the rows have, in alphabetical order: the source filter's choices (rows stored before sources were kept have none). */
export function sourcesOf(rows: ReadonlyArray<{ source?: string | null | undefined }>): string[] {
  const found = new Set<string>();
  for (const row of rows) if (row.source) found.add(row.source);
  return [...found].sort((a, b) => a.localeCompare(b, 'en'));
}

function keepsAge(age: AgeFilter, createdAt: string, now: number): boolean {
  if (age === 'any') return true;
  const old = now - Date.parse(createdAt);
  if (age === 'older') return old > 30 * DAY;
  return old <= (age === 'day' ? 1 : age === 'week' ? 7 : 30) * DAY;
}

function keepsOwner(owner: OwnerFilter, value: string | null, me: string): boolean {
  if (owner === 'anyone') return true;
  if (owner === 'mine') return value === me;
  if (owner === 'nobody') return value === null;
  return value === owner.staff;
}

export function keepsStage(list: RecordList, stage: StageFilter, code: string): boolean {
  if (stage === 'all') return true;
  if (stage === 'open') return !isClosed(list, code);
  return code === stage.code;
}

/** The rows the filters keep, and the count per stage of the rows kept by every filter but the stage's. */
export function filterRows<T extends Filterable>(rows: readonly T[], list: RecordList, filters: Filters, me: string, now = Date.now()): { rows: T[]; byStage: Map<string, number> } {
  const byStage = new Map<string, number>();
  const kept: T[] = [];
  for (const row of rows) {
    if (!keepsOwner(filters.owner, row.owner, me) || !keepsAge(filters.age, row.created_at, now)) continue;
    if (filters.source !== 'any' && row.source !== filters.source.source) continue;
    if (filters.overdue && !(list === 'inquiries' && isOverdue(row, now))) continue;
    byStage.set(row.stage, (byStage.get(row.stage) ?? 0) + 1);
    if (keepsStage(list, filters.stage, row.stage)) kept.push(row);
  }
  return { rows: kept, byStage };
}
