/**
 * What a function behind one of the site's public forms needs, whatever the form: telling a browser's plain
 * form post (answered with a redirect) from the enhanced form's fetch (answered with JSON), CORS for the
 * site's own origins only, a body read that stops at a limit, the client's address as a salted hash, and
 * today's date where the agency works. Web-standard APIs only, so it runs under Deno and Node alike.
 */

/**
 * The two fields every public form carries against bots: a field people never see (off-screen, no tab stop,
 * autocomplete off) that a bot fills in, and a fill-time token the form's function signed when the page asked for
 * it (the enhancement script does as the page loads); empty when JavaScript is off (see NO_TOKEN_REASON).
 */
export const FORM_GUARD = { honeypot: 'website', fillToken: 'fill_token' } as const;

/**
 * Faster than this from the token's issue to the post is a machine's speed, not a person's. The form script asks
 * for the token as the page starts, so it is issued about when the page is first painted, plus a network round
 * trip; from that paint, the quickest person taps a field, picks the browser's autofill suggestion and taps Send,
 * three reactions of at least about 200 ms each (measured in chromium, phone-sized, CPU slowed 4-6 times, slow
 * 3G). 400 ms leaves a 200 ms round trip to spare (tests/e2e/inquiry.spec.ts sends a form that way and finds it
 * among the real requests).
 */
export const MIN_FILL_MS = 400;

/** A token issued later than the function's clock (with this slack between its instances) is forged. */
const CLOCK_SLACK_MS = 5000;

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** What the function signs: a fill-time token's moment, or a held record's id. Each is signed for its use and form. */
type Signed = 'fill-token' | 'held-record';

