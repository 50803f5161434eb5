import { getContent } from '../../src/content/getContent.ts';
import { fixedPageMeta } from '../../src/pageMeta.ts';

export async function data() {
  const content = await getContent();
  const copy = content.pages.locations;
  return { meta: fixedPageMeta(copy.meta, '/locations'), copy, regions: content.regions, site: content.site };
}

export type Data = Awaited<ReturnType<typeof data>>;
