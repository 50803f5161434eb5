/**
 * The local mail catcher (`npm start` runs it; like the Mailpit the Supabase CLI ships): it takes the request the
 * functions send to their mail API (Resend's `POST /emails`, with a Bearer key and an `Idempotency-Key`), keeps
 * every message in memory, and shows them on an inbox page, so a newcomer sees the e-mail arrive.
 *
 * It behaves as the real service does where it matters to the sender: a message under a key it has taken before
 * is answered again without a second message (so a sender that stopped before marking its row sent, and sends
 * again, never sends twice); an address on a reserved domain that cannot receive mail (`.invalid`, RFC 2606) or
 * a malformed one is refused with 422, as Resend refuses an invalid recipient; and `POST /api/outage`
 * (`{"down": true}`) makes it answer 503 until it is told otherwise, to try what happens when mail is down.
 *
 * The control routes (`POST /api/outage`, `DELETE /api/messages`) answer only the inbox page itself and tools on
 * this machine: a request with an Origin must come from the catcher's own origin (a page of another site, open
 * in the same browser, always sends its own with a POST), and an outage switch must be JSON, which no page of
 * another site can send without a CORS preflight that the catcher never grants.
 *
 * Routes: GET / (the inbox), GET /messages/<id> (one message), GET /api/messages (JSON, newest last),
 * DELETE /api/messages, POST /api/outage, POST /emails.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../../src/seo/head.ts';

export interface CaughtMail {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  idempotencyKey: string | null;
}

export interface MailCatcher {
  /** The catcher's origin: the functions' MAIL_API_URL, and the inbox page. */
  url: string;
  messages: CaughtMail[];
  /** Resolves when `check()` holds (checked on every message), rejects after `timeoutMs`. */
  waitFor(what: string, check: (messages: CaughtMail[]) => boolean, timeoutMs?: number): Promise<void>;
  /** While down, every send is answered 503. */
  setDown(down: boolean): void;
  clear(): void;
  close(): Promise<void>;
}

export interface MailCatcherOptions {
  /** 54324 in `npm start` (MAIL_CATCHER_PORT), as the Supabase CLI's inbox; 0 picks a free one. */
  port?: number;
  host?: string;
}

