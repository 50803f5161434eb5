/**
 * The dashboard's last line of defence: if anything fails while rendering (say, a stored value no code
 * expected), staff see what happened and how to carry on, instead of a blank page.
 */
import { css } from '@emotion/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { color, layout } from '../theme.ts';

interface Props {
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('The dashboard failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div css={panelStyle} role="alert">
        <h1>The dashboard could not be shown</h1>
        <p>Something in the applications could not be displayed, so nothing is shown rather than something wrong. No data was changed.</p>
        <p>Reload the page to try again. If this keeps happening, tell whoever looks after the website, and give them this detail:</p>
        <pre>{error.message || error.name}</pre>
        <button type="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    );
  }
}

const panelStyle = css`
  max-width: 44rem; margin: 3rem auto; padding: 1.5rem; background: ${color.white};
  border: 1px solid ${color.line}; border-left: 6px solid ${color.accent}; border-radius: ${layout.radius};
  h1 { font-size: 1.6rem; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; padding: 0.75rem; background: ${color.sand}; border-radius: 8px; }
  button {
    min-height: ${layout.tap}; padding: 0 1.25rem; border: 0; border-radius: 999px; background: ${color.brand};
    color: ${color.white}; font: inherit; font-weight: 700; cursor: pointer;
  }
`;
