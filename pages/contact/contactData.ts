import type { Content } from '../../src/content/content.ts';
import { inquiryFormProps } from '../../src/forms/inquiryFormData.ts';
import { providerContactForm } from '../../src/forms/provider.ts';
import { fixedPageMeta } from '../../src/pageMeta.ts';
import { officeAddressLine, visitableOffices } from '../../src/content/trust/trust.ts';

/**
 * The contact page's data, for /contact and /contact/for/<service>.
 * @param ticked the services whose boxes start ticked.
 */
export function contactData(content: Content, ticked: readonly string[] = []) {
  const copy = content.pages.contact;
  return {
    meta: fixedPageMeta(copy.meta, '/contact'),
    // The form card has the contact form: the form script loads here.
    enhanceForm: true,
    copy,
    site: content.site,
    form: inquiryFormProps(content, '/contact', ticked),
    provider: providerContactForm(content),
    faq: content.faq,
    // The offices families may visit: their addresses, with the way there on Google when the office gives it.
    offices: visitableOffices(content).map((office) => ({ name: office.name, address: officeAddressLine(office), directions: office.googleProfile })),
  };
}
