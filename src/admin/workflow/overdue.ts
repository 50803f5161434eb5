/**
 * The reply promise, watched: how long each open inquiry has waited, and which are overdue (still at the first
 * stage, where nobody has answered, past the promise's hours). The hours come from the content
 * (site.yaml `notifications.replyWithinHours`), given with the page like the stages; the daily digest e-mail
 * (public.overdue_inquiries) applies the same rule in the database.
 */
import { firstStageOf, isClosed } from './stages.ts';

const HOUR = 3_600_000;
let replyHours = 24;

/** Given the page's reply promise once, before the dashboard renders (pages/admin/+onRenderClient.tsx). */
export function setReplyPromise(hours: number): void {
  replyHours = hours;
}

export function replyPromiseHours(): number {
  return replyHours;
}

type Waiting = { stage: string; created_at: string };

/** An inquiry nobody has answered within the promise: at the first stage, older than the promise's hours. */
export function isOverdue(row: Waiting, now = Date.now()): boolean {
  return row.stage === firstStageOf('inquiries') && now - Date.parse(row.created_at) > replyHours * HOUR;
}

/** "45 min", "5 h", "3 days": how long a request has waited, in the largest whole unit. */
export function waitedFor(createdAt: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** What the list's Waiting column says: nothing for a closed inquiry, else the wait, marked when overdue. */
export function waitingOf(row: Waiting, now = Date.now()): { text: string; overdue: boolean } | null {
  if (isClosed('inquiries', row.stage)) return null;
  return { text: waitedFor(row.created_at, now), overdue: isOverdue(row, now) };
}
