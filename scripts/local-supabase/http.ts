/** Request and response plumbing shared by the stand-in's services: CORS, bodies, JSON, the caller's role. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errors, jwtVerify, type JWTPayload } from 'jose';
import type { RequestRole } from './db.ts';
import { secretKey } from './keys.ts';

export type Req = IncomingMessage;
export type Res = ServerResponse;

/** CORS as Supabase answers it: any origin, the client's headers allowed, Content-Range readable. */
export function setCors(req: Req, res: Res): void {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range, X-Supabase-Api-Version, Content-Type, Content-Length, ETag, x-sb-error-code');
}

export function answerPreflight(req: Req, res: Res): void {
  res.statusCode = 204;
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'apikey, authorization, content-type, x-client-info, accept-profile, content-profile, prefer, x-retry-count, x-supabase-api-version, x-upsert');
  res.setHeader('Access-Control-Max-Age', '86400');
  res.end();
}

export function sendJson(res: Res, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export async function readBody(req: Req, limit = 11 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw Object.assign(new Error('Payload too large'), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function bearer(req: Req): string | undefined {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
  return match?.[1]?.trim();
}

export type Verified = { ok: true; claims: JWTPayload & Record<string, unknown> } | { ok: false; reason: 'expired' | 'invalid'; message: string };

/** Verifies an HS256 JWT as PostgREST does, with 30 s of clock skew allowed. */
export async function verifyJwt(token: string): Promise<Verified> {
  const parts = token.split('.').length;
  if (parts !== 3) return { ok: false, reason: 'invalid', message: `Expected 3 parts in JWT; got ${parts}` };
  try {
    const { payload } = await jwtVerify(token, secretKey, { algorithms: ['HS256'], clockTolerance: 30 });
    return { ok: true, claims: payload as JWTPayload & Record<string, unknown> };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    return { ok: false, reason: 'invalid', message: 'JWT cryptographic operation failed' };
  }
}

export type Caller =
  | { ok: true; who: RequestRole; /** false when no valid user or API JWT came with the request */ authenticated: boolean }
  | { ok: false; status: number; body: Record<string, unknown>; reason: 'no-apikey' | 'expired' | 'invalid' };

/** Who is calling: the anon key or no token means anon; otherwise the verified JWT's role and claims. */
export async function callerOf(req: Req, anonKey: string): Promise<Caller> {
  if (!req.headers.apikey) return { ok: false, status: 401, body: { message: 'No API key found in request' }, reason: 'no-apikey' };
  const token = bearer(req);
  if (!token || token === anonKey) return { ok: true, who: { role: 'anon', claims: { role: 'anon', iss: 'supabase-demo' } }, authenticated: Boolean(token) };
  const verified = await verifyJwt(token);
  if (!verified.ok) {
    const code = verified.reason === 'expired' ? 'PGRST303' : 'PGRST301';
    return { ok: false, status: 401, body: { code, details: null, hint: null, message: verified.message }, reason: verified.reason };
  }
  const role = (verified.claims.role as string | undefined) ?? 'anon';
  if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') {
    return { ok: false, status: 401, body: { code: '22023', details: null, hint: null, message: `role "${role}" does not exist` }, reason: 'invalid' };
  }
  return { ok: true, who: { role, claims: verified.claims }, authenticated: true };
}
