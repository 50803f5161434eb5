/**
 * The local stack survives bad requests: the static server answers a broken Range with 416 and a POST with
 * 405 instead of dying, and the site and the Supabase stand-in run in processes of their own, so one
 * stopping leaves the other serving (and the supervisor starts it again).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePorts, portIsFree } from '../../scripts/harness/freePorts.ts';
import { copyProject, type ProjectCopy } from '../../scripts/harness/projectCopy.ts';
import { StartFailure, startStack, type Stack } from '../../scripts/live/stack.ts';
import { createStaticServer } from '../../scripts/live/siteServer.ts';
import { writeSiteFixture } from './siteFixture.ts';

let root: string;
beforeAll(() => {
  root = writeSiteFixture('site-');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the static server', () => {
  let server: Server;
  let base: string;
  const logged: string[] = [];
  beforeAll(async () => {
    server = createStaticServer(root, (line) => logged.push(line));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${base}${pathname}`, { headers });

  test.each([
    ['a start after the end', 'bytes=500-2'],
    ['a start past the end of the file', 'bytes=99999999-'],
  ])('answers a Range with %s with 416 and keeps serving', async (_, range) => {
    const response = await get('/services', { range });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toMatch(/^bytes \*\/\d+$/);
    expect((await get('/services')).status).toBe(200);
  });

  test('answers a Range with a number too large for a file by serving to the end of the file', async () => {
    const response = await get('/services', { range: 'bytes=10-99999999999999999999999' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toMatch(/^bytes 10-\d+\/\d+$/);
  });

  test('serves a valid range and a suffix range exactly', async () => {
    const first = await get('/services', { range: 'bytes=0-9' });
    expect(first.status).toBe(206);
    expect(await first.text()).toBe('<!doctype ');
    const last = await get('/services', { range: 'bytes=-5' });
    expect(await last.text()).toBe(' </p>');
  });

  test.each(['POST', 'PUT', 'DELETE', 'PATCH'])('answers %s with 405 and the methods it allows', async (method) => {
    const response = await fetch(`${base}/services`, { method, body: method === 'DELETE' ? null : 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  test('serves pretty URLs, the 404 page with status 404, and never a file outside its folder', async () => {
    expect(await (await get('/services/')).text()).toContain('services services');
    const missing = await get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await missing.text()).toContain('Oops! Page not found');
    expect((await get('/%E0%A4%A')).status).toBe(404);
    expect((await get('/..%2F..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  test('caches hashed assets for a year and pages not at all', async () => {
    expect((await get('/assets/app-abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  test('sends the security headers of _headers with pages, assets and the 404 page, and never serves _headers itself', async () => {
    for (const pathname of ['/', '/services', '/assets/app-abc123.js', '/no-such-page']) {
      const response = await get(pathname);
      expect(response.headers.get('content-security-policy'), pathname).toContain("frame-ancestors 'none'");
      expect(response.headers.get('strict-transport-security'), pathname).toBe('max-age=63072000; includeSubDomains');
      expect(response.headers.get('cross-origin-opener-policy'), pathname).toBe('same-origin');
      expect(response.headers.get('x-content-type-options'), pathname).toBe('nosniff');
    }
    const file = await get('/_headers');
    expect(file.status).toBe(404);
    expect(await file.text()).toContain('Oops! Page not found');
  });
});

describe('npm start\'s stack', () => {
  let stack: Stack;
  const lines: string[] = [];
  beforeAll(async () => {
    stack = await startStack({ sitePort: 0, apiPort: 0, mailPort: 0, host: '127.0.0.1', root, out: (line) => lines.push(line) });
  }, 60_000);
  afterAll(() => stack?.stop());

  const siteUp = async () => (await fetch(stack.siteUrl)).status;
  const apiUp = async () => (await fetch(`${stack.apiUrl}/auth/v1/.well-known/jwks.json`)).status;

  test('listens on 127.0.0.1 and prints the stand-in\'s URL, keys and demo logins', () => {
    expect(stack.siteUrl).toMatch(/^http:\/\/localhost:\d+$/);
    expect(stack.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(stack.apiDescription).toMatch(/anon key: ey[\s\S]*service_role key: ey[\s\S]*staff@example\.com/);
  });

  test('survives a request with a broken Range header', async () => {
    const pid = stack.pid('site');
    expect((await fetch(stack.siteUrl, { headers: { range: 'bytes=9-1' } })).status).toBe(416);
    expect(await siteUp()).toBe(200);
    expect(stack.pid('site')).toBe(pid);
  });

  test('keeps the stand-in serving while the site server is down, and starts the site again', async () => {
    const back = stack.restarted('site');
    process.kill(stack.pid('site')!, 'SIGKILL');
    expect(await apiUp()).toBe(200);
    await back;
    expect(await siteUp()).toBe(200);
    expect(lines.join('\n')).toContain('The site server stopped (SIGKILL); starting it again.');
  }, 30_000);

  test('keeps the site serving while the stand-in is down, and starts the stand-in again', async () => {
    const back = stack.restarted('api');
    process.kill(stack.pid('api')!, 'SIGKILL');
    expect(await siteUp()).toBe(200);
    await back;
    expect(await apiUp()).toBe(200);
  }, 60_000);
});

describe('a start that fails half-way', () => {
  // The stand-in starts last: with its port taken, the site server and the mail catcher are already up when it
  // fails, and must not be left holding their ports (a second `npm start` then failed with EADDRINUSE, no hint).
  test.each([
    ['The local Supabase stand-in', 'apiPort', 'LOCAL_SUPABASE_PORT'],
    ['The site server', 'sitePort', 'PORT'],
    ['The mail catcher', 'mailPort', 'MAIL_CATCHER_PORT'],
  ] as const)('%s on a taken port: says which part, which port and which variable, and leaves nothing running', async (part, option, variable) => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    const [sitePort, mailPort] = freePorts(2) as [number, number];
    const ports = { sitePort, apiPort: 0, mailPort, [option]: port };
    try {
      const failure = await startStack({ ...ports, host: '127.0.0.1', root, out: () => {} }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(StartFailure);
      expect((failure as StartFailure).message).toBe(
        `${part} could not start: port 127.0.0.1:${port} is already in use, most likely by an \`npm start\` still running in another terminal (stop it with Ctrl-C), or by another program. Or choose another port: ${variable}=${port + 1} npm start`,
      );
      // Whatever had started is stopped: its port can be listened on again.
      for (const free of [ports.sitePort, ports.mailPort].filter((p) => p !== port)) {
        await expect(portIsFree(free)).resolves.toBe(true);
      }
    } finally {
      taken.close();
    }
  }, 60_000);
});

// A developer with something else on 54321 runs `LOCAL_SUPABASE_PORT=... npm start`: the site it builds must post
// its forms to (and the dashboard talk to) the stand-in on that port, not on 54321.
describe('npm start on a port of its own', () => {
  let project: ProjectCopy;
  let start: ChildProcess;
  const [sitePort, apiPort] = freePorts(2) as [number, number];
  let output = '';
  beforeAll(async () => {
    project = copyProject();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(sitePort), LOCAL_SUPABASE_PORT: String(apiPort), MAIL_CATCHER_PORT: '0' };
    delete env.VITE_SUPABASE_URL;
    start = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: project.dir, env, detached: true });
    await new Promise<void>((resolve, reject) => {
      start.stdout!.on('data', (chunk: Buffer) => {
        output += String(chunk);
        if (output.includes('Press Ctrl-C to stop.')) resolve();
      });
      start.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)));
      start.on('exit', (code) => reject(new Error(`npm start stopped (${code}):\n${output}`)));
    });
  }, 240_000);
  afterAll(async () => {
    if (start?.exitCode === null) {
      const exited = new Promise((resolve) => start.on('exit', resolve));
      process.kill(-start.pid!, 'SIGTERM');
      await exited;
    }
    project?.cleanup();
  }, 60_000);

  test('builds the contact form to post to the stand-in on that port, which answers it', async () => {
    const html = await (await fetch(`http://localhost:${sitePort}/contact`)).text();
    const action = `http://127.0.0.1:${apiPort}/functions/v1/submit-inquiry`;
    expect(html).toContain(`action="${action}"`);
    // Sent empty, as a browser without JavaScript would: the function sends the visitor back to say what is missing.
    const sent = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: `http://localhost:${sitePort}` },
      body: '',
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toMatch(new RegExp(`^http://localhost:${sitePort}/contact/not-sent#\\w+`));
  });
});
