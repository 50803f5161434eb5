/**
 * forwardToHubSpot against loopback stubs of HubSpot's form-submission API: a redirect is a failed forward that
 * never reaches the host it points to (in Node, and in Deno as on Supabase), and the visitor's message travels in
 * its own field, apart from the facts the function states, so typed lines cannot pass for them.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { inquiryChoices } from '../../supabase/functions/_shared/formChoices.generated.ts';
import { forwardToHubSpot, hubSpotFields, type ForwardOptions } from '../../supabase/functions/_shared/hubspot.ts';
import type { InquiryFields } from '../../supabase/functions/_shared/inquiry.ts';
import { denoArgs, runDeno, runDenoFunction } from './formPosts.ts';

const form = { region: 'na2', portalId: '12345678', formId: '6f1c2b8e-4a3d-4e5f-9a7b-1c2d3e4f5a6b' };

/** A stored request, as the schema hands it on. */
const REQUEST: InquiryFields = {
  name: 'Maria Gonzalez',
  phone: '(203) 555-0187',
  email: 'maria.g@example.com',
  care_for: 'a-parent',
  town: 'Middletown',
  message: 'My father came home from the hospital last week.',
  services: ['personal-care', 'meal-preparation'],
  call_time: 'morning',
  page: '/contact',
  consent_version: inquiryChoices.consent.version,
};

/** What each stub was sent, and what HubSpot's stub answers next. */
interface Stub {
  server: Server;
  url: string;
  received: Array<{ method: string; url: string; body: string }>;
}

async function startStub(answer: (url: string) => { status: number; headers?: Record<string, string> }): Promise<Stub> {
  const received: Stub['received'] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', body });
      const reply = answer(req.url ?? '');
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

async function stopStub(stub: Stub): Promise<void> {
  stub.server.closeAllConnections();
  await new Promise((resolve) => stub.server.close(resolve));
}

/** HubSpot's stand-in: it answers the status its path starts with (/status/307/submissions/...). */
let hubspot: Stub;
/** Where a redirect points: another host, which must never see the request. */
let elsewhere: Stub;

beforeAll(async () => {
  elsewhere = await startStub(() => ({ status: 200 }));
  hubspot = await startStub((url) => {
    const status = Number(/^\/status\/(\d+)\//.exec(url)?.[1] ?? 200);
    return status >= 300 && status < 400 ? { status, headers: { location: `${elsewhere.url}/collect` } } : { status };
  });
});

afterAll(async () => {
  await stopStub(hubspot);
  await stopStub(elsewhere);
});

beforeEach(() => {
  hubspot.received.length = 0;
  elsewhere.received.length = 0;
});

/** Forwards `fields` to HubSpot's stand-in answering `status`; what onFailure was told, and the result. */
async function forward(status: number, fields: InquiryFields = REQUEST) {
  const failures: Array<{ what: string; error: unknown }> = [];
  const options: ForwardOptions = {
    form,
    fields,
    choices: inquiryChoices,
    api: `${hubspot.url}/status/${status}`,
    timeoutMs: 3000,
    onFailure: (what, error) => failures.push({ what, error }),
  };
  return { forwarded: await forwardToHubSpot(options), failures };
}

/** The fields HubSpot's stand-in received in its one request, by name. */
function fieldsReceived(): Record<string, string> {
  expect(hubspot.received).toHaveLength(1);
  const body = JSON.parse(hubspot.received[0]!.body) as { fields: Array<{ name: string; value: string }> };
  return Object.fromEntries(body.fields.map((field) => [field.name, field.value]));
}

describe('a redirect from HubSpot', () => {
  test.each([301, 302, 307, 308])('a %i to another host is a failed forward: that host receives nothing, and the log names no one', async (status) => {
    const { forwarded, failures } = await forward(status);
    expect(forwarded).toBe(false);
    expect(hubspot.received).toHaveLength(1);
    expect(elsewhere.received).toEqual([]);
    expect(failures).toEqual([{ what: 'HubSpot answered with a redirect, which was not followed', error: { name: 'HubSpotRedirect', status } }]);
    const logged = JSON.stringify(failures);
    for (const value of [REQUEST.name, REQUEST.email, REQUEST.phone, REQUEST.message, elsewhere.url]) expect(logged).not.toContain(value);
  });

  test.skipIf(!runDenoFunction.available)('under Deno, as on Supabase, a 307 is not followed either', async () => {
    // The module itself, run by the Deno the functions run on: its fetch, not Node's, meets the redirect.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'hubspot-forward-'));
    const script = path.join(dir, 'forward.ts');
    const module = pathToFileURL(path.resolve('supabase/functions/_shared/hubspot.ts')).href;
    const choices = pathToFileURL(path.resolve('supabase/functions/_shared/formChoices.generated.ts')).href;
    await writeFile(
      script,
      `import { forwardToHubSpot } from ${JSON.stringify(module)};
       import { inquiryChoices } from ${JSON.stringify(choices)};
       const failures: unknown[] = [];
       const forwarded = await forwardToHubSpot({
         form: ${JSON.stringify(form)}, fields: ${JSON.stringify(REQUEST)}, choices: inquiryChoices,
         api: ${JSON.stringify(`${hubspot.url}/status/307`)}, timeoutMs: 3000,
         onFailure: (what, error) => failures.push({ what, error }),
       });
       console.log(JSON.stringify({ forwarded, failures }));`,
    );
    try {
      const deno = runDeno(denoArgs('run', script), process.env);
      expect(await deno.exited, deno.output()).toBe(0);
      expect(JSON.parse(deno.output().trim().split('\n').pop()!)).toEqual({
        forwarded: false,
        failures: [{ what: 'HubSpot answered with a redirect, which was not followed', error: { name: 'HubSpotRedirect', status: 307 } }],
      });
      expect(hubspot.received).toHaveLength(1);
      expect(elsewhere.received).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("the visitor's message in its own field", () => {
  test('lines typed to look like the facts stay in message, and the facts hold what the form was sent', async () => {
    const forged = 'Care is for: Myself\nServices of interest: Live-in Care\nBest time to call: Evening (5 pm - 8 pm)\n\nPlease call my son.';
    expect(await forward(200, { ...REQUEST, message: forged })).toEqual({ forwarded: true, failures: [] });
    const received = fieldsReceived();
    expect(received).toEqual({
      firstname: 'Maria',
      lastname: 'Gonzalez',
      email: REQUEST.email,
      phone: REQUEST.phone,
      city: REQUEST.town,
      message: forged,
      care_for: 'A parent',
      services_of_interest: 'Meal Preparation, Personal Care',
      best_time_to_call: 'Morning (8 am - noon)',
    });
    // The message is the visitor's words exactly, with nothing the function wrote around them.
    for (const [name, value] of Object.entries(received)) if (name !== 'message') expect(value).not.toContain('Care is for');
  });

  test('no message, no services and no call time: the empty fields are not sent, and the call time reads Any time', () => {
    const fields = hubSpotFields({ ...REQUEST, name: 'Cher', email: '', services: [], call_time: '', message: '' }, inquiryChoices);
    expect(Object.fromEntries(fields.map((field) => [field.name, field.value]))).toEqual({
      firstname: 'Cher',
      phone: REQUEST.phone,
      city: REQUEST.town,
      care_for: 'A parent',
      best_time_to_call: 'Any time',
    });
  });
});
