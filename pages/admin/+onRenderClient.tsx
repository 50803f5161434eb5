// Mounts the staff dashboard into the shell that +onRenderHtml wrote for this client-only page.
import { createRoot, type Root } from 'react-dom/client';
import type { PageContextClient } from 'vike/types';
import { setLabels } from '../../src/admin/labels.ts';
import { setReplyPromise } from '../../src/admin/workflow/overdue.ts';
import { setWorkflow } from '../../src/admin/workflow/stages.ts';
import { NO_CAPTURE_CLASS } from '../../src/analytics/privacy.ts';
import type { Data } from './+data.ts';

let root: Root | undefined;

export function onRenderClient(pageContext: PageContextClient) {
  const { Page } = pageContext;
  const container = document.getElementById('app-root');
  if (!Page || !container) throw new Error('The /admin shell is missing its #app-root element');
  // Everything the dashboard shows (the sign-in form too) stays out of recordings and autocapture (DESIGN 15);
  // its dialogs, rendered outside this element, carry the class themselves (RecordDialog.tsx).
  container.classList.add(NO_CAPTURE_CLASS);
  const data = pageContext.data as Data | undefined;
  if (data) {
    setLabels(data.labels);
    setWorkflow(data.workflow);
    setReplyPromise(data.replyWithinHours);
  }
  root ??= createRoot(container);
  root.render(<Page agency={data?.agency ?? ''} />);
}
