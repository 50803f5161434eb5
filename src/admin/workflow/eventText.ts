/**
 * A record's event (public.record_events) as a sentence without its time: what the history shows, and what the
 * per-record export ("what we hold", export/recordJson.ts) writes. Pure: names come from `ownerName`.
 */
import type { RecordEvent, RecordList } from '../../database.ts';
import { stageLabel } from './stages.ts';

export interface EventNames {
  /** The signed-in user, who reads 'You'; '' for nobody (an export names everyone). */
  userId: string;
  /** A staff member's name by id; for null, what an owner of nobody reads as. */
  ownerName: (owner: string | null) => string;
}

/** Who did it: 'You', a colleague's name, or 'The system' (the site's functions, the purge). */
export function actorOf(event: Pick<RecordEvent, 'actor'>, { userId, ownerName }: EventNames): string {
  return event.actor === null ? 'The system' : event.actor === userId ? 'You' : ownerName(event.actor);
}

export function describeEvent(event: RecordEvent, list: RecordList, names: EventNames): string {
  const who = actorOf(event, names);
  const { ownerName } = names;
  switch (event.kind) {
    case 'created':
      return `${list === 'applications' ? 'Application' : 'Inquiry'} received from the site, at ${stageLabel(list, event.to_value ?? '')}`;
    case 'stage':
      return `${who} moved it from ${stageLabel(list, event.from_value ?? '')} to ${stageLabel(list, event.to_value ?? '')}`;
    case 'owner':
      if (event.to_value === null) return `${who} took ${ownerName(event.from_value)} off it: nobody owns it`;
      if (event.to_value === event.actor) return `${who} took it`;
      return `${who} gave it to ${ownerName(event.to_value)}`;
    case 'note':
      return `${who} added a note`;
    case 'note_edited':
      return `${who} edited a note`;
    case 'note_deleted':
      return `${who} deleted a note`;
    case 'deleted':
      return `${who} deleted the record`;
    // An audit line: the name, even for the one reading it.
    case 'erased':
      return `Erased by ${event.actor === null ? 'the system' : ownerName(event.actor)}: the record, its notes and its resume are gone`;
    // Sent with JavaScript off, held under Spam, then confirmed on the page the site showed (DESIGN.md decision 26).
    case 'confirmed':
      return 'The sender confirmed it on the site (it was sent with JavaScript off, and held until then)';
    case 'exported':
      return `Exported by ${event.actor === null ? 'the system' : ownerName(event.actor)}, ${event.to_value === 'json' ? 'with everything held on it (JSON)' : 'in a CSV file of the list'}`;
  }
}
