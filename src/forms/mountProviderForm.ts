/**
 * The agency's HubSpot form in a contact card, as the spec has it: its script is added when a page with the
 * card is entered and removed on leaving (pagehide). Only cards that carry real ids have the data-* attributes
 * this reads (FormCard.tsx), so with the shipped placeholder ids no request goes to HubSpot at all.
 * The site's own form stays until HubSpot's is ready, and is replaced by it only when that happens within
 * READY_WITHIN_MS and the visitor has not begun with the own form; a blocked, failing or slow script leaves
 * the own form where it was (never an empty box, never a spinner). Part of the form script (enhance.ts).
 */

interface HubSpotForms {
  create(options: { region: string; portalId: string; formId: string; target: string; onFormReady: () => void }): void;
}

declare global {
  interface Window {
    hbspt?: { forms: HubSpotForms };
  }
}

/** How long HubSpot's form may take to be ready; later, the visitor keeps the site's own form. */
export const READY_WITHIN_MS = 5000;

/** HubSpot's embed script for a region: na1 has the plain host, other regions their own. */
export const embedScriptUrl = (region: string) => `https://js${region === 'na1' ? '' : `-${region}`}.hsforms.net/forms/embed/v2.js`;

export function mountProviderForm(card: HTMLElement) {
  // data-region, data-portal-id, data-form-id (FormCard.tsx).
  const { region, portalId, formId } = card.dataset as { region: string; portalId: string; formId: string };
  const target = card.querySelector<HTMLElement>('[data-provider-target]')!;
  const own = card.querySelector<HTMLFormElement>('form[data-site-form]')!;
  // Settled: shown, or given up on (too late, failed, or the visitor has begun with the own form).
  let settled = false;
  const giveUp = () => (settled = true);
  for (const type of ['focusin', 'input']) own.addEventListener(type, giveUp);

  const script = document.createElement('script');
  script.src = embedScriptUrl(region);
  script.onerror = giveUp;
  script.onload = () => {
    try {
      window.hbspt!.forms.create({
        region,
        portalId,
        formId,
        target: `#${target.id}`,
        onFormReady() {
          if (settled) return;
          settled = true;
          target.dataset.ready = '';
          own.hidden = true;
        },
      });
    } catch {
      giveUp();
    }
  };
  // Added after the page's own load, so that a slow provider never holds up the load event (the browser's spinner).
  const add = () => {
    setTimeout(giveUp, READY_WITHIN_MS);
    document.head.append(script);
  };
  if (document.readyState === 'complete') add();
  else addEventListener('load', add, { once: true });
  addEventListener('pagehide', () => script.remove());
}
