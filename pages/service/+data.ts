import { render } from 'vike/abort';
import type { RouteContext } from '../../renderer/types.ts';
import { getContent } from '../../src/content/getContent.ts';
import { serviceBySlug } from '../../src/content/listings.ts';
import { siteOrigin } from '../../src/env.ts';
import type { PageMeta } from '../../src/seo/head.ts';
import { breadcrumbJsonLd, serviceJsonLd } from '../../src/seo/jsonLd.ts';

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
  return { meta, service, phone: site.phone, claims: site.claims };
}

export type Data = Awaited<ReturnType<typeof data>>;
