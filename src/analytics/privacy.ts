/**
 * Do Not Track and Global Privacy Control (DESIGN 7 and 15): either one means no analytics code is fetched and
 * nothing is sent. posthog-js checks the same signals itself (`respect_dnt`); checking here first means the
 * library is never even downloaded.
 */

/**
 * The class that keeps an element and everything in it out of recordings and autocapture (DESIGN 15). Here, not
 * in options.ts, so that /admin can set it without bundling the options into its first load.
 */
export const NO_CAPTURE_CLASS = 'ph-no-capture';
export function visitorOptedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const dnt = [nav.doNotTrack, nav.msDoNotTrack, (window as { doNotTrack?: string }).doNotTrack];
  return nav.globalPrivacyControl === true || dnt.some((value) => value === '1' || value === 'yes');
}
