/**
 * Staff accounts as the service role finds and names them, for `npm run staff:add` and the deploy's first admin
 * (scripts/deploy/firstAdmin.ts).
 */
import type { SupabaseClient } from '@supabase/supabase-js';

/** The account with this e-mail address (any case), looked for page by page; undefined when there is none. */
export async function findUser(admin: SupabaseClient, email: string) {
  for (let page = 1; ; page++) {
    const { data, error } = await admin.auth.admin.listUsers({ page, perPage: 1000 });
    if (error) throw error;
    const user = data.users.find((u) => u.email?.toLowerCase() === email.toLowerCase());
    if (user || data.users.length < 1000) return user;
  }
}

/**
 * The name colleagues see beside a member's work when none was given: the part of the e-mail before the '@', in
 * words ('dana.reyes@example.com' -> 'Dana Reyes').
 */
export function nameFromEmail(email: string): string {
  return (
    email
      .split('@')[0]!
      .split(/[._-]+/)
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
      .slice(0, 80) || email
  );
}
