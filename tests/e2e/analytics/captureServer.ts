/**
 * A loopback stand-in for the PostHog host, for browser tests with the real posthog-js: it answers every request
 * posthog-js 1.449 makes to its `api_host` and decodes what arrives into events and recording snapshots.
 *
 * - Remote config, `/array/<key>/config.js` (a script) and `/array/<key>/config` (JSON): session recording ON
 *   (recordings start only when the config has a `sessionRecording` object), gzip accepted, flags present.
 *   `everythingOnRemoteConfig` is what a project with every capture setting switched on in PostHog's interface
 *   answers; a test serves it to its page with `remoteConfigAnswer` (analyticsNoPersonalData.spec.ts).
 * - Flags, `/flags/?v=2` (and the old `/decide/`): no flags.
 * - Ingest: events at `/e/` (also `/i/v0/e/`, `/batch/`, `/capture/`), snapshots at `/s/`; bodies gzipped
 *   (`gzip-js`), base64 form bodies (`data=`, sendBeacon) or plain JSON; snapshot data compressed inside
 *   (`cv: '2024-10'`) is unpacked too.
 * - Lazily loaded scripts, `/static/<name>.js` (lazy-recorder, surveys, web-vitals, dead-clicks-autocapture …),
 *   from node_modules/posthog-js/dist/.
 * Everything with CORS, as the page is on another origin. Unknown paths answer 404 and are kept in `requests`.
 * Every POST body is also kept whole and decoded, with the page's origin (`bodies`).
 * `GET /__captured` answers what was received so far (`Captured`), for tests in other processes than the
 * server's (tests/e2e/stack.ts runs one for the site built with a key; see analyticsSite.spec.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { RemoteConfig } from 'posthog-js';

export interface CapturedEvent {
  event: string;
  properties: Record<string, unknown>;
}

export interface CaptureServer {
  /** The origin to use as api_host, e.g. "http://127.0.0.1:41234". */
  url: string;
  /** Every request, in order: method and path with query. */
  requests: { method: string; path: string }[];
  /** Events sent to the ingest endpoints, `$snapshot` excluded. */
  events: CapturedEvent[];
  /** The rrweb events of every `$snapshot`, unpacked. */
  snapshots: unknown[];
  /** The same, by the browser (`distinct_id`) that sent them. */
  recordings: Recording[];
  /** Every POST body (ingest, flags …), decoded (`decodeBody`), with the origin of the page that sent it. */
  bodies: ReceivedBody[];
  /** Resolves when `check()` holds (checked after every request), rejects after `timeoutMs`. */
  waitFor(what: string, check: () => boolean, timeoutMs?: number): Promise<void>;
  /** Forgets everything received so far. */
  clear(): void;
  close(): Promise<void>;
}

export interface Recording {
  distinct_id: string;
  events: unknown[];
}

export interface ReceivedBody {
  /** The request's Origin header: the page's origin, e.g. "http://care.test:41235". */
  origin: string;
  path: string;
  text: string;
}

/** What `GET /__captured` answers. */
export type Captured = Pick<CaptureServer, 'requests' | 'events' | 'recordings' | 'bodies'>;

export const CAPTURED_PATH = '/__captured';

const POSTHOG_DIST = path.join(process.cwd(), 'node_modules/posthog-js/dist');
const INGEST = /^\/(e|s|batch|capture|track|engage|i\/v0\/e)\/?$/;

/** What the host tells the library: recording on, nothing else switched on remotely. */
export function remoteConfig(): RemoteConfig {
  return {
    supportedCompression: ['gzip-js', 'base64'] as RemoteConfig['supportedCompression'],
    sessionRecording: { endpoint: '/s/' },
    autocapture_opt_out: false,
    heatmaps: false,
    captureDeadClicks: false,
    surveys: false,
    hasFeatureFlags: true,
    toolbarParams: {},
    toolbarVersion: 'toolbar',
    isAuthenticated: false,
    siteApps: [],
  };
}

/**
 * What the host tells the library when every capture setting of the project is switched on in PostHog's
 * interface, none of which needs a deploy: network payloads (bodies and headers) and console logs in recordings,
 * network timing and web vitals, canvas, heatmaps, dead clicks, exceptions, console logs as logs.
 */
export function everythingOnRemoteConfig(): RemoteConfig {
  return {
    ...remoteConfig(),
    sessionRecording: {
      endpoint: '/s/',
      consoleLogRecordingEnabled: true,
      networkPayloadCapture: { recordBody: true, recordHeaders: true },
      recordCanvas: true,
    },
    capturePerformance: { network_timing: true, web_vitals: true },
    heatmaps: true,
    captureDeadClicks: true,
    autocaptureExceptions: true,
    errorTracking: { autocaptureExceptions: true, captureExtensionExceptions: true },
    logs: { captureConsoleLogs: true },
  };
}

/** The answer to a remote config request (`/array/<key>/config.js` or `/config`) with `config`, else undefined. */
export function remoteConfigAnswer(pathname: string, config: RemoteConfig): { contentType: string; body: string } | undefined {
  const configScript = pathname.match(/^\/array\/([^/]+)\/config\.js$/);
  if (configScript) {
    const body = `(window._POSTHOG_REMOTE_CONFIG = window._POSTHOG_REMOTE_CONFIG || {})[${JSON.stringify(configScript[1])}] = { config: ${JSON.stringify(config)}, siteApps: [] };`;
    return { contentType: 'application/javascript', body };
  }
  if (/^\/array\/[^/]+\/config\/?$/.test(pathname)) return { contentType: 'application/json', body: JSON.stringify(config) };
  return undefined;
}

