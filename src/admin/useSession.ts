/**
 * The signed-in state of the dashboard. On start the stored session is checked with the server, so a session
 * that was revoked elsewhere, or has expired, returns the user to the sign-in form. A server that cannot be
 * reached is not a revoked session: the session is kept, and the dashboard shows its load error instead.
 * While the dashboard is open, a refused refresh (the session was ended, e.g. by staff:add --remove) or a request
 * the server refused (`expire`) returns to the sign-in form too, saying why.
 */
import { isAuthRetryableFetchError, type User } from '@supabase/supabase-js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { supabase } from './client.ts';
import { ACCESS_ENDED_MESSAGE } from './records.ts';
import { arrivedFromEmailLink, takeEmailLink } from './staff/emailLink.ts';

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const ACCESS_ENDED = 'Your staff access has ended. If you still need it, ask an admin.';

export type SessionState =
  | { status: 'checking' }
  | { status: 'signed-out'; notice?: string }
  | { status: 'signed-in'; user: User }
  /** Arrived from an invitation link (staff/emailLink.ts): signed in, to choose a password first. */
  | { status: 'set-password' };

export function useSession() {
  const [state, setState] = useState<SessionState>({ status: 'checking' });
  // While an e-mail link's session is taken in, its sign-in is not the dashboard's yet.
  const arriving = useRef(arrivedFromEmailLink());

  useEffect(() => {
    let active = true;
    void (async () => {
      const arrival = await takeEmailLink();
      arriving.current = false;
      if (arrival) return active && setState(arrival.kind === 'set-password' ? { status: 'set-password' } : { status: 'signed-out', notice: arrival.notice });
      const { data: stored, error: refused } = await supabase.auth.getSession();
      // A stored session whose refresh the server refused (ended elsewhere) is gone now: say so, and never over the
      // notice the SIGNED_OUT event below may have set meanwhile.
      if (!stored.session) return active && setState((current) => (current.status === 'signed-out' && current.notice ? current : { status: 'signed-out', notice: refused ? SESSION_ENDED : undefined }));
      const { data, error } = await supabase.auth.getUser();
      if (!active) return;
      if (data.user) setState({ status: 'signed-in', user: data.user });
      else if (isAuthRetryableFetchError(error)) setState({ status: 'signed-in', user: stored.session.user });
      else {
        await supabase.auth.signOut({ scope: 'local' });
        setState({ status: 'signed-out', notice: error ? SESSION_ENDED : undefined });
      }
    })();
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      // Not asked for here (endSession sets its own state after): a refresh the server refused, or another tab.
      if (event === 'SIGNED_OUT') setState((current) => (current.status === 'signed-out' ? current : { status: 'signed-out', notice: SESSION_ENDED }));
      else if (session?.user && !arriving.current && (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' || event === 'USER_UPDATED')) {
        // A new password chosen (USER_UPDATED) opens the dashboard; until then, the password form stays.
        const user = session.user;
        setState((current) => (current.status === 'set-password' && event !== 'USER_UPDATED' ? current : { status: 'signed-in', user }));
      }
    });
    return () => {
      active = false;
      data.subscription.unsubscribe();
    };
  }, []);

  /** Ends the session on this device and shows the sign-in form with `notice`, if any. */
  const endSession = useCallback(async (notice?: string) => {
    await supabase.auth.signOut({ scope: 'local' });
    setState({ status: 'signed-out', notice });
  }, []);

  /**
   * The server refused a request (isSessionEnded): back to sign-in, saying whether the staff access has ended (the
   * database still recognises the session but not the person as staff) or the session itself.
   */
  const expire = useCallback(async () => {
    const { error } = await supabase.rpc('is_staff');
    await endSession(error?.message === ACCESS_ENDED_MESSAGE ? ACCESS_ENDED : SESSION_ENDED);
  }, [endSession]);

  /** The invited member chose their password: the dashboard opens. */
  const passwordSet = useCallback((user: User) => setState({ status: 'signed-in', user }), []);

  return { state, endSession, expire, passwordSet };
}
