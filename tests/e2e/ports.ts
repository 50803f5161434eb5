/**
 * The browser tests' five free ports (site, stand-in, the site built with HubSpot ids and analytics:
 * providerSite.ts, that site's analytics capture server, and the mail catcher the stand-in sends to),
 * chosen once: playwright.config.ts is read again by every worker, which inherits the environment, so the
 * first choice is kept in E2E_PORTS.
 */
import { freePorts } from '../../scripts/harness/freePorts.ts';

export function e2ePorts(): { site: number; api: number; providerSite: number; capture: number; mail: number } {
  process.env.E2E_PORTS ??= freePorts(5).join(' ');
  const [site, api, providerSite, capture, mail] = process.env.E2E_PORTS.split(' ').map(Number);
  return { site: site!, api: api!, providerSite: providerSite!, capture: capture!, mail: mail! };
}
