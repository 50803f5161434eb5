/**
 * The local Supabase stand-in: one HTTP server on 127.0.0.1 that answers /auth/v1, /rest/v1, /storage/v1 and
 * /functions/v1 the way Supabase does for the calls supabase-js makes here, over PGlite. It makes no access
 * decision of its own: every data request runs as the caller's Postgres role, and RLS decides.
 */
import { watch } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { FORM_CHOICES_FILE } from '../../src/forms/formChoices.ts';
import { WORKFLOW_SQL_FILE } from '../../src/workflow/stagesSql.ts';
import { serverClient } from '../../supabase/functions/_shared/client.ts';
import { deliverDue, queueDigest } from '../../supabase/functions/_shared/notify.ts';
import type { NotifyConfig } from '../../supabase/functions/_shared/outbox.ts';
import { describePurge, purgeExpired, type RetentionPeriods } from '../../supabase/functions/_shared/purge.ts';
import { createAuth } from './auth.ts';
import { applyWorkflowStages, openDatabase, type Db } from './db.ts';
import { createFunctions } from './functions.ts';
import { answerPreflight, sendJson, setCors } from './http.ts';
import { apiKey } from './keys.ts';
import { createPasswords } from './passwords.ts';
import { createRest } from './rest.ts';
import { createRpc } from './rpc.ts';
import { DEMO_INQUIRIES, demoApplications, demoInquiries, seedApplications, seedInquiries, seedWorkflow } from './seedData.ts';
import { createStorage } from './storage.ts';

export interface LocalSupabaseOptions {
  /** 54321 by default (LOCAL_SUPABASE_PORT); 0 picks a free port. */
  port?: number;
  host?: string;
  /** A folder to keep the data in between runs; in memory when unset. */
  dataDir?: string;
  /** How many demo applications a fresh database gets (36 by default; 0 for none). */
  demoApplications?: number;
  /**
   * How many demo inquiries a fresh database gets: 8 by default, but none when `demoApplications` is 0 (a
   * caller that asks for an empty table of applications means an empty database).
   */
  demoInquiries?: number;
  /** Sign-in attempts per 5 minutes per client address (GoTrue's 30 unless set; browser tests sign in often). */
  signInLimit?: number;
  /**
   * Follow what the build generates from content (`npm start`): when it writes the forms' choices again, the
   * functions take them at once; when it writes the workflow's stages again, they are applied to the database.
   */
  followBuild?: boolean;
  /**
   * How often the retention purge runs (supabase/functions/_shared/purge.ts), as pg_cron runs it on Supabase;
   * also once at start. Off unless set (`npm start` and `npm run supabase:local` run it every hour).
   */
  purgeEveryMs?: number;
  /**
   * The mail API for the notification e-mails (the local mail catcher: MAIL_API_URL in `npm start`); without it
   * nothing is sent and the notifications wait in the outbox.
   */
  mail?: { url: string; key: string };
  /**
   * How often the notifications that are due are sent (retries, and the daily digest of overdue inquiries), as
   * pg_cron calls the notify function every minute on Supabase; also once at start. Off unless set.
   */
  notifyEveryMs?: number;
  /** The public site's origin: where a plain form post is sent on, and where the e-mails link (SITE_URL, else http://localhost:3000). */
  siteUrl?: string;
  /** Proxies the functions trust in front of the gateway, itself included (see createFunctions); 1 by default. */
  trustedProxyHops?: number;
  /** In place of site.yaml's `notifications.burst` (see createFunctions). */
  notifyBurst?: { moreThan: number; withinMinutes: number };
  log?: (line: string) => void;
}

export interface LocalSupabase {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  db: Db;
  close(): Promise<void>;
}

