/** The contact requests sent with the site's own inquiry form (DESIGN decision 11): the generic list. */
import { formatDateTime } from './format.ts';
import { INQUIRY_COLUMNS, type InquirySummary } from './inquiries.ts';
import { labelOf } from './labels.ts';
import { originDetails } from './origin.ts';
import { RecordsView, type RecordsConfig, type ViewProps } from './RecordsView.tsx';

const config: RecordsConfig<InquirySummary> = {
  table: 'inquiries',
  columns: INQUIRY_COLUMNS,
  title: 'Inquiries',
  subtitle: 'Call back the families who asked about care with the form on the site.',
  noun: 'inquiries',
  total: 'Total Inquiries',
  // Not 'Inquiries (n)': the page's heading is already 'Inquiries'.
  listTitle: 'Contact requests',
  searchLabel: 'Search inquiries',
  searchPlaceholder: 'Name, e-mail, phone, town or source',
  searchFields: ['name', 'email', 'phone', 'town', 'source'],
  phoneFields: ['phone'],
  loadError: 'Failed to load inquiries',
  name: (row) => row.name,
  contact: (row) => [row.email, row.phone].filter(Boolean),
  cells: [
    ['Who needs care', (row) => labelOf('careFor', row.care_for)],
    ['Town', (row) => row.town || '–'],
  ],
  sent: 'Inquiry sent',
  details: (row) => [
    ['Who needs care', labelOf('careFor', row.care_for)],
    ['Town', row.town || 'Not given'],
    ['Best time to call', row.call_time ? labelOf('callTime', row.call_time) : 'Any time'],
    ['Services', row.services.map((code) => labelOf('service', code)).join(', ') || 'None chosen'],
    ['Sent from', row.page || 'Not recorded'],
    ['Consent to store health details', consentOf(row)],
    ...originDetails(row, 'inquiryHeardAbout'),
  ],
  longText: { column: 'message', heading: 'Message', noun: 'message' },
  viewAction: (row) => ({ action: 'view_inquiry_details', inquiry_id: row.id }),
  watchesReply: true,
};

/** The visitor's consent to store the request's health details, as the form asked it (none before it asked). */
function consentOf(row: InquirySummary): string {
  if (!row.consented_at) return 'Not recorded (sent before consent was asked)';
  return `Given ${formatDateTime(row.consented_at)} (wording of ${row.consent_version ?? 'unknown'})`;
}

export function InquiriesView(props: ViewProps) {
  return <RecordsView {...props} config={config} />;
}
