/**
 * Every detail of one record in an accessible dialog (Radix: focus trap, Escape, labelled), the same for
 * every table, and the staff's work on it (workflow/WorkflowPanel.tsx: stage, owner, notes, history). The
 * record's long text (a cover letter, a message) is not in the list: it is read when the dialog opens, with
 * its line breaks kept. Loaded lazily (RecordsView.tsx): only a record's details need it. An admin also finds
 * here the export of the record as JSON and its erasure (RecordAdminActions.tsx). A Close button at the top and
 * one at the bottom, after the history, however long it is.
 */
import { css } from '@emotion/react';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState, type ReactNode } from 'react';
import { color, layout } from '../theme.ts';
import { supabase } from './client.ts';
import { breakable } from './breakable.tsx';
import { formatDateTime } from './format.ts';
import type { WorkflowColumns } from '../database.ts';
import { RecordAdminActions, type AdminActions } from './RecordAdminActions.tsx';
import { isSessionEnded, loadRow, type ListRow, type TableName } from './records.ts';
import { WorkflowPanel, type WorkflowProps } from './workflow/WorkflowPanel.tsx';

export interface DialogConfig<T> {
  /** The record's name: the table's first column, the dialog's title, the View button's label. */
  name: (row: T) => string;
  /** What the record is, for the line under the title: 'Application submitted' (Nov 3, 2026, 9:14 AM). */
  sent: string;
  /** The fields after e-mail, phone and date, as term and value, in reading order. */
  details: (row: T) => Array<[string, ReactNode]>;
  /** The long text: its column, its heading and how to name it in a sentence ('cover letter'). */
  longText: { column: string; heading: string; noun: string };
}

export interface RecordDialogProps<T extends ListRow & WorkflowColumns> {
  config: DialogConfig<T>;
  table: TableName;
  row: T | null;
  /** Gives focus back on close, to the button that opened the dialog (there is no Dialog.Trigger). */
  returnFocus: () => void;
  onClose: () => void;
  /** The server refused the session while loading the long text. */
  onSessionEnded: () => void;
  /** Buttons after what the visitor wrote (Download Resume). */
  actions?: ((row: T) => ReactNode) | undefined;
  workflow: WorkflowProps;
  /** Given to admins only: export and erase. */
  admin?: AdminActions | undefined;
}

