/**
 * How much a burst of wrong-password sign-ins delays other requests to the stand-in (issue: the stand-in never
 * stalls on a password). Every request goes on a connection of its own, so that no client's connection reuse
 * decides which request the server reads first; the burst is fully sent before the first read starts, and reads
 * follow one another until the last sign-in is answered. Used by tests/unit/standInLimits.test.ts and the bench.
 */
import { request } from 'node:http';

interface Answer {
  status: number;
  ms: number;
}

/** One request on a new connection (no keep-alive agent); resolves when the whole answer has arrived. */
function once(url: string, init: { method?: string; headers: Record<string, string>; body?: string }, sent?: () => void): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.on('finish', () => sent?.());
    req.end(init.body);
  });
}

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
export const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? Number.NaN;

export interface BurstResult {
  /** Median time of a REST read with nothing else going on. */
  quietMs: number;
  /** Each REST read's time while the sign-ins were in flight. */
  duringMs: number[];
  /** How many sign-ins were still unanswered when the first read was answered. */
  signInsPendingAtFirstRead: number;
  /** The sign-ins' statuses (400: wrong password). */
  signInStatuses: number[];
}

export async function signInBurst(api: { url: string; anonKey: string; serviceRoleKey: string }, burst = 20): Promise<BurstResult> {
  const key = (value: string) => ({ apikey: value, authorization: `Bearer ${value}`, 'content-type': 'application/json' });
  const read = () => once(`${api.url}/rest/v1/job_applications?select=id&limit=1`, { headers: key(api.serviceRoleKey) });
  const quiet: number[] = [];
  for (let i = 0; i < 7; i++) quiet.push((await read()).ms);

  let sent = 0;
  let pending = burst;
  let allSent!: () => void;
  const everySent = new Promise<void>((resolve) => (allSent = resolve));
  const signIns = Array.from({ length: burst }, () =>
    once(
      `${api.url}/auth/v1/token?grant_type=password`,
      { method: 'POST', headers: key(api.anonKey), body: JSON.stringify({ email: 'staff@example.com', password: 'not-the-password' }) },
      () => ++sent === burst && allSent(),
    ).finally(() => pending--),
  );
  await everySent;
  const during: number[] = [];
  let pendingAtFirst = -1;
  while (pending > 0) {
    during.push((await read()).ms);
    if (pendingAtFirst < 0) pendingAtFirst = pending;
  }
  const statuses = (await Promise.all(signIns)).map((answer) => answer.status);
  return { quietMs: median(quiet), duringMs: during, signInsPendingAtFirstRead: pendingAtFirst, signInStatuses: statuses };
}
