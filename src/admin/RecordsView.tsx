/**
 * One list of records in the dashboard, the same for every table (job applications, inquiries): the
 * heading, the counts, the search and the workflow's filters (stage, owner, age), the records with their stage
 * and owner and their pages (a table on a wide screen, a card per record on a narrower one), the detail dialog
 * (loaded at the first sign that one will be opened), and the loading, empty and error states. What differs
 * between tables is a `RecordsConfig`; actions only one table has (downloading a resume) come in through
 * `rowActions` and `dialogActions`.
 */
import { css } from '@emotion/react';
import { Fragment, Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { StaffMember, WorkflowColumns } from '../database.ts';
import type { EventProperties } from '../analytics/events.ts';
import { color, layout, mq } from '../theme.ts';
import { track } from './analytics.ts';
import { breakable } from './breakable.tsx';
import { supabase } from './client.ts';
import { formatDate } from './format.ts';
import { erasedNotice, type Erasure } from './erasure.ts';
import type { AdminActions } from './RecordAdminActions.tsx';
import type { DialogConfig, RecordDialogProps } from './RecordDialog.tsx';
import { countThisWeek, isSessionEnded, loadRows, searchRows, type ListRow, type TableName, type TextField } from './records.ts';
import { useToast } from './Toasts.tsx';
import { listOf, loadStaff, recordNoun } from './workflow/data.ts';
import { DEFAULT_FILTERS, filterRows, sourcesOf, type Filters } from './workflow/filters.ts';
import { ListFilters } from './workflow/ListFilters.tsx';
import { promiseLine, waitingOf } from './workflow/overdue.ts';
import { spamStageOf, stageOf } from './workflow/stages.ts';
import { recordInAddress, forgetRecordInAddress, overdueInAddress } from './useView.ts';

// The dialog (Radix, the workflow's controls, the history) is what only a record's details need: it is loaded
// when a View button is first pointed at or focused, so the list appears without waiting for it.
const loadDialog = () => import('./RecordDialog.tsx');
// lazy() loses the component's type parameter; the module's own type is given back.
const RecordDialog = lazy(() => loadDialog().then((module) => ({ default: module.RecordDialog }))) as unknown as <T extends ListRow & WorkflowColumns>(props: RecordDialogProps<T>) => ReactNode;

/** Rows shown per page of the table; search and counts always cover every record. */
export const TABLE_PAGE = 50;

export interface RecordsConfig<T extends ListRow> extends DialogConfig<T> {
  table: TableName;
  /** The columns the list reads: every one the table and the dialog show, but not the long text. */
  columns: string;
  /** The page's heading and the line under it. */
  title: string;
  subtitle: string;
  /** Plural, in lower case, for 'Loading inquiries...', 'No inquiries found', 'Pages of inquiries'. */
  noun: string;
  /** The total's label ('Total Inquiries') and the table's heading before its count ('Contact requests'). */
  total: string;
  listTitle: string;
  searchLabel: string;
  searchPlaceholder: string;
  searchFields: ReadonlyArray<TextField<T>>;
  /** Fields a search that reads as a phone number also finds by their digits alone (records.ts searchRows). */
  phoneFields: ReadonlyArray<TextField<T>>;
  /** The error toast's description when the list cannot be read. */
  loadError: string;
  /** How to reach the person, under the name: an e-mail address, a phone number (empty ones left out). */
  contact: (row: T) => string[];
  /** The columns between Name and Submitted: header and cell. */
  cells: ReadonlyArray<readonly [string, (row: T) => ReactNode]>;
  /** The admin_action of opening a record's details (its id, never its name). */
  viewAction: (row: T) => EventProperties['admin_action'];
  /** The list watches the reply promise (inquiries): a Waiting column, the overdue count and its filter. */
  watchesReply?: boolean;
}

export interface ViewProps {
  isStaff: boolean;
  /** An admin (app_metadata.role 'admin'): also exports and erases. Only what is offered; the database decides. */
  isAdmin: boolean;
  /** The signed-in user's id: 'Mine', 'Assign to me', and which notes are theirs. */
  userId: string;
  onSessionExpired: () => void;
  /** Move focus to the heading on showing: staff switched lists, and a screen reader should say where they are. */
  focusHeading: boolean;
}

interface Props<T extends ListRow> extends ViewProps {
  config: RecordsConfig<T>;
  rowActions?: (row: T, name: string) => ReactNode;
  dialogActions?: (row: T) => ReactNode;
}

/** Reports a failure: a session the server refused goes back to sign-in, anything else is an error toast. */
export function useFailureNotice(onSessionExpired: () => void) {
  const toast = useToast();
  return useCallback(
    (error: unknown, description: string) => {
      if (isSessionEnded(error)) onSessionExpired();
      else toast({ title: 'Error', description, destructive: true });
    },
    [toast, onSessionExpired],
  );
}

/**
 * E-mail and phone on one line when they fit; otherwise each moves to a line of its own whole (an
 * inline-block), and an address too long for a line wraps after its '@' or before a '.' (breakable.tsx).
 */
function contactLine(parts: string[]): ReactNode {
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i ? ' · ' : null}
      <span className="part">{breakable(part)}</span>
    </Fragment>
  ));
}

