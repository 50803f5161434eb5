// The 404 page's head (the header and footer every page shares are src/chrome.ts).
import type { PageMeta } from '../src/seo/head.ts';

export function notFoundMeta(path: string): PageMeta {
  return {
    title: 'Page not found',
    description: 'The page you were looking for does not exist. Return to the home page or call us for help with home care in Connecticut.',
    keywords: [],
    path,
    noindex: true,
  };
}
