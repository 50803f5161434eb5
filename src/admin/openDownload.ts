import { NO_CAPTURE_CLASS } from '../analytics/privacy.ts';

/**
 * Follows a link made for the moment, as a click on it would: a download (a signed Storage URL, a file made in the
 * page) is saved and the browser stays on the page. Outside the app's root: without the class, analytics'
 * autocapture would send the click with the link, whose file name may be the applicant's name.
 */
export function clickLink(attributes: { href: string; download?: string; rel?: string }): void {
  const link = Object.assign(document.createElement('a'), attributes);
  link.className = NO_CAPTURE_CLASS;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Opens a download link (a signed Storage URL answered with Content-Disposition: attachment). The file's name
 * comes from the answer.
 */
export function openDownload(url: string): void {
  clickLink({ href: url, rel: 'noopener' });
}
