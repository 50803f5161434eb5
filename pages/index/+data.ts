import { getContent } from '../../src/content/getContent.ts';
import { servicesIn } from '../../src/content/listings.ts';
import { siteOrigin } from '../../src/env.ts';
import { inquiryFormProps } from '../../src/forms/inquiryFormData.ts';
import { providerContactForm } from '../../src/forms/provider.ts';
import { fixedPageMeta } from '../../src/pageMeta.ts';
import { organizationJsonLd } from '../../src/seo/jsonLd.ts';
import { officeJsonLd } from '../../src/seo/officeJsonLd.ts';
import { agencyFacts } from '../../src/components/TrustStrip.tsx';
import { allReviewsLinks, selectedReviews, SELECTION_RULE } from '../../src/content/trust/trust.ts';

export async function data() {
  const content = await getContent();
  const { site } = content;
  const copy = content.pages.home;
  return {
    // The agency as a local business: one per office when content/offices/ has them (each as its Google profile
    // gives it), otherwise the agency itself. Never a rating: the reviews on the site are the agency's own selection.
    meta: fixedPageMeta(copy.meta, '/', content.offices.length ? content.offices.map((office) => officeJsonLd(office, site, siteOrigin(site.siteUrl))) : [organizationJsonLd(site, siteOrigin(site.siteUrl))]),
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
    // Beside the long form on a desktop, after it on a phone: the newest few, by the rule the band states.
    reviews: { shown: selectedReviews(content), rule: SELECTION_RULE, links: allReviewsLinks(content) },
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
