/**
 * The local stack of `npm start`: the Supabase stand-in, the static site server and the mail catcher (the inbox
 * where the notification e-mails land), each in a process of its own, so that one failing cannot take another down. A process that stops without being asked is started
 * again on the same port (the stand-in then starts with fresh demo data: its data lived in memory).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { CANNOT_START } from './partFailure.ts';

export interface StackOptions {
  /** Port of the site; 0 picks a free one. */
  sitePort: number;
  /** Port of the stand-in; 0 picks a free one. */
  apiPort: number;
  /** Port of the mail catcher's API and inbox page; 0 picks a free one. */
  mailPort: number;
  /** Address both listen on (127.0.0.1 unless HOST says otherwise). */
  host: string;
  /** The folder served as the site (dist/client by default). */
  root?: string;
  /** Where the children's lines and the supervisor's notices go. */
  out?: (line: string) => void;
  /**
   * The content editor's local backend in the site server (scripts/live/editorApi.ts): saves go to the files of
   * `repo`, and `statusFile` says how the last one was built.
   */
  editor?: { repo: string; statusFile: string };
}

export interface Stack {
  siteUrl: string;
  apiUrl: string;
  /** The mail catcher's inbox page (and the functions' mail API). */
  mailUrl: string;
  /** Everything the stand-in printed when it was ready: URL, keys, demo logins. */
  apiDescription: string;
  /** The current process of each part (changes when one is started again). */
  pid(part: PartKey): number | undefined;
  /** Resolves when the part has been started again after stopping unexpectedly. */
  restarted(part: PartKey): Promise<void>;
  stop(): Promise<void>;
}

type PartKey = 'site' | 'api' | 'mail';

/** A part that could not start: `part` names it, `reason` says why in plain words. */
export class StartFailure extends Error {
  constructor(
    readonly part: string,
    readonly reason: string,
  ) {
    super(`${part} could not start: ${reason}`);
  }
}

interface Part {
  name: string;
  script: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** The printed line that says the part is ready. */
  ready: RegExp;
  /** Where its URL is in what it printed. */
  url: RegExp;
}

/** Starts a part and resolves with its process and everything it printed up to its ready line. */
function launch(part: Part, out: (line: string) => void): Promise<{ child: ChildProcess; printed: string; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', part.script, ...part.args], {
      env: { ...process.env, ...part.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    let ready = false;
    const onLine = (line: string) => {
      if (ready) return out(line);
      printed += `${line}\n`;
      const url = part.ready.test(line) ? part.url.exec(printed)?.[1] : undefined;
      if (url) {
        ready = true;
        resolve({ child, printed, url });
      }
    };
    for (const stream of [child.stdout!, child.stderr!]) {
      let buffer = '';
      stream.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        lines.forEach(onLine);
      });
    }
    child.once('exit', (code, signal) => {
      if (ready) return;
      // The part's own "Cannot start:" line when it has one; otherwise the end of what it printed.
      const reason = printed.split('\n').find((line) => line.startsWith(CANNOT_START))?.slice(CANNOT_START.length).trim();
      const tail = printed.trim().split('\n').slice(-12).join('\n');
      reject(new StartFailure(part.name, reason ?? `it stopped (${signal ?? `exit code ${code}`}) before it was ready${tail ? `:\n${tail}` : '.'}`));
    });
  });
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const out = options.out ?? ((line: string) => console.log(line));
  const scripts = path.join(import.meta.dirname, '..');
  const api: Part = {
    name: 'The local Supabase stand-in',
    script: path.join(scripts, 'local-supabase/main.ts'),
    args: [],
    env: { LOCAL_SUPABASE_PORT: String(options.apiPort), LOCAL_SUPABASE_HOST: options.host },
    // The stand-in prints its URL, keys and demo logins, the non-staff login last.
    ready: /^Demo login \(non-staff\)/,
    url: /^API URL: (\S+)/m,
  };
  const mail: Part = {
    name: 'The mail catcher',
    script: path.join(scripts, 'mail-catcher/main.ts'),
    args: [],
    env: { MAIL_CATCHER_PORT: String(options.mailPort), MAIL_CATCHER_HOST: options.host },
    ready: /^Mail inbox:/,
    url: /^Mail inbox:\s+(\S+)/m,
  };
  const site: Part = {
    name: 'The site server',
    script: path.join(scripts, 'serve.ts'),
    args: options.root ? ['--root', options.root] : [],
    env: { PORT: String(options.sitePort), HOST: options.host, ...(options.editor ? { CONTENT_EDITOR_REPO: options.editor.repo, CONTENT_STATUS_FILE: options.editor.statusFile } : {}) },
    ready: /^Site:/,
    url: /^Site:\s+(\S+)/m,
  };

  let stopping = false;
  const children = new Map<PartKey, ChildProcess>();
  const waiting = new Map<PartKey, Array<() => void>>();
  const portVariable: Record<PartKey, string> = { site: 'PORT', api: 'LOCAL_SUPABASE_PORT', mail: 'MAIL_CATCHER_PORT' };

  async function run(key: PartKey, part: Part) {
    const started = await launch(part, out);
    if (stopping) started.child.kill('SIGTERM');
    children.set(key, started.child);
    // Start again on the port it had, so the URLs printed at start stay right.
    part.env[portVariable[key]] = new URL(started.url).port;
    started.child.once('exit', (code, signal) => {
      if (stopping) return;
      out(`\n${part.name} stopped (${signal ?? `exit code ${code}`}); starting it again.${key === 'api' ? ' Its data was in memory: the demo data starts afresh.' : ''}`);
      void run(key, part).then(
        () => waiting.get(key)?.splice(0).forEach((resolve) => resolve()),
        (error: Error) => out(error.message),
      );
    });
    return started;
  }

  const stopAll = () =>
    Promise.all(
      [...children.values()].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );

  let siteStarted, mailStarted, apiStarted;
  try {
    // The site first: the stand-in's functions send a form posted without JavaScript back to the site's thank-you
    // page, and must know its address (whatever port it got) unless SITE_URL says where the site is.
    siteStarted = await run('site', site);
    if (!process.env.SITE_URL) api.env.SITE_URL = siteStarted.url;
    // The inbox before the stand-in, whose functions send the notification e-mails there.
    mailStarted = await run('mail', mail);
    api.env.MAIL_API_URL = mailStarted.url;
    apiStarted = await run('api', api);
  } catch (error) {
    // A start that fails half-way leaves nothing running: the parts already up would hold their ports.
    stopping = true;
    await stopAll();
    throw error;
  }

  return {
    siteUrl: siteStarted.url,
    apiUrl: apiStarted.url,
    mailUrl: mailStarted.url,
    apiDescription: apiStarted.printed.trim(),
    pid: (part) => children.get(part)?.pid,
    restarted: (part) => new Promise((resolve) => waiting.set(part, [...(waiting.get(part) ?? []), resolve])),
    async stop() {
      stopping = true;
      await stopAll();
    },
  };
}
