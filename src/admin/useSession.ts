/**
 * The signed-in state of the dashboard. On start the stored session is checked with the server, so a session
 * that was revoked elsewhere, or has expired, returns the user to the sign-in form. A server that cannot be
 * reached is not a revoked session: the session is kept, and the dashboard shows its load error instead.
 */
import { isAuthRetryableFetchError, type User } from '@supabase/supabase-js';
import { useCallback, useEffect, useState } from 'react';
import { supabase } from './client.ts';

export type SessionState =
  | { status: 'checking' }
  | { status: 'signed-out'; notice?: string }
  | { status: 'signed-in'; user: User };

export function useSession() {
  const [state, setState] = useState<SessionState>({ status: 'checking' });

  useEffect(() => {
    let active = true;
    void (async () => {
      const { data: stored } = await supabase.auth.getSession();
      if (!stored.session) return active && setState({ status: 'signed-out' });
      const { data, error } = await supabase.auth.getUser();
      if (!active) return;
      if (data.user) setState({ status: 'signed-in', user: data.user });
      else if (isAuthRetryableFetchError(error)) setState({ status: 'signed-in', user: stored.session.user });
      else {
        await supabase.auth.signOut({ scope: 'local' });
        setState({ status: 'signed-out', notice: error ? 'Your session has ended. Please sign in again.' : undefined });
      }
    })();
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      if (event === 'SIGNED_OUT') setState((current) => (current.status === 'signed-out' ? current : { status: 'signed-out' }));
      else if (session?.user && (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' || event === 'USER_UPDATED')) setState({ status: 'signed-in', user: session.user });
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

  return { state, endSession };
}
