import { render } from 'vike/abort';
import type { RouteContext } from '../../renderer/types.ts';
import { getContent } from '../../src/content/content.ts';
import { serviceBySlug } from '../../src/content/listings.ts';
import { siteOrigin } from '../../src/env.ts';
import type { PageMeta } from '../../src/seo/head.ts';
import { serviceJsonLd } from '../../src/seo/jsonLd.ts';

export async function data(pageContext: RouteContext) {
  const content = await getContent();
  const service = serviceBySlug(content, pageContext.routeParams.slug!);
  if (!service) throw render(404);
  const { site } = content;
  const meta: PageMeta = {
    title: service.title,
    description: service.description,
    keywords: service.keywords,
    path: service.canonicalPath,
    noindex: service.noindex,
    jsonLd: [serviceJsonLd(service, site, siteOrigin(site.siteUrl))],
  };
  return { meta, service, phone: site.phone, claims: site.claims };
}

export type Data = Awaited<ReturnType<typeof data>>;
