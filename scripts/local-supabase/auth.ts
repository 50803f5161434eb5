/**
 * The GoTrue subset supabase-js uses: password and refresh-token grants (with rotation and GoTrue's 10 s
 * reuse interval), the current user and changing its password (PUT /user), sign-out, and the admin's invite and
 * recovery links (POST /admin/generate_link, opened at GET /verify: one use, expiring after the e-mail OTP
 * expiry, 24 h as supabase/config.toml sets it). Sessions and refresh tokens live in auth.sessions and
 * auth.refresh_tokens, as on Supabase, so signing out really revokes them.
 */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Db } from './db.ts';
import { bearer, readBody, sendJson, verifyJwt, type Req, type Res } from './http.ts';
import { secretKey } from './keys.ts';
import type { Passwords } from './passwords.ts';

export const ACCESS_TOKEN_SECONDS = 3600;
const REUSE_INTERVAL_MS = 10_000;
/** How long an invite or recovery link works: [auth.email] otp_expiry in supabase/config.toml (GoTrue's MAILER_OTP_EXP). */
export const OTP_EXPIRY_SECONDS = 86_400;
/** The site an e-mail link returns to when it names none: [auth] site_url. */
const SITE_URL = 'http://localhost:3000';

/** GoTrue's default: 30 sign-in attempts per 5 minutes per client address ([auth.rate_limit] sign_in_sign_ups). */
export const SIGN_IN_LIMIT = 30;
const SIGN_IN_WINDOW_MS = 5 * 60_000;

/** A token bucket per client address: `limit` attempts, refilled evenly over the window. */
function rateLimiter(limit: number, windowMs: number) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (client: string, now = Date.now()): boolean => {
    const bucket = buckets.get(client) ?? { tokens: limit, at: now };
    bucket.tokens = Math.min(limit, bucket.tokens + ((now - bucket.at) * limit) / windowMs);
    bucket.at = now;
    buckets.set(client, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };
}

interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string | null;
  email_confirmed_at: string | null;
  last_sign_in_at: string | null;
  banned_until: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
}

const USER_COLUMNS = `id, aud, role, email, phone, email_confirmed_at, last_sign_in_at, banned_until, raw_app_meta_data,
  raw_user_meta_data, created_at, updated_at, is_anonymous`;

function authError(res: Res, status: number, code: string, message: string): void {
  sendJson(res, status, { code, message }, { 'X-Supabase-Api-Version': '2024-01-01', 'x-sb-error-code': code });
}

