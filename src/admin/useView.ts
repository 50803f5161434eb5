/**
 * Which list the dashboard shows, kept in the address, so that a reload and Back keep the choice. /admin is
 * one prerendered page on a static host, so the choice is a query parameter (/admin?view=inquiries), never a
 * path of its own.
 */
import { useCallback, useEffect, useState } from 'react';

export type View = 'applications' | 'inquiries';

export function viewOf(search: string): View {
  return new URLSearchParams(search).get('view') === 'inquiries' ? 'inquiries' : 'applications';
}

/** The address of a view: this page's path, with the query for any view but the first. */
export function viewHref(view: View): string {
  return location.pathname + (view === 'inquiries' ? '?view=inquiries' : '');
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