/** The HMAC-SHA-256 of `value` for its use and `form`, with the function's secret, in hex. */
async function signature(secret: string, use: Signed, form: string, value: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${use}\0${form}\0${value}`)));
}

/** Whether `given` is the function's signature of `value`: compared whole, in constant time, never a character at a time. */
async function signedHere(given: string, secret: string, use: Signed, form: string, value: string): Promise<boolean> {
  const expected = await signature(secret, use, form, value);
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}

/** A fill-time token for `form`: the moment it was issued, signed with the function's secret ("<ms>.<hmac>"). */
export async function issueFillToken(secret: string, form: string, issuedMs: number): Promise<string> {
  return `${issuedMs}.${await signature(secret, 'fill-token', form, String(issuedMs))}`;
}

/** When a token this function signed for `form` was issued, or undefined for anything else. */
export async function fillTokenIssued(token: string, secret: string, form: string): Promise<number | undefined> {
  const parts = /^(\d{1,15})\.([0-9a-f]{64})$/.exec(token.trim());
  if (!parts) return undefined;
  const issued = Number(parts[1]);
  return (await signedHere(parts[2]!, secret, 'fill-token', form, String(issued))) ? issued : undefined;
}

/** How the signals are checked: the function's secret and the form the token was issued for. */
export interface BotCheck {
  secret: string;
  form: string;
}

/**
 * The reason a post without the form's time token is filed under: JavaScript was off (the browser posted the form
 * itself, and no script asked for a token) or a script posted it. Nothing in the request tells the two apart:
 * Sec-Fetch-Mode and Sec-Fetch-Dest are set by browsers only for pages, and any script can write them. So such a
 * post never counts as a person on its own. A browser's plain post (it asks for HTML) is held for its sender to
 * confirm instead (HELD_REASON); any other client's is stored apart as suspected spam with this reason, and staff hear
 * of it only in a summary e-mail (20261127000300_notification_bursts.sql announces spam with this very reason, held
 * for the next burst), which a script cannot flood.
 */
export const NO_TOKEN_REASON = "Sent without the form's time token: JavaScript was off in the browser, or a script sent it.";

/**
 * The reason a browser's plain post without the form's time token is filed under while it waits for its sender
 * (DESIGN.md decision 26): a person without JavaScript is never taken for a script. The function stores the post
 * at once (nothing is lost), answers with a page that asks the person to press "Send my request" (confirmPage.ts),
 * and only that press makes it a real request (public.confirm_held_request, 20261129100000_confirm_without_script.sql,
 * which knows the same words). A script that never presses leaves it under Spam, where the spam rule erases it.
 */
export const HELD_REASON = 'Waiting for the sender to confirm (sent without JavaScript).';

/**
 * The confirmation page's button is pressed no sooner than this after the page's own token was issued: the page is
 * read first (a heading, two sentences and what they wrote). A press sooner is taken as a script's, and the page is
 * shown again with a new token, so a quick person presses once more and loses nothing.
 */
export const MIN_CONFIRM_MS = 1000;

/** The confirmation page's fields: the signed reference to the held record, and the site the person came from. */
export const CONFIRM_FIELDS = { reference: 'confirm', site: 'site' } as const;

/** The reference to a held record the confirmation page carries: its id, signed with the function's secret ("<id>.<hmac>"). */
export async function signHeldReference(secret: string, form: string, id: string): Promise<string> {
  return `${id}.${await signature(secret, 'held-record', form, id)}`;
}

/** The held record's id a reference this function signed for `form` names, or undefined for anything else. */
export async function heldReferenceId(reference: string, secret: string, form: string): Promise<string | undefined> {
  const parts = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9a-f]{64})$/.exec(reference.trim());
  if (!parts) return undefined;
  return (await signedHere(parts[2]!, secret, 'held-record', form, parts[1]!)) ? parts[1] : undefined;
}

/**
 * Whether the confirmation page's press came too soon to be a person's, or with a token this function did not sign
 * for `form` (a forged or missing one): then the page is shown again with a new token, and nothing else happens.
 */
export async function confirmTooSoon(token: FormDataEntryValue | null, nowMs: number, check: BotCheck): Promise<boolean> {
  if (typeof token !== 'string') return true;
  const issued = await fillTokenIssued(token, check.secret, check.form);
  return issued === undefined || issued > nowMs + CLOCK_SLACK_MS || nowMs - issued < MIN_CONFIRM_MS;
}

/**
 * Why a post looks sent by a machine, or null when it does not. The answer never decides alone: a post that
 * passes validation is stored either way, a suspected one apart from the real requests with this reason, so a
 * person taken for a bot loses nothing (staff move it back with one action).
 * Signals: the field people never see is filled in (a bot fills every field; a password manager may too, which is
 * why it only files the post apart); the fill-time token is not one this function signed; the post came sooner
 * after the token's issue than a person can, on the server's clock; or there is no token at all (NO_TOKEN_REASON).
 * No request header is read: whatever a page's browser sends, a script can send too.
 */
export async function botSignal(form: FormData, nowMs: number, check: BotCheck): Promise<string | null> {
  const honeypot = form.get(FORM_GUARD.honeypot);
  if (honeypot !== null && honeypot !== '') return 'The hidden field that people never see was filled in.';
  const token = form.get(FORM_GUARD.fillToken);
  if (typeof token !== 'string' || token.trim() === '') return NO_TOKEN_REASON;
  const issued = await fillTokenIssued(token, check.secret, check.form);
  if (issued === undefined || issued > nowMs + CLOCK_SLACK_MS) return "The form's time token was not one this site issued.";
  const elapsed = nowMs - issued;
  // An old token (a page left open for days) only proves the post came late, which is what a person does.
  return elapsed < MIN_FILL_MS ? `Sent ${Math.max(0, Math.round(elapsed))} ms after the form was ready (a person needs at least ${MIN_FILL_MS} ms).` : null;
}

/** A phone number has 10 to 15 digits, whatever the punctuation: "(860) 555-0142", "+1 860 555 0142". */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return /^\+?[\d\s().\-]{7,}$/.test(value) && digits >= 10 && digits <= 15;
}

/** How to answer: a page to go to (JavaScript off, the browser posted the form itself) or JSON. */
export type AnswerMode = 'redirect' | 'json';

/**
 * A browser posting a form on its own asks for HTML (`Accept: text/html,...`) and follows a 303; the enhanced
 * form sends `Accept: application/json`, and curl or other raw clients accept anything: those get JSON.
 */
export function answerModeOf(req: Request): AnswerMode {
  return req.headers.get('accept')?.includes('text/html') === true ? 'redirect' : 'json';
}

/** The CORS headers of an answer: the origin is named only when it is one of the site's own. */
export function corsHeaders(req: Request, allowOrigin: (origin: string) => boolean): Headers {
  // The answer differs by Origin, so a cache between must not hand one origin's answer to another.
  const headers = new Headers({ Vary: 'Origin' });
  const origin = req.headers.get('origin');
  if (origin !== null && allowOrigin(origin)) headers.set('Access-Control-Allow-Origin', origin);
  return headers;
}

/** Only what the site's own script sends; anything else makes the browser refuse the post before it is sent. */
export const ALLOWED_REQUEST_HEADERS = 'content-type, accept, x-requested-with';

export type BodyRead = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false };

/**
 * Reads the whole body, or stops as soon as it passes `limit` bytes. A declared Content-Length over the limit
 * is refused without reading a byte; a chunked body (no length) is counted as it arrives, and the rest is
 * never read.
 */
export async function readBodyWithin(req: Request, limit: number): Promise<BodyRead> {
  const declared = req.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) return { ok: false };
  if (req.body === null) return { ok: true, bytes: new Uint8Array(0) };

  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return { ok: false };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/** A form body (multipart or urlencoded) as FormData; null when the body is not a form or cannot be parsed. */
export async function parseForm(contentType: string | null, bytes: Uint8Array<ArrayBuffer>): Promise<FormData | null> {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'multipart/form-data' && type !== 'application/x-www-form-urlencoded') return null;
  try {
    // contentType is known to be set here: the parser needs its multipart boundary.
    return await new Response(bytes, { headers: { 'content-type': contentType as string } }).formData();
  } catch {
    return null;
  }
}

/**
 * Whom a post is counted against. X-Forwarded-For is a list each proxy appends the address it saw connecting to;
 * whatever is left of the entries the trusted proxies wrote was written by the client and proves nothing (a made-up
 * address per post, or a victim's). So the client is the entry `proxyHops` from the right: 1 when the function
 * sits right behind Supabase's gateway, which writes the address that connected to it (the stand-in does the same,
 * scripts/local-supabase/functions.ts); one more for each proxy of the agency's own in front that appends. An IPv6
 * host holds a whole /64 (2^64 addresses to rotate through), so IPv6 addresses count by their first
 * `ipv6PrefixBits` bits; IPv4 addresses one by one.
 */
export interface ClientKey {
  /** Secret mixed into the hash, so a stored hash cannot be matched to an address by trying them all. */
  salt: string;
  proxyHops: number;
  ipv6PrefixBits: number;
}

/** The address the trusted proxies saw, or undefined when the header is missing or holds no address. */
export function clientAddress(req: Request, proxyHops: number): string | undefined {
  const entries = (req.headers.get('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  if (entries.length === 0) return undefined;
  // Fewer entries than trusted proxies: every entry was written by one of them, and the leftmost is the client.
  return entries[Math.max(0, entries.length - proxyHops)];
}

/** An address as its rate-limit bucket: "v4:203.0.113.7", "v6:2001:db8:0:1::/64", or "invalid" for anything else. */
export function addressBucket(raw: string, ipv6PrefixBits: number): string {
  let address = raw.trim();
  // "[2001:db8::1]:443" and "203.0.113.7:51234": the port is not part of the client.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  address = address.replace(/%.*$/, ''); // a zone id (fe80::1%eth0) names the host's interface, not the client
  const v4 = ipv4(address);
  if (v4) return `v4:${v4.join('.')}`;
  const v6 = ipv6(address);
  if (!v6) return 'invalid';
  // An IPv4 address written as IPv6 (::ffff:203.0.113.7) is that IPv4 client.
  if (v6.slice(0, 5).every((group) => group === 0) && v6[5] === 0xffff) return `v4:${[v6[6]! >> 8, v6[6]! & 255, v6[7]! >> 8, v6[7]! & 255].join('.')}`;
  const bits = Math.min(128, Math.max(0, Math.trunc(ipv6PrefixBits)));
  const masked = v6.map((group, i) => {
    const keep = Math.min(16, Math.max(0, bits - i * 16));
    return keep === 16 ? group : keep === 0 ? 0 : group & (0xffff << (16 - keep)) & 0xffff;
  });
  return `v6:${masked.map((group) => group.toString(16)).join(':')}/${bits}`;
}

function ipv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return undefined;
  return parts.map(Number);
}

/** The eight 16-bit groups of an IPv6 address ("::" and a dotted IPv4 tail allowed), or undefined. */
function ipv6(text: string): number[] | undefined {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.split('::').length > 2) return undefined;
  const groupsOf = (part: string): number[] | undefined => {
    if (part === '') return [];
    const groups: number[] = [];
    const pieces = part.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = ipv4(piece);
        if (!v4) return undefined;
        groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) groups.push(parseInt(piece, 16));
      else return undefined;
    }
    return groups;
  };
  const [head, tail] = text.split('::') as [string, string | undefined];
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  if (!front || !back) return undefined;
  if (tail === undefined) return front.length === 8 ? front : undefined;
  const missing = 8 - front.length - back.length;
  return missing >= 1 ? [...front, ...Array<number>(missing).fill(0), ...back] : undefined;
}

/**
 * The client as the database counts it: SHA-256 (hex) of the salt and the client's bucket. The address itself is
 * never stored. Without an address (no proxy in front: never on Supabase) every such client shares one count,
 * which limits too much rather than not at all.
 */
export async function clientHash(req: Request, key: ClientKey): Promise<string> {
  const address = clientAddress(req, key.proxyHops);
  const bucket = address === undefined ? 'unknown' : addressBucket(address, key.ipv6PrefixBits);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${key.salt}\0${bucket}`));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** YYYY-MM-DD in Connecticut (America/New_York): an opening advertised "through" a date is open all that day there. */
export function dateInConnecticut(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}
