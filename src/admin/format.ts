/**
 * Dates as staff read them, in the agency's time zone. A stored value JavaScript cannot turn into a date
 * (Postgres allows 'infinity' and years past 275760) is shown as stored, never allowed to break the page.
 */
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/New_York' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/New_York' });

function formatWith(format: Intl.DateTimeFormat, value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}

export const formatDate = (value: string) => formatWith(dateFormat, value);
export const formatDateTime = (value: string) => formatWith(dateTimeFormat, value);
