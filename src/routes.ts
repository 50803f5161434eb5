/**
 * The public routes the site generator produces: the fixed pages that exist, the pages the forms lead to, one
 * per open job, then one per service file. The sitemap and the build checks read this list.
 */
import { RESERVED_JOB_SLUGS, openJobs, type Content, type JobOpening } from './content/content.ts';

/** The fixed pages, each with its folder under pages/ and its copy in content/pages/. */
export const FIXED_ROUTES = ['/', '/services', '/all-services', '/locations', '/contact', '/about', '/careers', '/privacy', '/reviews'] as const;

/** The page of a job opening (the job file's name is its address). */
export function jobPath(job: Pick<JobOpening, 'slug'>): string {
  return `/careers/${job.slug}`;
}

/**
 * The contact page with one service's box already ticked, where a service page's Schedule Consultation leads:
 * plain HTML, so it works with JavaScript off (nothing in a static page could tick a box from the address).
 */
export function contactForPath(service: { slug: string }): string {
  return `/contact/for/${service.slug}`;
}

/** Where the contact form leads: the redirects of submit-inquiry. */
export const CONTACT_FORM_ROUTES: readonly string[] = ['/contact/thanks', '/contact/not-sent'];

/**
 * Where the forms lead (/careers/thanks, /careers/not-sent: the names a job file may not take; and the contact
 * form's): built, but kept out of search engines and the sitemap.
 */
export const UNLISTED_ROUTES: readonly string[] = [...RESERVED_JOB_SLUGS.map((slug) => jobPath({ slug })), ...CONTACT_FORM_ROUTES];

/** Pages with a #contact section, where Get Started scrolls instead of leaving the page. */
export const CONTACT_SECTION_PATHS: readonly string[] = ['/', '/contact'];

export interface PublicRoute {
  path: string;
  noindex: boolean;
  /** A page that is another one with a different start (the contact page with a service ticked): its path. */
  variantOf?: string;
}

export function publicRoutes(content: Content): PublicRoute[] {
  return [
    ...FIXED_ROUTES.map((path) => ({ path, noindex: false })),
    ...UNLISTED_ROUTES.map((path) => ({ path, noindex: true })),
    ...openJobs(content).map((job) => ({ path: jobPath(job), noindex: false })),
    ...content.services.map((service) => ({ path: service.canonicalPath, noindex: service.noindex })),
    // Kept out of search engines: the contact page is the one to find.
    ...content.services.map((service) => ({ path: contactForPath(service), noindex: true, variantOf: '/contact' })),
  ];
}

/**
 * The routes, with only the first page of each kind of variant (one contact page with a service ticked stands for
 * all 31: they differ by one tick): what the browser tests that visit every page visit.
 */
export function distinctRoutes(routes: readonly PublicRoute[]): PublicRoute[] {
  const seen = new Set<string>();
  return routes.filter((route) => {
    if (!route.variantOf) return true;
    if (seen.has(route.variantOf)) return false;
    seen.add(route.variantOf);
    return true;
  });
}

/** The file a route is written to under dist/client. */
export function htmlFileFor(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}
