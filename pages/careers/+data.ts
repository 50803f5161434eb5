import { openJobs } from '../../src/content/content.ts';
import { getContent } from '../../src/content/getContent.ts';
import { applicationFormProps } from '../../src/forms/applicationFormData.ts';
import { fixedPageMeta } from '../../src/pageMeta.ts';
import { jobPath } from '../../src/routes.ts';
import { employeeReviews } from '../../src/content/trust/trust.ts';

export async function data() {
  const content = await getContent();
  const copy = content.pages.careers;
  const jobs = openJobs(content).map((job) => ({ ...job, path: jobPath(job) }));
  return {
    // Each opening's JobPosting data is on its own page, where the application form is.
    meta: fixedPageMeta(copy.meta, '/careers'),
    enhanceForm: jobs.length > 0,
    copy,
    jobs,
    form: applicationFormProps(content),
    site: content.site,
    // Caregivers' own words, each marked as an employee's.
    voices: employeeReviews(content),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
