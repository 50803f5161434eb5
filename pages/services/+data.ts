import { getContent } from '../../src/content/getContent.ts';
import { servicesIn } from '../../src/content/listings.ts';
import { fixedPageMeta } from '../../src/pageMeta.ts';

export async function data() {
  const content = await getContent();
  const copy = content.pages.services;
  return {
    meta: fixedPageMeta(copy.meta, '/services'),
    copy,
    phone: content.site.phone,
    services: servicesIn(content, 'grid').map(({ canonicalPath, card }) => ({ canonicalPath, card })),
    howItWorks: content.howItWorks,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
