// THE service template: all 31 service pages (and any new file in content/services) render through it.
// One <article>: its h1 in its own <header> (ServiceHero), never in a nested section; each section has its own h2.
import { css } from '@emotion/react';
import { POST_SURGICAL_SOURCE } from '../../src/analytics/events.ts';
import { bandSpacing, CallToAction } from '../../src/components/CallToAction.tsx';
import { Container } from '../../src/components/Container.tsx';
import { CardGrid } from '../../src/components/service/CardGrid.tsx';
import { InclusionList } from '../../src/components/service/InclusionList.tsx';
import { MdxSections } from '../../src/components/service/MdxSections.tsx';
import { ServiceHero } from '../../src/components/service/ServiceHero.tsx';
import { ReviewList, ReviewSelectionNote } from '../../src/components/trust/ReviewList.tsx';
import { contactForPath } from '../../src/routes.ts';
import { toTitleCase } from '../../src/titleCase.ts';
import type { Data } from './+data.ts';

/** Pages whose call card names its second button as the spec does (post-surgical recovery: Call / Get Information). */
const contactLabels: Record<string, string> = { 'post-surgical-recovery': 'Get Information' };
/** The analytics source of the call card's two links: the spec names the post-surgical page's. */
const ctaSources: Record<string, string> = { 'post-surgical-recovery': POST_SURGICAL_SOURCE };

export default function Page({ service, phone, claims, identity, reviews }: Data) {
  return (
    <article data-page-id={service.pageId} aria-labelledby="service-title" css={pageStyle}>
      <ServiceHero hero={service.hero} claims={claims} contactHref={contactForPath(service)} />
      <Container>
        <CardGrid id="what-we-provide" heading="What We Provide" cards={service.features} columns={4} />
        <InclusionList heading="Service Includes" items={service.inclusions} />
        {service.format === 'mdx' ? <MdxSections slug={service.slug} identity={identity} /> : null}
      </Container>
      <CallToAction
        heading={toTitleCase(`Talk with us about ${service.card.title}`)}
        intro="Tell us what you or your family member needs. A free consultation comes with no obligation, and we will suggest a care plan that fits."
        phone={phone}
        contactLabel={contactLabels[service.slug] ?? 'Send us a message'}
        source={ctaSources[service.slug] ?? 'service_cta'}
        contactHref={contactForPath(service)}
      />
      <Container>
        <CardGrid id="benefits" heading={toTitleCase(`Why families choose our ${service.card.title}`)} cards={service.benefits} columns={3} />
        {reviews.shown.length ? (
          <section id="reviews" aria-labelledby="reviews-heading" css={reviewsStyle}>
            <h2 id="reviews-heading">{toTitleCase(`What families say about our ${service.card.title}`)}</h2>
            <ReviewSelectionNote rule={`Every review that speaks of ${service.card.title.toLowerCase()} and that its writer gave us permission to show, newest first.`} links={reviews.links} source="service_reviews" />
            <ReviewList reviews={reviews.shown} columns={reviews.shown.length > 2 ? 3 : 2} />
          </section>
        ) : null}
      </Container>
    </article>
  );
}

/**
 * One vertical rhythm: the sections inside each container are a stack with the call band's spacing between
 * them, so every gap on the page (cards to Service Includes, Service Includes to the call card, the call card
 * to the benefits) is the same.
 */
const reviewsStyle = css`
  display: grid; gap: 1rem;
  h2 { margin: 0; }
`;

const pageStyle = css`
  & > div { display: grid; grid-template-columns: minmax(0, 1fr); gap: ${bandSpacing}; }
  /* The hero ends in padding of its own. */
  & > div:first-of-type { padding-top: 0.5rem; }
`;
