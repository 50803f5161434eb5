import type { BrowserContext, Page } from '@playwright/test';

/**
 * Followed, a tel: or mailto: link hands over to the phone or mail app, which the test browser does not have;
 * headless chromium then sometimes drops the next clicks. This cancels them the way a page's own handler
 * would, after the boot script's capture-phase listener has seen the click.
 */
export async function cancelAppLinks(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() =>
    document.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('a[href^="tel:"], a[href^="mailto:"]')) event.preventDefault();
    }),
  );
}
