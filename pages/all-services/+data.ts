import { getContent } from '../../src/content/getContent.ts';
import { fixedPageMeta } from '../../src/pageMeta.ts';

export async function data() {
  const content = await getContent();
  const copy = content.pages['all-services'];
  const paths = new Map(content.services.map((s) => [s.slug, s.canonicalPath]));
  const groups = content.directory.groups.map((group) => ({
    ...group,
    entries: content.directory.entries
      .filter((entry) => entry.category === group.name)
      .map(({ icon, title, description, service }) => ({ icon, title, description, href: paths.get(service)! })),
  }));
  return { meta: fixedPageMeta(copy.meta, '/all-services'), copy, groups, phone: content.site.phone };
}

export type Data = Awaited<ReturnType<typeof data>>;
