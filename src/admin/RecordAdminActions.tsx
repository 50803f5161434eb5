/**
 * What only an admin does with one record, in its dialog (DESIGN decision 19): download "what we hold about this
 * person" as JSON (export/recordJson.ts; recorded in the database first), and erase the record for good, after a
 * confirmation that names what goes and says it cannot be undone (Radix AlertDialog: role alertdialog, focus on
 * "Cancel" when it opens, back on "Erase…" when it closes, Escape cancels, a click outside does nothing). The
 * buttons are shown to admins only; the database refuses anyone else whatever the page shows.
 */
import { css } from '@emotion/react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState } from 'react';
import { color, layout } from '../theme.ts';
import { supabase } from './client.ts';
import { eraseRecord, GoneError, type Erasure } from './erasure.ts';
import { loadWhatWeHold, recordExport } from './export/record.ts';
import { recordJsonFileName, whatWeHoldJson } from './export/recordJson.ts';
import { saveFile } from './export/saveFile.ts';
import { isSessionEnded, type TableName } from './records.ts';
import { listOf, recordNoun } from './workflow/data.ts';

export interface AdminActions {
  /** A staff member's name by id, for the export. */
  staffName: (id: string) => string;
  /** The signed-in admin's id. */
  userId: string;
  /** The record was erased (or found gone): the list drops it and the dialog closes. */
  onErased: (id: string, erasure: Erasure | 'gone') => void;
  onFailure: (error: unknown, description: string) => void;
}

interface Props extends AdminActions {
  table: TableName;
  id: string;
  /** The person's name, as the dialog's title shows it. */
  name: string;
  /** Whether the record has a resume file. */
  hasResume: boolean;
  /** An export was recorded: the history shows it. */
  onExported: () => void;
  onSessionEnded: () => void;
}

export function RecordAdminActions({ table, id, name, hasResume, staffName, userId, onErased, onFailure, onExported, onSessionEnded }: Props) {
  const list = listOf(table);
  const noun = recordNoun(list);
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [eraseError, setEraseError] = useState('');
  // Said in the dialog, not in a toast: a modal dialog hides the page's live region from screen readers.
  const [exported, setExported] = useState('');

  async function exportJson() {
    setExporting(true);
    setExported('');
    try {
      const held = await loadWhatWeHold(supabase, table, id);
      // Recorded before the file exists: refused, nothing is downloaded.
      await recordExport(supabase, list, 'json', [id], 'One record: what we hold');
      const text = whatWeHoldJson({ list, ...held, exportedAt: new Date(), exportedBy: staffName(userId) }, { staffName });
      const file = recordJsonFileName(list, id);
      saveFile(file, 'application/json', text);
      setExported(`Saved ${file}: everything held on this ${noun}. The export is in its history.`);
      onExported();
    } catch (error) {
      onFailure(error, `Failed to export this ${noun}: nothing was downloaded`);
    } finally {
      setExporting(false);
    }
  }

  async function erase() {
    setErasing(true);
    setEraseError('');
    try {
      const erasure = await eraseRecord(supabase, table, id);
      setConfirming(false);
      onErased(id, erasure);
    } catch (error) {
      if (error instanceof GoneError) {
        setConfirming(false);
        onErased(id, 'gone');
      } else if (isSessionEnded(error)) onSessionEnded();
      else setEraseError(`The ${noun} was not erased: ${error instanceof Error ? error.message : String(error)}. Nothing was deleted; try again.`);
    } finally {
      setErasing(false);
    }
  }

  return (
    <>
      <button type="button" className="secondary" disabled={exporting} onClick={() => void exportJson()}>
        {exporting ? 'Exporting...' : 'Export what we hold (JSON)'}
      </button>
      <AlertDialog.Root
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          setEraseError('');
        }}
      >
        <AlertDialog.Trigger className="danger">Erase…</AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay css={overlayStyle} />
          <AlertDialog.Content css={contentStyle} className="ph-no-capture">
            <AlertDialog.Title>Erase this {noun} for good?</AlertDialog.Title>
            <AlertDialog.Description>
              Erasing deletes everything the dashboard holds about {name} in this {noun}. It cannot be undone.
            </AlertDialog.Description>
            <p className="lead">What will be deleted:</p>
            <ul>
              <li>the {noun} as it was sent: {list === 'applications' ? 'name, e-mail, phone, answers and cover letter' : 'name, e-mail, phone, town, services and message'}</li>
              {hasResume ? <li>the resume file</li> : null}
              <li>every note staff wrote on it</li>
              <li>any e-mail notification about it still waiting to be sent</li>
            </ul>
            <p>
              Its history stays, with nothing about the person in it (who changed its stage or owner, wrote a note or exported it, and when), and ends with a last
              line, “Erased by {staffName(userId)}”, with the date. To keep a copy, cancel and use “Export what we hold” first.
            </p>
            {eraseError ? (
              <p className="error" role="alert">
                {eraseError}
              </p>
            ) : null}
            <div className="buttons">
              <AlertDialog.Cancel className="secondary" disabled={erasing}>
                Cancel
              </AlertDialog.Cancel>
              <button type="button" className="danger-solid" disabled={erasing} onClick={() => void erase()}>
                {erasing ? 'Erasing...' : `Erase ${noun}`}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
      <p className="admin-notice" role="status">
        {exported}
      </p>
    </>
  );
}

// Above the record's dialog (z-index 40 and 50).
const overlayStyle = css`position: fixed; inset: 0; background: rgb(13 30 36 / 0.55); z-index: 60;`;

const contentStyle = css`
  position: fixed; z-index: 70; top: 50%; left: 50%; transform: translate(-50%, -50%);
  width: min(92vw, 32rem); max-height: 90vh; overflow: auto; padding: clamp(1.25rem, 4vw, 1.75rem);
  background: ${color.white}; color: ${color.ink}; border-radius: ${layout.radius}; border-top: 6px solid ${color.danger};
  box-shadow: 0 24px 60px rgb(0 0 0 / 0.3);
  h2 { font-size: 1.45rem; margin: 0 0 0.5rem; }
  p { margin: 0.5rem 0; }
  .lead { font-weight: 650; margin-bottom: 0.25rem; }
  ul { margin: 0 0 0.75rem; padding-left: 1.25rem; }
  .error { padding: 0.75rem 1rem; border-radius: 10px; background: ${color.dangerTint}; color: ${color.danger}; font-weight: 600; }
  .buttons { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 0.75rem; margin-top: 1.25rem; }
  button {
    min-height: ${layout.tap}; padding: 0 1.25rem; border-radius: 999px; font: inherit; font-weight: 700; cursor: pointer;
  }
  button:disabled { opacity: 0.6; cursor: default; }
  .secondary { border: 2px solid ${color.brand}; background: ${color.white}; color: ${color.brand}; }
  .danger-solid { border: 2px solid ${color.danger}; background: ${color.danger}; color: ${color.white}; }
  .danger-solid:focus-visible { outline: 3px solid ${color.focus}; outline-offset: 3px; }
`;