/** GoTrue's User object. */
function userJson(user: UserRow) {
  const iso = (value: string | null) => (value ? new Date(value).toISOString() : undefined);
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmed_at: iso(user.email_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: [],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
}

export interface AuthOptions {
  /** Sign-in attempts per 5 minutes per client address (SIGN_IN_LIMIT unless set). */
  signInLimit?: number;
}

/** The auth routes; `passwords` hashes and checks passwords off the event loop (passwords.ts). */
export function createAuth(db: Db, apiUrl: string, passwords: Passwords, options: AuthOptions = {}) {
  const mayTrySignIn = rateLimiter(options.signInLimit ?? SIGN_IN_LIMIT, SIGN_IN_WINDOW_MS);
  // Compared against when the e-mail is unknown, so that an unknown address takes as long to refuse as a wrong
  // password (no way to learn which addresses have accounts): a hash of a random string, at GoTrue's cost.
  const dummyHash = passwords.hash(randomBytes(16).toString('hex'));
  // Awaited at the first unknown e-mail; a stand-in closed before that must not leave it failing unhandled.
  dummyHash.catch(() => undefined);

  async function issueSession(user: UserRow, sessionId: string, refreshToken: string, method = 'password') {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + ACCESS_TOKEN_SECONDS;
    const accessToken = await new SignJWT({
      iss: `${apiUrl}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      exp,
      iat: now,
      email: user.email,
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role,
      aal: 'aal1',
      amr: [{ method, timestamp: now }],
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secretKey);
    return { access_token: accessToken, token_type: 'bearer', expires_in: ACCESS_TOKEN_SECONDS, expires_at: exp, refresh_token: refreshToken, user: userJson(user) };
  }

  async function newRefreshToken(userId: string, sessionId: string, parent: string | null): Promise<string> {
    const token = randomBytes(9).toString('base64url');
    await db.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
      [token, userId, parent, sessionId],
    );
    return token;
  }

  async function userById(id: string): Promise<UserRow | undefined> {
    return (await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id])).rows[0];
  }

  async function passwordGrant(req: Req, res: Res) {
    if (!mayTrySignIn(req.socket.remoteAddress ?? 'unknown')) return authError(res, 429, 'over_request_rate_limit', 'Request rate limit reached');
    const body = parseJson(await readBody(req));
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email && !body.phone) return authError(res, 400, 'validation_failed', 'missing email or phone');
    const user = (
      await db.query<UserRow & { encrypted_password: string }>(
        `select ${USER_COLUMNS}, encrypted_password
         from auth.users
         where lower(email) = $1 and aud = 'authenticated' and instance_id = '00000000-0000-0000-0000-000000000000'
           and not is_sso_user and deleted_at is null`,
        [email],
      )
    ).rows[0];
    // bcrypt runs on a password thread, not on the event loop nor inside the one database connection (either
    // would hold up every other request for each attempt); an unknown e-mail costs the same comparison.
    const hash = user?.encrypted_password || (await dummyHash);
    const passwordOk = (await passwords.compare(password, hash)) && Boolean(user?.encrypted_password);
    if (!user || !passwordOk) return authError(res, 400, 'invalid_credentials', 'Invalid login credentials');
    if (!user.email_confirmed_at) return authError(res, 400, 'email_not_confirmed', 'Email not confirmed');
    if (user.banned_until && new Date(user.banned_until) > new Date()) return authError(res, 400, 'user_banned', 'User is banned');

    const sessionId = randomUUID();
    await db.query(`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`, [sessionId, user.id]);
    await db.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [user.id]);
    const signedIn = (await userById(user.id))!;
    sendJson(res, 200, await issueSession(signedIn, sessionId, await newRefreshToken(user.id, sessionId, null)));
  }

  async function refreshGrant(req: Req, res: Res) {
    const body = parseJson(await readBody(req));
    if (typeof body.refresh_token !== 'string' || !body.refresh_token) {
      return sendJson(res, 400, { error: 'invalid_request', error_description: 'refresh_token required' });
    }
    const token = (
      await db.query<{ token: string; user_id: string; revoked: boolean; session_id: string | null }>(
        'select token, user_id, revoked, session_id from auth.refresh_tokens where token = $1',
        [body.refresh_token],
      )
    ).rows[0];
    if (!token) return authError(res, 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (!token.session_id) return authError(res, 400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    const user = await userById(token.user_id);
    if (!user) return authError(res, 400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

    if (token.revoked) {
      // Two tabs may refresh the same token at once: within the reuse interval, hand back the active child.
      const child = (
        await db.query<{ token: string; created_at: string }>(
          'select token, created_at from auth.refresh_tokens where parent = $1 and not revoked order by id desc limit 1',
          [token.token],
        )
      ).rows[0];
      if (child && Date.now() - new Date(child.created_at).getTime() <= REUSE_INTERVAL_MS) {
        return sendJson(res, 200, await issueSession(user, token.session_id, child.token));
      }
      await db.query('delete from auth.sessions where id = $1', [token.session_id]);
      return authError(res, 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }

    await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token.token]);
    await db.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [token.session_id]);
    sendJson(res, 200, await issueSession(user, token.session_id, await newRefreshToken(user.id, token.session_id, token.token)));
  }

  /** The signed-in user behind a request's access token, or the GoTrue error to answer with. */
  async function sessionUser(req: Req): Promise<{ user: UserRow; sessionId: string } | { status: number; code: string; message: string }> {
    const token = bearer(req);
    if (!token) return { status: 401, code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' };
    const verified = await verifyJwt(token);
    if (!verified.ok) {
      return { status: 403, code: 'bad_jwt', message: `invalid JWT: unable to parse or verify signature, ${verified.reason === 'expired' ? 'token has invalid claims: token is expired' : verified.message}` };
    }
    const { sub, session_id: sessionId } = verified.claims as { sub?: string; session_id?: string };
    if (!sub || !/^[0-9a-f-]{36}$/i.test(sub)) return { status: 400, code: 'bad_jwt', message: 'invalid claim: sub claim must be a UUID' };
    const user = await userById(sub);
    if (!user) return { status: 403, code: 'user_not_found', message: 'User from sub claim in JWT does not exist' };
    const session = sessionId ? (await db.query('select 1 from auth.sessions where id = $1', [sessionId])).rows[0] : undefined;
    if (!session) return { status: 403, code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' };
    return { user, sessionId: sessionId! };
  }

  async function getUser(req: Req, res: Res) {
    const found = await sessionUser(req);
    if ('status' in found) return authError(res, found.status, found.code, found.message);
    sendJson(res, 200, userJson(found.user));
  }

  async function logout(req: Req, res: Res, scope: string) {
    const found = await sessionUser(req);
    if ('status' in found) return authError(res, found.status, found.code, found.message);
    if (scope === 'local') await db.query('delete from auth.sessions where id = $1', [found.sessionId]);
    else if (scope === 'others') await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [found.user.id, found.sessionId]);
    else await db.query('delete from auth.sessions where user_id = $1', [found.user.id]);
    res.statusCode = 204;
    res.setHeader('X-Supabase-Api-Version', '2024-01-01');
    res.end();
  }

  /** The Admin API (auth.admin.*) answers the service role only, as on Supabase. */
  async function admin(req: Req, res: Res, route: string, url: URL) {
    const token = bearer(req);
    const verified = token ? await verifyJwt(token) : undefined;
    if (!verified?.ok || verified.claims.role !== 'service_role') return authError(res, 403, 'not_admin', 'User not allowed');
    const id = /^\/admin\/users\/([0-9a-f-]{36})$/i.exec(route)?.[1];

    if (req.method === 'GET' && route === '/admin/users') {
      const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 50) || 50, 1000);
      const page = Math.max(Number(url.searchParams.get('page') ?? 1) || 1, 1);
      const users = (await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users order by created_at, id limit $1 offset $2`, [perPage, (page - 1) * perPage])).rows;
      const total = (await db.query<{ n: number }>('select count(*)::int as n from auth.users')).rows[0]!.n;
      return sendJson(res, 200, { users: users.map(userJson), aud: 'authenticated' }, { 'x-total-count': String(total) });
    }
    if (req.method === 'POST' && route === '/admin/users') {
      const body = parseJson(await readBody(req));
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      if (!email) return authError(res, 400, 'validation_failed', 'Unable to validate email address: invalid format');
      if ((await db.query('select 1 from auth.users where lower(email) = $1', [email])).rows.length) {
        return authError(res, 422, 'email_exists', 'A user with this email address has already been registered');
      }
      const newId = randomUUID();
      const appMetadata = { provider: 'email', providers: ['email'], ...(body.app_metadata as object | undefined) };
      await db.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token, recovery_token,
           email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
           coalesce($3, ''),
           case when $4 then now() end, '', '', '', '', $5, $6, now(), now())`,
        [newId, email, typeof body.password === 'string' ? await passwords.hash(body.password) : null, body.email_confirm === true, JSON.stringify(appMetadata), JSON.stringify(body.user_metadata ?? {})],
      );
      return sendJson(res, 200, userJson((await userById(newId))!));
    }
    if (req.method === 'POST' && route === '/admin/generate_link') return generateLink(req, res, url);
    if (req.method === 'GET' && id) {
      const user = await userById(id);
      return user ? sendJson(res, 200, userJson(user)) : authError(res, 404, 'user_not_found', 'User not found');
    }
    if (req.method === 'PUT' && id) {
      const body = parseJson(await readBody(req));
      if (!(await userById(id))) return authError(res, 404, 'user_not_found', 'User not found');
      if (body.app_metadata && typeof body.app_metadata === 'object') {
        // GoTrue merges the given keys; a key set to null is removed.
        await db.query(
          `update auth.users set raw_app_meta_data = jsonb_strip_nulls(coalesce(raw_app_meta_data, '{}') || $2::jsonb), updated_at = now() where id = $1`,
          [id, JSON.stringify(body.app_metadata)],
        );
      }
      if (typeof body.password === 'string') {
        await db.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [id, await passwords.hash(body.password)]);
      }
      return sendJson(res, 200, userJson((await userById(id))!));
    }
    authError(res, 404, 'not_found', `Not found: ${req.method} /auth/v1${route}`);
  }

  /**
   * An invite or recovery link, as GoTrue makes it (the e-mail is the caller's to send): invite creates the user
   * (unconfirmed, no password) or invites again one who never confirmed, and refuses a confirmed one; recovery
   * needs an existing user. The link's token is stored hashed in the user's row, one at a time per kind.
   */
  async function generateLink(req: Req, res: Res, url: URL) {
    const body = parseJson(await readBody(req));
    const type = body.type;
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    if (type !== 'invite' && type !== 'recovery') return authError(res, 400, 'validation_failed', 'Invalid email action link type requested');
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return authError(res, 400, 'validation_failed', 'Unable to validate email address: invalid format');
    let user = (await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1`, [email])).rows[0];
    if (type === 'invite') {
      if (user?.email_confirmed_at) return authError(res, 422, 'email_exists', 'A user with this email address has already been registered');
      if (!user) {
        const newId = randomUUID();
        await db.query(
          `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, confirmation_token, recovery_token,
             email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
           values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', '', '', '', '',
             '{"provider":"email","providers":["email"]}', $3, now(), now())`,
          [newId, email, JSON.stringify(body.data ?? {})],
        );
        user = (await userById(newId))!;
      }
    } else if (!user) return authError(res, 404, 'user_not_found', 'User with this email not found');
    const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const hashed = createHash('sha224').update(email + otp).digest('hex');
    if (type === 'invite') await db.query('update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now(), updated_at = now() where id = $1', [user.id, hashed]);
    else await db.query('update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1', [user.id, hashed]);
    const redirectTo = typeof body.redirect_to === 'string' ? body.redirect_to : (url.searchParams.get('redirect_to') ?? SITE_URL);
    const link = new URL(`${apiUrl}/auth/v1/verify`);
    link.search = new URLSearchParams({ token: hashed, type, redirect_to: redirectTo }).toString();
    sendJson(res, 200, { ...userJson((await userById(user.id))!), action_link: link.href, email_otp: otp, hashed_token: hashed, verification_type: type, redirect_to: redirectTo });
  }

  /**
   * An e-mail link opened: a token of its type, not used and not expired, signs the user in (an invite confirms
   * the address) and goes on, 303, to redirect_to with the session in the fragment, as GoTrue's implicit flow does;
   * anything else goes on with GoTrue's error there instead (otp_expired, whether expired, used or unknown).
   */
  async function verify(res: Res, url: URL) {
    const token = url.searchParams.get('token') ?? '';
    const type = url.searchParams.get('type');
    const redirectTo = url.searchParams.get('redirect_to') || SITE_URL;
    const go = (fragment: Record<string, string>) => {
      res.statusCode = 303;
      res.setHeader('Location', `${redirectTo.split('#')[0]}#${new URLSearchParams(fragment).toString()}`);
      res.end();
    };
    const refuse = () => go({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' });
    if (type !== 'invite' && type !== 'recovery') return authError(res, 400, 'validation_failed', 'Verify requires a verification type');
    if (!token) return refuse();
    const [tokenColumn, sentColumn] = type === 'invite' ? ['confirmation_token', 'confirmation_sent_at'] : ['recovery_token', 'recovery_sent_at'];
    const found = (
      await db.query<{ id: string; expired: boolean }>(
        `select id, ${sentColumn} is null or ${sentColumn} + make_interval(secs => $2) < now() as expired from auth.users where ${tokenColumn} = $1 and deleted_at is null`,
        [token, OTP_EXPIRY_SECONDS],
      )
    ).rows[0];
    if (!found || found.expired) return refuse();
    await db.query(
      `update auth.users set ${tokenColumn} = '', email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now(), updated_at = now() where id = $1`,
      [found.id],
    );
    const user = (await userById(found.id))!;
    if (user.banned_until && new Date(user.banned_until) > new Date()) return go({ error: 'unauthorized_client', error_code: 'user_banned', error_description: 'User is banned' });
    const sessionId = randomUUID();
    await db.query(`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values ($1, $2, now(), now(), 'aal1')`, [sessionId, user.id]);
    const session = await issueSession(user, sessionId, await newRefreshToken(user.id, sessionId, null), 'otp');
    go({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      type,
    });
  }

  /** updateUser: the signed-in user sets a new password (at least 6 characters, not the one they have). */
  async function updateUser(req: Req, res: Res) {
    const found = await sessionUser(req);
    if ('status' in found) return authError(res, found.status, found.code, found.message);
    const body = parseJson(await readBody(req));
    if (typeof body.password === 'string') {
      if (body.password.length < 6) return authError(res, 422, 'weak_password', 'Password should be at least 6 characters.');
      const current = (await db.query<{ encrypted_password: string }>('select encrypted_password from auth.users where id = $1', [found.user.id])).rows[0]?.encrypted_password;
      if (current && (await passwords.compare(body.password, current))) return authError(res, 422, 'same_password', 'New password should be different from the old password.');
      await db.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [found.user.id, await passwords.hash(body.password)]);
    }
    if (body.data && typeof body.data === 'object') {
      await db.query(`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || $2::jsonb, updated_at = now() where id = $1`, [found.user.id, JSON.stringify(body.data)]);
    }
    sendJson(res, 200, userJson((await userById(found.user.id))!));
  }

  return async function handleAuth(req: Req, res: Res, url: URL): Promise<void> {
    const route = url.pathname.replace(/^\/auth\/v1/, '');
    // Supabase's gateway wants the project's key on every auth request but the public key set and the e-mail
    // links, which a browser opens as they are.
    if (req.method === 'GET' && route === '/.well-known/jwks.json') return sendJson(res, 200, { keys: [] });
    if (req.method === 'GET' && route === '/verify') return verify(res, url);
    if (!req.headers.apikey) return sendJson(res, 401, { message: 'No API key found in request' });
    if (route.startsWith('/admin/')) return admin(req, res, route, url);
    if (req.method === 'POST' && route === '/token') {
      const grant = url.searchParams.get('grant_type');
      if (grant === 'password') return passwordGrant(req, res);
      if (grant === 'refresh_token') return refreshGrant(req, res);
      return authError(res, 400, 'invalid_credentials', 'unsupported_grant_type');
    }
    if (req.method === 'GET' && route === '/user') return getUser(req, res);
    if (req.method === 'PUT' && route === '/user') return updateUser(req, res);
    if (req.method === 'POST' && route === '/logout') return logout(req, res, url.searchParams.get('scope') ?? 'global');
    authError(res, 404, 'not_found', `Not found: ${req.method} /auth/v1${route}`);
  };
}

function parseJson(body: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body.toString('utf8') || '{}');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
