/**
 * A local stand-in for Supabase's Management API (https://api.supabase.com), answering the routes the deploy calls
 * as the API reference documents them (https://supabase.com/docs/reference/api/introduction): the project, its
 * API keys and its Auth settings, with the documented error answers. The deploy reaches it when SUPABASE_API_URL
 * holds its address (scripts/deploy/findings.ts); the tests start it, and so can `npm run deploy:rehearse`.
 *
 * What the documentation does not pin down is kept to the one shape Supabase's own CLI reads (supabase/cli,
 * apps/cli-go/pkg/api/types.gen.go, generated from the API's OpenAPI document, and pkg/config/auth.go): error
 * bodies are `{ "message": "..." }` (the CLI's tests answer so); GET of the Auth settings gives smtp_pass as the
 * HMAC-SHA256 of the password keyed by the project's ref (hex), never the password itself (the CLI's
 * pkg/config/secret.go compares it so).
 *
 * Plain node:http on port 0; nothing is written to disk.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeProject {
  ref: string;
  name: string;
  region: string;
  /** The documented statuses: ACTIVE_HEALTHY (default), INACTIVE (paused), COMING_UP, RESTORING, ... */
  status?: string;
  /** The legacy JWT keys, as the dashboard's "Legacy API keys" tab shows them. */
  anonKey: string;
  serviceRoleKey: string;
  /** The new keys, when the project has them. */
  publishableKey?: string;
  secretKey?: string;
}

/**
 * A project's legacy API key as Supabase issues it: a JWT naming the project (ref) and the role, as the dashboard's
 * "Legacy API keys" tab shows them. The checks read its claims, never its signature.
 */
