/** The services each list shows (grids, header menu, footer), in the order content/lists.yaml gives. */
import type { Content, ServicePage } from './loader.ts';
import type { ListName } from './schemas/lists.ts';

export function servicesIn(content: Pick<Content, 'services' | 'lists'>, listing: ListName): ServicePage[] {
  const bySlug = new Map(content.services.map((service) => [service.slug, service]));
  // The loader has checked that every name is a service file.
  return content.lists[listing].map((slug) => bySlug.get(slug)!);
}

export interface NavService {
  title: string;
  href: string;
  icon: string;
}

export function navItems(services: ServicePage[]): NavService[] {
  return services.map((service) => ({ title: service.card.title, href: service.canonicalPath, icon: service.card.icon }));
}
