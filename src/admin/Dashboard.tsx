/**
 * The job-applications dashboard (spec section 2, /admin): counts, search, the table with its actions,
 * the detail dialog, resume downloads, and the spec's error notices.
 */
import { css } from '@emotion/react';
import type { User } from '@supabase/supabase-js';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { color, layout, mq } from '../theme.ts';
import { ApplicationDialog } from './ApplicationDialog.tsx';
import { countThisWeek, downloadResume, isSessionEnded, loadApplications, resumeFileName, searchApplications, type ApplicationSummary } from './applications.ts';
import { supabase } from './client.ts';
import { formatDate } from './format.ts';
import { labelOf } from './labels.ts';
import { saveFile } from './saveFile.ts';
import { useToast } from './Toasts.tsx';

/** Rows shown per page of the table; search and counts always cover every application. */
export const TABLE_PAGE = 50;

interface Props {
  user: User;
  onSignOut: () => void;
  onSessionExpired: () => void;
}

export function Dashboard({ user, onSignOut, onSessionExpired }: Props) {
  const toast = useToast();
  const [rows, setRows] = useState<ApplicationSummary[]>([]);
  const [loading, setLoading] = useState(true);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<ApplicationSummary | null>(null);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const isStaff = user.app_metadata?.role === 'staff';

  useEffect(() => {
    let active = true;
    loadApplications(supabase)
      .then((loaded) => active && setRows(loaded))
      .catch((error: unknown) => {
        if (!active) return;
        if (isSessionEnded(error)) return onSessionExpired();
        setRows([]);
        toast({ title: 'Error', description: 'Failed to load job applications', destructive: true });
      })
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [toast, onSessionExpired]);

  const matches = useMemo(() => searchApplications(rows, query), [rows, query]);
  const thisWeek = useMemo(() => countThisWeek(rows), [rows]);
  const pages = Math.max(1, Math.ceil(matches.length / TABLE_PAGE));
  const shown = matches.slice(page * TABLE_PAGE, (page + 1) * TABLE_PAGE);

  const download = useCallback(
    async (application: ApplicationSummary) => {
      try {
        const blob = await downloadResume(supabase, application.resume_url!);
        saveFile(blob, resumeFileName(application.first_name, application.last_name));
      } catch (error) {
        if (isSessionEnded(error)) return onSessionExpired();
        toast({ title: 'Error', description: 'Failed to download resume', destructive: true });
      }
    },
    [toast, onSessionExpired],
  );

  return (
    <div css={pageStyle} className="ph-no-capture">
      <header css={topStyle}>
        <div>
          <h1>Job Applications</h1>
          <p className="sub">Review and manage the applications sent from the careers page.</p>
        </div>
        <div className="account">
          <span>{user.email}</span>
          <button type="button" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      <main>
        {!isStaff ? (
          <p css={noticeStyle} role="status">
            This account is not a staff account, so no applications are shown. Ask an administrator for staff access.
          </p>
        ) : null}
        <div css={toolbarStyle}>
          <div className="search">
            <label htmlFor="search">Search applications</label>
            <input
              id="search"
              type="search"
              placeholder="Name, e-mail or position"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setPage(0);
              }}
            />
          </div>
          <dl className="stats">
            <div>
              <dt>Total Applications</dt>
              <dd>{loading ? '–' : rows.length}</dd>
            </div>
            <div>
              <dt>This Week</dt>
              <dd>{loading ? '–' : thisWeek}</dd>
            </div>
          </dl>
        </div>
        <section css={tableCardStyle} aria-labelledby="applications-heading">
          <h2 id="applications-heading">Applications ({matches.length})</h2>
          <div className="scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Position</th>
                  <th scope="col">Experience</th>
                  <th scope="col">Submitted</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {loading ? (
                  <tr>
                    <td colSpan={5} className="state" role="status">
                      Loading applications...
                    </td>
                  </tr>
                ) : shown.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="state">
                      No applications found
                    </td>
                  </tr>
                ) : (
                  shown.map((application) => {
                    const name = `${application.first_name} ${application.last_name}`;
                    return (
                      <tr key={application.id}>
                        <td>
                          <span className="name">{name}</span>
                          <span className="email">{application.email}</span>
                        </td>
                        <td>{labelOf('position', application.position)}</td>
                        <td>{labelOf('experience', application.experience)}</td>
                        <td>{formatDate(application.created_at)}</td>
                        <td className="actions">
                          {application.resume_url ? (
                            <button type="button" onClick={() => void download(application)} aria-label={`Download resume of ${name}`}>
                              Download
                            </button>
                          ) : null}
                          <button
                            type="button"
                            onClick={(event) => {
                              setOpener(event.currentTarget);
                              setSelected(application);
                            }}
                            aria-label={`View details of ${name}`}
                          >
                            View
                          </button>
                        </td>
                      </tr>
                    );
                  })
                )}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav className="pager" aria-label="Pages of applications">
              <button type="button" onClick={() => setPage((p) => p - 1)} disabled={page === 0}>
                Previous
              </button>
              <span>
                Page {page + 1} of {pages}
              </span>
              <button type="button" onClick={() => setPage((p) => p + 1)} disabled={page >= pages - 1}>
                Next
              </button>
            </nav>
          ) : null}
        </section>
      </main>
      <ApplicationDialog application={selected} returnFocusTo={opener} onClose={() => setSelected(null)} onDownload={(a) => void download(a)} onSessionEnded={onSessionExpired} />
    </div>
  );
}

