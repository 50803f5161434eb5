/**
 * A local stand-in for Netlify's API, for the deploy's checks in the tests and `npm run deploy:rehearse`: it
 * answers the one route the preflight asks, as Netlify's API reference documents it.
 *
 * GET /api/v1/sites/{site_id}, `Authorization: Bearer <token>` (operation getSite,
 * https://open-api.netlify.com/#tag/site/operation/getSite; swagger.yml of https://github.com/netlify/open-api):
 * 200 with the `site` object (id, name, url, ssl_url, custom_domain, domain_aliases, admin_url, state ...); any
 * failure as the `error` definition, `{ "code": <integer>, "message": <string> }`: 401 for a missing or unknown
 * token, 404 for a site the token cannot see. Every other path is 404 in the same shape.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeNetlifySite {
  id: string;
  name: string;
  custom_domain?: string | null;
  domain_aliases?: string[];
}

export interface NetlifyFake {
  /** Its API's address, for NETLIFY_API_URL. */
  url: string;
  /** The requests it was asked, in order: method, path, and the bearer token given. */
  requests: Array<{ method: string; path: string; token: string | undefined }>;
  /** Set to a status (500, 429, 503) to answer every request with it as Netlify's error, until set back to undefined. */
  failWith: number | undefined;
  close(): Promise<void>;
}

/** The site as Netlify's API gives it: the names Netlify makes from the site's name, the rest as given. */
function siteObject(site: FakeNetlifySite) {
  return {
    id: site.id,
    site_id: site.id,
    name: site.name,
    state: 'current',
    plan: 'nf_team_starter',
    custom_domain: site.custom_domain ?? null,
    domain_aliases: site.domain_aliases ?? [],
    url: site.custom_domain ? `http://${site.custom_domain}` : `http://${site.name}.netlify.app`,
    ssl_url: site.custom_domain ? `https://${site.custom_domain}` : `https://${site.name}.netlify.app`,
    admin_url: `https://app.netlify.com/sites/${site.name}`,
    ssl: true,
    force_ssl: true,
    managed_dns: false,
    created_at: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-05T10:00:00.000Z',
  };
}

const REASONS: Record<number, string> = { 401: 'Unauthorized', 404: 'Not Found', 429: 'Too Many Requests', 500: 'Internal Server Error', 503: 'Service Unavailable' };

export async function startNetlifyFake({ token, sites }: { token: string; sites: FakeNetlifySite[] }): Promise<NetlifyFake> {
  const fake: Omit<NetlifyFake, 'url' | 'close'> = { requests: [], failWith: undefined };

  function error(response: ServerResponse, code: number) {
    response.writeHead(code, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ code, message: REASONS[code] ?? 'Error' }));
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://netlify.local');
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    fake.requests.push({ method: request.method ?? 'GET', path: url.pathname, token: bearer });
    request.resume();
    if (fake.failWith) return error(response, fake.failWith);
    const match = /^\/api\/v1\/sites\/([^/]+)$/.exec(url.pathname);
    if (!match || request.method !== 'GET') return error(response, 404);
    if (bearer !== token) return error(response, 401);
    const site = sites.find((candidate) => candidate.id === decodeURIComponent(match[1]!));
    if (!site) return error(response, 404);
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(siteObject(site)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
