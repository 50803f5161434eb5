/**
 * The one head builder: every page's title, description, keywords, canonical link, Open Graph and Twitter
 * tags, robots directive and JSON-LD blocks come from here.
 */
import type { Site } from '../content/schemas/site.ts';

export interface PageMeta {
  /** The page's own title; the agency name is appended unless the title already contains it. */
  title: string;
  description: string;
  keywords: readonly string[];
  /** The page's path, e.g. "/meal-preparation"; made absolute with the site origin. */
  path: string;
  /** Open Graph type. */
  type?: 'website' | 'article';
  /** true keeps the page out of search engines (and out of the sitemap). */
  noindex?: boolean;
  /** Structured data objects, each written as its own JSON-LD script. */
  jsonLd?: readonly object[];
}

export function fullTitle(title: string, site: Site): string {
  return title.includes(site.name) ? title : `${title} | ${site.name}`;
}

export function absoluteUrl(origin: string, path: string): string {
  return path === '/' ? `${origin}/` : `${origin}${path}`;
}

export function buildHead(meta: PageMeta, site: Site, origin: string): string {
  const title = fullTitle(meta.title, site);
  const url = absoluteUrl(origin, meta.path);
  const image = absoluteUrl(origin, site.shareImage.path);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    metaTag('name', 'description', meta.description),
    meta.keywords.length ? metaTag('name', 'keywords', meta.keywords.join(', ')) : '',
    meta.noindex ? metaTag('name', 'robots', 'noindex, nofollow') : '',
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    metaTag('property', 'og:site_name', site.name),
    metaTag('property', 'og:type', meta.type ?? 'website'),
    metaTag('property', 'og:title', title),
    metaTag('property', 'og:description', meta.description),
    metaTag('property', 'og:url', url),
    metaTag('property', 'og:image', image),
    metaTag('property', 'og:image:width', '1200'),
    metaTag('property', 'og:image:height', '630'),
    metaTag('property', 'og:image:alt', site.shareImage.alt),
    metaTag('property', 'og:locale', 'en_US'),
    metaTag('name', 'twitter:card', 'summary_large_image'),
    metaTag('name', 'twitter:title', title),
    metaTag('name', 'twitter:description', meta.description),
    metaTag('name', 'twitter:image', image),
    ...(meta.jsonLd ?? []).map((block) => `<script type="application/ld+json">${jsonForScript(block)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}

function metaTag(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON inside a <script> must not be able to close it: escape "<" (and the line separators JS rejects). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
