/** Error and status notices (Radix Toast: announced to screen readers, dismissable, keyboard reachable). */
import { css } from '@emotion/react';
import * as Toast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { color } from '../theme.ts';

interface Notice {
  id: number;
  title: string;
  description: string;
  destructive: boolean;
}

type Show = (notice: Omit<Notice, 'id' | 'destructive'> & { destructive?: boolean }) => void;
const ToastContext = createContext<Show>(() => undefined);

export function useToast(): Show {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const show = useCallback<Show>((notice) => {
    setNotices((list) => [...list, { id: Date.now() + Math.random(), destructive: false, ...notice }]);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      <Toast.Provider swipeDirection="right" duration={8000}>
        {children}
        {notices.map((notice) => (
          <Toast.Root
            key={notice.id}
            type={notice.destructive ? 'foreground' : 'background'}
            css={[toastStyle, notice.destructive && destructiveStyle]}
            data-variant={notice.destructive ? 'destructive' : 'default'}
            onOpenChange={(open) => !open && setNotices((list) => list.filter((n) => n.id !== notice.id))}
          >
            <Toast.Title className="title">{notice.title}</Toast.Title>
            <Toast.Description>{notice.description}</Toast.Description>
            <Toast.Close className="close" aria-label="Dismiss">
              ×
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport css={viewportStyle} />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

const viewportStyle = css`
  position: fixed; bottom: 0; right: 0; z-index: 100; display: flex; flex-direction: column; gap: 0.75rem;
  width: min(100vw, 26rem); margin: 0; padding: 1rem; list-style: none; outline: none;
`;

const toastStyle = css`
  position: relative; padding: 1rem 2.75rem 1rem 1.1rem; border-radius: 12px; background: ${color.white};
  border: 1px solid ${color.line}; box-shadow: 0 12px 32px rgb(29 42 51 / 0.18); color: ${color.ink};
  .title { font-weight: 700; margin-bottom: 0.15rem; }
  .close {
    position: absolute; top: 0.4rem; right: 0.4rem; width: 2.25rem; height: 2.25rem; border: 0; border-radius: 8px;
    background: transparent; color: inherit; font-size: 1.4rem; cursor: pointer;
  }
`;

const destructiveStyle = css`background: #9b1c1c; border-color: #9b1c1c; color: ${color.white};`;
