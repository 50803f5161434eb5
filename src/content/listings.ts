/** The services each listing shows (grids, header menu, footer), in their configured order. */
import { PLACEMENT_SIZES } from './crossCheck.ts';
import type { Content, ServicePage } from './loader.ts';

export type Listing = keyof typeof PLACEMENT_SIZES;

export function servicesIn(content: Content, listing: Listing): ServicePage[] {
  return content.services
    .filter((service) => service.placement[listing] !== undefined)
    .sort((a, b) => a.placement[listing]! - b.placement[listing]!);
}

export interface NavService {
  title: string;
  href: string;
  icon: string;
}

export function navItems(services: ServicePage[]): NavService[] {
  return services.map((service) => ({ title: service.card.title, href: service.canonicalPath, icon: service.card.icon }));
}
