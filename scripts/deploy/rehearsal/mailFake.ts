/**
 * A local stand-in for the mail API (Resend's), for the deploy's checks in the tests and `npm run deploy:rehearse`:
 * it lists its domains to the preflight and takes the form functions' e-mails, recording each one sent, answering
 * both as Resend's API reference documents them.
 *
 * Keys: `Authorization: Bearer <key>`. A sending-only key (`restricted`) may only send. Errors, as
 * https://resend.com/docs/api-reference/errors documents them, `{ "statusCode": <status>, "name": <type>,
 * "message": <words> }`: no key 401 `missing_api_key`; a key it does not know `validation_error` "API key is
 * invalid", 400 on every endpoint but sending and 401 on sending; a sending-only key on any other endpoint 401
 * `restricted_api_key`; a sender whose domain is not verified 403 `validation_error`; an idempotency key used
 * again with another request 409 `invalid_idempotent_request`; an unknown path 404 `not_found`; a missing
 * field 422 `missing_required_field`. `failWith` makes every answer one status (500 `application_error`, 429
 * `rate_limit_exceeded`) to try an outage.
 *
 * Routes:
 * - GET /domains (https://resend.com/docs/api-reference/domains/list-domains; ListDomainsResponse in
 *   https://github.com/resend/resend-openapi): 200 `{ "object": "list", "has_more": false, "data": [{ "id",
 *   "name", "status", "created_at", "region" }] }`.
 * - POST /emails (https://resend.com/docs/api-reference/emails/send-email): a JSON body with from, to (an address
 *   or a list), subject, html and/or text; an optional `Idempotency-Key` header
 *   (https://resend.com/docs/dashboard/emails/idempotency-keys): the same key and body again is answered as the
 *   first time, without a second e-mail. 200 `{ "id": "<uuid>" }`.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMailKey {
  key: string;
  /** A sending-only key ("Sending access" in Resend's dashboard): it sends, and may not list domains. */
  restricted?: boolean;
}

export interface FakeMailDomain {
  name: string;
  /** Resend's statuses: verified, pending, not_started, failed, temporary_failure. */
  status: string;
}

export interface SentMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
  idempotencyKey?: string;
}

export interface MailFake {
  /** Its API's address, for MAIL_API_URL. */
  url: string;
  /** Every e-mail it took, in order. */
  sent: SentMail[];
  /** The requests it was asked, in order. */
  requests: Array<{ method: string; path: string; key: string | undefined }>;
  /** Set to a status (500, 429) to answer every request with it, until set back to undefined. */
  failWith: number | undefined;
  /** Resolves once `check(sent)` holds; rejects after `timeoutMs` naming what it waited for. */
  waitForSent(what: string, check: (sent: SentMail[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const ERRORS: Record<number, [string, string]> = {
  429: ['rate_limit_exceeded', 'Too many requests. Please limit the number of requests per second.'],
  500: ['application_error', 'An unexpected error occurred.'],
};

export async function startMailFake({ keys, domains }: { keys: FakeMailKey[]; domains: FakeMailDomain[] }): Promise<MailFake> {
  const sent: SentMail[] = [];
  const requests: MailFake['requests'] = [];
  const waiters = new Set<() => void>();
  /** The answers by idempotency key, with the body they were for. */
  const answered = new Map<string, { body: string; id: string }>();
  const domainIds = new Map(domains.map((domain) => [domain.name, randomUUID()]));

  function answer(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  }
  const error = (response: ServerResponse, statusCode: number, name: string, message: string) => answer(response, statusCode, { statusCode, name, message });

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function send(response: ServerResponse, text: string, idempotencyKey: string | undefined) {
    if (idempotencyKey !== undefined && (idempotencyKey.length < 1 || idempotencyKey.length > 256)) {
      return error(response, 400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return error(response, 400, 'validation_error', 'We found an error with one or more fields in the request.');
    }
    for (const required of ['from', 'to', 'subject']) {
      if (!body[required]) return error(response, 422, 'missing_required_field', `Missing \`${required}\` field.`);
    }
    const earlier = idempotencyKey ? answered.get(idempotencyKey) : undefined;
    if (earlier) {
      if (earlier.body !== text) return error(response, 409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.');
      return answer(response, 200, { id: earlier.id });
    }
    const from = String(body.from);
    // `"Agency" <notifications@agency.com>` or a bare address: the domain is after the last @.
    const domain = (/<([^>]+)>/.exec(from)?.[1] ?? from).split('@').pop()!.trim().toLowerCase();
    if (!domains.some((candidate) => candidate.name === domain && candidate.status === 'verified')) {
      return error(response, 403, 'validation_error', `The ${domain} domain is not verified. Please, add and verify your domain on https://resend.com/domains`);
    }
    const id = randomUUID();
    if (idempotencyKey) answered.set(idempotencyKey, { body: text, id });
    const to = Array.isArray(body.to) ? body.to.map(String) : [String(body.to)];
    sent.push({
      id,
      from,
      to,
      subject: String(body.subject),
      ...(typeof body.text === 'string' ? { text: body.text } : {}),
      ...(typeof body.html === 'string' ? { html: body.html } : {}),
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
    for (const wake of [...waiters]) wake();
    answer(response, 200, { id });
  }

  const fake = { url: '', sent, requests, failWith: undefined as number | undefined };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://mail.local');
      const header = request.headers.authorization;
      const bearer = /^Bearer (.+)$/.exec(header ?? '')?.[1];
      requests.push({ method: request.method ?? 'GET', path: url.pathname, key: bearer });
      const text = await readBody(request);
      if (fake.failWith) {
        const [name, message] = ERRORS[fake.failWith] ?? ['application_error', 'An unexpected error occurred.'];
        return error(response, fake.failWith, name, message);
      }
      const sending = request.method === 'POST' && url.pathname === '/emails';
      const listing = request.method === 'GET' && url.pathname === '/domains';
      if (!sending && !listing) return error(response, 404, 'not_found', 'The requested endpoint does not exist.');
      if (!bearer) return error(response, 401, 'missing_api_key', 'Missing API key in the authorization header.');
      const key = keys.find((candidate) => candidate.key === bearer);
      if (!key) return error(response, sending ? 401 : 400, 'validation_error', 'API key is invalid');
      if (sending) return send(response, text, request.headers['idempotency-key'] as string | undefined);
      if (key.restricted) return error(response, 401, 'restricted_api_key', 'This API key is restricted to only send emails.');
      answer(response, 200, {
        object: 'list',
        has_more: false,
        data: domains.map((domain) => ({ id: domainIds.get(domain.name), name: domain.name, status: domain.status, created_at: '2026-01-05 10:00:00.000000+00', region: 'us-east-1' })),
      });
    })().catch(() => {
      if (!response.headersSent) error(response, 500, 'application_error', 'An unexpected error occurred.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(fake, {
    waitForSent(what: string, check: (mails: SentMail[]) => boolean, timeoutMs = 15_000) {
      return new Promise<void>((resolve, reject) => {
        const wake = () => {
          if (!check(sent)) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`mail fake: no ${what} within ${timeoutMs} ms; ${sent.length} sent: ${sent.map((mail) => mail.subject).join('; ')}`));
        }, timeoutMs);
        waiters.add(wake);
        wake();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
