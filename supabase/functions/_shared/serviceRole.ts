/**
 * The scheduled functions (purge, notify) run only when called with the service-role key, as pg_cron calls them.
 * The gateway has checked the token's signature (verify_jwt); the anon key is a valid token too, so the function
 * itself reads which role the token names.
 */

/** The role a verified JWT names, or undefined. */
export function roleOf(authorization: string | null): string | undefined {
  const payload = /^Bearer [\w-]+\.([\w-]+)\.[\w-]+$/.exec(authorization ?? '')?.[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown };
    return typeof claims.role === 'string' ? claims.role : undefined;
  } catch {
    return undefined;
  }
}

export function jsonAnswer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'X-Content-Type-Options': 'nosniff' } });
}
