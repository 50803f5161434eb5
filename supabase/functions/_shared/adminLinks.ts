/**
 * The dashboard's addresses that e-mails and the dashboard itself link to: one record (its dialog opens after
 * sign-in) and the overdue inquiries. Written here once, for the notification e-mails (notify.ts) and the
 * dashboard (its notices link the same way, and src/admin/useView.ts reads the same parameters).
 */

export type AdminList = 'inquiries' | 'applications';

/** The query parameters: which list, which record, only the overdue ones. */
export const ADMIN_PARAMS = { view: 'view', record: 'record', overdue: 'overdue' } as const;

/** The link to a record in the dashboard, at `origin` (the public site's). */
export function recordLink(origin: string, list: AdminList, id: string): string {
  const url = new URL('/admin', origin);
  url.searchParams.set(ADMIN_PARAMS.view, list);
  url.searchParams.set(ADMIN_PARAMS.record, id);
  return url.href;
}

/** The overdue inquiries in the dashboard: the inquiries list with the Overdue filter. */
export function overdueLink(origin: string): string {
  const url = new URL('/admin', origin);
  url.searchParams.set(ADMIN_PARAMS.view, 'inquiries');
  url.searchParams.set(ADMIN_PARAMS.overdue, '1');
  return url.href;
}