export function legacyProjectKey(ref: string, role: 'anon' | 'service_role'): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: 'supabase', ref, role, iat: 1780000000, exp: 2095000000 })}.c2lnbmF0dXJlLW5vdC1jaGVja2Vk`;
}

export interface SupabaseManagementFake {
  url: string;
  close(): Promise<void>;
  /** The project's Auth settings as they stand (smtp_pass as it was given, for the tests to compare). */
  authConfig(ref: string): Record<string, unknown>;
  /** Every request, in order: method, path with its query, and the JSON body if any. */
  requests: Array<{ method: string; path: string; body: unknown }>;
  /** The next request (of that method, when given) is answered with this status and an error body (429, 500 ...). */
  failNext(status: number, message?: string, method?: string): void;
}

/**
 * A new project's Auth settings, as GoTrue's and the dashboard's defaults are documented (Supabase CLI config
 * reference, https://supabase.com/docs/guides/cli/config: site_url http://localhost:3000, jwt_expiry 3600,
 * refresh token rotation on with a 10 s reuse interval, sign-ups open, e-mail confirmations on; the e-mail OTP /
 * link lasts 3600 s, https://supabase.com/docs/guides/auth/auth-email-passwordless). No custom SMTP: smtp_* null.
 * The field names and types are AuthConfigResponse's; a GET recorded by the CLI's tests
 * (config-push-reconciles-every-section-against-the-remote/interactions.json) has these same values but for the
 * project's own site URL, redirect list and e-mail confirmation.
 */
function newProjectAuthConfig(): Record<string, unknown> {
  return {
    site_url: 'http://localhost:3000',
    uri_allow_list: '',
    disable_signup: false,
    external_email_enabled: true,
    mailer_autoconfirm: false,
    mailer_otp_exp: 3600,
    jwt_exp: 3600,
    refresh_token_rotation_enabled: true,
    security_refresh_token_reuse_interval: 10,
    rate_limit_otp: 30,
    rate_limit_email_sent: 2,
    smtp_host: null,
    smtp_port: null,
    smtp_user: null,
    smtp_pass: null,
    smtp_admin_email: null,
    smtp_sender_name: null,
    smtp_max_frequency: 60,
  };
}

/** The types the documented UpdateAuthConfigBody gives the fields the deploy sets (smtp_port is a string). */
const FIELD_TYPES: Record<string, 'string' | 'boolean' | 'integer'> = {
  site_url: 'string',
  uri_allow_list: 'string',
  disable_signup: 'boolean',
  external_email_enabled: 'boolean',
  mailer_autoconfirm: 'boolean',
  mailer_otp_exp: 'integer',
  jwt_exp: 'integer',
  refresh_token_rotation_enabled: 'boolean',
  security_refresh_token_reuse_interval: 'integer',
  rate_limit_otp: 'integer',
  rate_limit_email_sent: 'integer',
  smtp_host: 'string',
  smtp_port: 'string',
  smtp_user: 'string',
  smtp_pass: 'string',
  smtp_admin_email: 'string',
  smtp_sender_name: 'string',
  smtp_max_frequency: 'integer',
};

export async function startSupabaseManagementFake(options: { token: string; projects: FakeProject[] }): Promise<SupabaseManagementFake> {
  const projects = new Map(options.projects.map((project) => [project.ref, project]));
  const auth = new Map(options.projects.map((project) => [project.ref, newProjectAuthConfig()]));
  const requests: SupabaseManagementFake['requests'] = [];
  let failure: { status: number; message: string; method?: string } | undefined;
  const created = '2026-11-01T12:00:00.000Z';

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  /** V1ProjectResponse (GET /v1/projects, https://supabase.com/docs/reference/api/v1-list-all-projects). */
  const projectBody = (project: FakeProject) => ({
    id: project.ref,
    ref: project.ref,
    organization_id: 'fake-organization',
    organization_slug: 'fake-organization',
    name: project.name,
    region: project.region,
    created_at: created,
    status: project.status ?? 'ACTIVE_HEALTHY',
  });

  /**
   * ApiKeyResponse[] (GET /v1/projects/{ref}/api-keys, https://supabase.com/docs/reference/api/v1-get-project-api-keys),
   * as a real answer recorded by Supabase's CLI tests has it (supabase/cli,
   * apps/cli-e2e/fixtures/scenarios/projects-api-keys-shows-default-and-anon-keys/interactions.json): the legacy
   * keys named anon and service_role, type "legacy", id = name; the new keys named "default", of type
   * "publishable" and "secret". A secret key's api_key is its prefix then "·"s unless ?reveal=true ("Boolean
   * string, true or false", V1GetProjectApiKeysParams). `hash` is an opaque base64url digest.
   */
  const keysBody = (project: FakeProject, reveal: boolean) => {
    const digest = (value: string) => createHash('sha256').update(value).digest('base64url');
    const legacy = (name: string, value: string) => ({ name, api_key: value, id: name, type: 'legacy', hash: digest(value), prefix: value.split('.')[2]?.slice(0, 5) ?? null, description: `Legacy ${name} API key` });
    const fresh = (type: 'publishable' | 'secret', value: string) => {
      const prefix = value.slice(0, type === 'secret' ? 'sb_secret_'.length + 4 : value.length);
      return {
        id: `${project.ref}-${type}`,
        name: 'default',
        type,
        api_key: type === 'secret' && !reveal ? `${prefix}${'·'.repeat(26)}` : value,
        description: null,
        secret_jwt_template: type === 'secret' ? { role: 'service_role' } : null,
        hash: digest(value),
        prefix,
        inserted_at: created,
        updated_at: created,
      };
    };
    return [
      legacy('anon', project.anonKey),
      legacy('service_role', project.serviceRoleKey),
      ...(project.publishableKey ? [fresh('publishable', project.publishableKey)] : []),
      ...(project.secretKey ? [fresh('secret', project.secretKey)] : []),
    ];
  };

  /** AuthConfigResponse: smtp_pass hashed, as the CLI's diff of config.toml against the project reads it. */
  const authBody = (ref: string, config: Record<string, unknown>) => ({ ...config, smtp_pass: typeof config.smtp_pass === 'string' ? createHmac('sha256', ref).update(config.smtp_pass).digest('hex') : null });

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const text = await readBody(request);
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      requests.push({ method: request.method ?? 'GET', path: `${url.pathname}${url.search}`, body });

      // Authentication (https://supabase.com/docs/reference/api/introduction): every request needs the bearer token.
      if (request.headers.authorization !== `Bearer ${options.token}`) return send(response, 401, { message: 'Unauthorized' });
      if (failure && (!failure.method || failure.method === request.method)) {
        const { status, message } = failure;
        failure = undefined;
        // 429: "all Management API calls for the next minute will be blocked, resulting in a HTTP 429 response" (Rate limits).
        return send(response, status, { message });
      }

      const parts = url.pathname.split('/').filter(Boolean);
      if (parts[0] !== 'v1' || parts[1] !== 'projects') return send(response, 404, { message: 'Not Found' });
      if (parts.length === 2 && request.method === 'GET') return send(response, 200, [...projects.values()].map(projectBody));
      const project = projects.get(parts[2] ?? '');
      // A ref the token's account does not hold is answered as one that does not exist.
      if (!project) return send(response, 404, { message: 'Project not found' });
      const rest = parts.slice(3).join('/');

      // GET /v1/projects/{ref}, V1ProjectWithDatabaseResponse (https://supabase.com/docs/reference/api/v1-get-project).
      if (rest === '' && request.method === 'GET') {
        return send(response, 200, { ...projectBody(project), database: { host: `db.${project.ref}.supabase.co`, version: '15.8.1.093', postgres_engine: '15', release_channel: 'ga' } });
      }
      if (rest === 'api-keys' && request.method === 'GET') return send(response, 200, keysBody(project, url.searchParams.get('reveal') === 'true'));

      // GET and PATCH /v1/projects/{ref}/config/auth (https://supabase.com/docs/reference/api/v1-get-auth-service-config,
      // https://supabase.com/docs/reference/api/v1-update-auth-service-config): PATCH changes the fields given and
      // answers with the whole AuthConfigResponse; a field of the wrong type is a 400.
      if (rest === 'config/auth') {
        const config = auth.get(project.ref)!;
        if (request.method === 'GET') return send(response, 200, authBody(project.ref, config));
        if (request.method === 'PATCH') {
          if (!body || typeof body !== 'object' || Array.isArray(body)) return send(response, 400, { message: 'Request body must be a JSON object' });
          for (const [field, value] of Object.entries(body)) {
            const type = FIELD_TYPES[field];
            const fits = value === null || type === undefined || (type === 'integer' ? Number.isInteger(value) : typeof value === type);
            if (!fits) return send(response, 400, { message: `${field} must be ${type === 'integer' ? 'an integer' : `a ${type}`}` });
          }
          Object.assign(config, body);
          return send(response, 200, authBody(project.ref, config));
        }
      }
      return send(response, 404, { message: 'Not Found' });
    })().catch((error: unknown) => send(response, 500, { message: (error as Error).message }));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    authConfig: (ref) => ({ ...auth.get(ref) }),
    requests,
    failNext: (status, message, method) => {
      failure = { status, message: message ?? (status === 429 ? 'Too many requests' : 'Internal server error'), ...(method ? { method } : {}) };
    },
  };
}
