/**
 * One report table, drawn and written: a bar chart of one column (hand-made SVG, hidden from screen readers)
 * over the real table of every number, each cell this period's value with the previous period's in words
 * ('12 (8 before)'). The bars of this period are solid and thick, the previous period's thin and outlined, so
 * the two differ by shape as well as by colour. Admins get the table as CSV. A table wider than its card (a phone at
 * 375 px) scrolls sideways inside it, and says so: a shadow at the cut edge, a line "Scroll sideways to see more"
 * and the region's name; the region then takes focus, so the arrow keys scroll it.
 */
import { css } from '@emotion/react';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { color, layout } from '../../theme.ts';
import { cellParts, formatValue, type ReportTable } from './reportTables.ts';

interface Props {
  table: ReportTable;
  /** Which list the table is of ('Inquiries'): two lists have tables of the same title. */
  context: string;
  /** Admins only: downloads the table as CSV. */
  onDownload?: (table: ReportTable) => void;
}

export function ReportChart({ table, context, onDownload }: Props) {
  const metric = table.metrics[table.chartMetric]!;
  const values = table.rows.flatMap((row) => [row.now[table.chartMetric] ?? 0, row.before[table.chartMetric] ?? 0]);
  const max = Math.max(1, ...values);
  const headingId = `${table.id}-heading`;
  return (
    <section css={sectionStyle} aria-label={`${context}: ${table.title}`}>
      <div className="head">
        <h3 id={headingId}>{table.title}</h3>
        {onDownload ? (
          <button type="button" onClick={() => onDownload(table)} aria-label={`Download CSV: ${context}, ${table.title}`}>
            Download CSV
          </button>
        ) : null}
      </div>
      {table.rows.length === 0 ? (
        <p className="empty">Nothing in either period.</p>
      ) : (
        <>
          <div className="chart" aria-hidden="true">
            <p className="legend">
              {metric.header}: <span className="key now" /> this period, <span className="key before" /> previous period
            </p>
            {table.rows.map((row) => {
              const now = row.now[table.chartMetric] ?? 0;
              const before = row.before[table.chartMetric] ?? 0;
              return (
                <div className="bar" key={row.key}>
                  <span className="label">{row.label}</span>
                  <svg viewBox="0 0 100 14" preserveAspectRatio="none" focusable="false">
                    <rect x="0" y="0" width={(now / max) * 100} height="8" fill={color.brand} />
                    <rect x="0.3" y="10" width={Math.max(0, (before / max) * 100 - 0.6)} height="3.4" fill={color.white} stroke={color.muted} strokeWidth="0.6" vectorEffect="non-scaling-stroke" />
                  </svg>
                  <span className="value">{formatValue(row.now[table.chartMetric] ?? null, metric.unit)}</span>
                </div>
              );
            })}
          </div>
          <SidewaysScroll name={`${context}: ${table.title}, table`} hintId={`${table.id}-scrolls`}>
            <table>
              <caption className="visually-hidden">{table.title}: this period, with the previous period in brackets</caption>
              <thead>
                <tr>
                  <th scope="col">{table.rowHeader}</th>
                  {table.metrics.map((m) => (
                    <th scope="col" key={m.header}>
                      {m.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{row.label}</th>
                    {table.metrics.map((m, i) => {
                      const [now, before] = cellParts(row.now[i] ?? null, row.before[i] ?? null, m.unit);
                      return (
                        <td key={m.header}>
                          <span className="now">{now}</span> <span className="before">{before}</span>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </SidewaysScroll>
        </>
      )}
    </section>
  );
}

/** True while the element's content is wider than the element: watched as both change size (a turned phone, new rows). */
function useOverflows(element: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const box = element.current;
    if (!box) return;
    const check = () => setOverflows(box.scrollWidth - box.clientWidth > 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [element]);
  return overflows;
}

/**
 * A table's sideways scroll area. When the table is wider than the card, the region is named "…, scrolls
 * sideways", takes focus (the arrow keys then scroll it, and a keyboard user reaches the columns out of view) and
 * is described by a visible "Scroll sideways to see more"; the edge where the table is cut has a shadow that goes
 * once it is scrolled to that end (CSS only: backgrounds that scroll with the content cover the shadows at the ends).
 */
function SidewaysScroll({ name, hintId, children }: { name: string; hintId: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(box);
  return (
    <>
      {overflows ? (
        <p className="scroll-hint" id={hintId}>
          <span aria-hidden="true">↔ </span>Scroll sideways to see more
        </p>
      ) : null}
      <div
        ref={box}
        className={overflows ? 'scroll cut' : 'scroll'}
        role="region"
        aria-label={overflows ? `${name}, scrolls sideways` : name}
        aria-describedby={overflows ? hintId : undefined}
        tabIndex={overflows ? 0 : undefined}
      >
        {children}
      </div>
    </>
  );
}

const sectionStyle = css`
  min-width: 0; padding: 1rem; background: ${color.white}; border: 1px solid ${color.line}; border-radius: ${layout.radius};
  .head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.5rem 1rem; margin-bottom: 0.5rem; }
  h3 { font-family: inherit; font-size: 1.15rem; margin: 0; }
  .empty { color: ${color.muted}; margin: 0; }
  .legend { margin: 0 0 0.5rem; font-size: 0.95rem; color: ${color.muted}; }
  .key { display: inline-block; width: 1.2rem; vertical-align: middle; }
  .key.now { height: 0.6rem; background: ${color.brand}; }
  .key.before { height: 0.3rem; background: ${color.white}; border: 1px solid ${color.muted}; }
  .bar { display: grid; grid-template-columns: minmax(0, 8rem) minmax(0, 1fr) auto; align-items: center; gap: 0.5rem; margin-bottom: 0.35rem; }
  .bar .label { font-size: 0.95rem; overflow-wrap: anywhere; }
  .bar svg { width: 100%; height: 1.1rem; display: block; }
  .bar .value { font-weight: 650; font-size: 0.95rem; white-space: nowrap; }
  .scroll { overflow-x: auto; margin-top: 0.75rem; }
  .scroll:focus-visible { outline: 3px solid ${color.focus}; outline-offset: 2px; }
  .scroll-hint { margin: 0.75rem 0 0; font-size: 0.9rem; font-weight: 600; color: ${color.muted}; }
  .scroll-hint + .scroll { margin-top: 0.25rem; }
  /* The shadows (scroll) sit at the box's edges; the white covers (local) move with the table and hide a shadow
     once that end of the table is in view. */
  .scroll.cut {
    background:
      linear-gradient(to right, ${color.white} 40%, rgb(255 255 255 / 0)) left center / 2.5rem 100% no-repeat local,
      linear-gradient(to left, ${color.white} 40%, rgb(255 255 255 / 0)) right center / 2.5rem 100% no-repeat local,
      radial-gradient(farthest-side at 0 50%, rgb(0 0 0 / 0.28), rgb(0 0 0 / 0)) left center / 0.9rem 100% no-repeat scroll,
      radial-gradient(farthest-side at 100% 50%, rgb(0 0 0 / 0.28), rgb(0 0 0 / 0)) right center / 0.9rem 100% no-repeat scroll;
  }
  table { width: 100%; border-collapse: collapse; font-size: 0.95rem; }
  th, td { text-align: left; padding: 0.4rem 0.5rem; border-bottom: 1px solid ${color.line}; vertical-align: top; }
  thead th { color: ${color.muted}; border-bottom: 2px solid ${color.line}; }
  tbody th { font-weight: 650; overflow-wrap: break-word; min-width: 6rem; }
  /* This period's value on its line, the previous period's under it: narrow columns on a phone. */
  td .now { font-weight: 650; white-space: nowrap; }
  td .before { display: block; color: ${color.muted}; white-space: nowrap; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
