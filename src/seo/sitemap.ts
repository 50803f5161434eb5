/** sitemap.xml and robots.txt, generated from the content. */
import type { PublicRoute } from '../routes.ts';
import { absoluteUrl } from './head.ts';

export function sitemapXml(routes: PublicRoute[], origin: string): string {
  const urls = routes
    .filter((route) => !route.noindex)
    .map((route) => `  <url><loc>${escapeXml(absoluteUrl(origin, route.path))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: /admin\n\nSitemap: ${origin}/sitemap.xml\n`;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