export function RecordDialog<T extends ListRow & WorkflowColumns>({ config, table, row, returnFocus, onClose, onSessionEnded, actions, workflow, admin }: RecordDialogProps<T>) {
  // undefined while loading, null when it could not be loaded.
  const [longText, setLongText] = useState<string | null | undefined>();
  // Bumped by an export, so that the history shows it.
  const [exports, setExports] = useState(0);
  const { column, heading, noun } = config.longText;

  useEffect(() => {
    setLongText(undefined);
    if (!row) return;
    let active = true;
    loadRow(supabase, table, row.id).then(
      (full) => active && setLongText(String(full[column] ?? '')),
      (error: unknown) => {
        if (!active) return;
        if (isSessionEnded(error)) onSessionEnded();
        else setLongText(null);
      },
    );
    return () => {
      active = false;
    };
  }, [row?.id, table, column, onSessionEnded]);

  return (
    <Dialog.Root open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay css={overlayStyle} />
        {row ? (
          <Dialog.Content
            css={contentStyle}
            className="ph-no-capture"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocus();
            }}
          >
            {/* A Close at the top and one at the bottom: a long history puts the end far from the start. */}
            <div className="top">
              <Dialog.Title>{config.name(row)}</Dialog.Title>
              <CloseButton />
            </div>
            <Dialog.Description className="sub">
              {config.sent} {formatDateTime(row.created_at)}
            </Dialog.Description>
            <dl>
              {[...contactDetails(row), ...config.details(row)].map(([term, value]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            {/* The stage and owner first, then what the visitor wrote, then the notes and the history. */}
            <WorkflowPanel {...workflow} table={table} row={row} onSessionEnded={onSessionEnded} historyVersion={exports}>
              <h3>{heading}</h3>
              <div className="letter" aria-busy={longText === undefined}>
                {longText === undefined ? `Loading ${noun}...` : longText === null ? `The ${noun} could not be loaded.` : longText || `No ${noun} was included.`}
              </div>
              <div className="actions">
                {actions?.(row)}
                {admin ? (
                  <RecordAdminActions
                    {...admin}
                    table={table}
                    id={row.id}
                    name={config.name(row)}
                    hasResume={'resume_url' in row && Boolean(row.resume_url)}
                    onExported={() => setExports((n) => n + 1)}
                    onSessionEnded={onSessionEnded}
                  />
                ) : null}
              </div>
            </WorkflowPanel>
            <div className="actions bottom">
              <CloseButton />
            </div>
          </Dialog.Content>
        ) : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Close. Tab from the last control goes round to the first and Shift+Tab the other way (Radix's focus trap), which
 * moves focus without scrolling: the button brings itself into sight, or a keyboard user loses it off screen.
 */
function CloseButton() {
  return (
    <Dialog.Close className="secondary" onFocus={(event) => event.currentTarget.scrollIntoView({ block: 'nearest' })}>
      Close
    </Dialog.Close>
  );
}

/** E-mail and phone as links ('Not given' when empty: an inquiry may leave one out), then the date. */
function contactDetails(row: ListRow): Array<[string, ReactNode]> {
  const link = (scheme: string, value: string) => (value ? <a href={`${scheme}:${value}`}>{breakable(value)}</a> : 'Not given');
  return [
    ['Email', link('mailto', row.email)],
    ['Phone', link('tel', row.phone)],
    ['Submitted', formatDateTime(row.created_at)],
  ];
}

const overlayStyle = css`position: fixed; inset: 0; background: rgb(13 30 36 / 0.55); z-index: 40;`;

const contentStyle = css`
  position: fixed; z-index: 50; top: 50%; left: 50%; transform: translate(-50%, -50%);
  width: min(94vw, 40rem); max-height: 90vh; overflow: auto; padding: clamp(1.25rem, 4vw, 2rem);
  background: ${color.white}; border-radius: ${layout.radius}; box-shadow: 0 24px 60px rgb(0 0 0 / 0.25);
  .top { display: flex; flex-wrap: wrap; align-items: flex-start; justify-content: space-between; gap: 0.5rem 1rem; }
  h2 { font-size: 1.7rem; margin: 0 0 0.25rem; min-width: 0; overflow-wrap: anywhere; }
  .bottom { justify-content: flex-end; }
  .sub { color: ${color.muted}; }
  dl { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 0.75rem 1.5rem; margin: 1.25rem 0; }
  dt { font-size: 0.95rem; color: ${color.muted}; font-weight: 600; }
  dd { margin: 0; font-weight: 600; overflow-wrap: break-word; }
  h3 { font-size: 1.2rem; font-family: inherit; }
  .letter { white-space: pre-wrap; padding: 1rem; border-radius: 10px; background: ${color.sand}; overflow-wrap: anywhere; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.5rem; }
  .actions:empty { display: none; }
  .primary, .secondary {
    min-height: ${layout.tap}; padding: 0 1.25rem; border-radius: 999px; font: inherit; font-weight: 700; cursor: pointer;
  }
  .primary { border: 0; background: ${color.brand}; color: ${color.white}; }
  .secondary { border: 2px solid ${color.brand}; background: ${color.white}; color: ${color.brand}; }
  .admin-notice { flex-basis: 100%; margin: 0; font-weight: 600; }
  .admin-notice:empty { display: none; }
  .danger {
    min-height: ${layout.tap}; padding: 0 1.25rem; border-radius: 999px; font: inherit; font-weight: 700; cursor: pointer;
    border: 2px solid ${color.danger}; background: ${color.white}; color: ${color.danger};
  }
`;
