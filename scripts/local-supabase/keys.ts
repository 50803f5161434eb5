/**
 * The local project's JWT secret and API keys: those of the Supabase CLI, so they are the same on every
 * machine and across restarts. Never use them for a real project.
 */
import { SignJWT } from 'jose';

export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const secretKey = new TextEncoder().encode(JWT_SECRET);

/** The long-lived API keys: JWTs whose only claim that matters is the Postgres role. */
export async function apiKey(role: 'anon' | 'service_role'): Promise<string> {
  return new SignJWT({ iss: 'supabase-demo', role, exp: 1983812996 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secretKey);
}
