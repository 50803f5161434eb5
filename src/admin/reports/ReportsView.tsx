/**
 * The Reports view (/admin?view=reports, staff): for a chosen period (this week, the last 4 weeks, this quarter,
 * or two chosen days) and the period before it of the same length (periods.ts), how inquiries and applications
 * came and were answered, computed in Postgres (reportData.ts) and shown as small charts with their numbers as
 * tables (ReportChart.tsx); admins download each table as CSV. Its own chunk: loaded when first opened.
 */
import { css } from '@emotion/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StaffMember } from '../../database.ts';
import { color, layout, mq } from '../../theme.ts';
import { supabase } from '../client.ts';
import { saveFile } from '../export/saveFile.ts';
import { labelOf } from '../labels.ts';
import { useFailureNotice, type ViewProps } from '../RecordsView.tsx';
import { useToast } from '../Toasts.tsx';
import { loadStaff } from '../workflow/data.ts';
import { spamStageOf, stageLabel } from '../workflow/stages.ts';
import { customPeriod, customPeriodProblem, dayText, periodOf, rangeWords, type Period, type PeriodKind } from './periods.ts';
import { ReportChart } from './ReportChart.tsx';
import { loadReports, type Reports } from './reportData.ts';
import { reportTables, tableCsv, tableFileName, type ReportNames, type ReportTable } from './reportTables.ts';

const CHOICES: ReadonlyArray<readonly [PeriodKind, string]> = [
  ['week', 'This week'],
  ['four-weeks', 'Last 4 weeks'],
  ['quarter', 'This quarter'],
  ['custom', 'Custom'],
];

type Props = Pick<ViewProps, 'isAdmin' | 'onSessionExpired' | 'focusHeading'>;

