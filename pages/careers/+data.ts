import { getContent } from '../../src/content/loader.ts';
import { siteOrigin } from '../../src/env.ts';
import { fixedPageMeta } from '../../src/pageMeta.ts';
import { jobPostingJsonLd } from '../../src/seo/jsonLd.ts';

export async function data() {
  const content = await getContent();
  const { site, jobs } = content;
  const copy = content.pages.careers;
  const origin = siteOrigin(site.siteUrl);
  return {
    meta: fixedPageMeta(copy.meta, '/careers', jobs.map((job) => jobPostingJsonLd(job, site, origin))),
    copy,
    jobs,
    site,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
