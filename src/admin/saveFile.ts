import { NO_CAPTURE_CLASS } from '../analytics/privacy.ts';

/** Saves a downloaded Blob under a chosen file name, the way a link with `download` does. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  // Outside the app's root: without the class, analytics' autocapture would send the click with the file name,
  // which is the applicant's name.
  link.className = NO_CAPTURE_CLASS;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
