/**
 * Error and status notices. One polite live region (role=status) is in the page from the start, so a screen
 * reader announces each notice put into it. A notice can be dismissed (button or Escape) and goes by itself
 * after 8 s, but never while the pointer or the keyboard focus is on it. Our own rather than Radix Toast,
 * which cost about 5 KB of the dashboard's 150 KB budget for swipe gestures and a hotkey it did not need.
 */
import { css } from '@emotion/react';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { color } from '../theme.ts';

interface Notice {
  id: number;
  title: string;
  description: string;
  destructive: boolean;
}

type Show = (notice: Omit<Notice, 'id' | 'destructive'> & { destructive?: boolean }) => void;
const ToastContext = createContext<Show>(() => undefined);

/** How long a notice stays when nobody is reading it. */
const DURATION_MS = 8000;

export function useToast(): Show {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const show = useCallback<Show>((notice) => {
    setNotices((list) => [...list, { id: Date.now() + Math.random(), destructive: false, ...notice }]);
  }, []);
  const dismiss = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div role="status" aria-label="Notifications" css={viewportStyle}>
        {notices.map((notice) => (
          <Toast key={notice.id} notice={notice} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function Toast({ notice, onDismiss }: { notice: Notice; onDismiss: (id: number) => void }) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => onDismiss(notice.id), DURATION_MS);
    return () => clearTimeout(timer);
  }, [held, notice.id, onDismiss]);
  return (
    <div
      css={[toastStyle, notice.destructive && destructiveStyle]}
      data-variant={notice.destructive ? 'destructive' : 'default'}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      onKeyDown={(event) => event.key === 'Escape' && onDismiss(notice.id)}
    >
      <div className="title">{notice.title}</div>
      <div>{notice.description}</div>
      <button type="button" className="close" aria-label="Dismiss" onClick={() => onDismiss(notice.id)}>
        ×
      </button>
    </div>
  );
}

const viewportStyle = css`
  position: fixed; bottom: 0; right: 0; z-index: 100; display: flex; flex-direction: column; gap: 0.75rem;
  width: min(100vw, 26rem); padding: 1rem; pointer-events: none;
`;

const toastStyle = css`
  position: relative; padding: 1rem 2.75rem 1rem 1.1rem; border-radius: 12px; background: ${color.white};
  border: 1px solid ${color.line}; box-shadow: 0 12px 32px rgb(29 42 51 / 0.18); color: ${color.ink}; pointer-events: auto;
  .title { font-weight: 700; margin-bottom: 0.15rem; }
  .close {
    position: absolute; top: 0.4rem; right: 0.4rem; width: 2.25rem; height: 2.25rem; border: 0; border-radius: 8px;
    background: transparent; color: inherit; font-size: 1.4rem; cursor: pointer;
  }
`;

const destructiveStyle = css`
  background: #9b1c1c; border-color: #9b1c1c; color: ${color.white};
  & :focus-visible { outline-color: ${color.focusOnDark}; }
`;
