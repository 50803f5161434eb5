/**
 * Saves a file made in the page (a CSV of a list, a record's JSON), as a click on a download link would: the
 * browser saves it under `name` and stays on the page. Nothing leaves the browser: the link is a blob: URL.
 */
import { clickLink } from '../openDownload.ts';

export function saveFile(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  clickLink({ href: url, download: name });
  // After the browser has taken the file: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
