import { render } from 'vike/abort';
import type { RouteContext } from '../../renderer/types.ts';
import { openJobs } from '../../src/content/content.ts';
import { getContent } from '../../src/content/getContent.ts';
import { siteOrigin } from '../../src/env.ts';
import { applicationFormProps } from '../../src/forms/applicationFormData.ts';
import { jobPath } from '../../src/routes.ts';
import type { PageMeta } from '../../src/seo/head.ts';
import { breadcrumbJsonLd, jobPostingJsonLd } from '../../src/seo/jsonLd.ts';
import { shortDescription } from '../../src/seo/shortDescription.ts';

export async function data(pageContext: RouteContext) {
  const content = await getContent();
  const job = openJobs(content).find((j) => j.slug === pageContext.routeParams.slug);
  if (!job) throw render(404);
  const { site } = content;
  const origin = siteOrigin(site.siteUrl);
  const meta: PageMeta = {
    title: `${job.title} Job in Connecticut`,
    description: shortDescription(job.summary),
    keywords: [`${job.title} jobs`, `${job.title} jobs Connecticut`, 'home care jobs Connecticut'],
    path: jobPath(job),
    // The trail's /careers is the page the visible breadcrumb ("All openings") leads back to.
    jsonLd: [jobPostingJsonLd(job, site, origin), breadcrumbJsonLd('/careers', { name: job.title, path: jobPath(job) }, origin)],
  };
  return { meta, enhanceForm: true, job, apply: content.pages.careers.apply, form: applicationFormProps(content, job.slug) };
}

export type Data = Awaited<ReturnType<typeof data>>;
