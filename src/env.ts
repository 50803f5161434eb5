/**
 * The one environment module. Server (build-time) values are checked when first read and fail loudly with the
 * variable's name; browser-safe values (VITE_*) are added by the issues that use them.
 */
import { z } from 'zod';

const serverEnv = z.object({
  /** The public origin for canonical links and the sitemap; content/site.yaml `siteUrl` when unset. */
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export function readServerEnv(env: NodeJS.ProcessEnv = process.env) {
  const result = serverEnv.safeParse({ SITE_URL: env.SITE_URL || undefined });
  if (!result.success) {
    const names = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment variable (${names}). SITE_URL must be an address such as https://www.example.com`);
  }
  return result.data;
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
