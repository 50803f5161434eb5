/**
 * The reply promise, watched: how long each open inquiry has waited for its first reply, and which are overdue
 * (never answered, still at the first stage, past the promise's hours). The first reply is the database's
 * first_reply_at (the first move out of the first stage, or out of spam, to another: 20261127000800_first_reply.sql);
 * the wait stops there, and the column then says how long the family waited for it. The hours come from the
 * content (site.yaml `notifications.replyWithinHours`), given with the page like the stages; the daily digest
 * e-mail (public.overdue_inquiries) applies the same rule in the database.
 */
import { formatDuration } from '../format.ts';
import { firstStageOf, isClosed, stageLabel } from './stages.ts';

const HOUR = 3_600_000;
let replyHours = 24;

/** Given the page's reply promise once, before the dashboard renders (pages/admin/+onRenderClient.tsx). */
export function setReplyPromise(hours: number): void {
  replyHours = hours;
}

export function replyPromiseHours(): number {
  return replyHours;
}

type Waiting = { stage: string; created_at: string; first_reply_at?: string | null };

/** An inquiry nobody has answered within the promise: never answered, at the first stage, older than the promise's hours. */
export function isOverdue(row: Waiting, now = Date.now()): boolean {
  return !row.first_reply_at && row.stage === firstStageOf('inquiries') && now - Date.parse(row.created_at) > replyHours * HOUR;
}

/**
 * What the list's Waiting column says: for an answered inquiry, how long the family waited for the reply
 * ("answered in 2 h 5 min", in the words and rounding Reports use: format.ts formatDuration), open or closed; for an unanswered open one, the wait so far, marked when overdue; nothing
 * for one closed without a reply (e.g. spam).
 */
export function waitingOf(row: Waiting, now = Date.now()): { text: string; overdue: boolean } | null {
  if (row.first_reply_at) return { text: `answered in ${formatDuration(row.created_at, Date.parse(row.first_reply_at))}`, overdue: false };
  if (isClosed('inquiries', row.stage)) return null;
  return { text: formatDuration(row.created_at, now), overdue: isOverdue(row, now) };
}

/**
 * The line over the list about the promise: all answered in time, or how many are still at the first stage past
 * it, that stage named as content/workflow.yaml names it ('New', or whatever the office renamed it to).
 */
export function promiseLine(overdueCount: number): string {
  const hours = replyPromiseHours();
  if (overdueCount === 0) return `Every inquiry has been answered within ${hours} hours.`;
  const first = stageLabel('inquiries', firstStageOf('inquiries'));
  return `${overdueCount} ${overdueCount === 1 ? 'inquiry is' : 'inquiries are'} overdue: still ${first} after ${hours} hours.`;
}
