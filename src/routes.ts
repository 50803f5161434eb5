/**
 * The public routes the site generator produces: the fixed pages that exist, then one per service file.
 * The sitemap and the build checks read this list.
 */
import type { Content } from './content/loader.ts';

/** The fixed pages, each with its folder under pages/ and its copy in content/pages/. */
export const FIXED_ROUTES = ['/', '/services', '/all-services', '/locations', '/contact', '/about', '/careers'] as const;

/** Pages with a #contact section, where Get Started scrolls instead of leaving the page. */
export const CONTACT_SECTION_PATHS: readonly string[] = ['/', '/contact'];

export interface PublicRoute {
  path: string;
  noindex: boolean;
}

export function publicRoutes(content: Content): PublicRoute[] {
  return [
    ...FIXED_ROUTES.map((path) => ({ path, noindex: false })),
    ...content.services.map((service) => ({ path: service.canonicalPath, noindex: service.noindex })),
  ];
}

/** The file a route is written to under dist/client. */
export function htmlFileFor(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}
