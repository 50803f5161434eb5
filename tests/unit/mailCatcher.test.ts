/**
 * The local mail catcher's control API (`POST /api/outage`, `DELETE /api/messages`) answers only its own inbox
 * page and tools on this machine: another site's page open in the same browser must not switch mail off.
 * A cross-site page always sends Origin with a POST, and without a CORS preflight it can send only a form's
 * content types, so the catcher asks for JSON and for its own origin (or none, as curl sends).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../scripts/mail-catcher/server.ts';

let catcher: MailCatcher;

beforeAll(async () => {
  catcher = await startMailCatcher({ port: 0 });
});

afterAll(async () => {
  await catcher?.close();
});

beforeEach(() => catcher.setDown(false));

/** Whether a send to the catcher is answered as by a service that is down (503). */
async function mailIsDown(): Promise<boolean> {
  const response = await fetch(`${catcher.url}/emails`, {
    method: 'POST',
    headers: { Authorization: 'Bearer test-key', 'Content-Type': 'application/json' },
    body: JSON.stringify({ from: 'a@example.com', to: ['intake@example.com'], subject: 'Probe', text: 't', html: 'h' }),
  });
  return response.status === 503;
}

const outage = (headers: Record<string, string>, body = '{"down": true}') => fetch(`${catcher.url}/api/outage`, { method: 'POST', headers, body });

describe('the control API', () => {
  test('a foreign page posting {"down": true} as text/plain (no preflight) is refused, and mail stays up', async () => {
    const response = await outage({ Origin: 'https://evil.example', 'Content-Type': 'text/plain;charset=UTF-8', 'Sec-Fetch-Site': 'cross-site' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: expect.stringContaining('inbox page') });
    expect(await mailIsDown()).toBe(false);
  });

  test('a foreign Origin is refused even with a JSON body, and a form post from its own origin is refused too', async () => {
    expect((await outage({ Origin: 'https://evil.example', 'Content-Type': 'application/json' })).status).toBe(403);
    expect((await outage({ Origin: 'http://localhost.evil.example:80', 'Content-Type': 'application/json' })).status).toBe(403);
    expect((await outage({ Origin: catcher.url, 'Content-Type': 'application/x-www-form-urlencoded' }, 'down=true')).status).toBe(415);
    expect((await outage({ 'Content-Type': 'text/plain' })).status).toBe(415);
    expect(await mailIsDown()).toBe(false);
  });

  test('a foreign page cannot empty the inbox either', async () => {
    await fetch(`${catcher.url}/emails`, {
      method: 'POST',
      headers: { Authorization: 'Bearer test-key', 'Content-Type': 'application/json' },
      body: JSON.stringify({ from: 'a@example.com', to: ['intake@example.com'], subject: 'Kept', text: 't', html: 'h' }),
    });
    expect((await fetch(`${catcher.url}/api/messages`, { method: 'DELETE', headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect(catcher.messages.map((m) => m.subject)).toContain('Kept');
    catcher.clear();
  });

  test('its own page (same origin, JSON) and a tool on this machine (no Origin, JSON) switch the outage on and off', async () => {
    const own = await outage({ Origin: catcher.url, 'Content-Type': 'application/json' });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ down: true });
    expect(await mailIsDown()).toBe(true);
    const local = new URL(catcher.url);
    const tool = await outage({ 'Content-Type': 'application/json; charset=utf-8' }, '{"down": false}');
    expect(tool.status).toBe(200);
    expect(await mailIsDown()).toBe(false);
    // The same inbox under the name localhost is its own origin too.
    expect((await outage({ Origin: `http://localhost:${local.port}`, 'Content-Type': 'application/json' }, '{"down": false}')).status).toBe(200);
  });
});
