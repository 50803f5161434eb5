/**
 * The dashboard's last line of defence: if anything fails while rendering (say, a stored value no code
 * expected), staff see what happened and how to carry on, instead of a blank page. (React 19 logs the
 * caught error to the console itself.)
 */
import { css } from '@emotion/react';
import { Component, type ReactNode } from 'react';
import { color } from '../theme.ts';

interface Props {
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div css={panelStyle} role="alert">
        <h1>The dashboard could not be shown</h1>
        <p>No data was changed. Reload the page to try again; if this keeps happening, send this detail to whoever looks after the website:</p>
        <pre>{error.message || error.name}</pre>
        <a href="/admin">Reload the page</a>
      </div>
    );
  }
}

const panelStyle = css`
  max-width: 44rem; margin: 3rem auto; padding: 1.5rem; background: ${color.white}; border-left: 6px solid ${color.accent};
  pre { white-space: pre-wrap; overflow-wrap: anywhere; padding: 0.75rem; background: ${color.sand}; }
  a { display: inline-block; padding: 0.75rem 0; font-weight: 700; }
`;
