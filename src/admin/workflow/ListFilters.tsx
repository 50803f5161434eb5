/**
 * The list's filters: a button per stage with its count (Open first, the default; All last), and the owner,
 * age and source choices (the sources the list's records have). Buttons say whether they are chosen (aria-pressed), so a screen reader hears the filter in force.
 */
import { css } from '@emotion/react';
import type { RecordList, StaffMember } from '../../database.ts';
import { color, layout } from '../../theme.ts';
import { AGES, keepsStage, type AgeFilter, type Filters, type OwnerFilter, type SourceFilter, type StageFilter } from './filters.ts';
import { stagesOf } from './stages.ts';

interface Props {
  list: RecordList;
  filters: Filters;
  onChange: (filters: Filters) => void;
  /** Rows per stage code, over the rows the owner and age filters keep. */
  byStage: ReadonlyMap<string, number>;
  staff: readonly StaffMember[];
  /** The sources the list's records have (filters.ts sourcesOf). */
  sources: readonly string[];
  /** 'applications' or 'inquiries', for the group's name. */
  noun: string;
}

const sameStage = (a: StageFilter, b: StageFilter) => (typeof a === 'string' || typeof b === 'string' ? a === b : a.code === b.code);

function ownerValue(owner: OwnerFilter): string {
  return typeof owner === 'string' ? owner : `staff:${owner.staff}`;
}

function ownerFrom(value: string): OwnerFilter {
  return value.startsWith('staff:') ? { staff: value.slice(6) } : (value as OwnerFilter);
}

const sourceValue = (source: SourceFilter) => (source === 'any' ? 'any' : `source:${source.source}`);
const sourceFrom = (value: string): SourceFilter => (value.startsWith('source:') ? { source: value.slice(7) } : 'any');

export function ListFilters({ list, filters, onChange, byStage, staff, sources, noun }: Props) {
  const count = (stage: StageFilter) => {
    let total = 0;
    for (const [code, n] of byStage) if (keepsStage(list, stage, code)) total += n;
    return total;
  };
  const choices: Array<[StageFilter, string]> = [['open', 'Open'], ...stagesOf(list).map((stage): [StageFilter, string] => [{ code: stage.code }, stage.label]), ['all', 'All']];
  return (
    <div css={style}>
      <div role="group" aria-label={`Show ${noun} by stage`} className="stages">
        {choices.map(([stage, label]) => {
          const meaning = typeof stage === 'string' ? undefined : stagesOf(list).find((s) => s.code === stage.code)?.meaning;
          return (
            <button
              key={typeof stage === 'string' ? stage : stage.code}
              type="button"
              className="stage"
              aria-pressed={sameStage(filters.stage, stage)}
              title={meaning}
              onClick={() => onChange({ ...filters, stage })}
            >
              {label} <span className="count">{count(stage)}</span>
            </button>
          );
        })}
      </div>
      <div className="selects">
        <label>
          Owner
          <select value={ownerValue(filters.owner)} onChange={(event) => onChange({ ...filters, owner: ownerFrom(event.target.value) })}>
            <option value="anyone">Anyone</option>
            <option value="mine">Mine</option>
            <option value="nobody">Nobody yet</option>
            {staff.map((member) => (
              <option key={member.user_id} value={`staff:${member.user_id}`}>
                {member.display_name}
                {member.active ? '' : ' (former staff)'}
              </option>
            ))}
          </select>
        </label>
        <label>
          Age
          <select value={filters.age} onChange={(event) => onChange({ ...filters, age: event.target.value as AgeFilter })}>
            {AGES.map(([age, label]) => (
              <option key={age} value={age}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Source
          <select value={sourceValue(filters.source)} onChange={(event) => onChange({ ...filters, source: sourceFrom(event.target.value) })}>
            <option value="any">Any source</option>
            {/* The chosen source stays offered even when no record has it any more (one was erased). */}
            {[...new Set([...sources, ...(filters.source === 'any' ? [] : [filters.source.source])])].map((source) => (
              <option key={source} value={`source:${source}`}>
                {source}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}

const style = css`
  display: grid; gap: 0.75rem; margin-bottom: 1.25rem;
  .stages { display: flex; flex-wrap: wrap; gap: 0.5rem; }
  .stage { min-height: ${layout.tap}; padding: 0 0.9rem; border-radius: 999px; border: 2px solid ${color.brand}; background: ${color.white}; color: ${color.brand}; font: inherit; font-weight: 650; cursor: pointer; }
  .stage[aria-pressed='true'] { background: ${color.brand}; color: ${color.white}; }
  .count { font-variant-numeric: tabular-nums; margin-left: 0.25rem; }
  .selects { display: flex; flex-wrap: wrap; gap: 0.75rem 1.25rem; }
  .selects label { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.35rem; font-weight: 650; min-width: min(100%, 14rem); max-width: 100%; }
  /* A choice as long as a campaign tag or a former colleague's name must not widen the page past a phone's screen. */
  select { max-width: 100%; min-height: ${layout.tap}; padding: 0.4rem 0.75rem; font: inherit; border: 2px solid ${color.control}; border-radius: 10px; background: ${color.white}; color: ${color.ink}; }
`;
