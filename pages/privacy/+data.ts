import { getContent } from '../../src/content/getContent.ts';
import { fixedPageMeta } from '../../src/pageMeta.ts';

export async function data() {
  const content = await getContent();
  const copy = content.pages.privacy;
  return { meta: fixedPageMeta(copy.meta, '/privacy'), copy, site: content.site };
}

export type Data = Awaited<ReturnType<typeof data>>;
