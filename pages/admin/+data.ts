import { getContent } from '../../src/content/getContent.ts';
import { dashboardLabels } from '../../src/forms/formChoices.ts';
import type { PageMeta } from '../../src/seo/head.ts';
import type { DashboardWorkflow } from '../../src/adminPage.ts';

export async function data() {
  const content = await getContent();
  const meta: PageMeta = {
    title: 'Staff dashboard',
    description: 'Staff sign-in to review the job applications and contact requests sent from the site. Not for the public.',
    keywords: [],
    path: '/admin',
    noindex: true,
  };
  // Passed to the browser (+config.ts): the agency's name, the sign-in page's brand, the labels of the forms'
  // codes (the job titles, the choices, the services), the workflow's stages and the reply promise's hours
  // (an inquiry still New after them is overdue). Nothing else of the content,
  // and never anything personal: this is written into the page's HTML for anyone to read.
  const workflow: DashboardWorkflow = content.workflow;
  return { meta, agency: content.site.name, labels: dashboardLabels(content), workflow, replyWithinHours: content.site.notifications.replyWithinHours };
}

export type Data = Awaited<ReturnType<typeof data>>;
