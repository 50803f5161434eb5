/**
 * The form provider (HubSpot) as configured in content/site.yaml. Without a `forms` block, or while its ids are
 * marked `!placeholder` (as shipped), no page loads the provider's script and the submit-inquiry function
 * forwards nothing; the site's own form does the work alone.
 */
import type { Content } from '../content/content.ts';
import { hasPlaceholder, SITE_FILE } from '../content/placeholders.ts';

export interface ProviderForm {
  region: string;
  portalId: string;
  formId: string;
}

/** The provider's contact form, or null when site.yaml configures none or marks its ids as placeholders. */
export function providerContactForm(content: Pick<Content, 'site' | 'placeholders'>): ProviderForm | null {
  const { forms } = content.site;
  const marked = (field: string) => hasPlaceholder(content.placeholders, SITE_FILE, ['forms', field]);
  if (!forms || marked('portalId') || marked('contactFormId')) return null;
  return { region: forms.region, portalId: forms.portalId, formId: forms.contactFormId };
}
