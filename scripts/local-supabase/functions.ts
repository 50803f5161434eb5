/**
 * Edge Functions on the stand-in: `/functions/v1/<name>` runs the same web-standard handler that Supabase
 * runs under Deno (supabase/functions/<name>/handler.ts), behind the same gateway rule, read from the same
 * supabase/config.toml: a valid JWT is required unless `[functions.<name>] verify_jwt = false`.
 * The function answers its own CORS, preflight included, as on Supabase.
 * The forms' choices come from supabase/functions/_shared/formChoices.generated.ts, which the build writes from
 * content/; `reload` reads it again, so that a stand-in under `npm start` takes a new service or opening at once
 * (where Supabase would need the functions deployed again).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'smol-toml';
import { FORM_CHOICES_FILE } from '../../src/forms/formChoices.ts';
import { createNotify } from '../../supabase/functions/notify/handler.ts';
import { mailApi } from '../../supabase/functions/_shared/mail.ts';
import type { NotifyConfig } from '../../supabase/functions/_shared/outbox.ts';
import { createPurge } from '../../supabase/functions/purge/handler.ts';
import { createStaff } from '../../supabase/functions/staff/handler.ts';
import { createSubmitApplication } from '../../supabase/functions/submit-application/handler.ts';
import { createSubmitInquiry } from '../../supabase/functions/submit-inquiry/handler.ts';
import { sendJson, verifyJwt, type Req, type Res } from './http.ts';
import { apiKey } from './keys.ts';

type Handler = (req: Request) => Promise<Response>;

/** `[functions.<name>]` tables of supabase/config.toml: only what the gateway reads. */
export type FunctionsConfig = Record<string, { verify_jwt?: boolean }>;

export function readFunctionsConfig(projectDir = process.cwd()): FunctionsConfig {
  const config = parse(readFileSync(path.join(projectDir, 'supabase', 'config.toml'), 'utf8')) as { functions?: FunctionsConfig };
  return config.functions ?? {};
}

