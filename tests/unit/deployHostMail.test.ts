/**
 * The preflight's checks of the static host (Netlify), the mail API (Resend) and the site's public address
 * (scripts/deploy/netlifyChecks.ts, mailChecks.ts, siteAddress.ts), each asked through real HTTP or UDP of the
 * local fakes in scripts/deploy/rehearsal/, which answer as the services' documentation says (each fake's first
 * lines cite the pages). Every wrong setting is tried alone, with everything else right; what the owner reads is
 * asserted, down to the dashboard page.
 */
import { createServer, type Server } from 'node:http';
import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { askService } from '../../scripts/deploy/askService.ts';
import { describeFindings, type CheckResult } from '../../scripts/deploy/findings.ts';
import { checkMail, mailSender } from '../../scripts/deploy/mailChecks.ts';
import { checkNetlify } from '../../scripts/deploy/netlifyChecks.ts';
import { startDnsFake, type DnsFake } from '../../scripts/deploy/rehearsal/dnsFake.ts';
import { startMailFake, type MailFake } from '../../scripts/deploy/rehearsal/mailFake.ts';
import { startNetlifyFake, type NetlifyFake } from '../../scripts/deploy/rehearsal/netlifyFake.ts';
import { checkSiteAddress } from '../../scripts/deploy/siteAddress.ts';
import { mailApi, MailError } from '../../supabase/functions/_shared/mail.ts';

const root = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'nfp_right-token';
const SITE_ID = '0d1c2b3a-4e5f-site';
const FULL_KEY = 're_full-access-key';
const SENDING_KEY = 're_sending-only-key';

let netlify: NetlifyFake;
let mail: MailFake;
let dns: DnsFake;
/** A port where nothing listens, for "the service does not answer". */
let closedPort: number;

beforeAll(async () => {
  netlify = await startNetlifyFake({
    token: TOKEN,
    sites: [
      { id: SITE_ID, name: 'hearthside-care', custom_domain: 'www.hearthside-care.com', domain_aliases: ['hearthside-care.com'] },
      { id: 'other-site', name: 'other-agency' },
    ],
  });
  mail = await startMailFake({
    keys: [{ key: FULL_KEY }, { key: SENDING_KEY, restricted: true }],
    domains: [
      { name: 'hearthside-care.com', status: 'verified' },
      { name: 'pending.example-agency.com', status: 'pending' },
      { name: 'fresh.example-agency.com', status: 'not_started' },
      { name: 'failed.example-agency.com', status: 'failed' },
      { name: 'lapsed.example-agency.com', status: 'temporary_failure' },
    ],
  });
  dns = await startDnsFake({
    records: {
      'www.hearthside-care.com': ['75.2.60.5', '2600:1f18:2148:bc01::5'],
      'hearthside-care.com': ['75.2.60.5'],
      'office.hearthside-care.com': ['10.0.0.5'],
      'loop.hearthside-care.com': ['127.0.0.1'],
      'six.hearthside-care.com': ['::1'],
    },
  });
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});

afterAll(async () => {
  await Promise.all([netlify?.close(), mail?.close(), dns?.close()]);
});

/** The settings of a deploy where everything is right, pointed at the fakes. */
function rightEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return {
    SITE_URL: 'https://www.hearthside-care.com',
    NETLIFY_AUTH_TOKEN: TOKEN,
    NETLIFY_SITE_ID: SITE_ID,
    NETLIFY_API_URL: netlify.url,
    MAIL_API_KEY: FULL_KEY,
    MAIL_API_URL: mail.url,
    MAIL_FROM: 'notifications@hearthside-care.com',
    DEPLOY_DNS_SERVERS: dns.url,
    ...overrides,
  };
}

const findingsOf = (results: CheckResult[]) => results.flatMap((result) => result.findings);
/** What the owner reads, with the fakes' changing ports written as <port>. */
const ownerText = (results: CheckResult[]) => describeFindings(results).join('\n').replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>');

