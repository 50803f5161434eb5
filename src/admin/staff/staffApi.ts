/**
 * The dashboard's calls to the staff Edge Function (supabase/functions/staff): the members and their changes, and
 * an admin's invite (and a member's new invitation), change of role and removal. A plain fetch with the session's token (the dashboard's bundle
 * leaves supabase-js's functions client out: noFunctions.ts). The function decides, in the database, whether the
 * caller is an admin; its refusals arrive as LoadError, so the dashboard treats an ended session or staff access
 * as it does for the lists (isSessionEnded).
 */
import type { StaffEvent, StaffMember } from '../../../supabase/functions/staff/handler.ts';
import { supabaseAnonKey, supabaseUrl } from '../../supabaseEnv.ts';
import { supabase } from '../client.ts';
import { ACCESS_ENDED_MESSAGE, LoadError } from '../records.ts';
import { ACCESS_ENDED } from '../useSession.ts';

export type { StaffEvent, StaffMember };

export type StaffAction =
  | { action: 'invite'; email: string; name: string; role: 'staff' | 'admin' }
  | { action: 'invite-again'; userId: string }
  | { action: 'role'; userId: string; role: 'staff' | 'admin' }
  | { action: 'remove'; userId: string };

async function call<T>(method: 'GET' | 'POST', body?: StaffAction): Promise<T> {
  const { data } = await supabase.auth.getSession();
  let response: Response;
  try {
    response = await fetch(`${supabaseUrl}/functions/v1/staff`, {
      method,
      headers: {
        apikey: supabaseAnonKey,
        Authorization: `Bearer ${data.session?.access_token ?? supabaseAnonKey}`,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new LoadError('We could not reach the server. Check your connection and try again.', 0);
  }
  const answer = (await response.json().catch(() => ({}))) as { error?: string } & T;
  if (response.ok) return answer;
  // The database's refusal of an ended staff access, as the lists see it: back to sign-in, saying so.
  if (response.status === 403 && answer.error === ACCESS_ENDED) throw new LoadError(ACCESS_ENDED_MESSAGE, 403);
  throw new LoadError(answer.error ?? 'Something went wrong. Try again in a moment.', response.status);
}

export const loadStaff = () => call<{ members: StaffMember[]; events: StaffEvent[] }>('GET');
export const changeStaff = (action: StaffAction) => call<{ message: string }>('POST', action);
