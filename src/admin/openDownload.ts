import { NO_CAPTURE_CLASS } from '../analytics/privacy.ts';

/**
 * Opens a download link (a signed Storage URL answered with Content-Disposition: attachment), as a click on a
 * link would: the browser saves the file and stays on the page. The file's name comes from the answer.
 */
export function openDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  // Outside the app's root: without the class, analytics' autocapture would send the click with the link, whose
  // file name is the applicant's name.
  link.className = NO_CAPTURE_CLASS;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
