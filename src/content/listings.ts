/**
 * The services each list shows (grids, header menu, footer), in the order content/lists.yaml gives, and a
 * service by its slug. Every page asks for them: each is worked out once per loaded content, not per page.
 */
import type { Content, ServicePage } from './content.ts';
import type { ListName } from './schemas/lists.ts';

type Listed = Pick<Content, 'services' | 'lists'>;

const bySlugOf = new WeakMap<Pick<Content, 'services'>, Map<string, ServicePage>>();
const listsOf = new WeakMap<Listed, Map<ListName, ServicePage[]>>();

/** The service whose file is `content/services/<slug>.*`, if there is one. */
export function serviceBySlug(content: Pick<Content, 'services'>, slug: string): ServicePage | undefined {
  let bySlug = bySlugOf.get(content);
  if (!bySlug) bySlugOf.set(content, (bySlug = new Map(content.services.map((service) => [service.slug, service]))));
  return bySlug.get(slug);
}

/** The services of one list, in order (shared between pages: do not change the array). */
export function servicesIn(content: Listed, listing: ListName): ServicePage[] {
  let lists = listsOf.get(content);
  if (!lists) listsOf.set(content, (lists = new Map()));
  let services = lists.get(listing);
  // The loader has checked that every name is a service file.
  if (!services) lists.set(listing, (services = content.lists[listing].map((slug) => serviceBySlug(content, slug)!)));
  return services;
}

export interface NavService {
  title: string;
  href: string;
  icon: string;
}

export function navItems(services: ServicePage[]): NavService[] {
  return services.map((service) => ({ title: service.card.title, href: service.canonicalPath, icon: service.card.icon }));
}
