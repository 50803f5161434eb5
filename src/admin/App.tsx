/** The /admin app: the sign-in form until a session is confirmed, then the dashboard and its chosen list. */
import { Global, css } from '@emotion/react';
import { Suspense, lazy, useCallback } from 'react';
import { color, font } from '../theme.ts';
import { usePageview } from './analytics.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { SignIn } from './SignIn.tsx';
import { SetPassword } from './staff/SetPassword.tsx';
import { ToastProvider } from './Toasts.tsx';
import { useSession } from './useSession.ts';
import { useView } from './useView.ts';

// The dashboard (table, dialog) loads after sign-in, so the sign-in form appears sooner.
const Dashboard = lazy(() => import('./Dashboard.tsx').then((module) => ({ default: module.Dashboard })));

/** `agency`: the agency's name from content/site.yaml (pages/admin/+data.ts), the sign-in page's brand. */
export function App({ agency }: { agency: string }) {
  const { state, endSession, expire, passwordSet } = useSession();
  const [view, setView] = useView();
  usePageview(view);
  const signOut = useCallback(() => void endSession(), [endSession]);
  const expired = useCallback(() => void expire(), [expire]);
  return (
    <ToastProvider>
      <Global styles={baseStyles} />
      {state.status === 'checking' ? (
        <p css={checkingStyle} role="status">
          Checking your session...
        </p>
      ) : state.status === 'signed-out' ? (
        <SignIn agency={agency} notice={state.notice} />
      ) : state.status === 'set-password' ? (
        <SetPassword agency={agency} onDone={passwordSet} />
      ) : (
        <ErrorBoundary>
          <Suspense
            fallback={
              <p css={checkingStyle} role="status">
                Loading {view}...
              </p>
            }
          >
            <Dashboard user={state.user} view={view} onViewChange={setView} onSignOut={signOut} onSessionExpired={expired} />
          </Suspense>
        </ErrorBoundary>
      )}
    </ToastProvider>
  );
}

const checkingStyle = css`text-align: center; padding: 4rem 1rem; color: ${color.muted};`;

const baseStyles = css`
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; font-family: ${font.body}; font-size: 1.0625rem; line-height: 1.55; color: ${color.ink}; background: ${color.paper}; }
  h1, h2, h3 { font-family: ${font.heading}; line-height: 1.2; margin: 0 0 0.5rem; }
  :focus-visible { outline: 3px solid ${color.focus}; outline-offset: 2px; }
  a { color: ${color.brand}; }
`;
