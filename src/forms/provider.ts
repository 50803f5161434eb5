/**
 * The form provider (HubSpot) as configured in content/site.yaml. The shipped ids are placeholders (portal
 * "00000000", form ids "00000000-0000-..."): with those, no page loads the provider's script and the
 * submit-inquiry function forwards nothing; the site's own form does the work alone.
 */
import type { Site } from '../content/schemas/site.ts';

export interface ProviderForm {
  region: string;
  portalId: string;
  formId: string;
}

const isPlaceholder = (id: string) => /^0+$/.test(id) || id.startsWith('00000000-0000-');

/** The provider's contact form, or null while site.yaml holds the shipped placeholders. */
export function providerContactForm(site: Pick<Site, 'forms'>): ProviderForm | null {
  const { region, portalId, contactFormId } = site.forms;
  return isPlaceholder(portalId) || isPlaceholder(contactFormId) ? null : { region, portalId, formId: contactFormId };
}