export function ReportsView({ isAdmin, onSessionExpired, focusHeading }: Props) {
  const fail = useFailureNotice(onSessionExpired);
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  const [kind, setKind] = useState<PeriodKind>('week');
  const today = dayText(new Date());
  const [custom, setCustom] = useState({ from: today, to: today });
  const [customError, setCustomError] = useState('');
  const [period, setPeriod] = useState<Period>(() => periodOf('week', new Date()));
  const [reports, setReports] = useState<Reports | null>(null);
  const [staff, setStaff] = useState<StaffMember[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => void (focusHeading && heading.current?.focus()), []);

  useEffect(() => {
    let active = true;
    setState('loading');
    Promise.all([loadReports(supabase, period), staff.length ? staff : loadStaff(supabase)])
      .then(([loaded, members]) => {
        if (!active) return;
        setReports(loaded);
        setStaff(members);
        setState('ready');
      })
      .catch((error: unknown) => {
        if (!active) return;
        setState('failed');
        fail(error, 'Failed to load the reports');
      });
    return () => {
      active = false;
    };
  }, [period, attempt, fail]);

  const names = useMemo<ReportNames>(() => {
    const byId = new Map(staff.map((member) => [member.user_id, member.display_name]));
    return {
      staffName: (id) => (id === null ? 'Nobody yet' : (byId.get(id) ?? 'A former staff member')),
      stageLabel,
      label: labelOf,
      spamStage: spamStageOf,
    };
  }, [staff]);
  const tables = useMemo(() => (reports ? reportTables(reports, names) : null), [reports, names]);

  const choose = (next: PeriodKind) => {
    setKind(next);
    if (next !== 'custom') setPeriod(periodOf(next, new Date()));
  };
  const showCustom = () => {
    const problem = customPeriodProblem(custom.from, custom.to);
    const chosen = customPeriod(custom.from, custom.to);
    if (problem || !chosen) return setCustomError(problem ?? 'Choose two dates, the first on or before the second.');
    setCustomError('');
    setPeriod(chosen);
  };
  const download = useCallback(
    (table: ReportTable) => {
      const name = tableFileName(table, period);
      saveFile(name, 'text/csv;charset=utf-8', tableCsv(table, period));
      toast({ title: 'Download ready', description: `“${table.title}” saved as ${name}.` });
    },
    [period, toast],
  );

  return (
    <main css={mainStyle}>
      <h1 ref={heading} tabIndex={-1}>
        Reports
      </h1>
      <p className="sub">How requests came and how fast they were answered. Times are the office’s (New York).</p>
      <fieldset className="period">
        <legend>Period</legend>
        <div className="choices">
          {CHOICES.map(([value, label]) => (
            <label key={value}>
              <input type="radio" name="period" value={value} checked={kind === value} onChange={() => choose(value)} />
              {label}
            </label>
          ))}
        </div>
        {kind === 'custom' ? (
          <div className="custom">
            <label>
              From
              <input type="date" value={custom.from} max={custom.to || undefined} onChange={(event) => setCustom((c) => ({ ...c, from: event.target.value }))} />
            </label>
            <label>
              To
              <input type="date" value={custom.to} min={custom.from || undefined} onChange={(event) => setCustom((c) => ({ ...c, to: event.target.value }))} />
            </label>
            <button type="button" onClick={showCustom} aria-describedby={customError ? 'custom-error' : undefined}>
              Show
            </button>
            {customError ? (
              <p id="custom-error" className="error" role="alert">
                {customError}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>
      <p className="range" aria-live="polite">
        <span>
          Showing <strong>{rangeWords(period)}</strong>
        </span>{' '}
        <span>compared with the period before: {rangeWords(period.previous)}.</span>
      </p>
      {state === 'loading' ? (
        <p className="state" role="status">
          Loading reports...
        </p>
      ) : state === 'failed' || !tables ? (
        <div className="state">
          <p>The reports could not be loaded.</p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <section aria-labelledby="report-inquiries">
            <h2 id="report-inquiries">Inquiries</h2>
            <div className="grid">
              {tables.inquiries.map((table) => (
                <ReportChart key={table.id} table={table} context="Inquiries" onDownload={isAdmin ? download : undefined} />
              ))}
            </div>
          </section>
          <section aria-labelledby="report-applications">
            <h2 id="report-applications">Job applications</h2>
            <div className="grid">
              {tables.applications.map((table) => (
                <ReportChart key={table.id} table={table} context="Job applications" onDownload={isAdmin ? download : undefined} />
              ))}
            </div>
          </section>
        </>
      )}
    </main>
  );
}

const mainStyle = css`
  h1 { font-size: clamp(1.8rem, 4vw, 2.4rem); }
  .sub { color: ${color.muted}; margin: 0 0 1.25rem; }
  .period { border: 1px solid ${color.line}; border-radius: 12px; padding: 0.75rem 1rem 1rem; margin: 0 0 1rem; background: ${color.white}; min-width: 0; }
  legend { font-weight: 700; padding: 0 0.25rem; }
  .choices { display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; }
  .choices label { display: inline-flex; align-items: center; gap: 0.4rem; min-height: ${layout.tap}; font-weight: 600; cursor: pointer; }
  .choices input { width: 1.2rem; height: 1.2rem; accent-color: ${color.brand}; }
  .custom { display: flex; flex-wrap: wrap; align-items: end; gap: 0.75rem; margin-top: 0.5rem; }
  .custom label { display: grid; gap: 0.25rem; font-weight: 650; }
  .custom input { min-height: ${layout.tap}; padding: 0.4rem 0.6rem; font: inherit; border: 2px solid ${color.control}; border-radius: 10px; background: ${color.white}; color: ${color.ink}; }
  .error { flex-basis: 100%; margin: 0; color: ${color.danger}; font-weight: 650; }
  .range { margin: 0 0 1.5rem; }
  .state { text-align: center; padding: 2rem; color: ${color.muted}; font-weight: 600; }
  h2 { font-size: 1.5rem; margin-top: 1.5rem; }
  .grid { display: grid; gap: 1rem; }
  ${mq.desktop} { .grid { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
`;
