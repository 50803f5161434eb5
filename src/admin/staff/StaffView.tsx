/**
 * The Staff view, for admins (issue 32, item 4): who may sign in to the dashboard (name, e-mail, role, active or
 * removed, last sign-in), an invitation by e-mail, a change of role, a removal, and the log of every change. All of
 * it through the staff Edge Function, which asks the database whether the caller is an admin; this view is only
 * offered to admins (Dashboard.tsx), it decides nothing.
 */
import { css } from '@emotion/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { color, layout, mq } from '../../theme.ts';
import { breakable } from '../breakable.tsx';
import { formatDateTime } from '../format.ts';
import { isSessionEnded } from '../records.ts';
import { useFailureNotice } from '../RecordsView.tsx';
import { useToast } from '../Toasts.tsx';
import { changeStaff, loadStaff, type StaffAction, type StaffEvent, type StaffMember } from './staffApi.ts';

interface Props {
  userId: string;
  onSessionExpired: () => void;
  focusHeading: boolean;
}

const roleName = (role: string | null) => (role === 'admin' ? 'Admin' : 'Staff');

/** One change, as a sentence. */
export function describeEvent(event: StaffEvent): string {
  const who = event.actor;
  const as = event.role === 'admin' ? 'an admin' : 'staff';
  switch (event.kind) {
    case 'invited':
      return who ? `${who} invited ${event.member} as ${as}.` : `${event.member} was invited as ${as}.`;
    case 'added':
      return who ? `${who} gave ${event.member} access as ${as}.` : `${event.member} was given access as ${as} outside the dashboard (npm run staff:add).`;
    case 'role_changed':
      return who ? `${who} made ${event.member} ${as}.` : `${event.member} was made ${as} outside the dashboard.`;
    case 'removed':
      return who ? `${who} removed ${event.member}.` : `${event.member} was removed outside the dashboard.`;
  }
}