const pageStyle = css`
  max-width: 80rem; margin: 0 auto; padding: clamp(1rem, 3vw, 2rem);
  button {
    min-height: ${layout.tap}; padding: 0 1rem; border-radius: 999px; border: 2px solid ${color.brand};
    background: ${color.white}; color: ${color.brand}; font: inherit; font-weight: 650; cursor: pointer;
  }
  button:hover { background: ${color.brandTint}; }
  button:disabled { opacity: 0.5; cursor: default; }
`;

const topStyle = css`
  display: flex; flex-wrap: wrap; justify-content: space-between; align-items: flex-start; gap: 1rem; margin-bottom: 1.5rem;
  h1 { font-size: clamp(1.8rem, 4vw, 2.4rem); }
  .sub { color: ${color.muted}; margin: 0; }
  .account { display: flex; align-items: center; gap: 0.75rem; flex-wrap: wrap; color: ${color.muted}; }
`;

const noticeStyle = css`padding: 1rem; border-radius: 12px; background: #fdf1e8; border-left: 6px solid ${color.accent}; font-weight: 600;`;

const toolbarStyle = css`
  display: grid; gap: 1rem; margin-bottom: 1.25rem;
  ${mq.tablet} { grid-template-columns: 1fr auto; align-items: end; }
  .search { display: grid; gap: 0.35rem; }
  label { font-weight: 650; }
  input { min-height: ${layout.tap}; padding: 0.5rem 0.9rem; font: inherit; border: 2px solid ${color.line}; border-radius: 10px; }
  input:focus-visible { border-color: ${color.brand}; }
  .stats { display: flex; gap: 1rem; margin: 0; }
  .stats div { padding: 0.75rem 1.25rem; border-radius: 12px; background: ${color.brandTint}; min-width: 9rem; }
  dt { font-size: 0.95rem; font-weight: 600; color: ${color.brandDark}; }
  dd { margin: 0; font-size: 1.8rem; font-weight: 700; }
`;

const tableCardStyle = css`
  padding: 1.25rem; background: ${color.white}; border: 1px solid ${color.line}; border-radius: ${layout.radius};
  h2 { font-size: 1.4rem; }
  .scroll { overflow-x: auto; }
  table { width: 100%; border-collapse: collapse; min-width: 40rem; }
  th { text-align: left; font-size: 0.95rem; color: ${color.muted}; padding: 0.5rem; border-bottom: 2px solid ${color.line}; }
  td { padding: 0.6rem 0.5rem; border-bottom: 1px solid ${color.line}; vertical-align: middle; }
  .name { display: block; font-weight: 700; }
  .email { display: block; color: ${color.muted}; font-size: 0.95rem; overflow-wrap: anywhere; }
  .actions { display: flex; gap: 0.5rem; flex-wrap: wrap; }
  .state { text-align: center; padding: 2rem; color: ${color.muted}; font-weight: 600; }
  .pager { display: flex; align-items: center; justify-content: center; gap: 1rem; margin-top: 1rem; }
`;
