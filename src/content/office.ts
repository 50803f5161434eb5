/**
 * How the office's hours and address from content/site.yaml read on the pages. Kept apart from the schema, which
 * pulls in zod: the pages import this.
 */
import type { OfficeHoursLine, Site } from './schemas/site.ts';

/** What a line of office hours shows after its days: "8:00 am - 6:00 pm", or its `closed` words. */
export function officeHoursText(line: OfficeHoursLine): string {
  return line.opens && line.closes ? `${line.opens.display} - ${line.closes.display}` : (line.closed ?? '');
}

/** The office's address on one line, e.g. "100 Example Road, Suite 2, Berlin, CT 06037". */
export function officeAddressText(address: NonNullable<Site['address']>): string {
  return `${address.street}, ${address.town}, CT ${address.zip}`;
}
