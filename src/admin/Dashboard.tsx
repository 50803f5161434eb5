/**
 * The staff dashboard after sign-in: the account bar, the switch between its two lists (job applications,
 * inquiries; the choice is in the address, see useView.ts) and the chosen list.
 */
import { css } from '@emotion/react';
import type { User } from '@supabase/supabase-js';
import { Suspense, lazy, useEffect, useRef, type MouseEvent } from 'react';
import { EDITOR_PATH } from '../editor/shared.ts';
import { color, layout } from '../theme.ts';
import { ApplicationsView } from './ApplicationsView.tsx';
import { breakable } from './breakable.tsx';
import { InquiriesView } from './InquiriesView.tsx';
import { HeldReplies } from './notifications/HeldReplies.tsx';
import { NotificationTrouble } from './notifications/NotificationTrouble.tsx';
import { useFailureNotice } from './RecordsView.tsx';
import { viewHref, type View } from './useView.ts';

// Admins only, and seldom: loaded when opened.
const StaffView = lazy(() => import('./staff/StaffView.tsx').then((module) => ({ default: module.StaffView })));
// Staff, now and then: the reports' charts and tables are a chunk of their own (src/admin/reports/).
const ReportsView = lazy(() => import('./reports/ReportsView.tsx').then((module) => ({ default: module.ReportsView })));

interface Props {
  user: User;
  view: View;
  onViewChange: (view: View) => void;
  onSignOut: () => void;
  onSessionExpired: () => void;
}

const SECTIONS: ReadonlyArray<readonly [View, string]> = [
  ['applications', 'Job Applications'],
  ['inquiries', 'Inquiries'],
];

export function Dashboard({ user, view, onViewChange, onSignOut, onSessionExpired }: Props) {
  // As public.is_staff() says (the database decides; this only chooses what to offer): admins are staff too.
  const isStaff = ['staff', 'admin'].includes(String(user.app_metadata?.role));
  // public.is_admin() (export and erase): the buttons are offered to admins; the database refuses anyone else.
  const isAdmin = user.app_metadata?.role === 'admin';
  const List = view === 'inquiries' ? InquiriesView : ApplicationsView;
  const fail = useFailureNotice(onSessionExpired);
  // The first list shown after sign-in leaves focus alone; one shown by a switch (link, Back) takes it.
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
  }, []);
  const follow = (event: MouseEvent<HTMLAnchorElement>, to: View) => {
    // A plain click stays in the page; a click meant for a new tab or window is the browser's.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onViewChange(to);
  };
  return (
    <div css={pageStyle} className="ph-no-capture">
      <header css={topStyle}>
        <nav aria-label="Dashboard sections">
          {SECTIONS.map(([section, label]) => (
            <a key={section} href={viewHref(section)} aria-current={section === view ? 'page' : undefined} onClick={(event) => follow(event, section)}>
              {label}
            </a>
          ))}
          {isStaff ? (
            <a href={viewHref('reports')} aria-current={view === 'reports' ? 'page' : undefined} onClick={(event) => follow(event, 'reports')}>
              Reports
            </a>
          ) : null}
          {isAdmin ? (
            <a href={viewHref('staff')} aria-current={view === 'staff' ? 'page' : undefined} onClick={(event) => follow(event, 'staff')}>
              Staff
            </a>
          ) : null}
          {isStaff ? <a href={EDITOR_PATH}>Edit the site’s content</a> : null}
        </nav>
        <div className="account">
          <span>{breakable(user.email ?? '')}</span>
          <button type="button" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </header>
      {isStaff ? <HeldReplies isAdmin={isAdmin} onFailure={fail} /> : null}
      {isStaff ? <NotificationTrouble onFailure={fail} /> : null}
      {view === 'staff' && isAdmin ? (
        <Suspense fallback={<p role="status">Loading staff...</p>}>
          <StaffView userId={user.id} onSessionExpired={onSessionExpired} focusHeading={shown.current} />
        </Suspense>
      ) : view === 'reports' && isStaff ? (
        <Suspense fallback={<p role="status">Loading reports...</p>}>
          <ReportsView isAdmin={isAdmin} onSessionExpired={onSessionExpired} focusHeading={shown.current} />
        </Suspense>
      ) : (
        <List key={view} isStaff={isStaff} isAdmin={isAdmin} userId={user.id} onSessionExpired={onSessionExpired} focusHeading={shown.current} />
      )}
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
  display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 1rem; margin-bottom: 1.5rem;
  nav { display: flex; flex-wrap: wrap; gap: 0.5rem; }
  nav a {
    display: inline-flex; align-items: center; min-height: ${layout.tap}; padding: 0 1.1rem; border-radius: 999px;
    border: 2px solid ${color.brand}; font-weight: 650; text-decoration: none;
  }
  nav a:hover { background: ${color.brandTint}; }
  nav a[aria-current='page'] { background: ${color.brand}; color: ${color.white}; }
  .account { display: flex; align-items: center; gap: 0.75rem; flex-wrap: wrap; color: ${color.muted}; }
  .account span { min-width: 0; overflow-wrap: break-word; }
`;
