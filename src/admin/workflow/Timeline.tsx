/**
 * A record's history, newest first: its arrival, each stage and owner change, each note (with its text), each
 * export by an admin ("Exported by ..."; an erasure leaves "Erased by ..."), who did it and when (the sentences:
 * eventText.ts). Read from the database's append-only events; a note's text from the notes table (a note
 * deleted by its author leaves its events, not its text).
 */
import { css } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import type { RecordList } from '../../database.ts';
import { color } from '../../theme.ts';
import { formatDateTime } from '../format.ts';
import { isBlankNote, NOTE_EDIT_MINUTES, NOTE_MAX, type History } from './data.ts';
import { describeEvent } from './eventText.ts';

interface Props {
  list: RecordList;
  history: History;
  userId: string;
  ownerName: (owner: string | null) => string;
  busy: boolean;
  onDeleteNote: (noteId: string) => void;
  /** Saves a corrected note; resolves true when saved (the editor then closes). */
  onEditNote: (noteId: string, body: string) => Promise<boolean>;
}

export function Timeline({ list, history, userId, ownerName, busy, onDeleteNote, onEditNote }: Props) {
  const now = Date.now();
  // The note being corrected, and its new text.
  const [editing, setEditing] = useState<{ id: string; body: string } | null>(null);
  // Focus follows the correction: into its field when it opens, back to the note's Edit button when it closes
  // (saved or cancelled), or to the note itself when it can no longer be corrected.
  const field = useRef<HTMLTextAreaElement>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const items = useRef(new Map<string, HTMLLIElement>());
  const [closed, setClosed] = useState<string | null>(null);
  useEffect(() => {
    const opened = field.current;
    if (!opened) return;
    opened.focus();
    opened.setSelectionRange(opened.value.length, opened.value.length);
  }, [editing?.id]);
  useEffect(() => {
    // A button still disabled while the save ends cannot take focus: wait for it.
    if (closed === null || busy) return;
    (editButtons.current.get(closed) ?? items.current.get(closed))?.focus();
    setClosed(null);
  }, [closed, busy]);
  const stopEditing = (noteId: string) => {
    setEditing(null);
    setClosed(noteId);
  };
  /** Keeps `map` holding the element of `key` while it is on the page. */
  const keep =
    <E,>(map: Map<string, E>, key: string) =>
    (element: E | null) => {
      if (element) map.set(key, element);
      else map.delete(key);
    };
  return (
    <ol css={style} aria-label="History, newest first">
      {history.events.map((event) => {
        const note = event.kind === 'note' && event.note_id ? history.notes.get(event.note_id) : undefined;
        const deletable = note && note.author === userId && now - Date.parse(note.created_at) < NOTE_EDIT_MINUTES * 60_000;
        return (
          <li key={event.id} ref={note ? keep(items.current, note.id) : undefined} tabIndex={note ? -1 : undefined}>
            <p className="what">
              {describeEvent(event, list, { userId, ownerName })}
              {' · '}
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
            </p>
            {editing && note && editing.id === note.id ? (
              <form
                className="edit"
                onSubmit={(submitted) => {
                  submitted.preventDefault();
                  if (!isBlankNote(editing.body)) void onEditNote(note.id, editing.body.trim()).then((saved) => saved && stopEditing(note.id));
                }}
              >
                <label htmlFor={`edit-${note.id}`}>Correct the note</label>
                <textarea ref={field} id={`edit-${note.id}`} value={editing.body} maxLength={NOTE_MAX} rows={3} onChange={(changed) => setEditing({ id: note.id, body: changed.target.value })} />
                <div className="buttons">
                  <button type="submit" className="primary" disabled={busy || isBlankNote(editing.body)}>
                    Save note
                  </button>
                  <button type="button" className="secondary" onClick={() => stopEditing(note.id)}>
                    Cancel
                  </button>
                </div>
              </form>
            ) : event.kind === 'note' ? (
              note ? (
                <p className="body">
                  {note.body}
                  {note.edited_at ? <span className="edited"> (edited)</span> : null}
                </p>
              ) : (
                <p className="body removed">This note was deleted by its author.</p>
              )
            ) : null}
            {deletable && editing?.id !== note.id ? (
              <div className="buttons">
                <button ref={keep(editButtons.current, note.id)} type="button" className="secondary" disabled={busy} onClick={() => setEditing({ id: note.id, body: note.body })}>
                  Edit note
                </button>
                <button type="button" className="secondary" disabled={busy} onClick={() => onDeleteNote(note.id)}>
                  Delete note
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

const style = css`
  list-style: none; margin: 0; padding: 0; display: grid; gap: 0.75rem;
  li { padding: 0 0 0.75rem 1rem; border-left: 3px solid ${color.line}; border-bottom: 1px solid ${color.line}; }
  .what { margin: 0; font-weight: 600; }
  time { font-weight: 400; color: ${color.muted}; }
  .body { margin: 0.35rem 0 0.5rem; white-space: pre-wrap; overflow-wrap: anywhere; padding: 0.6rem 0.8rem; border-radius: 10px; background: ${color.sand}; }
  .removed { font-style: italic; color: ${color.muted}; }
  .edited { color: ${color.muted}; font-size: 0.9rem; }
  .buttons { display: flex; flex-wrap: wrap; gap: 0.5rem; }
  .edit { display: grid; gap: 0.4rem; margin: 0.5rem 0; }
  .edit label { font-weight: 650; }
`;
