/**
 * The staff's work on one record, in its dialog: its stage (with what the stage means) and its owner ('Assign
 * to me', or give it to a colleague) at the top, and for a record filed as spam, why, with one button to move it
 * back among the real requests; then `children` (what the visitor wrote, the dialog's buttons);
 * then a note, and the history, newest first. Each change is saved at once and
 * only if nobody changed the record meanwhile: otherwise nothing is saved, the record shows what it now is,
 * and a message says so. The history is the database's (written by its triggers), read again after each change.
 */
import { css } from '@emotion/react';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { StaffMember, WorkflowColumns } from '../../database.ts';
import { color, layout } from '../../theme.ts';
import { supabase } from '../client.ts';
import { isSessionEnded, type TableName } from '../records.ts';
import { addNote, changeOwner, changeStage, deleteNote, editNote, isBlankNote, listOf, loadHistory, NOTE_EDIT_MINUTES, NOTE_MAX, StaleError, type History, type Worked } from './data.ts';
import { firstStageOf, spamStageOf, stageLabel, stageOf, stagesOf } from './stages.ts';
import { Timeline } from './Timeline.tsx';

export interface WorkflowProps {
  userId: string;
  staff: readonly StaffMember[];
  ownerName: (owner: string | null) => string;
  /** A change was saved, or found made by someone else: the list takes the record's values. */
  onWorked: (id: string, values: WorkflowColumns) => void;
  onFailure: (error: unknown, description: string) => void;
}

interface Props extends WorkflowProps {
  table: TableName;
  /** With why the site's function took it for spam, when it did (shown while it is at the spam stage). */
  row: Worked & { spam_reason?: string | null };
  onSessionEnded: () => void;
  /** Shown between the stage and owner and the notes. */
  children?: ReactNode;
  /** Changed when something outside the panel wrote to the history (an admin's export): it is read again. */
  historyVersion?: number;
}

type Notice = { kind: 'saved' | 'stale'; text: string } | null;

