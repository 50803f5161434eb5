/** The job applications (spec section 2, /admin): the generic list, plus resume downloads. */
import { useCallback } from 'react';
import { track } from './analytics.ts';
import { resumeDownloadUrl, resumeFileName, APPLICATION_COLUMNS, type ApplicationSummary } from './applications.ts';
import { supabase } from './client.ts';
import { labelOf } from './labels.ts';
import { originDetails } from './origin.ts';
import { RecordsView, useFailureNotice, type RecordsConfig, type ViewProps } from './RecordsView.tsx';
import { openDownload } from './openDownload.ts';

const config: RecordsConfig<ApplicationSummary> = {
  table: 'job_applications',
  columns: APPLICATION_COLUMNS,
  title: 'Job Applications',
  subtitle: 'Review and manage the applications sent from the careers page.',
  noun: 'applications',
  total: 'Total Applications',
  listTitle: 'Applications',
  searchLabel: 'Search applications',
  searchPlaceholder: 'Name, e-mail, phone, position or source',
  searchFields: ['first_name', 'last_name', 'email', 'phone', 'position', 'source'],
  phoneFields: ['phone'],
  loadError: 'Failed to load job applications',
  name: (row) => `${row.first_name} ${row.last_name}`,
  contact: (row) => [row.email],
  cells: [
    ['Position', (row) => labelOf('position', row.position)],
    ['Experience', (row) => labelOf('experience', row.experience)],
  ],
  sent: 'Application submitted',
  details: (row) => [
    ['Position', labelOf('position', row.position)],
    ['Experience', labelOf('experience', row.experience)],
    ['Availability', labelOf('availability', row.availability)],
    ['Transportation', row.has_transportation ? 'Available' : 'Not Available'],
    ["Driver's License", row.has_license ? 'Valid' : 'Not Valid'],
    ...originDetails(row, 'applicationHeardAbout'),
  ],
  longText: { column: 'cover_letter', heading: 'Cover Letter', noun: 'cover letter' },
  viewAction: (row) => ({ action: 'view_application_details', application_id: row.id, position: row.position }),
};

export function ApplicationsView(props: ViewProps) {
  const fail = useFailureNotice(props.onSessionExpired);
  const download = useCallback(
    async (application: ApplicationSummary) => {
      // Only rows with a resume have the buttons; file_url is the stored key, never a signed URL (events.ts).
      const [application_id, file_url] = [application.id, application.resume_url!];
      track('admin_action', { action: 'download_resume', application_id, position: application.position });
      try {
        openDownload(await resumeDownloadUrl(supabase, file_url, resumeFileName(application.first_name, application.last_name)));
        track('resume_download_success', { application_id, file_url });
      } catch (error) {
        track('resume_download_failed', { application_id, error_message: error instanceof Error ? error.message : String(error) });
        fail(error, 'Failed to download resume');
      }
    },
    [fail],
  );
  return (
    <RecordsView
      {...props}
      config={config}
      rowActions={(row, name) =>
        row.resume_url ? (
          <button type="button" onClick={() => void download(row)} aria-label={`Download resume of ${name}`}>
            Download
          </button>
        ) : null
      }
      dialogActions={(row) =>
        row.resume_url ? (
          <button type="button" className="primary" onClick={() => void download(row)}>
            Download Resume
          </button>
        ) : null
      }
    />
  );
}
