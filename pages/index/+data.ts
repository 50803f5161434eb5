import { getContent } from '../../src/content/loader.ts';
import { servicesIn } from '../../src/content/listings.ts';
import { siteOrigin } from '../../src/env.ts';
import type { PageMeta } from '../../src/seo/head.ts';
import { organizationJsonLd } from '../../src/seo/jsonLd.ts';

export async function data() {
  const content = await getContent();
  const { site } = content;
  const meta: PageMeta = {
    title: `${site.name} | Non-Medical Home Care in Connecticut`,
    description: `Caring, background-checked companions and homemakers across Connecticut. ${site.claims.careHours}. Call for a free consultation.`,
    keywords: ['home care Connecticut', 'non-medical home care', 'senior care at home', 'companion care', 'in-home caregivers'],
    path: '/',
    jsonLd: [organizationJsonLd(site, siteOrigin(site.siteUrl))],
  };
  const services = servicesIn(content, 'grid').map(({ canonicalPath, card }) => ({ canonicalPath, card }));
  return { meta, site, services };
}

export type Data = Awaited<ReturnType<typeof data>>;
