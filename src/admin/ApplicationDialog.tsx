/** Every detail of one application, in an accessible dialog (Radix: focus trap, Escape, labelled). */
import { css } from '@emotion/react';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState, type ReactNode } from 'react';
import { color, layout } from '../theme.ts';
import { isSessionEnded, loadApplication, type ApplicationSummary } from './applications.ts';
import { supabase } from './client.ts';
import { formatDateTime } from './format.ts';
import { labelOf } from './labels.ts';

interface Props {
  application: ApplicationSummary | null;
  /** Where focus goes back to on close: the button that opened the dialog (there is no Dialog.Trigger). */
  returnFocusTo: HTMLElement | null;
  onClose: () => void;
  onDownload: (application: ApplicationSummary) => void;
  /** The server refused the session while loading the details. */
  onSessionEnded: () => void;
}

export function ApplicationDialog({ application, returnFocusTo, onClose, onDownload, onSessionEnded }: Props) {
  const [coverLetter, setCoverLetter] = useState<string | null | undefined>();

  useEffect(() => {
    setCoverLetter(undefined);
    if (!application) return;
    let active = true;
    loadApplication(supabase, application.id).then(
      (full) => active && setCoverLetter(full.cover_letter),
      (error: unknown) => {
        if (!active) return;
        if (isSessionEnded(error)) onSessionEnded();
        else setCoverLetter(null);
      },
    );
    return () => {
      active = false;
    };
  }, [application, onSessionEnded]);

  return (
    <Dialog.Root open={application !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay css={overlayStyle} />
        {application ? (
          <Dialog.Content
            css={contentStyle}
            className="ph-no-capture"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocusTo?.focus();
            }}
          >
            <Dialog.Title>
              {application.first_name} {application.last_name}
            </Dialog.Title>
            <Dialog.Description className="sub">Application submitted {formatDateTime(application.created_at)}</Dialog.Description>
            <dl>
              {details(application).map(([term, value]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <h3>Cover Letter</h3>
            <div className="letter" aria-busy={coverLetter === undefined}>
              {coverLetter === undefined ? 'Loading cover letter...' : coverLetter === null ? 'The cover letter could not be loaded.' : coverLetter || 'No cover letter was included.'}
            </div>
            <div className="actions">
              {application.resume_url ? (
                <button type="button" className="primary" onClick={() => onDownload(application)}>
                  Download Resume
                </button>
              ) : null}
              <Dialog.Close className="secondary">Close</Dialog.Close>
            </div>
          </Dialog.Content>
        ) : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The spec's fields of an application, as term and value, in reading order. */
function details(application: ApplicationSummary): Array<[string, ReactNode]> {
  return [
    ['Email', <a href={`mailto:${application.email}`}>{application.email}</a>],
    ['Phone', <a href={`tel:${application.phone}`}>{application.phone}</a>],
    ['Submitted', formatDateTime(application.created_at)],
    ['Position', labelOf('position', application.position)],
    ['Experience', labelOf('experience', application.experience)],
    ['Availability', labelOf('availability', application.availability)],
    ['Transportation', application.has_transportation ? 'Available' : 'Not Available'],
    ["Driver's License", application.has_license ? 'Valid' : 'Not Valid'],
  ];
}

const overlayStyle = css`position: fixed; inset: 0; background: rgb(13 30 36 / 0.55); z-index: 40;`;

const contentStyle = css`
  position: fixed; z-index: 50; top: 50%; left: 50%; transform: translate(-50%, -50%);
  width: min(94vw, 40rem); max-height: 90vh; overflow: auto; padding: clamp(1.25rem, 4vw, 2rem);
  background: ${color.white}; border-radius: ${layout.radius}; box-shadow: 0 24px 60px rgb(0 0 0 / 0.25);
  h2 { font-size: 1.7rem; margin-bottom: 0.25rem; }
  .sub { color: ${color.muted}; }
  dl { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 0.75rem 1.5rem; margin: 1.25rem 0; }
  dt { font-size: 0.95rem; color: ${color.muted}; font-weight: 600; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  h3 { font-size: 1.2rem; font-family: inherit; }
  .letter { white-space: pre-wrap; padding: 1rem; border-radius: 10px; background: ${color.sand}; overflow-wrap: anywhere; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.5rem; }
  .primary, .secondary {
    min-height: ${layout.tap}; padding: 0 1.25rem; border-radius: 999px; font: inherit; font-weight: 700; cursor: pointer;
  }
  .primary { border: 0; background: ${color.brand}; color: ${color.white}; }
  .secondary { border: 2px solid ${color.brand}; background: ${color.white}; color: ${color.brand}; }
`;