export function StaffView({ userId, onSessionExpired, focusHeading }: Props) {
  const [data, setData] = useState<{ members: StaffMember[]; events: StaffEvent[] } | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<string | undefined>();
  const [inviteError, setInviteError] = useState<string | undefined>();
  const [status, setStatus] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const fail = useFailureNotice(onSessionExpired);
  const toast = useToast();
  useEffect(() => void (focusHeading && heading.current?.focus()), []);

  const refresh = useCallback(async () => {
    try {
      setData(await loadStaff());
      setLoadError(undefined);
    } catch (error) {
      fail(error, (error as Error).message);
      setLoadError((error as Error).message);
    }
  }, [fail]);
  useEffect(() => void refresh(), [refresh]);

  async function act(action: StaffAction): Promise<boolean> {
    setBusy(true);
    try {
      const { message } = await changeStaff(action);
      setStatus(message);
      toast({ title: 'Done', description: message });
      await refresh();
      return true;
    } catch (error) {
      // A refused invitation is said beside its form; anything else in a notice (or back to sign-in).
      if (action.action === 'invite' && !isSessionEnded(error)) setInviteError((error as Error).message);
      else fail(error, (error as Error).message);
      return false;
    } finally {
      setBusy(false);
      setConfirming(undefined);
    }
  }

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    setInviteError(undefined);
    const sent = await act({ action: 'invite', name: String(fields.get('name')).trim(), email: String(fields.get('email')).trim(), role: fields.get('role') === 'admin' ? 'admin' : 'staff' });
    if (sent) form.reset();
  }

  return (
    <main css={mainStyle}>
      <h1 ref={heading} tabIndex={-1}>
        Staff
      </h1>
      <p className="sub">Who can sign in to this dashboard. Admins can also manage staff, export and erase records.</p>
      <p className="visually-hidden" role="status">
        {status}
      </p>

      <section aria-labelledby="invite-heading" className="card">
        <h2 id="invite-heading">Invite a staff member</h2>
        <p className="hint">They get an e-mail with a link to choose their password. The link works once, for 24 hours: if it was used or ran out before they chose one, invite them again from their card.</p>
        <form onSubmit={invite} aria-describedby={inviteError ? 'invite-error' : undefined}>
          <div className="field">
            <label htmlFor="invite-name">Name</label>
            <input id="invite-name" name="name" autoComplete="off" maxLength={80} required />
          </div>
          <div className="field">
            <label htmlFor="invite-email">E-mail</label>
            <input id="invite-email" name="email" type="email" autoComplete="off" required />
          </div>
          <div className="field">
            <label htmlFor="invite-role">Role</label>
            <select id="invite-role" name="role" defaultValue="staff">
              <option value="staff">Staff</option>
              <option value="admin">Admin</option>
            </select>
          </div>
          <button type="submit" className="primary" disabled={busy}>
            Send invitation
          </button>
        </form>
        {inviteError ? (
          <p id="invite-error" className="error" role="alert">
            {inviteError}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="members-heading">
        <h2 id="members-heading">Members</h2>
        {loadError && !data ? (
          <p className="error" role="alert">
            The staff list could not be loaded: {loadError}
          </p>
        ) : !data ? (
          <p role="status">Loading staff...</p>
        ) : (
          <ul className="members">
            {data.members.map((member) => (
              <li key={member.userId} className={member.active ? 'card' : 'card removed'}>
                <h3>
                  {member.name}
                  {member.userId === userId ? ' (you)' : ''}
                </h3>
                <p className="email">{breakable(member.email)}</p>
                <dl>
                  <div>
                    <dt>Role</dt>
                    <dd>{roleName(member.role)}</dd>
                  </div>
                  <div>
                    <dt>Access</dt>
                    <dd>{member.active ? 'Active' : 'Removed'}</dd>
                  </div>
                  <div>
                    <dt>Last sign-in</dt>
                    <dd>{member.lastSignInAt ? formatDateTime(member.lastSignInAt) : member.active ? 'Not yet (invited)' : 'Never'}</dd>
                  </div>
                </dl>
                {member.active ? (
                  confirming === member.userId ? (
                    <div className="actions" role="group" aria-label={`Remove ${member.name}?`}>
                      <p>Remove {member.name}? Their access and their sessions end at once.</p>
                      <button type="button" className="danger" disabled={busy} onClick={() => void act({ action: 'remove', userId: member.userId })}>
                        Yes, remove {member.name}
                      </button>
                      <button type="button" disabled={busy} onClick={() => setConfirming(undefined)}>
                        Cancel
                      </button>
                    </div>
                  ) : (
                    <div className="actions">
                      <button type="button" disabled={busy} onClick={() => void act({ action: 'role', userId: member.userId, role: member.role === 'admin' ? 'staff' : 'admin' })}>
                        {member.role === 'admin' ? `Make ${member.name} staff` : `Make ${member.name} an admin`}
                      </button>
                      {member.userId === userId ? null : (
                        // For a member whose link was used or ran out before they chose a password, or who forgot it.
                        <button type="button" disabled={busy} onClick={() => void act({ action: 'invite-again', userId: member.userId })}>
                          Invite {member.name} again
                        </button>
                      )}
                      <button type="button" disabled={busy} onClick={() => setConfirming(member.userId)}>
                        Remove {member.name}
                      </button>
                    </div>
                  )
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      {data ? (
        <section aria-labelledby="changes-heading">
          <h2 id="changes-heading">Changes</h2>
          {data.events.length ? (
            <ol className="changes">
              {data.events.map((event) => (
                <li key={event.id}>
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time> {describeEvent(event)}
                </li>
              ))}
            </ol>
          ) : (
            <p>No changes yet.</p>
          )}
        </section>
      ) : null}
    </main>
  );
}

const mainStyle = css`
  display: grid; gap: 1.5rem;
  h1 { font-size: clamp(1.8rem, 4vw, 2.4rem); margin: 0; }
  h2 { font-size: 1.4rem; }
  h3 { font-size: 1.15rem; margin: 0; }
  .sub, .hint { color: ${color.muted}; margin: 0; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .card { background: ${color.white}; border: 1px solid ${color.line}; border-radius: ${layout.radius}; padding: 1.25rem; }
  .card.removed { background: ${color.sand}; }
  form { display: grid; gap: 1rem; margin-top: 1rem; }
  ${mq.tablet} { form { grid-template-columns: 1fr 1fr auto auto; align-items: end; } }
  .field { display: grid; gap: 0.35rem; min-width: 0; }
  label { font-weight: 650; }
  input, select {
    min-height: ${layout.tap}; padding: 0.5rem 0.75rem; font: inherit; border: 2px solid ${color.control};
    border-radius: 10px; background: ${color.white}; color: ${color.ink}; min-width: 0;
  }
  button.primary { background: ${color.brand}; color: ${color.white}; }
  button.primary:hover { background: ${color.brandDark}; }
  button.danger { border-color: ${color.danger}; color: ${color.danger}; }
  .error { margin: 0.75rem 0 0; padding: 0.75rem; border-radius: 10px; background: ${color.dangerTint}; color: ${color.danger}; font-weight: 600; }
  .members { list-style: none; margin: 0; padding: 0; display: grid; gap: 1rem; }
  ${mq.tablet} { .members { grid-template-columns: repeat(auto-fill, minmax(20rem, 1fr)); } }
  .email { margin: 0.25rem 0 0.75rem; overflow-wrap: anywhere; }
  dl { display: grid; gap: 0.25rem; margin: 0 0 1rem; }
  dl div { display: flex; flex-wrap: wrap; gap: 0.5rem; }
  dt { font-weight: 650; }
  dt::after { content: ':'; }
  dd { margin: 0; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
  .actions p { flex-basis: 100%; margin: 0; font-weight: 600; }
  .actions button { min-height: ${layout.tap}; text-align: center; }
  .changes { margin: 0; padding-left: 1.25rem; display: grid; gap: 0.35rem; }
  .changes time { color: ${color.muted}; }
`;