export function WorkflowPanel({ table, row, userId, staff, ownerName, onWorked, onFailure, onSessionEnded, children, historyVersion = 0 }: Props) {
  const list = listOf(table);
  const ids = useId();
  const [stage, setStage] = useState(row.stage);
  const [giveTo, setGiveTo] = useState('');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  // undefined while loading, null when it could not be loaded.
  const [history, setHistory] = useState<History | null | undefined>();
  const stageSelect = useRef<HTMLSelectElement>(null);

  const refresh = useCallback(() => {
    let active = true;
    loadHistory(supabase, table, row.id).then(
      (loaded) => active && setHistory(loaded),
      (error: unknown) => {
        if (!active) return;
        if (isSessionEnded(error)) onSessionEnded();
        else setHistory(null);
      },
    );
    return () => {
      active = false;
    };
  }, [table, row.id, onSessionEnded]);
  useEffect(refresh, [refresh, historyVersion]);
  // The record changed (here or in another tab's save found stale): the stage picker follows it.
  useEffect(() => setStage(row.stage), [row.stage]);

  /** Runs one change; a stale one shows the record as it now is. */
  async function save(change: () => Promise<WorkflowColumns>, done: (saved: WorkflowColumns) => string, failure: string) {
    setBusy(true);
    setNotice(null);
    try {
      const saved = await change();
      onWorked(row.id, saved);
      setNotice({ kind: 'saved', text: done(saved) });
    } catch (error) {
      if (error instanceof StaleError) {
        if (error.fresh) onWorked(row.id, error.fresh);
        setNotice({
          kind: 'stale',
          text: error.fresh
            ? `Not saved: someone else changed this record while you had it open. It is now at ${stageLabel(list, error.fresh.stage)}, owner ${ownerName(error.fresh.owner)}. Choose again if your change still applies.`
            : 'Not saved: this record no longer exists.',
        });
      } else onFailure(error, failure);
    } finally {
      setBusy(false);
      refresh();
    }
  }

  const colleagues = staff.filter((member) => member.active && member.user_id !== row.owner);
  const current = stageOf(list, stage);
  const firstStage = firstStageOf(list);
  const filedAsSpam = row.stage === spamStageOf(list);

  async function submitNote(event: FormEvent) {
    event.preventDefault();
    // Spaces and invisible characters alone (a no-break or zero-width space) look empty: refused as empty.
    if (isBlankNote(note)) return setNoteError('Write the note first.');
    const body = note.trim();
    setNoteError('');
    setBusy(true);
    try {
      await addNote(supabase, table, row.id, body);
      setNote('');
      setNotice({ kind: 'saved', text: 'Note added.' });
    } catch (error) {
      onFailure(error, 'Failed to add the note');
    } finally {
      setBusy(false);
      refresh();
    }
  }

  async function correctNote(noteId: string, body: string): Promise<boolean> {
    setBusy(true);
    try {
      const saved = await editNote(supabase, noteId, body);
      setNotice(saved ? { kind: 'saved', text: 'Note saved.' } : { kind: 'stale', text: `Not saved: a note can be corrected only by its author, within ${NOTE_EDIT_MINUTES} minutes of writing it.` });
      return saved !== null;
    } catch (error) {
      onFailure(error, 'Failed to save the note');
      return false;
    } finally {
      setBusy(false);
      refresh();
    }
  }

  async function removeNote(noteId: string) {
    setBusy(true);
    try {
      const removed = await deleteNote(supabase, noteId);
      setNotice(removed ? { kind: 'saved', text: 'Note deleted.' } : { kind: 'stale', text: `Not deleted: a note can be deleted only by its author, within ${NOTE_EDIT_MINUTES} minutes of writing it.` });
    } catch (error) {
      onFailure(error, 'Failed to delete the note');
    } finally {
      setBusy(false);
      refresh();
    }
  }

  return (
    <>
      <section css={style} aria-labelledby={`${ids}-work`}>
        <h3 id={`${ids}-work`}>Stage and owner</h3>
        {filedAsSpam ? (
          <div className="spam">
            <p>
              <strong>Filed as spam.</strong>{' '}
              {row.spam_reason ? `The site took it for a machine's: ${row.spam_reason}` : 'Someone on the staff moved it here.'} If a person sent it, move it
              back: it goes to {stageLabel(list, firstStage)}, with the real requests.
            </p>
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() =>
                // The button goes with the spam notice: focus goes on to the stage, which now says where the record is.
                void save(() => changeStage(supabase, table, row, firstStage), (saved) => `Moved back to ${stageLabel(list, saved.stage)}.`, 'Failed to move the record').then(() =>
                  stageSelect.current?.focus(),
                )
              }
            >
              Not spam: move to {stageLabel(list, firstStage)}
            </button>
          </div>
        ) : null}
        <div className="fields">
          <div className="field">
            <label htmlFor={`${ids}-stage`}>Stage</label>
            <div className="row">
              <select ref={stageSelect} id={`${ids}-stage`} value={stage} aria-describedby={`${ids}-meaning`} onChange={(event) => setStage(event.target.value)}>
                {stagesOf(list).map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.label}
                    {option.closed ? ' (closes it)' : ''}
                  </option>
                ))}
                {stagesOf(list).some((option) => option.code === row.stage) ? null : <option value={row.stage}>{stageLabel(list, row.stage)}</option>}
              </select>
              <button
                type="button"
                className="primary"
                disabled={busy || stage === row.stage}
                onClick={() => void save(() => changeStage(supabase, table, row, stage), (saved) => `Stage saved: ${stageLabel(list, saved.stage)}.`, 'Failed to save the stage')}
              >
                Save stage
              </button>
            </div>
            <p id={`${ids}-meaning`} className="hint">
              {current.meaning}
            </p>
          </div>
          <div className="field">
            {/* A term and its value: read as "Owner, Dana Reyes" (a paragraph cannot be named by a label). */}
            <dl className="owner">
              <dt>Owner</dt>
              <dd>{row.owner === userId ? `You (${ownerName(row.owner)})` : ownerName(row.owner)}</dd>
            </dl>
            <div className="row">
              {row.owner === userId ? null : (
                <button type="button" className="primary" disabled={busy} onClick={() => void save(() => changeOwner(supabase, table, row, userId), () => 'You are now the owner.', 'Failed to assign the record')}>
                  Assign to me
                </button>
              )}
            </div>
            <label htmlFor={`${ids}-give`}>Give to</label>
            <div className="row">
              <select id={`${ids}-give`} value={giveTo} onChange={(event) => setGiveTo(event.target.value)}>
                <option value="">Choose a colleague</option>
                {colleagues.map((member) => (
                  <option key={member.user_id} value={member.user_id}>
                    {member.user_id === userId ? `Me (${member.display_name})` : member.display_name}
                  </option>
                ))}
                {row.owner === null ? null : <option value="nobody">Nobody (take me off it)</option>}
              </select>
              <button
                type="button"
                className="secondary"
                disabled={busy || giveTo === ''}
                onClick={() => {
                  const to = giveTo === 'nobody' ? null : giveTo;
                  setGiveTo('');
                  void save(() => changeOwner(supabase, table, row, to), (saved) => (saved.owner ? `Given to ${ownerName(saved.owner)}.` : 'Nobody owns it now.'), 'Failed to change the owner');
                }}
              >
                Give
              </button>
            </div>
          </div>
        </div>
        <p className={notice?.kind === 'stale' ? 'notice stale' : 'notice'} role={notice?.kind === 'stale' ? 'alert' : 'status'}>
          {notice?.text}
        </p>
      </section>
      {children}
      <div css={style}>

        <form className="note" onSubmit={(event) => void submitNote(event)} noValidate>
          <label htmlFor={`${ids}-note`}>Add a note</label>
          <textarea
            id={`${ids}-note`}
            value={note}
            maxLength={NOTE_MAX}
            rows={3}
            aria-describedby={`${ids}-note-help${noteError ? ` ${ids}-note-error` : ''}`}
            aria-invalid={noteError ? true : undefined}
            onChange={(event) => setNote(event.target.value)}
          />
          <p id={`${ids}-note-help`} className="hint">
            Plain text, up to {NOTE_MAX.toLocaleString('en-US')} characters ({note.length.toLocaleString('en-US')} used). Colleagues see it with your name; you can correct or delete it for {NOTE_EDIT_MINUTES} minutes.
          </p>
          {noteError ? (
            <p id={`${ids}-note-error`} className="error">
              {noteError}
            </p>
          ) : null}
          <button type="submit" className="secondary" disabled={busy}>
            Add note
          </button>
        </form>

        <h3>History</h3>
        {history === undefined ? (
          <p role="status">Loading history...</p>
        ) : history === null ? (
          <p>
            The history could not be loaded.{' '}
            <button type="button" className="secondary" onClick={refresh}>
              Try again
            </button>
          </p>
        ) : (
          <Timeline list={list} history={history} userId={userId} ownerName={ownerName} busy={busy} onDeleteNote={(id) => void removeNote(id)} onEditNote={correctNote} />
        )}
      </div>
    </>
  );
}

