/** What the application form needs from the content, trimmed for a page's data (see ApplicationForm.tsx). */
import { openJobs, type Content } from '../content/content.ts';
import { functionUrl } from './functionUrl.ts';

/**
 * @param position the job the form is for (its file name), preselected; none on /careers.
 */
export function applicationFormProps(content: Content, position?: string) {
  return {
    action: functionUrl('submit-application'),
    // Closed openings are not offered: the function would refuse them.
    positions: openJobs(content).map((job) => ({ code: job.slug, title: job.title })),
    position,
    /** The page the form is on, sent with the application (the landing page when nothing else says). */
    page: position ? `/careers/${position}` : '/careers',
    experience: content.applicationForm.experience,
    availability: content.applicationForm.availability,
    /** "How did you hear about us?" (empty: not asked). */
    heardAbout: content.applicationForm.heardAbout ?? [],
    phone: content.site.phone,
  };
}

export type ApplicationFormProps = ReturnType<typeof applicationFormProps>;
