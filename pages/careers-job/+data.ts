import { render } from 'vike/abort';
import type { RouteContext } from '../../renderer/types.ts';
import { getContent, openJobs } from '../../src/content/content.ts';
import { siteOrigin } from '../../src/env.ts';
import { applicationFormProps } from '../../src/forms/applicationFormData.ts';
import { jobPath } from '../../src/routes.ts';
import type { PageMeta } from '../../src/seo/head.ts';
import { jobPostingJsonLd } from '../../src/seo/jsonLd.ts';
import { shortDescription } from '../../src/seo/shortDescription.ts';

export async function data(pageContext: RouteContext) {
  const content = await getContent();
  const job = openJobs(content).find((j) => j.slug === pageContext.routeParams.slug);
  if (!job) throw render(404);
  const { site } = content;
  const meta: PageMeta = {
    title: `${job.title} Job in Connecticut`,
    description: shortDescription(job.summary),
    keywords: [`${job.title} jobs`, `${job.title} jobs Connecticut`, 'home care jobs Connecticut'],
    path: jobPath(job),
    jsonLd: [jobPostingJsonLd(job, site, siteOrigin(site.siteUrl))],
  };
  return { meta, enhanceForm: true, job, apply: content.pages.careers.apply, form: applicationFormProps(content, job.slug) };
}

export type Data = Awaited<ReturnType<typeof data>>;
