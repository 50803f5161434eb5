/**
 * The browser tests' two free ports (site, stand-in), chosen once: playwright.config.ts is read again by
 * every worker, which inherits the environment, so the first choice is kept in E2E_PORTS.
 */
import { freePorts } from '../../scripts/lib/freePorts.ts';

export function e2ePorts(): { site: number; api: number } {
  process.env.E2E_PORTS ??= freePorts(2).join(' ');
  const [site, api] = process.env.E2E_PORTS.split(' ').map(Number);
  return { site: site!, api: api! };
}