/** Wide enough for the table: the theme's desktop width. Narrower screens get the cards. */
const WIDE = mq.desktop.replace('@media ', '');

function useWideScreen(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = matchMedia(WIDE);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => matchMedia(WIDE).matches,
  );
}

export function RecordsView<T extends ListRow & WorkflowColumns>({ config, isStaff, isAdmin, userId, onSessionExpired, focusHeading, rowActions, dialogActions }: Props<T>) {
  const fail = useFailureNotice(onSessionExpired);
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  const [rows, setRows] = useState<T[]>([]);
  const [staff, setStaff] = useState<StaffMember[]>([]);
  const [loading, setLoading] = useState(true);
  const [query, setQuery] = useState('');
  // The digest e-mail's link asks for the overdue inquiries (?overdue=1).
  const [filters, setFilters] = useState<Filters>(() => ({ ...DEFAULT_FILTERS, overdue: Boolean(config.watchesReply) && overdueInAddress() }));
  const [page, setPage] = useState(0);
  // The open record is looked up in the rows, so a change made in its dialog shows in both at once.
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = useMemo(() => (selectedId === null ? null : (rows.find((row) => row.id === selectedId) ?? null)), [rows, selectedId]);
  const [dialogWanted, setDialogWanted] = useState(false);
  // The record whose dialog was opened last: its View button takes focus back when the dialog closes.
  const opened = useRef('');
  const wide = useWideScreen();
  const { table, columns, noun, loadError } = config;
  const list = listOf(table);

  // Only when the list is shown: a later render must not take focus from the search box.
  useEffect(() => void (focusHeading && heading.current?.focus()), []);

  useEffect(() => {
    let active = true;
    Promise.all([loadRows<T>(supabase, table, columns), isStaff ? loadStaff(supabase) : []])
      .then(([loaded, members]) => {
        if (!active) return;
        setRows(loaded);
        setStaff(members);
        openFromAddress(loaded);
      })
      .catch((error: unknown) => active && fail(error, loadError))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [table, columns, loadError, fail, isStaff]);

  const staffNames = useMemo(() => new Map(staff.map((member) => [member.user_id, member.display_name])), [staff]);
  const ownerName = (owner: string | null) => (owner === null ? 'Nobody yet' : (staffNames.get(owner) ?? 'A former staff member'));
  const found = useMemo(() => searchRows(rows, query, config.searchFields, config.phoneFields), [rows, query, config.searchFields, config.phoneFields]);
  const sources = useMemo(() => sourcesOf(rows), [rows]);
  const { rows: matches, byStage } = useMemo(() => filterRows(found, list, filters, userId), [found, list, filters, userId]);
  const staffName = useCallback((id: string) => staffNames.get(id) ?? 'A former staff member', [staffNames]);
  const [exporting, setExporting] = useState(false);
  /**
   * The records the list shows, every page of them, as CSV (export/listCsv.ts, loaded on the first export). The
   * export is recorded in the database first (public.record_export): refused, nothing is downloaded.
   */
  async function exportList() {
    setExporting(true);
    const exported = matches;
    try {
      const [{ csvFileName, filterDescription, listCsv }, { recordExport }, { saveFile }] = await Promise.all([
        import('./export/listCsv.ts'),
        import('./export/record.ts'),
        import('./export/saveFile.ts'),
      ]);
      const csv = listCsv(list, exported, { staffName });
      const recorded = await recordExport(supabase, list, 'csv', exported.map((row) => row.id), filterDescription(list, filters, query, { staffName, me: userId }));
      saveFile(csvFileName(list), 'text/csv;charset=utf-8', csv);
      toast({ title: 'Export ready', description: `${recorded} ${recorded === 1 ? recordNoun(list) : noun} saved as a CSV file. Each record's history says it was exported.` });
    } catch (error) {
      fail(error, `Failed to export the ${noun}: nothing was downloaded`);
    } finally {
      setExporting(false);
    }
  }
  /** An admin erased the open record: it leaves the list, its dialog closes, a notice says what went. */
  const erased = useCallback(
    (id: string, erasure: Erasure | 'gone') => {
      setSelectedId(null);
      forgetRecordInAddress();
      setRows((current) => current.filter((row) => row.id !== id));
      toast(erasedNotice(list, erasure));
    },
    [list, toast],
  );
  const admin: AdminActions | undefined = isAdmin ? { staffName, userId, onErased: erased, onFailure: fail } : undefined;
  /** A change saved in the dialog: the row takes the database's values (stage, owner, when). */
  const worked = useCallback((id: string, values: WorkflowColumns) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...values } : row))), []);
  const workflowCells: ReadonlyArray<readonly [string, (row: T) => ReactNode]> = [
    [
      'Stage',
      (row) => {
        const stage = stageOf(list, row.stage);
        return <span className={stage.closed ? 'stage closed' : 'stage'}>{stage.label}</span>;
      },
    ],
    ['Owner', (row) => ownerName(row.owner)],
  ];
  const now = Date.now();
  const waitingCell: ReadonlyArray<readonly [string, (row: T) => ReactNode]> = config.watchesReply
    ? [
        [
          'Waiting',
          (row) => {
            const waiting = waitingOf(row, now);
            if (!waiting) return '–';
            return waiting.overdue ? <strong className="overdue">Overdue · {waiting.text}</strong> : waiting.text;
          },
        ],
      ]
    : [];
  const cells = [...config.cells, ...workflowCells, ...waitingCell];
  const overdueCount = useMemo(() => (config.watchesReply ? rows.filter((row) => waitingOf(row)?.overdue).length : 0), [rows, config.watchesReply]);
  const thisWeek = useMemo(() => countThisWeek(rows, spamStageOf(list)), [rows, list]);
  const pages = Math.max(1, Math.ceil(matches.length / TABLE_PAGE));
  const shown = matches.slice(page * TABLE_PAGE, (page + 1) * TABLE_PAGE);

  // The same buttons in a table row and on a card, View first: it stays in one place whether or not the
  // record has more actions (a resume to download).
  const actions = (row: T, name: string) => (
    <>
      <button
        type="button"
        data-record={row.id}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          track('admin_action', config.viewAction(row));
          opened.current = row.id;
          setDialogWanted(true);
          setSelectedId(row.id);
        }}
        aria-label={`View details of ${name}`}
      >
        View
      </button>
      {rowActions?.(row, name)}
    </>
  );
  /**
   * A notification e-mail's link names a record (?record=<id>): its dialog opens once the list is read. A record
   * that is not there (erased, or in the other list) is said so, never a blank dialog.
   */
  function openFromAddress(loaded: readonly T[]) {
    const wanted = recordInAddress();
    if (!wanted) return;
    if (loaded.some((row) => row.id === wanted)) {
      opened.current = wanted;
      setDialogWanted(true);
      setSelectedId(wanted);
    } else {
      forgetRecordInAddress();
      toast({ title: 'Record not found', description: `The record the link names is not among the ${noun}: it may have been erased.`, destructive: true });
    }
  }
  // Found again at close: the table and the cards swap when the window crosses the breakpoint.
  const returnFocus = () => (document.querySelector<HTMLElement>(`[data-record="${CSS.escape(opened.current)}"]`) ?? heading.current)?.focus();

  // Each non-empty search input (spec section 7): how long the search is and how many rows it matched, never
  // its text (staff type applicants' names and e-mail addresses there).
  useEffect(() => {
    const length = query.trim().length;
    if (length) track('search_performed', { query_length: length, results_count: matches.length });
  }, [query]);

  return (
    <>
      <main css={mainStyle}>
        <h1 ref={heading} tabIndex={-1}>
          {config.title}
        </h1>
        <p className="sub">{config.subtitle}</p>
        {!isStaff ? (
          <p className="notice" role="status">
            This account is not a staff account, so no {noun} are shown. Ask an administrator for staff access.
          </p>
        ) : null}
        <div className="toolbar">
          <div className="search">
            <label htmlFor="search">{config.searchLabel}</label>
            <input
              id="search"
              type="search"
              placeholder={config.searchPlaceholder}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setPage(0);
              }}
            />
          </div>
          <dl className="stats">
            <div>
              <dt>{config.total}</dt>
              <dd>{loading ? '–' : rows.length}</dd>
            </div>
            <div>
              <dt>This Week</dt>
              <dd>{loading ? '–' : thisWeek}</dd>
              {/* The same week and count as Reports' "This week" (records.ts countThisWeek). */}
              <dd className="hint">Since Monday, spam left out</dd>
            </div>
            {config.watchesReply ? (
              <div className={overdueCount > 0 ? 'late' : undefined}>
                <dt>Overdue</dt>
                <dd>{loading ? '–' : overdueCount}</dd>
              </div>
            ) : null}
          </dl>
        </div>
        {isStaff && config.watchesReply && !loading ? (
          <p className="promise">
            <span>
              {promiseLine(overdueCount)}
            </span>
            {overdueCount > 0 || filters.overdue ? (
              <button
                type="button"
                aria-pressed={filters.overdue}
                onClick={() => {
                  setFilters((current) => ({ ...current, overdue: !current.overdue }));
                  setPage(0);
                }}
              >
                Show only overdue
              </button>
            ) : null}
          </p>
        ) : null}
        {isStaff ? (
          <ListFilters
            list={list}
            filters={filters}
            onChange={(next) => {
              setFilters(next);
              setPage(0);
            }}
            byStage={byStage}
            staff={staff}
            sources={sources}
            noun={noun}
          />
        ) : null}
        <section className="card" aria-labelledby="list-heading">
          <div className="list-head">
            <h2 id="list-heading">
              {config.listTitle} ({matches.length})
            </h2>
            {isAdmin ? (
              <button type="button" className="export" disabled={loading || exporting} onClick={() => void exportList()} aria-describedby="export-what">
                {exporting ? 'Exporting...' : 'Export CSV'}
              </button>
            ) : null}
            {isAdmin ? (
              <p id="export-what" className="export-what">
                The {matches.length} {noun} shown, every page, as a spreadsheet file. Each export is recorded.
              </p>
            ) : null}
          </div>
          {loading || shown.length === 0 ? (
            <p className="state" role={loading ? 'status' : undefined}>
              {loading ? `Loading ${noun}...` : `No ${noun} found`}
            </p>
          ) : wide ? (
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  {cells.map(([header]) => (
                    <th key={header} scope="col">
                      {header}
                    </th>
                  ))}
                  <th scope="col">Submitted</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((row) => {
                  const name = config.name(row);
                  return (
                    <tr key={row.id}>
                      <td>
                        <span className="name">{name}</span>
                        <span className="contact">{contactLine(config.contact(row))}</span>
                      </td>
                      {cells.map(([header, cell]) => (
                        <td key={header}>{cell(row)}</td>
                      ))}
                      <td className="date">{formatDate(row.created_at)}</td>
                      <td>
                        <div className="actions">{actions(row, name)}</div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : (
            // A narrow screen: one card per record, nothing to scroll sideways, the name always in view.
            <ul className="records">
              {shown.map((row) => {
                const name = config.name(row);
                const contact = config.contact(row);
                return (
                  <li key={row.id}>
                    <h3 className="name">{name}</h3>
                    {contact.length ? <p className="contact">{contactLine(contact)}</p> : null}
                    <dl>
                      {cells.map(([header, cell]) => (
                        <div key={header}>
                          <dt>{header}</dt>
                          <dd>{cell(row)}</dd>
                        </div>
                      ))}
                      <div>
                        <dt>Submitted</dt>
                        <dd>{formatDate(row.created_at)}</dd>
                      </div>
                    </dl>
                    <div className="actions">{actions(row, name)}</div>
                  </li>
                );
              })}
            </ul>
          )}
          {pages > 1 ? (
            <nav className="pager" aria-label={`Pages of ${noun}`}>
              <button type="button" onClick={() => setPage((p) => p - 1)} disabled={page === 0}>
                Previous
              </button>
              <span>
                Page {page + 1} of {pages}
              </span>
              <button type="button" onClick={() => setPage((p) => p + 1)} disabled={page >= pages - 1}>
                Next
              </button>
            </nav>
          ) : null}
        </section>
      </main>
      {dialogWanted ? (
        <Suspense fallback={selected ? <p className="state" role="status">Loading details...</p> : null}>
          <RecordDialog
            config={config}
            table={table}
            row={selected}
            returnFocus={returnFocus}
            onClose={() => {
              setSelectedId(null);
              forgetRecordInAddress();
            }}
            onSessionEnded={onSessionExpired}
            actions={dialogActions}
            workflow={{ userId, staff, ownerName, onWorked: worked, onFailure: fail }}
            admin={admin}
          />
        </Suspense>
      ) : null}
    </>
  );
}

const mainStyle = css`
  h1 { font-size: clamp(1.8rem, 4vw, 2.4rem); }
  .sub { color: ${color.muted}; margin: 0 0 1.5rem; }
  .notice { padding: 1rem; border-radius: 12px; background: #fdf1e8; border-left: 6px solid ${color.accent}; font-weight: 600; }
  .toolbar { display: grid; gap: 1rem; margin-bottom: 1.25rem; }
  ${mq.tablet} { .toolbar { grid-template-columns: 1fr auto; align-items: end; } }
  .search { display: grid; gap: 0.35rem; }
  label { font-weight: 650; }
  input { min-height: ${layout.tap}; padding: 0.5rem 0.9rem; font: inherit; border: 2px solid ${color.control}; border-radius: 10px; }
  input:focus-visible { border-color: ${color.brand}; }
  .stats { display: flex; flex-wrap: wrap; gap: 1rem; margin: 0; }
  .stats div { padding: 0.75rem 1.25rem; border-radius: 12px; background: ${color.brandTint}; min-width: 9rem; }
  .stats dt { font-size: 0.95rem; font-weight: 600; color: ${color.brandDark}; }
  .stats dd { margin: 0; font-size: 1.8rem; font-weight: 700; }
  .stats dd.hint { font-size: 0.85rem; font-weight: 600; color: ${color.brandDark}; }
  /* The table sits on a white card; on a narrower screen the records are the cards, and use the whole width. */
  ${mq.desktop} { .card { padding: 1.25rem; background: ${color.white}; border: 1px solid ${color.line}; border-radius: ${layout.radius}; } }
  h2 { font-size: 1.4rem; }
  .list-head { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; margin-bottom: 0.75rem; }
  .list-head h2 { margin: 0; }
  .export-what { flex-basis: 100%; margin: 0; color: ${color.muted}; font-size: 0.95rem; }
  table { width: 100%; border-collapse: collapse; }
  th { text-align: left; font-size: 0.95rem; color: ${color.muted}; padding: 0.5rem; border-bottom: 2px solid ${color.line}; }
  td { padding: 0.6rem 0.5rem; border-bottom: 1px solid ${color.line}; vertical-align: middle; }
  td .name { display: block; }
  .name { font-weight: 700; overflow-wrap: break-word; }
  .contact { display: block; color: ${color.muted}; font-size: 0.95rem; overflow-wrap: break-word; }
  .contact .part { display: inline-block; max-width: 100%; }
  .actions { display: flex; gap: 0.5rem; }
  td.date, td .actions { white-space: nowrap; }
  .records { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.75rem; }
  ${mq.tablet} { .records { grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr)); } }
  .records li { min-width: 0; padding: 1rem; border: 1px solid ${color.line}; border-radius: 12px; background: ${color.white}; }
  .records h3 { font-family: inherit; font-size: 1.15rem; margin: 0; }
  .records .contact { margin: 0.15rem 0 0; }
  .records dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 0.75rem; margin: 0.75rem 0 1rem; }
  .records dl div { display: contents; }
  .records dt { font-size: 0.95rem; color: ${color.muted}; font-weight: 600; }
  .records dd { margin: 0; min-width: 0; overflow-wrap: break-word; }
  .records .actions button { flex: 1; }
  .stage { font-weight: 650; }
  .stage.closed { font-weight: 400; color: ${color.muted}; }
  .overdue { color: ${color.danger}; font-weight: 700; white-space: nowrap; }
  .stats .late { background: ${color.dangerTint}; }
  .stats .late dt, .stats .late dd { color: ${color.danger}; }
  .promise { display: flex; flex-wrap: wrap; align-items: center; gap: 0.75rem; margin: 0 0 1rem; font-weight: 600; }
  .promise button[aria-pressed='true'] { background: ${color.brand}; color: ${color.white}; }
  .state { text-align: center; padding: 2rem; color: ${color.muted}; font-weight: 600; }
  .pager { display: flex; align-items: center; justify-content: center; gap: 1rem; margin-top: 1rem; }
`;
