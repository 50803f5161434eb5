// What every page's layout needs from the content (the header and footer), and the 404 page's head.
import type { Content } from '../src/content/loader.ts';
import { navItems, servicesIn } from '../src/content/listings.ts';
import type { PageMeta } from '../src/seo/head.ts';

export function chromeFrom(content: Content) {
  return {
    site: content.site,
    menu: navItems(servicesIn(content, 'dropdown')),
    footer: navItems(servicesIn(content, 'footer')),
  };
}

export type Chrome = ReturnType<typeof chromeFrom>;

export function notFoundMeta(path: string): PageMeta {
  return {
    title: 'Page not found',
    description: 'The page you were looking for does not exist. Return to the home page or call us for help with home care in Connecticut.',
    keywords: [],
    path,
    noindex: true,
  };
}
