/**
 * No notification is dropped silently: the e-mails to staff that could not be sent (an address refused, the
 * mail service down for over an hour) are listed at the top of the dashboard with the reason, a link to the
 * record and a way to send them again; those still waiting after ten minutes (mail is down, or not set up) are
 * counted. Nothing is shown while every e-mail goes out. Read from public.notification_outbox, which holds no
 * personal data; staff only (RLS).
 */
import { css } from '@emotion/react';
import { useCallback, useState } from 'react';
import { supabase } from '../client.ts';
import { recordLink } from '../../../supabase/functions/_shared/adminLinks.ts';
import { formatDateTime } from '../format.ts';
import { noticeStyle } from './noticeStyle.ts';
import { useRefreshed } from './useRefreshed.ts';

interface FailedNotification {
  id: string;
  kind: 'inquiry' | 'application' | 'digest' | 'burst' | 'staff_invite';
  inquiry_id: string | null;
  application_id: string | null;
  /** The instant reply to the request's sender, not the e-mail to staff (20261127000700_sender_acknowledgement.sql). */
  acknowledgement: boolean;
  attempts: number;
  last_error: string | null;
  created_at: string;
}

/** How long a notification may wait before the dashboard says so: the first retries fall within it. */
const WAITING_MINUTES = 10;

const WHAT: Record<FailedNotification['kind'], string> = {
  inquiry: 'New inquiry',
  application: 'New job application',
  digest: 'Daily digest of overdue inquiries',
  burst: 'Summary of several new requests',
  staff_invite: 'Invitation to a new staff member',
};

/** What the e-mail was: to staff, by kind, or the reply to the family or applicant who sent the request. */
function what(row: FailedNotification): string {
  if (!row.acknowledgement) return WHAT[row.kind];
  return row.kind === 'application' ? 'Reply to the applicant' : 'Reply to the family';
}

/** The record's address in the dashboard, as the e-mail would have linked it. */
function recordHref(row: FailedNotification): string | null {
  if (row.inquiry_id) return recordLink(location.origin, 'inquiries', row.inquiry_id);
  return row.application_id ? recordLink(location.origin, 'applications', row.application_id) : null;
}

export function NotificationTrouble({ onFailure }: { onFailure: (error: unknown, description: string) => void }) {
  const [failed, setFailed] = useState<FailedNotification[]>([]);
  const [waiting, setWaiting] = useState(0);
  const [retrying, setRetrying] = useState<string | null>(null);

  const load = useCallback(async () => {
    const since = new Date(Date.now() - WAITING_MINUTES * 60_000).toISOString();
    const [failures, pending] = await Promise.all([
      supabase.from('notification_outbox').select('id, kind, inquiry_id, application_id, acknowledgement, attempts, last_error, created_at').eq('status', 'failed').order('created_at', { ascending: false }).limit(50),
      supabase.from('notification_outbox').select('id', { count: 'exact', head: true }).eq('status', 'pending').lt('created_at', since),
    ]);
    if (failures.error) throw failures.error;
    if (pending.error) throw pending.error;
    setFailed(failures.data as FailedNotification[]);
    setWaiting(pending.count ?? 0);
  }, []);

  useRefreshed(load, onFailure, 'Failed to check the notification e-mails');

  async function retry(id: string) {
    setRetrying(id);
    const { error } = await supabase.rpc('retry_notification', { p_id: id });
    setRetrying(null);
    if (error) return onFailure(error, 'Failed to send the notification again');
    await load().catch((failure: unknown) => onFailure(failure, 'Failed to check the notification e-mails'));
  }

  if (failed.length === 0 && waiting === 0) return null;
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    <aside css={[noticeStyle, style]} aria-labelledby="notification-trouble">
      <p id="notification-trouble" className="title">
        {failed.length > 0 ? `${count(failed.length, 'notification', 'notifications')} could not be sent` : `${count(waiting, 'notification is', 'notifications are')} waiting to be sent`}
      </p>
      {failed.length > 0 ? (
        <>
          <p>
            {failed.every((row) => row.acknowledgement)
              ? 'The senders did not get the instant reply.'
              : failed.some((row) => row.acknowledgement)
                ? 'Staff were not told of some of these, and some senders did not get the instant reply.'
                : 'Staff were not told of these by e-mail.'}{' '}
            Open each record, and send the e-mail again once the reason below is mended.
          </p>
          <ul>
            {failed.map((row) => {
              const href = recordHref(row);
              return (
                <li key={row.id}>
                  <span className="what">
                    {what(row)}, {formatDateTime(row.created_at)}
                  </span>
                  <span className="why">
                    {row.last_error ?? 'No reason was given.'} ({count(row.attempts, 'try', 'tries')})
                  </span>
                  <span className="actions">
                    {href ? <a href={href}>Open the record</a> : null}
                    <button type="button" onClick={() => void retry(row.id)} disabled={retrying === row.id}>
                      {retrying === row.id ? 'Sending…' : 'Send again'}
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {waiting > 0 && failed.length > 0 ? <p>{count(waiting, 'more notification is', 'more notifications are')} waiting to be sent.</p> : null}
      {waiting > 0 ? <p>The mail service has not taken them for over {WAITING_MINUTES} minutes; they are tried again automatically for about two hours.</p> : null}
    </aside>
  );
}

const style = css`
  ul { margin: 0.5rem 0 0; gap: 0.75rem; }
  li { display: grid; gap: 0.25rem; padding: 0.75rem; }
  .why { overflow-wrap: anywhere; }
`;
