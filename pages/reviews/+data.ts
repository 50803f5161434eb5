import { getContent } from '../../src/content/getContent.ts';
import { allReviewsLinks, publishedReviews } from '../../src/content/trust/trust.ts';
import { fixedPageMeta } from '../../src/pageMeta.ts';

export async function data() {
  const content = await getContent();
  const copy = content.pages.reviews;
  // Every review on the site (consent live on the build date), newest first: no review markup, no rating.
  return { meta: fixedPageMeta(copy.meta, '/reviews'), copy, reviews: publishedReviews(content), links: allReviewsLinks(content), phone: content.site.phone };
}

export type Data = Awaited<ReturnType<typeof data>>;
