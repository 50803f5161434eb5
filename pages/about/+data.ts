import { getContent } from '../../src/content/content.ts';
import { fixedPageMeta } from '../../src/pageMeta.ts';

export async function data() {
  const content = await getContent();
  const copy = content.pages.about;
  return { meta: fixedPageMeta(copy.meta, '/about'), copy, phone: content.site.phone };
}

export type Data = Awaited<ReturnType<typeof data>>;
