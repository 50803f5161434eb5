// /reviews: how the agency chooses the reviews it shows, where every review is read and a new one left, then every
// review on the site, newest first, each insider's marked beside its words.
import { css } from '@emotion/react';
import { CallToAction } from '../../src/components/CallToAction.tsx';
import { PageHero } from '../../src/components/PageHero.tsx';
import { Section } from '../../src/components/Section.tsx';
import { ReviewList, ReviewSelectionNote } from '../../src/components/trust/ReviewList.tsx';
import type { Data } from './+data.ts';

export default function Page({ copy, reviews, links, phone }: Data) {
  const count = reviews.length === 1 ? '1 review' : `${reviews.length} reviews`;
  return (
    <>
      <PageHero title={copy.hero.title} lead={copy.hero.lead} />
      <Section id="how-we-choose" heading={copy.howWeChoose.heading} intro={copy.howWeChoose.intro}>
        <ReviewSelectionNote rule={reviews.length ? `This page shows all ${count} on our site, newest first.` : ''} links={links} reviewsPage={false} source="reviews_page" />
      </Section>
      <Section id="all-reviews" heading="Every Review on Our Site" tint>
        {reviews.length ? <ReviewList reviews={reviews} columns={2} /> : <p css={emptyStyle}>{copy.empty}</p>}
      </Section>
      <CallToAction heading="Talk With Us Yourself" intro="A free consultation is the best way to judge us for yourself. There is no obligation." phone={phone} />
    </>
  );
}

const emptyStyle = css`max-width: 46rem; font-size: 1.15rem;`;
