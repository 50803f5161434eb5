/**
 * When analytics may start on a page: after its load event, once the browser is idle (at most 4 s later), so
 * that posthog-js never competes with the page becoming usable (no render blocking, no Total Blocking Time).
 * Used by the public pages' boot script and by /admin.
 */
export function afterLoadWhenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(() => resolve(), { timeout: 4000 }) : setTimeout(resolve, 1));
    if (document.readyState === 'complete') whenIdle();
    else addEventListener('load', whenIdle, { once: true });
  });
}
