// What every page's layout needs from the content (the header and footer), and the 404 page's head.
import type { Content } from '../src/content/content.ts';
import { navItems, servicesIn } from '../src/content/listings.ts';
import type { PageMeta } from '../src/seo/head.ts';

function chromeOf(content: Content) {
  return {
    site: content.site,
    menu: navItems(servicesIn(content, 'dropdown')),
    footer: navItems(servicesIn(content, 'footer')),
  };
}

export type Chrome = ReturnType<typeof chromeOf>;

const chromes = new WeakMap<Content, Chrome>();

/** The same for every page: made once per loaded content. */
export function chromeFrom(content: Content): Chrome {
  let chrome = chromes.get(content);
  if (!chrome) chromes.set(content, (chrome = chromeOf(content)));
  return chrome;
}

export function notFoundMeta(path: string): PageMeta {
  return {
    title: 'Page not found',
    description: 'The page you were looking for does not exist. Return to the home page or call us for help with home care in Connecticut.',
    keywords: [],
    path,
    noindex: true,
  };
}
