// Mounts the staff dashboard into the shell that +onRenderHtml wrote for this client-only page.
import { createRoot, type Root } from 'react-dom/client';
import type { PageContextClient } from 'vike/types';

let root: Root | undefined;

export function onRenderClient(pageContext: PageContextClient) {
  const { Page } = pageContext;
  const container = document.getElementById('app-root');
  if (!Page || !container) throw new Error('The /admin shell is missing its #app-root element');
  root ??= createRoot(container);
  root.render(<Page />);
}