describe('the Netlify check', () => {
  test('passes when the token opens the site and SITE_URL is one of its domains, saying what it saw', async () => {
    const results = await checkNetlify(rightEnv());
    expect(findingsOf(results)).toEqual([]);
    expect(ownerText(results)).toBe('OK  Netlify site: the token opens site "hearthside-care" (https://www.hearthside-care.com); www.hearthside-care.com is one of its domains');
    expect(netlify.requests.at(-1)).toEqual({ method: 'GET', path: `/api/v1/sites/${SITE_ID}`, token: TOKEN });
  });

  test("takes the site's aliases and its own <name>.netlify.app as its domains", async () => {
    for (const address of ['https://hearthside-care.com', 'https://hearthside-care.netlify.app', 'https://WWW.Hearthside-Care.com.']) {
      expect(findingsOf(await checkNetlify(rightEnv({ SITE_URL: address }))), address).toEqual([]);
    }
  });

  test('a token Netlify refuses is named, with the page where a new one is made', async () => {
    const [finding, ...rest] = findingsOf(await checkNetlify(rightEnv({ NETLIFY_AUTH_TOKEN: 'nfp_old-token' })));
    expect(rest).toEqual([]);
    expect(finding).toEqual({
      settings: ['NETLIFY_AUTH_TOKEN'],
      problem: 'Netlify refused the token in NETLIFY_AUTH_TOKEN: it is mistyped, has expired, or was deleted.',
      fix: 'In Netlify, open User settings > Applications > Personal access tokens, make a new token (New access token), and put it in NETLIFY_AUTH_TOKEN.',
      page: 'https://app.netlify.com/user/applications#personal-access-tokens',
    });
  });

  test('a site id Netlify does not know is named, with where the Site ID is found', async () => {
    const [finding, ...rest] = findingsOf(await checkNetlify(rightEnv({ NETLIFY_SITE_ID: 'not-a-site' })));
    expect(rest).toEqual([]);
    expect(finding!.settings).toEqual(['NETLIFY_SITE_ID']);
    expect(finding!.problem).toBe('Netlify has no site with the id "not-a-site" that this token can open (NETLIFY_SITE_ID).');
    expect(finding!.fix).toContain('Site configuration > General > Site details');
    expect(finding!.page).toBe('https://app.netlify.com/');
  });

  test("SITE_URL on a domain the site does not have says to add it under Domain management, on that site's page", async () => {
    const results = await checkNetlify(rightEnv({ NETLIFY_SITE_ID: 'other-site' }));
    expect(ownerText(results)).toBe(
      [
        '1.  Netlify site: SITE_URL\'s domain www.hearthside-care.com is not a domain of the Netlify site "other-agency" (its domains: other-agency.netlify.app), so visitors to www.hearthside-care.com would not see what the deploy publishes.',
        "    What to do: Add your domain to this Netlify site under Domain management (Add a domain, then type www.hearthside-care.com). If www.hearthside-care.com belongs to another of your Netlify sites, put that site's id in NETLIFY_SITE_ID instead.",
        '    Where: https://app.netlify.com/sites/other-agency/domain-management',
      ].join('\n'),
    );
  });

  test('checks only what is set: without the token or the site id it asks nothing', async () => {
    const before = netlify.requests.length;
    expect(await checkNetlify(rightEnv({ NETLIFY_AUTH_TOKEN: undefined }))).toEqual([]);
    expect(await checkNetlify(rightEnv({ NETLIFY_SITE_ID: ' ' }))).toEqual([]);
    expect(netlify.requests.length).toBe(before);
  });

  test("Netlify's own fault (500) and too many requests (429) are said in plain words, not as an error", async () => {
    netlify.failWith = 500;
    try {
      expect(ownerText(await checkNetlify(rightEnv()))).toBe(
        [
          '1.  Netlify site: Netlify had a fault of its own and could not answer (500: Internal Server Error).',
          '    What to do: Nothing is wrong with your settings as far as this shows. Wait a few minutes and run the check again; the status page says whether the service has trouble.',
          '    Where: https://www.netlifystatus.com',
        ].join('\n'),
      );
      netlify.failWith = 429;
      expect(findingsOf(await checkNetlify(rightEnv()))[0]!.problem).toBe('Netlify says too many requests came in a short time (429), so it did not answer this one.');
    } finally {
      netlify.failWith = undefined;
    }
  });

  test('a Netlify that does not answer is said plainly, naming NETLIFY_API_URL when it was moved', async () => {
    const [finding] = findingsOf(await checkNetlify(rightEnv({ NETLIFY_API_URL: `http://127.0.0.1:${closedPort}` })));
    expect(finding).toEqual({
      settings: ['NETLIFY_API_URL'],
      problem: `Netlify could not be reached at http://127.0.0.1:${closedPort}: nothing answers at that address (connection refused).`,
      fix: "Check NETLIFY_API_URL, which moves Netlify's address, and this computer's internet connection, then run the check again.",
      page: 'https://www.netlifystatus.com',
    });
  });
});