const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;
const MAX_BODY = 1024 * 1024;
const KEPT = 500;

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const byKey = new Map<string, string>();
  const waiters = new Set<() => void>();
  let down = false;
  // Known once the server listens (below), before it answers anything.
  let url = '';
  let port = 0;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) send(res, 500, 'application/json', JSON.stringify({ statusCode: 500, name: 'internal_server_error', message: error.message }));
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://catcher');
    if (req.method === 'POST' && url.pathname === '/emails') return receive(req, res);
    if (req.method === 'GET' && url.pathname === '/') return send(res, 200, 'text/html; charset=utf-8', inboxPage(messages));
    if (req.method === 'GET' && url.pathname === '/api/messages') return send(res, 200, 'application/json', JSON.stringify(messages));
    if (url.pathname === '/api/messages' && req.method === 'DELETE') {
      const refused = refuseControl(req, false);
      if (refused) return send(res, refused.status, 'application/json', JSON.stringify(refused));
      messages.length = 0;
      byKey.clear();
      return send(res, 204, 'text/plain', '');
    }
    if (req.method === 'POST' && url.pathname === '/api/outage') {
      const refused = refuseControl(req, true);
      if (refused) return send(res, refused.status, 'application/json', JSON.stringify(refused));
      const body = JSON.parse((await readBody(req)) || '{}') as { down?: unknown };
      down = body.down === true;
      return send(res, 200, 'application/json', JSON.stringify({ down }));
    }
    const one = /^\/messages\/([\w-]+)$/.exec(url.pathname);
    const message = one ? messages.find((m) => m.id === one[1]) : undefined;
    if (req.method === 'GET' && message) return send(res, 200, 'text/html; charset=utf-8', messagePage(message));
    send(res, 404, 'text/html; charset=utf-8', page('Not found', '<h1>Not found</h1><p><a href="/">Back to the inbox</a></p>'));
  }

  /**
   * Why a control request is refused, or undefined when it comes from the inbox page or a tool on this machine.
   * The catcher's own origin is its address under any loopback name (127.0.0.1, localhost, [::1]), never
   * another host name, so a page of another site that rebinds its name to this machine is refused too.
   */
  function refuseControl(req: IncomingMessage, needsJson: boolean): { status: number; message: string } | undefined {
    const origin = req.headers.origin;
    const own = [url, `http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`];
    if (origin !== undefined && !own.includes(origin)) {
      return { status: 403, message: `Only the inbox page (${url}) or a tool on this machine can change the mail catcher; a request from ${origin} is refused.` };
    }
    if (req.headers['sec-fetch-site'] === 'cross-site') return { status: 403, message: `Only the inbox page (${url}) can change the mail catcher.` };
    const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (needsJson && type !== 'application/json') return { status: 415, message: 'Send the switch as JSON (Content-Type: application/json), e.g. {"down": true}.' };
    return undefined;
  }

  async function receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refuse = (status: number, name: string, message: string) => send(res, status, 'application/json', JSON.stringify({ statusCode: status, name, message }));
    if (!/^Bearer \S+$/.test(req.headers.authorization ?? '')) return refuse(401, 'missing_api_key', 'Missing API key in the authorization header.');
    const text = await readBody(req);
    if (down) return refuse(503, 'service_unavailable', 'The mail catcher is down (POST /api/outage {"down": false} brings it back).');
    const key = req.headers['idempotency-key']?.toString() ?? null;
    const seen = key ? byKey.get(key) : undefined;
    if (seen) return send(res, 200, 'application/json', JSON.stringify({ id: seen }));
    let body: Partial<Record<'from' | 'subject' | 'text' | 'html', unknown>> & { to?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return refuse(400, 'invalid_request', 'The body is not JSON.');
    }
    const to = typeof body.to === 'string' ? [body.to] : Array.isArray(body.to) ? body.to.map(String) : [];
    if (to.length === 0) return refuse(422, 'validation_error', 'Missing `to` field.');
    const invalid = to.find((address) => !ADDRESS.test(address) || /\.invalid$/i.test(address));
    if (invalid) return refuse(422, 'validation_error', `Invalid \`to\` field: ${invalid} cannot receive mail.`);
    if (typeof body.from !== 'string' || typeof body.subject !== 'string') return refuse(422, 'validation_error', 'The `from` and `subject` fields are required.');
    const mail: CaughtMail = {
      id: randomUUID(),
      receivedAt: new Date().toISOString(),
      from: body.from,
      to,
      subject: body.subject,
      text: typeof body.text === 'string' ? body.text : '',
      html: typeof body.html === 'string' ? body.html : '',
      idempotencyKey: key,
    };
    messages.push(mail);
    if (messages.length > KEPT) messages.splice(0, messages.length - KEPT);
    if (key) byKey.set(key, mail.id);
    send(res, 200, 'application/json', JSON.stringify({ id: mail.id }));
    for (const wake of waiters) wake();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const bound = server.address() as AddressInfo;
  port = bound.port;
  url = `http://${bound.address.includes(':') ? `[${bound.address}]` : bound.address}:${port}`;

  return {
    url,
    messages,
    waitFor(what, check, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const wake = () => {
          if (!check(messages)) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`mail catcher: timed out after ${timeoutMs} ms waiting for ${what}; ${messages.length} messages: ${messages.map((m) => m.subject).join('; ')}`));
        }, timeoutMs);
        waiters.add(wake);
        wake();
      });
    },
    setDown(value) {
      down = value;
    },
    clear() {
      messages.length = 0;
      byKey.clear();
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('The message is over 1 MB.'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(body);
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;line-height:1.5;color:#1f2933}
a{color:#1d4e89}a:focus-visible,button:focus-visible{outline:3px solid #1d4e89;outline-offset:2px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #6b7785;vertical-align:top;overflow-wrap:anywhere}
pre{white-space:pre-wrap;background:#f4f6f8;padding:1rem;border-radius:4px}iframe{width:100%;height:24rem;border:1px solid #6b7785}
.muted{color:#52606d}`;

function page(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>${script}</body></html>`;
}

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
}

/** The inbox, newest first; it checks for new messages every 2 s and shows them without a reload. */
function inboxPage(messages: CaughtMail[]): string {
  const rows = [...messages]
    .reverse()
    .map((m) => `<tr><td><a href="/messages/${m.id}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.to.join(', '))}</td><td>${escapeHtml(when(m.receivedAt))}</td></tr>`)
    .join('');
  const list = messages.length
    ? `<table><caption class="muted">Newest first</caption><thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Received</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No e-mail yet. Send the contact form or apply on the careers page: the notification to staff arrives here.</p>';
  const script = `<script>
const count = ${messages.length};
setInterval(async () => {
  try {
    const messages = await (await fetch('/api/messages', { cache: 'no-store' })).json();
    if (messages.length !== count) location.reload();
  } catch {}
}, 2000);
</script>`;
  return page(`Inbox (${messages.length})`, `<h1>Local inbox</h1><p class="muted">Every e-mail the site's functions send while <code>npm start</code> runs: nothing leaves this machine.</p><p role="status">${messages.length} ${messages.length === 1 ? 'message' : 'messages'}</p>${list}`, script);
}

function messagePage(m: CaughtMail): string {
  const html = m.html ? `<h2>As HTML</h2><iframe title="The message as HTML" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(m.html.replace(/<a /g, '<a target="_blank" '))}"></iframe>` : '';
  return page(
    m.subject,
    `<p><a href="/">Back to the inbox</a></p><h1>${escapeHtml(m.subject)}</h1>
<dl><dt>From</dt><dd>${escapeHtml(m.from)}</dd><dt>To</dt><dd>${escapeHtml(m.to.join(', '))}</dd><dt>Received</dt><dd>${escapeHtml(when(m.receivedAt))}</dd></dl>
<h2>As plain text</h2><pre>${escapeHtml(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre>${html}`,
  );
}