export async function startLocalSupabase(options: LocalSupabaseOptions = {}): Promise<LocalSupabase> {
  const host = options.host ?? '127.0.0.1';
  const { db, fresh } = await openDatabase(options.dataDir ? { dataDir: options.dataDir } : {});
  if (fresh && (options.demoApplications ?? 36) > 0) {
    const applications = demoApplications(options.demoApplications ?? 36);
    await seedApplications(db, applications);
    await seedWorkflow(db, 'applications', applications);
  }
  const inquiries = options.demoInquiries ?? (options.demoApplications === 0 ? 0 : DEMO_INQUIRIES);
  if (fresh && inquiries > 0) {
    const seeded = demoInquiries(inquiries);
    await seedInquiries(db, seeded);
    await seedWorkflow(db, 'inquiries', seeded);
  }

  const [anonKey, serviceRoleKey] = await Promise.all([apiKey('anon'), apiKey('service_role')]);
  let url = '';
  let handlers: {
    auth: ReturnType<typeof createAuth>;
    rest: ReturnType<typeof createRest>;
    rpc: ReturnType<typeof createRpc>;
    storage: ReturnType<typeof createStorage>;
    functions: Awaited<ReturnType<typeof createFunctions>>;
  };
  let ready!: () => void;
  const handlersReady = new Promise<void>((resolve) => (ready = resolve));

  const server: Server = createServer(async (req, res) => {
    const requestUrl = new URL(req.url ?? '/', url);
    // A function answers its own CORS, preflight included, as on Supabase; the rest is the API's.
    const isFunction = requestUrl.pathname.startsWith('/functions/v1/');
    if (!isFunction) {
      setCors(req, res);
      if (req.method === 'OPTIONS') return answerPreflight(req, res);
    }
    try {
      await handlersReady;
      if (isFunction) await handlers.functions(req, res, requestUrl);
      else if (requestUrl.pathname.startsWith('/auth/v1/')) await handlers.auth(req, res, requestUrl);
      else if (requestUrl.pathname.startsWith('/rest/v1/rpc/')) await handlers.rpc(req, res, requestUrl);
      else if (requestUrl.pathname.startsWith('/rest/v1/')) await handlers.rest(req, res, requestUrl);
      else if (requestUrl.pathname.startsWith('/storage/v1/')) await handlers.storage(req, res, requestUrl);
      else sendJson(res, 404, { message: 'no Route matched with those values' });
    } catch (error) {
      // A body over the limit is the client's mistake, answered as Supabase's gateway does.
      if ((error as { status?: number }).status === 413 && !res.headersSent) {
        res.setHeader('Connection', 'close');
        const storage = requestUrl.pathname.startsWith('/storage/v1/');
        return sendJson(res, 413, storage ? { statusCode: '413', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' } : { message: 'Request Entity Too Large' });
      }
      // 500, never 503: supabase-js retries GETs on 503 and would hide the error for seconds.
      options.log?.(`local-supabase: ${req.method} ${req.url} failed: ${(error as Error).stack ?? error}`);
      if (!res.headersSent) sendJson(res, 500, { code: 'XX000', details: null, hint: null, message: 'Internal error in the local Supabase stand-in' });
      else res.end();
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 54321, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  url = `http://${host}:${port}`;
  const passwords = createPasswords();
  handlers = {
    auth: createAuth(db, url, passwords, options.signInLimit === undefined ? {} : { signInLimit: options.signInLimit }),
    rest: createRest(db, anonKey),
    rpc: createRpc(db, anonKey),
    storage: createStorage(db, anonKey),
    functions: await createFunctions({
      apiUrl: url,
      serviceRoleKey,
      mail: options.mail,
      siteUrl: options.siteUrl,
      notifyBurst: options.notifyBurst,
      ...(options.trustedProxyHops ? { trustedProxyHops: options.trustedProxyHops } : {}),
    }),
  };
  ready();
  const log = options.log ?? console.error;
  const following = options.followBuild ? followBuild(db, handlers.functions, log) : undefined;
  const purging = options.purgeEveryMs ? purgeOnSchedule(url, serviceRoleKey, handlers.functions.retention, options.purgeEveryMs, log) : undefined;
  const notifying = options.notifyEveryMs ? notifyOnSchedule(url, serviceRoleKey, handlers.functions.notify, options.notifyEveryMs, log) : undefined;

  return {
    url,
    anonKey,
    serviceRoleKey,
    db,
    async close() {
      following?.close();
      await purging?.close();
      await notifying?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([db.close(), passwords.close()]);
    },
  };
}

/**
 * Watches the files the build generates from content for the backend (`npm start` builds again when content
 * changes): new form choices are taken by the functions, new workflow stages applied to the database. A file
 * that cannot be used is reported and the previous one stays in force.
 */
function followBuild(db: Db, functions: { reload(): Promise<void> }, log: (line: string) => void): { close(): void } {
  const follow = [
    { file: FORM_CHOICES_FILE, apply: () => functions.reload(), done: 'the forms take the new choices' },
    { file: WORKFLOW_SQL_FILE, apply: () => applyWorkflowStages(db), done: 'the workflow stages are applied to the database' },
  ];
  const watchers = follow.map(({ file, apply, done }) => {
    const absolute = path.join(process.cwd(), file);
    let timer: NodeJS.Timeout | undefined;
    // The folder is watched, not the file: the build replaces the file (a rename), which ends a file watch.
    return watch(path.dirname(absolute), (_event, name) => {
      if (name !== path.basename(absolute)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        apply().then(
          () => log(`local-supabase: ${file} changed: ${done}.`),
          (error: Error) => log(`local-supabase: ${file} changed but could not be used, the previous one stays in force: ${error.message}`),
        );
      }, 50);
    });
  });
  return { close: () => watchers.forEach((watcher) => watcher.close()) };
}

/**
 * What pg_cron does on Supabase: `run` once at start, then every `everyMs`, one run at a time (a run still going
 * delays the next). `close` stops the timer and waits for the run in progress.
 */
function onSchedule(everyMs: number, run: () => Promise<void>): { close(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const tick = () => void (running = running.then(run));
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * The stand-in's schedule for the retention purge, with the periods the build last generated. A run that erased
 * something, or failed, says so; a quiet run prints nothing.
 */
function purgeOnSchedule(url: string, serviceRoleKey: string, retention: () => RetentionPeriods, everyMs: number, log: (line: string) => void): { close(): Promise<void> } {
  const client = serverClient(url, serviceRoleKey);
  return onSchedule(everyMs, () =>
    purgeExpired(client, retention()).then(
      (report) => {
        if (report.erased.applications + report.erased.inquiries + report.orphans > 0 || report.resumeFailures.length) log(`local-supabase: retention purge: ${describePurge(report, retention())}`);
      },
      (error: Error) => log(`local-supabase: retention purge failed: ${error.message}`),
    ),
  );
}

/**
 * The stand-in's schedule for the notification e-mails: what the form functions could not send at once (mail was
 * down) and the daily digest of overdue inquiries. Quiet unless something failed.
 */
function notifyOnSchedule(url: string, serviceRoleKey: string, config: () => NotifyConfig | undefined, everyMs: number, log: (line: string) => void): { close(): Promise<void> } {
  const client = serverClient(url, serviceRoleKey);
  return onSchedule(everyMs, async () => {
    const notify = config();
    if (!notify) return;
    await queueDigest(client, notify.replyWithinHours)
      .then(() => deliverDue(client, notify))
      .then(
        (report) => {
          if (report.retrying + report.failed > 0) log(`local-supabase: notifications: ${report.sent} sent, ${report.retrying} to be tried again, ${report.failed} failed (shown in /admin).`);
        },
        (error: Error) => log(`local-supabase: notifications could not be sent: ${error.message}`),
      );
  });
}

export const DEMO_LOGINS = [
  { label: 'staff', email: 'staff@example.com', password: 'staff-demo-password' },
  { label: 'second staff member', email: 'colleague@example.com', password: 'colleague-demo-password' },
  { label: 'admin', email: 'admin@example.com', password: 'admin-demo-password' },
  { label: 'non-staff', email: 'visitor@example.com', password: 'visitor-demo-password' },
] as const;

export function describe(supabase: LocalSupabase): string {
  return [
    `API URL: ${supabase.url}`,
    `anon key: ${supabase.anonKey}`,
    `service_role key: ${supabase.serviceRoleKey}`,
    ...DEMO_LOGINS.map((login) => `Demo login (${login.label}): ${login.email} / ${login.password}`),
  ].join('\n');
}