export interface GatewayRefusal {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Supabase's gateway in front of a function: a Bearer JWT signed by the project is required unless the
 * function is declared `verify_jwt = false` (unset means true). Preflights pass, since browsers send them
 * without credentials (the Supabase CLI's gateway does the same). Null when the request may go through.
 */
export async function gatewayRefusal(config: FunctionsConfig, name: string, method: string, authorization: string | undefined): Promise<GatewayRefusal | null> {
  if (method === 'OPTIONS' || config[name]?.verify_jwt === false) return null;
  if (!authorization) return { status: 401, body: { code: 401, message: 'Missing authorization header' } };
  const token = /^Bearer (\S+)$/.exec(authorization)?.[1];
  if (token === undefined || !(await verifyJwt(token)).ok) return { status: 401, body: { code: 401, message: 'Invalid JWT' } };
  return null;
}

export interface FunctionsOptions {
  /** The stand-in's own URL and service-role key: the functions call it as they would call the project. */
  apiUrl: string;
  serviceRoleKey: string;
  projectDir?: string;
  /**
   * Where submit-inquiry forwards requests when site.yaml names a real HubSpot form: HubSpot itself unless
   * LOCAL_SUPABASE_HUBSPOT_API says otherwise (tests point it at a loopback stub).
   */
  hubspotApi?: string | undefined;
  /**
   * How many proxies the functions trust to append to X-Forwarded-For (TRUSTED_PROXY_HOPS on Supabase). 1, the
   * default, is the gateway alone: what a client writes in the header is dropped. A test that stands for a
   * trusted proxy in front of the gateway (to post as many clients from one machine) sets 2.
   */
  trustedProxyHops?: number;
  /**
   * The mail API the functions send the notification e-mails to (the local mail catcher, scripts/mail-catcher/,
   * as MAIL_API_URL on Supabase): without it nothing is sent and the notifications wait in the outbox.
   */
  mail?: { url: string; key: string } | undefined;
  /** The public site's origin (SITE_URL, else http://localhost:3000). */
  siteUrl?: string | undefined;
  /** In place of site.yaml's `notifications.burst` (the browser tests, whose unrelated requests come by the dozen). */
  notifyBurst?: { moreThan: number; withinMinutes: number } | undefined;
}

type GeneratedChoices = typeof import('../../supabase/functions/_shared/formChoices.generated.ts');

/** The generated choices as the file says now: imported under its modification time, as the module cache keeps each URL's first. */
async function readChoices(projectDir: string): Promise<GeneratedChoices> {
  const file = path.join(projectDir, FORM_CHOICES_FILE);
  return (await import(`${pathToFileURL(file).href}?t=${Math.round(statSync(file).mtimeMs)}`)) as GeneratedChoices;
}

export async function createFunctions({ apiUrl, serviceRoleKey, projectDir = process.cwd(), hubspotApi = process.env.LOCAL_SUPABASE_HUBSPOT_API, trustedProxyHops = 1, mail, siteUrl: site, notifyBurst }: FunctionsOptions) {
  const config = readFunctionsConfig(projectDir);
  const siteUrl = new URL(site ?? process.env.SITE_URL ?? 'http://localhost:3000').origin;
  const common = {
    supabaseUrl: apiUrl,
    serviceRoleKey,
    siteUrl,
    // The site's origin, and any local one: tests and `npm run dev` serve the site on other ports.
    allowOrigin: (origin: string) => origin === siteUrl || /^http:\/\/(localhost|127\.0\.0\.1):\d+$/.test(origin),
    rateLimit: { salt: serviceRoleKey, proxyHops: trustedProxyHops, ipv6PrefixBits: 64 },
  };
  let functions: Record<string, Handler> = {};
  /** What the generated module says now, for the stand-in's own purge timer. */
  const current = {} as { retention: GeneratedChoices['retention']; notify: NotifyConfig | undefined };
  const mailer = mail ? mailApi(mail) : undefined;
  const anonKey = await apiKey('anon');
  async function load(): Promise<void> {
    const { formChoices, inquiryChoices, providerContactForm, retention, notificationSettings } = await readChoices(projectDir);
    const notify = mailer ? { ...notificationSettings, ...(notifyBurst ? { burst: notifyBurst } : {}), siteUrl, mailer } : undefined;
    Object.assign(current, { retention, notify });
    functions = {
      notify: createNotify({ supabaseUrl: apiUrl, serviceRoleKey, notify }),
      purge: createPurge({ supabaseUrl: apiUrl, serviceRoleKey, retention }),
      staff: createStaff({ supabaseUrl: apiUrl, serviceRoleKey, anonKey, allowOrigin: common.allowOrigin, notify }),
      'submit-application': createSubmitApplication({ ...common, choices: formChoices, agency: notificationSettings.agency, notify }),
      'submit-inquiry': createSubmitInquiry({ ...common, choices: inquiryChoices, agency: notificationSettings.agency, hubspot: providerContactForm, notify, ...(hubspotApi ? { hubspotApi } : {}) }),
    };
  }
  await load();

  async function handleFunction(req: Req, res: Res, url: URL): Promise<void> {
    const name = url.pathname.split('/')[3] ?? '';
    const handler = Object.hasOwn(functions, name) ? functions[name] : undefined;
    if (!handler) return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    const refusal = await gatewayRefusal(config, name, req.method ?? 'GET', req.headers.authorization);
    if (refusal) return sendJson(res, refusal.status, refusal.body);

    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : bodyOf(req);
    const response = await handler(new Request(url, { method: req.method, headers: headersOf(req, trustedProxyHops), body: body?.stream, duplex: 'half' } as RequestInit));
    res.statusCode = response.status;
    response.headers.forEach((value, header) => res.setHeader(header, value));
    if (response.body && req.method !== 'HEAD') {
      for await (const chunk of response.body) res.write(chunk);
    }
    res.end();
    // Whatever the function did not read (a body over its limit) is read and dropped, so the client can
    // finish sending and read the answer instead of seeing the connection reset.
    body?.drain();
  }
  /** Reads the generated choices again; the functions answer with them from the next request on. */
  return Object.assign(handleFunction, { reload: load, retention: () => current.retention, notify: () => current.notify });
}

/**
 * The request's headers as the function sees them on Supabase, where the gateway writes X-Forwarded-For: the
 * address that connected to it, after the entries of the proxies it trusts (`hops` - 1 of them, the rightmost of
 * what came in). Anything else a client wrote there is dropped, so a made-up address counts for nothing.
 */
function headersOf(req: Req, hops: number): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    // Hop-by-hop headers describe this connection, not the request; fetch's Request refuses some of them.
    if (/^(connection|keep-alive|transfer-encoding|upgrade|expect|host)$/i.test(name)) continue;
    headers.append(name, req.rawHeaders[i + 1]!);
  }
  const trusted = hops > 1 ? (req.headers['x-forwarded-for']?.toString() ?? '').split(',').map((entry) => entry.trim()).filter(Boolean).slice(-(hops - 1)) : [];
  headers.set('x-forwarded-for', [...trusted, req.socket.remoteAddress ?? 'unknown'].join(', '));
  return headers;
}

/**
 * The request body as a web stream, read as the function asks for it (so a size limit can stop reading), and
 * a way to drop the rest once the answer is sent. Not Readable.toWeb: cancelling that destroys the socket.
 */
function bodyOf(req: Req): { stream: ReadableStream<Uint8Array>; drain(): void } {
  let dropping = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          if (dropping) return;
          controller.enqueue(new Uint8Array(chunk));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once('end', () => {
          if (!dropping) controller.close();
        });
        req.once('error', (error) => {
          if (!dropping) controller.error(error);
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        dropping = true;
        req.resume();
      },
    },
    { highWaterMark: 16 },
  );
  return {
    stream,
    drain() {
      dropping = true;
      req.resume();
    },
  };
}
