/** What the contact form needs from the content, trimmed for a page's data (see InquiryForm.tsx). */
import type { Content } from '../content/content.ts';
import { inquiryChoicesFrom } from './formChoices.ts';
import { functionUrl } from './functionUrl.ts';

/**
 * @param page the path of the page the form is on ('/', '/contact'): sent with the request.
 * @param ticked the services whose boxes start ticked (the contact page a service page leads to).
 */
export function inquiryFormProps(content: Content, page: string, ticked: readonly string[] = []) {
  const { careFor, callTimes, services, heardAbout } = inquiryChoicesFrom(content);
  return {
    action: functionUrl('submit-inquiry'),
    page,
    careFor,
    callTimes,
    services,
    ticked,
    /** "How did you hear about us?" (empty: not asked). */
    heardAbout,
    /** The consent box: its version (what it sends) and its words. */
    consent: content.inquiryForm.consent,
    phone: content.site.phone,
  };
}

export type InquiryFormProps = ReturnType<typeof inquiryFormProps>;
