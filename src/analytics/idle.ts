/**
 * When analytics may start on a page: once the visitor first does something (a tap, a key, a scroll) or a few
 * seconds after the load event, whichever comes first, and then only when the browser is idle. posthog-js is
 * about 80 KB gzipped: evaluating it right at load is a long task that Lighthouse counts as Total Blocking Time
 * (several hundred ms on its throttled phone), so it waits until the page has long been usable.
 * Used by the public pages' boot script and by /admin.
 */
const QUIET_AFTER_LOAD_MS = 3000;
const FIRST_USE = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

export function afterLoadWhenIdle(): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const go = () => {
      clearTimeout(timer);
      for (const type of FIRST_USE) removeEventListener(type, go, true);
      if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 1);
    };
    for (const type of FIRST_USE) addEventListener(type, go, { capture: true, passive: true, once: true });
    const wait = () => (timer = setTimeout(go, QUIET_AFTER_LOAD_MS));
    if (document.readyState === 'complete') wait();
    else addEventListener('load', wait, { once: true });
  });
}
