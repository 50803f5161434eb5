import { getContent } from '../../src/content/getContent.ts';
import { inquiryFormProps } from '../../src/forms/inquiryFormData.ts';
import { providerContactForm } from '../../src/forms/provider.ts';
import { fixedPageMeta } from '../../src/pageMeta.ts';

export async function data() {
  const content = await getContent();
  const copy = content.pages.contact;
  return {
    meta: fixedPageMeta(copy.meta, '/contact'),
    // The form card has the contact form: the form script loads here.
    enhanceForm: true,
    copy,
    site: content.site,
    form: inquiryFormProps(content, '/contact'),
    provider: providerContactForm(content),
    faq: content.faq,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
