/**
 * The browser tests' three free ports (site, stand-in, the site built with HubSpot ids: providerSite.ts),
 * chosen once: playwright.config.ts is read again by every worker, which inherits the environment, so the
 * first choice is kept in E2E_PORTS.
 */
import { freePorts } from '../../scripts/lib/freePorts.ts';

export function e2ePorts(): { site: number; api: number; providerSite: number } {
  process.env.E2E_PORTS ??= freePorts(3).join(' ');
  const [site, api, providerSite] = process.env.E2E_PORTS.split(' ').map(Number);
  return { site: site!, api: api!, providerSite: providerSite! };
}
