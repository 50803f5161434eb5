/**
 * What the tests of the form functions (submit-application, submit-inquiry) share: client addresses that
 * keep posts apart for the rate limit, the browser's Accept header of a plain form post, the contact form's
 * consent (ticked in a post, or given in a row a test stores itself), supabase-js clients of the stand-in, a
 * database whose inserts fail on demand, and a function's index.ts run under Deno.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import type { LocalSupabase } from '../../scripts/local-supabase/server.ts';
import type { Inquiry } from '../../src/database.ts';
import { inquiryChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';

/** What the browser sends for a plain form post (JavaScript off). */
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** Where the stand-in sends a plain form post on to (its SITE_URL, by default the local site). */
export const SITE = new URL(process.env.SITE_URL ?? 'http://localhost:3000').origin;

/** The contact form's consent box, ticked: it sends the version of the words beside it (content/inquiry-form.yaml). */
export const CONSENT_TICKED = { consent_version: inquiryChoices.consent.version } as const;

/**
 * The consent columns of a request as submit-inquiry stores it, for a row a test inserts itself: the database
 * refuses a new inquiry without them (20261126000100_inquiry_consent.sql).
 */
export function consentGiven(at: Date | string = new Date()) {
  return { consent_version: inquiryChoices.consent.version, consented_at: typeof at === 'string' ? at : at.toISOString() };
}

let lastAddress = 0;
/** A client address no other post in this file uses, so the rate limit bites only where a test wants it. */
export function newAddress(): string {
  lastAddress += 1;
  return `198.51.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

/** supabase-js clients of one stand-in; `stop()` ends their timers after the tests. */
export function clientsOf(supabase: LocalSupabase) {
  const made: SupabaseClient[] = [];
  /** A client with the anon key (or the one given), or with a token of the test's own in `authorization`. */
  function client(key = supabase.anonKey, authorization?: string): SupabaseClient {
    const created = serverClient(supabase.url, key, authorization ? { global: { headers: { Authorization: authorization } } } : {});
    made.push(created);
    return created;
  }
  async function signedIn(email: string, password: string): Promise<SupabaseClient> {
    const c = client();
    const { error } = await c.auth.signInWithPassword({ email, password });
    if (error) throw error;
    return c;
  }
  return {
    client,
    signedIn,
    staff: () => signedIn('staff@example.com', 'staff-demo-password'),
    visitor: () => signedIn('visitor@example.com', 'visitor-demo-password'),
    stop: () => Promise.all(made.map((c) => c.auth.stopAutoRefresh())),
  };
}

/** Runs `work` with a trigger that makes every insert into `table` fail, as a broken database would. */
export async function withFailingInserts<T>(supabase: LocalSupabase, table: string, work: () => Promise<T>): Promise<T> {
  await supabase.db.exec(`
    create function public.test_fail_insert() returns trigger language plpgsql as $$ begin raise exception 'simulated failure'; end $$;
    create trigger test_fail_insert before insert on ${table} for each row execute function public.test_fail_insert();`);
  try {
    return await work();
  } finally {
    await supabase.db.exec(`drop trigger test_fail_insert on ${table}; drop function public.test_fail_insert();`);
  }
}

const deno = path.resolve('node_modules/.bin/deno');
/** Deno resolves the npm imports from the project's node_modules and must not need the registry (CI). */
const offline = { NPM_CONFIG_REGISTRY: 'http://127.0.0.1:9/' };

/** `deno <command> ... <entry>` with the functions' import map, as `supabase functions serve` runs it. */
export function denoArgs(command: 'check' | 'run', entry: string): string[] {
  const permissions = command === 'run' ? ['--allow-net', '--allow-env', '--allow-read'] : [];
  return [command, ...permissions, '--config', 'supabase/functions/deno.json', '--node-modules-dir=manual', entry];
}

/** Runs a command of the installed Deno; its output (stdout and stderr) and exit code as it ends. */
export function runDeno(args: string[], env: Record<string, string | undefined>) {
  const child = spawn(deno, args, { env: { ...env, ...offline }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (data) => (output += data));
  child.stderr.on('data', (data) => (output += data));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Serves a function's index.ts under Deno on a free port (Deno.serve listens where DENO_SERVE_ADDRESS says;
 * port 0 picks one, printed on start), with `env` added to this process's environment.
 */
export async function runDenoFunction(entry: string, env: Record<string, string>) {
  const server = runDeno(denoArgs('run', entry), { ...process.env, DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0', ...env });
  const url = await new Promise<string>((resolve, reject) => {
    const listening = () => {
      const match = /Listening on (http:\/\/\S+)/.exec(server.output());
      if (match) resolve(match[1]!);
    };
    server.child.stderr.on('data', listening);
    server.child.stdout.on('data', listening);
    void server.exited.then((code) => reject(new Error(`deno exited with ${code}:\n${server.output()}`)));
  });
  return {
    url,
    output: server.output,
    stop: async () => {
      server.child.kill();
      await server.exited;
    },
  };
}
/** Whether Deno is installed (`npm run setup:deno`); the tests that need it are skipped, saying so, otherwise. */
runDenoFunction.available = existsSync(deno);
if (!runDenoFunction.available) console.warn(`Skipping the Deno tests: ${deno} is not installed (npm run setup:deno).`);

/**
 * A form posted by the browser itself (JavaScript off): a navigation, with the Sec-Fetch headers browsers send for
 * one (fetch in Node would send its own), answered with the status and the redirect's target.
 */
export function postAsBrowserNavigation(url: string, body: URLSearchParams | FormData, address: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    // Encoded as fetch would encode it (a multipart boundary for FormData), then sent with node:http.
    const encoded = new Response(body);
    void encoded.arrayBuffer().then((bytes) => {
      const req = request(url, {
        method: 'POST',
        headers: {
          'content-type': encoded.headers.get('content-type') ?? 'application/x-www-form-urlencoded',
          accept: BROWSER_ACCEPT,
          'x-forwarded-for': address,
          'sec-fetch-mode': 'navigate',
          'sec-fetch-dest': 'document',
          'content-length': String(bytes.byteLength),
        },
      }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      });
      req.on('error', reject);
      req.end(Buffer.from(bytes));
    }, reject);
  });
}

/** A new inquiry in the stand-in, as the submit-inquiry function stores it (with consent); its id. */
export async function insertInquiry(supabase: LocalSupabase, name: string): Promise<string> {
  const consent = consentGiven();
  const { rows } = await supabase.db.query<Inquiry>(
    `insert into public.inquiries (name, phone, care_for, consent_version, consented_at) values ($1, '(860) 555-0100', 'a-parent', $2, $3) returning *`,
    [name, consent.consent_version, consent.consented_at],
  );
  return rows[0]!.id;
}
