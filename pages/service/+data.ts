import { render } from 'vike/abort';
import type { RouteContext } from '../../renderer/types.ts';
import { getContent } from '../../src/content/getContent.ts';
import { identityValues } from '../../src/content/identityTokens.ts';
import { serviceBySlug } from '../../src/content/listings.ts';
import { siteOrigin } from '../../src/env.ts';
import type { PageMeta } from '../../src/seo/head.ts';
import { breadcrumbJsonLd, serviceJsonLd } from '../../src/seo/jsonLd.ts';
import { allReviewsLinks, reviewsFor } from '../../src/content/trust/trust.ts';

export async function data(pageContext: RouteContext) {
  const content = await getContent();
  const service = serviceBySlug(content, pageContext.routeParams.slug!);
  if (!service) throw render(404);
  const { site } = content;
  const origin = siteOrigin(site.siteUrl);
  const meta: PageMeta = {
    title: service.title,
    description: service.description,
    keywords: service.keywords,
    path: service.canonicalPath,
    noindex: service.noindex,
    jsonLd: [serviceJsonLd(service, site, origin), breadcrumbJsonLd('/services', { name: service.card.title, path: service.canonicalPath }, origin)],
  };
  // An .mdx body's ((site.name)) and other tokens are rendered with these values (MdxSections).
  const identity = service.format === 'mdx' ? Object.fromEntries(identityValues(site)) : {};
  // Every review that speaks of this service, newest first: all of them, not a choice among them.
  const reviews = { shown: reviewsFor(content, service.slug), links: allReviewsLinks(content) };
  return { meta, service, phone: site.phone, claims: site.claims, identity, reviews };
}

export type Data = Awaited<ReturnType<typeof data>>;
