import { getContent } from '../../src/content/getContent.ts';
import { hasPlaceholder } from '../../src/content/placeholders.ts';
import { fixedPageMeta } from '../../src/pageMeta.ts';
import { peopleInOrder } from '../../src/content/trust/trust.ts';

const ABOUT_FILE = 'content/pages/about.yaml';

export async function data() {
  const content = await getContent();
  const copy = content.pages.about;
  // A source marked !placeholder is the editor's note to the agency, not a source: the figure is shown without it.
  const stats = copy.stats.map(({ source, ...stat }, index) => ({ ...stat, source: hasPlaceholder(content.placeholders, ABOUT_FILE, ['stats', index, 'source']) ? undefined : source }));
  return {
    // The offices' structured data is on the home page, once for the site.
    meta: fixedPageMeta(copy.meta, '/about'),
    copy,
    stats,
    phone: content.site.phone,
    // The people who agreed to appear: the office team first, then caregivers.
    team: [...peopleInOrder(content, 'leadership'), ...peopleInOrder(content, 'office')],
    caregivers: peopleInOrder(content, 'caregiver'),
    offices: content.offices,
    awards: content.recognition,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
