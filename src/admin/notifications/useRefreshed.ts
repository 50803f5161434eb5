/**
 * What the notices at the top of the dashboard share: their outbox rows read at once and again every minute while
 * the dashboard is open, a failure told once per try with the notice's own words, none after it is gone.
 */
import { useEffect } from 'react';

const REFRESH_MS = 60_000;

export function useRefreshed(load: () => Promise<void>, onFailure: (error: unknown, description: string) => void, failure: string): void {
  useEffect(() => {
    let active = true;
    const refresh = () => void load().catch((error: unknown) => active && onFailure(error, failure));
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [load, onFailure, failure]);
}