const style = css`
  margin: 1.5rem 0; padding-top: 1rem; border-top: 2px solid ${color.line};
  .fields { display: grid; gap: 1rem 1.5rem; grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr)); }
  .field { display: grid; gap: 0.35rem; align-content: start; }
  label, .owner dt { font-weight: 650; }
  .row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
  select, textarea { font: inherit; border: 2px solid ${color.control}; border-radius: 10px; background: ${color.white}; color: ${color.ink}; }
  select { min-height: ${layout.tap}; padding: 0.4rem 0.75rem; flex: 1 1 10rem; min-width: 0; }
  textarea { width: 100%; padding: 0.6rem 0.75rem; resize: vertical; }
  .owner { display: grid; gap: 0.35rem; margin: 0; }
  .owner dt { font-size: inherit; color: inherit; }
  .owner dd { margin: 0; font-weight: 600; }
  .spam { display: grid; gap: 0.75rem; justify-items: start; margin: 0 0 1rem; padding: 0.75rem 1rem; border-radius: 10px; background: ${color.dangerTint}; }
  .spam p { margin: 0; color: ${color.ink}; }
  .hint { margin: 0; color: ${color.muted}; font-size: 0.95rem; }
  .notice { margin: 0.75rem 0 0; font-weight: 600; }
  .notice:empty { display: none; }
  .notice.stale { padding: 0.75rem 1rem; border-radius: 10px; background: ${color.dangerTint}; color: ${color.danger}; }
  .error { margin: 0; color: ${color.danger}; font-weight: 600; }
  .note { display: grid; gap: 0.4rem; margin: 1.25rem 0; justify-items: start; }
`;
