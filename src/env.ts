/**
 * The one environment module. Server (build-time) values are checked when first read and fail loudly with the
 * variable's name; browser-safe values (VITE_*) are added by the issues that use them.
 */

/**
 * The server's variables, checked. SITE_URL must be an http(s) address: a typo would otherwise put a broken
 * origin in every canonical link and the sitemap. (Checked by hand rather than with zod: the prerender loads
 * this module, and zod is not otherwise part of rendering.)
 */
export function readServerEnv(env: NodeJS.ProcessEnv = process.env): { SITE_URL?: string } {
  const value = env.SITE_URL || undefined;
  if (value === undefined) return {};
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || !url.hostname) {
    throw new Error(`Invalid environment variable (SITE_URL: expected an http or https address, found "${value}"). SITE_URL must be an address such as https://www.example.com`);
  }
  return { SITE_URL: value };
}

/** The site's origin without a trailing slash, e.g. "https://www.example.com". */
export function siteOrigin(contentSiteUrl: string): string {
  return (readServerEnv().SITE_URL ?? contentSiteUrl).replace(/\/+$/, '');
}

/**
 * The moment the build stands for: now, or `SOURCE_DATE_EPOCH` (seconds since 1970, the reproducible-builds
 * convention) when set, so that the same sources give the same pages on any day (the footer's year, which
 * openings are still advertised). The pinned-output test sets it.
 */
export function buildDate(env: NodeJS.ProcessEnv = process.env): Date {
  const epoch = env.SOURCE_DATE_EPOCH?.trim();
  if (!epoch) return new Date();
  if (!/^\d+$/.test(epoch)) throw new Error(`SOURCE_DATE_EPOCH must be whole seconds since 1970, found "${epoch}".`);
  return new Date(Number(epoch) * 1000);
}
