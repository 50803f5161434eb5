/**
 * Which list the dashboard shows, kept in the address, so that a reload and Back keep the choice. /admin is
 * one prerendered page on a static host, so the choice is a query parameter (/admin?view=inquiries), never a
 * path of its own.
 */
import { useCallback, useEffect, useState } from 'react';
import { ADMIN_PARAMS } from '../../supabase/functions/_shared/adminLinks.ts';

export type View = 'applications' | 'inquiries' | 'staff' | 'reports';

export function viewOf(search: string): View {
  const view = new URLSearchParams(search).get('view');
  return view === 'inquiries' || view === 'staff' || view === 'reports' ? view : 'applications';
}

/** The address of a view: this page's path, with the query for any view but the first. */
export function viewHref(view: View): string {
  return location.pathname + (view === 'applications' ? '' : `?view=${view}`);
}

export function useView(): [View, (view: View) => void] {
  const [view, setView] = useState(() => viewOf(location.search));
  useEffect(() => {
    const follow = () => setView(viewOf(location.search));
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
  }, []);
  const show = useCallback((next: View) => {
    if (next !== viewOf(location.search)) history.pushState(null, '', viewHref(next));
    setView(next);
  }, []);
  return [view, show];
}

/** The record a link names (?record=<id>: a notification e-mail's), to open once its list is read. */
export function recordInAddress(): string | null {
  return new URLSearchParams(location.search).get(ADMIN_PARAMS.record);
}

/** Whether a link asks for the overdue inquiries only (?overdue=1: the digest e-mail's). */
export function overdueInAddress(): boolean {
  return new URLSearchParams(location.search).get(ADMIN_PARAMS.overdue) === '1';
}

/** Once the record a link named is shown (or found missing), the address forgets it: a reload shows the list. */
export function forgetRecordInAddress(): void {
  const params = new URLSearchParams(location.search);
  if (!params.has(ADMIN_PARAMS.record)) return;
  params.delete(ADMIN_PARAMS.record);
  const query = params.toString();
  history.replaceState(history.state, '', location.pathname + (query ? `?${query}` : '') + location.hash);
}
