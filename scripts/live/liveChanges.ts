/**
 * Which pages a change of content needs rendered again, for `npm start`'s live builder (liveBuild.ts).
 */
import type { Content } from '../../src/content/content.ts';

/**
 * The fields of a service that only its own page shows. A change to these alone renders that page alone; a change
 * to any other (the card, shown on the grids, menus and contact form; noindex, which the sitemap follows) renders
 * every page. tests/unit/liveBuild.test.ts changes each of these and compares the site with a full build's.
 */
export const OWN_PAGE_FIELDS = ['title', 'description', 'keywords', 'serviceType', 'hero', 'features', 'inclusions', 'benefits'] as const;

/**
 * The service pages that are all a change needs rendered again, or undefined when every page is to be: the same
 * services as before, and nothing but their own pages' fields changed.
 */
export function ownPagesOnly(before: Content, after: Content): string[] | undefined {
  const { services: oldServices, ...oldRest } = before;
  const { services: newServices, ...newRest } = after;
  if (JSON.stringify(oldRest) !== JSON.stringify(newRest)) return undefined;
  if (oldServices.map((service) => service.slug).join('\n') !== newServices.map((service) => service.slug).join('\n')) return undefined;
  const own = new Set<string>(OWN_PAGE_FIELDS);
  const paths: string[] = [];
  for (const [index, service] of newServices.entries()) {
    const old = oldServices[index]!;
    const keys = new Set([...Object.keys(old), ...Object.keys(service)]);
    const changed = [...keys].filter((key) => JSON.stringify(old[key as keyof typeof old]) !== JSON.stringify(service[key as keyof typeof service]));
    if (!changed.length) continue;
    if (changed.some((key) => !own.has(key))) return undefined;
    paths.push(service.canonicalPath);
  }
  return paths;
}

