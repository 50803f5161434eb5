/**
 * The deploy's own test request (issue 41, item 4; supabase/migrations/20261129200000_test_requests.sql): after
 * publishing, `npm run deploy -- --verify` (scripts/deploy/verify.ts) posts the contact form as the page's script
 * does, with one more header, X-Deploy-Test, holding a one-time token it asked the database for with the
 * service-role key just before. The function asks the database to use the token up: recognised (once, within 10
 * minutes), the request is stored marked as the deploy's test, which staff never see, no report counts, HubSpot
 * never gets and its sender is never answered; the staff e-mail still goes, saying it is the test. Anything else
 * (no header, an unknown, expired or used token, or the database not answering) leaves the request an ordinary one,
 * in front of staff: a stranger cannot hide a request by sending the header.
 *
 * The token, not the key: the function never compares what a post carries with its own SUPABASE_SERVICE_ROLE_KEY
 * (the owner's key may be a new sb_secret_ key while the function holds the legacy JWT), and no key travels in a
 * form post.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

/** The header the deploy's test post carries its token in (a browser's form never sends it). */
export const TEST_REQUEST_HEADER = 'X-Deploy-Test';

/** Whether this post is the deploy's test request: its token recognised by the database (and used up) now. */
export async function isDeployTest(supabase: SupabaseClient, req: Request, onFailure: (error: unknown) => void): Promise<boolean> {
  const token = req.headers.get(TEST_REQUEST_HEADER)?.trim();
  if (!token) return false;
  const used = await supabase.rpc('use_test_request_token', { p_token: token.slice(0, 200) });
  if (used.error) {
    onFailure(used.error);
    return false;
  }
  return used.data === true;
}
