import { getContent } from '../../src/content/getContent.ts';
import { servicesIn } from '../../src/content/listings.ts';
import { siteOrigin } from '../../src/env.ts';
import { inquiryFormProps } from '../../src/forms/inquiryFormData.ts';
import { providerContactForm } from '../../src/forms/provider.ts';
import { fixedPageMeta } from '../../src/pageMeta.ts';
import { organizationJsonLd } from '../../src/seo/jsonLd.ts';
import { agencyFacts } from '../../src/components/TrustStrip.tsx';

export async function data() {
  const content = await getContent();
  const { site } = content;
  const copy = content.pages.home;
  return {
    meta: fixedPageMeta(copy.meta, '/', [organizationJsonLd(site, siteOrigin(site.siteUrl))]),
    // The Request Information card has the contact form: the form script loads here.
    enhanceForm: true,
    copy,
    site,
    form: inquiryFormProps(content, '/'),
    provider: providerContactForm(content),
    services: servicesIn(content, 'grid').map(({ canonicalPath, card }) => ({ canonicalPath, card })),
    facts: agencyFacts(site, content.regions),
    howItWorks: content.howItWorks,
    faq: content.faq,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