/** `port`: where to listen on 127.0.0.1; a free port when left out. */
export async function startCaptureServer(port = 0): Promise<CaptureServer> {
  const requests: CaptureServer['requests'] = [];
  const events: CapturedEvent[] = [];
  const snapshots: unknown[] = [];
  const recordings: Recording[] = [];
  const bodies: ReceivedBody[] = [];
  const waiters = new Set<() => void>();

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        answer(request, response, Buffer.concat(chunks));
      } catch (error) {
        response.writeHead(500).end(String(error));
      }
      for (const wake of waiters) wake();
    });
  });

  function answer(request: IncomingMessage, response: ServerResponse, body: Buffer) {
    const url = new URL(request.url ?? '/', 'http://capture');
    if (url.pathname === CAPTURED_PATH) {
      return response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ requests, events, recordings, bodies } satisfies Captured));
    }
    requests.push({ method: request.method ?? 'GET', path: url.pathname + url.search });
    if (request.method === 'POST') bodies.push({ origin: request.headers.origin ?? '', path: url.pathname + url.search, text: decodeBody(body) });
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    response.setHeader('Access-Control-Allow-Credentials', 'true');
    response.setHeader('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? '*');
    response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    if (request.method === 'OPTIONS') return response.writeHead(204).end();

    const json = (value: unknown) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
    const config = remoteConfigAnswer(url.pathname, remoteConfig());
    if (config) return response.writeHead(200, { 'Content-Type': config.contentType }).end(config.body);
    if (/^\/(flags|decide)\/?$/.test(url.pathname)) {
      return json({ flags: {}, featureFlags: {}, featureFlagPayloads: {}, errorsWhileComputingFlags: false, requestId: 'capture-server' });
    }
    if (INGEST.test(url.pathname) && request.method === 'POST') {
      for (const item of decodeBatch(body)) {
        if (item.event === '$snapshot') {
          const unpacked = unpackSnapshot(item.properties.$snapshot_data);
          snapshots.push(...unpacked);
          recordings.push({ distinct_id: String(item.properties.distinct_id), events: unpacked });
        } else events.push(item);
      }
      return json({ status: 1 });
    }
    const script = url.pathname.match(/^\/static\/(?:[\d.]+\/)?([\w-]+\.js)$/);
    if (script && existsSync(path.join(POSTHOG_DIST, script[1]!))) {
      return response.writeHead(200, { 'Content-Type': 'application/javascript' }).end(readFileSync(path.join(POSTHOG_DIST, script[1]!)));
    }
    response.writeHead(404).end();
  }

  const { url, close } = await listenOnLoopback(server, port);
  return {
    url,
    requests,
    events,
    snapshots,
    recordings,
    bodies,
    waitFor(what, check, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const wake = () => {
          if (!check()) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`capture server: timed out after ${timeoutMs} ms waiting for ${what}; received ${summary()}`));
        }, timeoutMs);
        waiters.add(wake);
        wake();
      });
    },
    clear() {
      requests.length = 0;
      events.length = 0;
      snapshots.length = 0;
      recordings.length = 0;
      bodies.length = 0;
    },
    close,
  };

  function summary() {
    return `${requests.length} requests (${requests.map((r) => `${r.method} ${r.path}`).join(', ')}); events: ${events.map((e) => e.event).join(', ')}; ${snapshots.length} snapshots`;
  }
}

/** Starts a server on a loopback port (a free one unless given): its origin, and how to stop it. */
export async function listenOnLoopback(server: Server, port = 0): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${address.port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A body as posthog-js sent it, unpacked: gzip, `data=` form bodies (base64 or not). */
function bodyText(body: Buffer): string {
  let text = (body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body) : body).toString('utf8');
  if (text.startsWith('data=')) {
    text = decodeURIComponent(text.slice('data='.length).replace(/\+/g, ' '));
    if (!/^[[{]/.test(text)) text = Buffer.from(text, 'base64').toString('utf8');
  }
  return text;
}

/** An ingest request's body as events: gzip, `data=` form bodies (base64 or not) and plain JSON. */
export function decodeBatch(body: Buffer): CapturedEvent[] {
  const parsed = JSON.parse(bodyText(body)) as CapturedEvent | CapturedEvent[] | { batch: CapturedEvent[] };
  const list = Array.isArray(parsed) ? parsed : 'batch' in parsed ? parsed.batch : [parsed];
  return list.map((item) => ({ event: item.event, properties: item.properties ?? {} }));
}

/**
 * Any POST body as text, whole (every field, not only events' properties), with what posthog-js compressed inside
 * recordings unpacked: what a test searches for anything that must never be sent.
 */
export function decodeBody(body: Buffer): string {
  let text: string;
  try {
    text = bodyText(body);
  } catch {
    return body.toString('utf8');
  }
  try {
    return JSON.stringify(JSON.parse(text), (key, value: unknown) => (key === '$snapshot_data' ? unpackSnapshot(value) : value));
  } catch {
    return text;
  }
}

/** rrweb events of a `$snapshot_data`, with the parts posthog-js compressed (`cv: '2024-10'`) unpacked. */
export function unpackSnapshot(data: unknown): unknown[] {
  const list = Array.isArray(data) ? data : [data];
  return list.map((event) => {
    if (!isRecord(event) || event.cv !== '2024-10') return event;
    const unpack = (value: unknown) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(gunzipSync(Buffer.from(value, 'latin1')).toString('utf8')) as unknown;
      } catch {
        return value;
      }
    };
    if (typeof event.data === 'string') return { ...event, data: unpack(event.data) };
    if (!isRecord(event.data)) return event;
    return { ...event, data: Object.fromEntries(Object.entries(event.data).map(([key, value]) => [key, unpack(value)])) };
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
