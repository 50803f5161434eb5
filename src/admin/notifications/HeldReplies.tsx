/**
 * "Replies held: unusual volume": the instant replies to senders past the hourly cap (site.yaml
 * notifications.repliesPerHour; 20261129000300_reply_cap.sql), shown at the top of the dashboard to every staff
 * member while any is held. A script sending the forms with strangers' addresses looks like this; so does a very
 * good campaign day. Each held reply links to its record, so staff can look before deciding; an admin sends them
 * (each, or all at once) or drops them. Nothing is shown while no reply is held. Read from
 * public.notification_outbox, which holds no personal data; staff only (RLS); the decision is the database's
 * public.decide_held_replies, admins only.
 */
import { css } from '@emotion/react';
import { useCallback, useState } from 'react';
import { recordLink } from '../../../supabase/functions/_shared/adminLinks.ts';
import { color } from '../../theme.ts';
import { supabase } from '../client.ts';
import { formatDateTime } from '../format.ts';
import { noticeStyle } from './noticeStyle.ts';
import { useRefreshed } from './useRefreshed.ts';

interface HeldReply {
  id: string;
  kind: 'inquiry' | 'application';
  inquiry_id: string | null;
  application_id: string | null;
  created_at: string;
}

/** How many held replies are listed one by one; the count and "all" cover the rest. */
const LISTED = 25;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function recordHref(row: HeldReply): string {
  return row.inquiry_id ? recordLink(location.origin, 'inquiries', row.inquiry_id) : recordLink(location.origin, 'applications', row.application_id ?? '');
}

export function HeldReplies({ isAdmin, onFailure }: { isAdmin: boolean; onFailure: (error: unknown, description: string) => void }) {
  const [held, setHeld] = useState<HeldReply[]>([]);
  const [total, setTotal] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [done, setDone] = useState('');

  const load = useCallback(async () => {
    const found = await supabase
      .from('notification_outbox')
      .select('id, kind, inquiry_id, application_id, created_at', { count: 'exact' })
      .eq('status', 'capped')
      .order('created_at', { ascending: true })
      .limit(LISTED);
    if (found.error) throw found.error;
    setHeld(found.data as HeldReply[]);
    setTotal(found.count ?? found.data.length);
  }, []);

  useRefreshed(load, onFailure, 'Failed to check the held replies');

  async function decide(decision: 'send' | 'drop', ids: string[] | null, key: string) {
    setBusy(key);
    setDone('');
    const { data, error } = await supabase.rpc('decide_held_replies', { p_decision: decision, p_ids: ids });
    setBusy(null);
    if (error) return onFailure(error, decision === 'send' ? 'Failed to send the held replies' : 'Failed to drop the held replies');
    const n = Number(data ?? 0);
    setDone(decision === 'send' ? `${plural(n, 'reply', 'replies')} will be sent within a minute.` : `${plural(n, 'reply was', 'replies were')} dropped: ${n === 1 ? 'it' : 'they'} will not be sent.`);
    await load().catch((failure: unknown) => onFailure(failure, 'Failed to check the held replies'));
  }

  if (total === 0) return done ? <p css={doneStyle} role="status">{done}</p> : null;
  const what = (row: HeldReply) => (row.kind === 'application' ? 'Reply to an applicant' : 'Reply to a family');
  return (
    <aside css={[noticeStyle, style]} aria-labelledby="held-replies">
      <h2 id="held-replies" className="title">
        Replies held: unusual volume
      </h2>
      <p>
        {plural(total, 'instant reply to someone who sent a form is', 'instant replies to people who sent the forms are')} waiting: more
        requests than usual arrived within an hour, so the site stopped sending replies until someone looks. The requests themselves are all
        in the lists below; only the e-mail saying “we got your request” is waiting.
      </p>
      <p>
        A script sending the forms with strangers’ addresses looks like this. Open a few of the records:{' '}
        {isAdmin
          ? 'if they are real families or applicants, send the replies; if not, drop them.'
          : 'an admin can send the replies, if they are real families or applicants, or drop them.'}
      </p>
      {isAdmin ? (
        <p className="actions">
          <button type="button" onClick={() => void decide('send', null, 'all-send')} disabled={busy !== null}>
            {busy === 'all-send' ? 'Sending…' : `Send all ${plural(total, 'reply', 'replies')}`}
          </button>
          <button type="button" className="danger" onClick={() => void decide('drop', null, 'all-drop')} disabled={busy !== null}>
            {busy === 'all-drop' ? 'Dropping…' : `Drop all ${plural(total, 'reply', 'replies')}`}
          </button>
        </p>
      ) : null}
      <ul aria-label="Held replies">
        {held.map((row) => (
          <li key={row.id}>
            <span className="what">
              {what(row)}, request sent {formatDateTime(row.created_at)}
            </span>
            <span className="actions">
              <a href={recordHref(row)}>Open the record</a>
              {isAdmin ? (
                <>
                  <button type="button" onClick={() => void decide('send', [row.id], row.id)} disabled={busy !== null} aria-label={`Send the ${what(row).toLowerCase()}, request sent ${formatDateTime(row.created_at)}`}>
                    Send
                  </button>
                  <button type="button" className="danger" onClick={() => void decide('drop', [row.id], row.id)} disabled={busy !== null} aria-label={`Drop the ${what(row).toLowerCase()}, request sent ${formatDateTime(row.created_at)}`}>
                    Drop
                  </button>
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {total > held.length ? <p>And {plural(total - held.length, 'more', 'more')}, oldest first above.</p> : null}
      <p role="status">{done}</p>
    </aside>
  );
}

const style = css`
  ul { margin: 0.5rem 0; gap: 0.5rem; }
  li { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.5rem; padding: 0.5rem 0.75rem; }
  button.danger { border-color: ${color.danger}; color: ${color.danger}; }
`;

const doneStyle = css`
  margin: 0 0 1.5rem;
`;
