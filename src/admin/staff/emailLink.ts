/**
 * Arriving at /admin from an e-mail link (the staff invitation: supabase/functions/_shared/staffInvite.ts). GoTrue's
 * verify endpoint sends the browser here with the session, or its refusal, in the address's fragment. The fragment is
 * read once and removed from the address (it holds the tokens), and an invitation or recovery session is kept, for
 * the person to choose their password before the dashboard opens.
 */
import { supabase } from '../client.ts';

export type LinkArrival = { kind: 'set-password' } | { kind: 'refused'; notice: string };

export const LINK_REFUSED = 'This invitation link has expired or has been used already. Ask an admin to invite you again.';

/** Whether the address holds what an e-mail link left there: read synchronously, before anything else runs. */
export function arrivedFromEmailLink(): boolean {
  const fragment = new URLSearchParams(location.hash.slice(1));
  return fragment.has('access_token') || fragment.has('error_code');
}

/** Takes the link's session (or refusal) out of the address; null when the address holds none. */
export async function takeEmailLink(): Promise<LinkArrival | null> {
  if (!arrivedFromEmailLink()) return null;
  const fragment = new URLSearchParams(location.hash.slice(1));
  history.replaceState(history.state, '', location.pathname + location.search);
  if (fragment.has('error_code')) return { kind: 'refused', notice: LINK_REFUSED };
  const type = fragment.get('type');
  if (type !== 'invite' && type !== 'recovery') return null;
  const { error } = await supabase.auth.setSession({ access_token: fragment.get('access_token') ?? '', refresh_token: fragment.get('refresh_token') ?? '' });
  return error ? { kind: 'refused', notice: LINK_REFUSED } : { kind: 'set-password' };
}
