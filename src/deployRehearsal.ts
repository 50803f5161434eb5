/**
 * A rehearsal of the deploy (`npm run deploy:rehearse`, scripts/deploy-rehearse.ts): `npm run deploy` run for real
 * against local fakes of Supabase's Management API, Netlify's API, the mail API and DNS, with the local Supabase
 * stand-in as the project. DEPLOY_REHEARSAL=1 says so, and it is taken only when every address the deploy talks to
 * is on this machine, so it can never relax a check of a real deploy. What it relaxes, and nothing else:
 * - the project's address is the stand-in's (http, on this machine) and its key the stand-in's demo key, which the
 *   launch check (src/launch.ts) and the preflight (scripts/deploy/preflight.ts) would otherwise refuse;
 * - the proof (scripts/deploy/verify.ts) reads the published site where the rehearsal serves it,
 *   DEPLOY_REHEARSAL_SITE, rather than at SITE_URL, the agency's public name, which does not lead to this machine.
 */
import { unreachableHost } from './launchAddress.ts';

type Env = NodeJS.ProcessEnv;

/** The settings holding the addresses the deploy talks to: each must be on this machine for a rehearsal. */
const REHEARSAL_ADDRESSES = ['SUPABASE_API_URL', 'NETLIFY_API_URL', 'MAIL_API_URL', 'VITE_SUPABASE_URL'] as const;

const onThisMachine = (address: string | undefined): boolean => {
  try {
    return Boolean(address?.trim()) && unreachableHost(new URL(address!.trim()).hostname) === 'this machine';
  } catch {
    return false;
  }
};

/**
 * Under DEPLOY_REHEARSAL=1, the settings whose address is not on this machine (an unset one means the real
 * service's); [] when every one is. DEPLOY_REHEARSAL_SITE, when set, must be on this machine too.
 */
export function addressesNotLocal(env: Env): string[] {
  const names: string[] = REHEARSAL_ADDRESSES.filter((name) => !onThisMachine(env[name]));
  if (env.DEPLOY_REHEARSAL_SITE?.trim() && !onThisMachine(env.DEPLOY_REHEARSAL_SITE)) names.push('DEPLOY_REHEARSAL_SITE');
  return names;
}

/** Whether this is a rehearsal: DEPLOY_REHEARSAL=1, and every service the deploy talks to on this machine. */
export const rehearsing = (env: Env): boolean => env.DEPLOY_REHEARSAL === '1' && addressesNotLocal(env).length === 0;

/**
 * Where the published site is read: in a rehearsal, `url` (an address under SITE_URL) is read from the
 * rehearsal's own host, DEPLOY_REHEARSAL_SITE; otherwise it is read where it is.
 */
export function siteAddressToRead(env: Env, url: string): string {
  const served = env.DEPLOY_REHEARSAL_SITE?.trim();
  const site = env.SITE_URL?.trim();
  if (!served || !site || !rehearsing(env)) return url;
  const target = new URL(url);
  if (target.origin !== new URL(site).origin) return url;
  const local = new URL(served);
  return new URL(`${target.pathname}${target.search}`, local.origin).href;
}