describe('answers the Netlify fake does not give', () => {
  // A server that answers every request with what the test sets: Netlify's 403, and a 401 whose body is plain text
  // (as the Netlify CLI has met it: netlify/cli#6736), which the check must read by its status alone.
  let canned: Server;
  let next: { status: number; type: string; body: string };
  beforeAll(async () => {
    canned = createServer((request, response) => {
      request.resume();
      response.writeHead(next.status, { 'Content-Type': next.type });
      response.end(next.body);
    });
    await new Promise<void>((resolve) => canned.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    canned.closeAllConnections();
    await new Promise<void>((resolve) => canned.close(() => resolve()));
  });
  const ask = () => checkNetlify(rightEnv({ NETLIFY_API_URL: `http://127.0.0.1:${(canned.address() as AddressInfo).port}` }));

  test('a 401 in plain text is still the refused token', async () => {
    next = { status: 401, type: 'text/plain', body: 'Unauthorized' };
    expect(findingsOf(await ask()).map((finding) => finding.settings)).toEqual([['NETLIFY_AUTH_TOKEN']]);
  });

  test('a 403 says the token may not open that site', async () => {
    next = { status: 403, type: 'application/json', body: JSON.stringify({ code: 403, message: 'Forbidden' }) };
    const [finding] = findingsOf(await ask());
    expect(finding!.problem).toBe(`Netlify knows the token but does not let it open the site "${SITE_ID}" (403).`);
    expect(finding!.page).toBe('https://app.netlify.com/user/applications#personal-access-tokens');
  });

  test('an answer the check does not know is said with the service\'s own words', async () => {
    next = { status: 418, type: 'application/json', body: JSON.stringify({ code: 418, message: 'Short and stout' }) };
    const [finding] = findingsOf(await ask());
    expect(finding!.problem).toBe('Netlify gave an answer the check does not know (418: Short and stout).');
  });
});

describe('a service that takes too long', () => {
  let silent: Server;
  beforeAll(async () => {
    // Takes the request and never answers.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  test('is said as "no answer within" its time, not as an abort error', async () => {
    const answer = await askService(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/api/v1/sites/x`, {}, 300);
    expect(answer).toEqual({ unreachable: 'no answer within 0.3 s' });
  });
});

describe('a connection cut under the request', () => {
  let server: Server;
  /** The requests it was asked, by method; it cuts the connection of the first of each method. */
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(request.method ?? '');
      if (seen.filter((method) => method === request.method).length === 1) {
        request.socket.destroy();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const address = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/projects/x/config/auth`;

  test('a read is asked once more on a new connection, and its answer is what the check sees', async () => {
    expect(await askService(address())).toEqual({ status: 200, body: { ok: true }, text: '{"ok":true}' });
    expect(seen.filter((method) => method === 'GET')).toHaveLength(2);
  });

  test('a change is never sent twice: it is said as cut', async () => {
    expect(await askService(address(), { method: 'PATCH', body: '{}' })).toEqual({ unreachable: 'the connection was cut before it answered' });
    expect(seen.filter((method) => method === 'PATCH')).toHaveLength(1);
  });
});

describe('the mail check', () => {
  const check = (overrides: Record<string, string | undefined> = {}, mailFrom = 'notifications@hearthside-care.com') => checkMail(rightEnv(overrides), { mailFrom });

  test('passes with a key the service accepts and a verified sending domain', async () => {
    const results = await check();
    expect(findingsOf(results)).toEqual([]);
    expect(ownerText(results)).toBe('OK  Mail: MAIL_API_KEY is accepted; hearthside-care.com, the domain of the sender notifications@hearthside-care.com, is verified');
    expect(mail.requests.at(-1)).toEqual({ method: 'GET', path: '/domains', key: FULL_KEY });
  });

  test('a key the service does not know names MAIL_API_KEY, with the API Keys page', async () => {
    const [finding, ...rest] = findingsOf(await check({ MAIL_API_KEY: 're_deleted-key' }));
    expect(rest).toEqual([]);
    expect(finding).toEqual({
      settings: ['MAIL_API_KEY'],
      problem: 'The mail service refused the key in MAIL_API_KEY: it is mistyped, or the key was deleted.',
      fix: "Make a new key on Resend's API Keys page (Create API Key) and put it in MAIL_API_KEY. Full access lets this check also see whether your sending domain is verified.",
      page: 'https://resend.com/api-keys',
    });
  });

  test('a sender on a domain never added names MAIL_FROM and lists the domains there are', async () => {
    const [finding, ...rest] = findingsOf(await check({}, 'hello@elsewhere-agency.com'));
    expect(rest).toEqual([]);
    expect(finding!.settings).toEqual(['MAIL_FROM']);
    expect(finding!.problem).toBe(
      'The e-mails come from hello@elsewhere-agency.com, but elsewhere-agency.com is not among the mail service\'s domains (it has hearthside-care.com (verified), pending.example-agency.com (pending), fresh.example-agency.com (not_started), failed.example-agency.com (failed), lapsed.example-agency.com (temporary_failure)), so every e-mail would be refused.',
    );
    expect(finding!.fix).toContain('click Add Domain and enter elsewhere-agency.com');
    expect(finding!.page).toBe('https://resend.com/domains');
  });

  test('without MAIL_FROM, the sender is named as coming from content/site.yaml too', async () => {
    const [finding] = findingsOf(await checkMail(rightEnv({ MAIL_FROM: undefined }), { mailFrom: 'hello@elsewhere-agency.com' }));
    expect(finding!.settings).toEqual(['MAIL_FROM (or notifications.from in content/site.yaml)']);
  });

  test.each([
    ['pending', 'pending.example-agency.com is still being checked by the mail service (pending): until it is verified, nothing can be sent from n@pending.example-agency.com.'],
    ['not_started', 'fresh.example-agency.com is added at the mail service, but its check was never started, so nothing can be sent from n@fresh.example-agency.com.'],
    ['failed', "The mail service could not find failed.example-agency.com's DNS records within 72 hours (failed), so nothing can be sent from n@failed.example-agency.com."],
    ['temporary_failure', 'lapsed.example-agency.com was verified, but the mail service can no longer find its DNS records (temporary failure): sending from n@lapsed.example-agency.com stops if they are not back within 72 hours.'],
  ])('a sending domain that is %s is its own finding, with the Domains page', async (status, problem) => {
    const domain = { pending: 'pending', not_started: 'fresh', failed: 'failed', temporary_failure: 'lapsed' }[status]!;
    const [finding, ...rest] = findingsOf(await check({}, `n@${domain}.example-agency.com`));
    expect(rest).toEqual([]);
    expect(finding!.settings).toEqual(['MAIL_FROM']);
    expect(finding!.problem).toBe(problem);
    expect(finding!.page).toBe('https://resend.com/domains');
  });

  test('a sending-only key passes, saying the domain could not be checked with it and where to look', async () => {
    const results = await check({ MAIL_API_KEY: SENDING_KEY });
    expect(findingsOf(results)).toEqual([]);
    expect(results[0]!.passed).toEqual([
      'MAIL_API_KEY is accepted, as a sending-only key',
      "whether hearthside-care.com (the domain of notifications@hearthside-care.com) is verified could not be checked with a sending-only key: look on Resend's Domains page (https://resend.com/domains) that it says Verified, or give the check a Full access key",
    ]);
  });

  test("the service's own fault (500) is said plainly", async () => {
    mail.failWith = 500;
    try {
      expect(ownerText(await check())).toBe(
        [
          '1.  Mail: The mail service had a fault of its own and could not answer (500: An unexpected error occurred.).',
          '    What to do: Nothing is wrong with your settings as far as this shows. Wait a few minutes and run the check again; the status page says whether the service has trouble.',
          '    Where: https://resend-status.com',
        ].join('\n'),
      );
    } finally {
      mail.failWith = undefined;
    }
  });

  test('a mail API that does not answer is said plainly, naming MAIL_API_URL', async () => {
    const [finding] = findingsOf(await check({ MAIL_API_URL: `http://127.0.0.1:${closedPort}` }));
    expect(finding!.settings).toEqual(['MAIL_API_URL']);
    expect(finding!.problem).toBe(`The mail service could not be reached at http://127.0.0.1:${closedPort}: nothing answers at that address (connection refused).`);
  });

  describe('every documented way of refusing a key', () => {
    // Resend's errors page has said it two ways: `validation_error` "API key is invalid" (400 on every endpoint but
    // sending, 401 on sending) now, `invalid_api_key` 403 before. A server answering each in turn stands in.
    const refusals: Array<[number, string, string]> = [
      [400, 'validation_error', 'API key is invalid'],
      [401, 'validation_error', 'API key is invalid'],
      [403, 'invalid_api_key', 'API key is invalid.'],
    ];
    let refusing: Server;
    let next: [number, string, string];
    beforeAll(async () => {
      refusing = createServer((request, response) => {
        request.resume();
        const [statusCode, name, message] = next;
        response.writeHead(statusCode, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ statusCode, name, message }));
      });
      await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      refusing.closeAllConnections();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    });

    test.each(refusals)('%i %s is a refused MAIL_API_KEY', async (...refusal) => {
      next = refusal;
      const [finding, ...rest] = findingsOf(await check({ MAIL_API_URL: `http://127.0.0.1:${(refusing.address() as AddressInfo).port}` }));
      expect(rest).toEqual([]);
      expect(finding!.settings).toEqual(['MAIL_API_KEY']);
      expect(finding!.page).toBe('https://resend.com/api-keys');
    });
  });

  test("a mail API that is not Resend's and has no list of domains passes, saying what could not be checked", async () => {
    // The Netlify fake answers every path but its own with 404, as a sending-only service would /domains.
    const results = await check({ MAIL_API_URL: netlify.url });
    expect(findingsOf(results)).toEqual([]);
    expect(results[0]!.passed[0]).toBe(
      `${netlify.url} is not Resend's API and has no list of domains (GET /domains answered 404), so neither MAIL_API_KEY nor whether hearthside-care.com is verified could be checked here: check both in that service's own dashboard`,
    );
  });

  test('without MAIL_API_KEY it asks nothing: whether one is needed is the preflight\'s own question', async () => {
    const before = mail.requests.length;
    expect(await check({ MAIL_API_KEY: undefined })).toEqual([]);
    expect(mail.requests.length).toBe(before);
  });
});

describe('the sender the functions use', () => {
  test("is MAIL_FROM when set, content/site.yaml's notifications.from otherwise", () => {
    expect(mailSender(root, { MAIL_FROM: ' hello@hearthside-care.com ' })).toBe('hello@hearthside-care.com');
    expect(mailSender(root, {})).toBe('notifications@example.com');
    expect(mailSender(path.join(root, 'no-such-folder'), {})).toBe('');
  });
});

describe("the mail fake takes the functions' e-mails as Resend does", () => {
  const message = { from: '"Hearthside Care" <notifications@hearthside-care.com>', to: ['intake@hearthside-care.com'], subject: 'New inquiry', text: 'Hello', html: '<p>Hello</p>' };

  test('records a sent e-mail once, however often it is sent under one idempotency key', async () => {
    const mailer = mailApi({ url: mail.url, key: SENDING_KEY });
    const before = mail.sent.length;
    await mailer.send(message, 'inquiry-1');
    await mailer.send(message, 'inquiry-1');
    await mail.waitForSent('the inquiry e-mail', (sent) => sent.length === before + 1);
    expect(mail.sent.slice(before)).toEqual([expect.objectContaining({ from: message.from, to: message.to, subject: 'New inquiry', text: 'Hello', idempotencyKey: 'inquiry-1' })]);
  });

  test('refuses a sender whose domain is not verified, and a key it does not know, as the documentation says', async () => {
    const unverified = mailApi({ url: mail.url, key: FULL_KEY }).send({ ...message, from: 'n@pending.example-agency.com' }, 'inquiry-2');
    await expect(unverified).rejects.toThrow(new MailError('The mail service answered 403: The pending.example-agency.com domain is not verified. Please, add and verify your domain on https://resend.com/domains', true));
    await expect(mailApi({ url: mail.url, key: 're_unknown' }).send(message, 'inquiry-3')).rejects.toThrow('The mail service answered 401: API key is invalid');
  });
});

describe('the site address check', () => {
  const check = (overrides: Record<string, string | undefined> = {}) => checkSiteAddress(rightEnv(overrides));

  test('passes when the name resolves to public addresses, saying which', async () => {
    const results = await check();
    expect(ownerText(results)).toBe('OK  Site address: www.hearthside-care.com resolves publicly (75.2.60.5, 2600:1f18:2148:bc01::5)');
    expect(dns.questions).toEqual(expect.arrayContaining([{ name: 'www.hearthside-care.com', type: 'A' }, { name: 'www.hearthside-care.com', type: 'AAAA' }]));
  });

  test('asks the servers it is given, before DEPLOY_DNS_SERVERS', async () => {
    const results = await checkSiteAddress(rightEnv({ DEPLOY_DNS_SERVERS: `127.0.0.1:${closedPort}` }), { servers: [dns.url] });
    expect(findingsOf(results)).toEqual([]);
  });

  test("a name with no address yet says the domain is not pointed at the host, with the Netlify site's records and page", async () => {
    const results = await check({ SITE_URL: 'https://care.hearthside-care.com' });
    expect(ownerText(results)).toBe(
      [
        '1.  Site address: care.hearthside-care.com has no address on the internet yet (the DNS answers ENOTFOUND): the domain is not pointed at the site\'s host, so visitors would find nothing there.',
        "    What to do: At your domain's registrar (where the domain was bought), add the record Netlify gives for a custom domain: for care.hearthside-care.com, a CNAME record pointing to hearthside-care.netlify.app. Netlify's Domain management lists the exact records for your site; new records can take up to a day to be seen everywhere.",
        '    Where: https://app.netlify.com/sites/hearthside-care/domain-management',
      ].join('\n'),
    );
  });

  test("without a Netlify site to name, the unpointed domain's page is Netlify's custom domain guide", async () => {
    const [finding] = findingsOf(await check({ SITE_URL: 'https://new-agency.com', NETLIFY_AUTH_TOKEN: undefined }));
    expect(finding!.fix).toContain("for the bare domain new-agency.com, an A record pointing to Netlify's load balancer, 75.2.60.5");
    expect(finding!.page).toBe('https://docs.netlify.com/domains-https/custom-domains/configure-external-dns/');
  });

  test.each([
    ['office.hearthside-care.com', '10.0.0.5, a private or local network address'],
    ['loop.hearthside-care.com', '127.0.0.1, this machine'],
    ['six.hearthside-care.com', '::1, this machine'],
  ])('a name that points at a private or loopback address (%s) is named with it', async (host, said) => {
    const [finding, ...rest] = findingsOf(await check({ SITE_URL: `https://${host}` }));
    expect(rest).toEqual([]);
    expect(finding!.settings).toEqual(['SITE_URL']);
    expect(finding!.problem).toBe(`${host} points at ${said}, which no visitor on the internet can reach.`);
    expect(finding!.page).toBe('https://app.netlify.com/sites/hearthside-care/domain-management');
  });

  test('plain http is its own finding', async () => {
    const [finding, ...rest] = findingsOf(await check({ SITE_URL: 'http://www.hearthside-care.com' }));
    expect(rest).toEqual([]);
    expect(finding!.problem).toBe("SITE_URL begins http:// (http://www.hearthside-care.com): the site must be https, or browsers warn visitors and the forms' pages are sent unencrypted.");
  });

  test('a name no visitor can reach is refused without asking the DNS', async () => {
    const before = dns.questions.length;
    const [finding] = findingsOf(await check({ SITE_URL: 'https://localhost:3000' }));
    expect(finding!.problem).toBe("SITE_URL's name localhost is this machine, which no visitor on the internet can reach.");
    expect(dns.questions.length).toBe(before);
  });

  test('a DNS server that does not answer is said plainly, naming DEPLOY_DNS_SERVERS', async () => {
    // A UDP port with nothing on it: the system answers "port unreachable", which the resolver reports as refused.
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const port = socket.address().port;
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    const [finding] = findingsOf(await check({ DEPLOY_DNS_SERVERS: `127.0.0.1:${port}` }));
    expect(finding!.settings).toEqual(['DEPLOY_DNS_SERVERS']);
    expect(finding!.problem).toMatch(/^The DNS could not be asked where www\.hearthside-care\.com points \(E[A-Z]+\)\.$/);
  });

  test('without SITE_URL it checks nothing', async () => {
    expect(await check({ SITE_URL: undefined })).toEqual([]);
  });
});
