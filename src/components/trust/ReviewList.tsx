/**
 * Reviews in a grid of cards, and the line that says which reviews a page shows and where every review is read and
 * a new one left: a selection is never presented as all of them (16 CFR 465.7, suppressing or misrepresenting
 * reviews), so each page that shows some says by what rule, and links to the Reviews page and the Google profile.
 */
import { css } from '@emotion/react';
import type { PublishedReview } from '../../content/content.ts';
import { pageLink } from '../../analytics/links.ts';
import { color, mq } from '../../theme.ts';
import { ReviewQuote } from './ReviewQuote.tsx';

export interface ReviewLinks {
  /** The Google Business Profile, where every review is read. */
  profile?: string;
  /** Google's form to leave a review. */
  leaveReview?: string;
}

export function ReviewList({ reviews, columns = 3, compact = false, label }: { reviews: readonly PublishedReview[]; columns?: 1 | 2 | 3; compact?: boolean; label?: string }) {
  return (
    <ul css={[listStyle, columns > 1 && columnsStyle(columns)]} aria-label={label}>
      {reviews.map((review) => (
        <li key={review.slug}>
          <ReviewQuote review={review} compact={compact} />
        </li>
      ))}
    </ul>
  );
}

/**
 * "Selected reviews: <the rule>." with the way to all of them. `reviewsPage` false on the Reviews page itself.
 * The links say where they go; Google's open in the same tab, as every link of the site.
 */
export function ReviewSelectionNote({ rule, links, reviewsPage = true, source }: { rule: string; links: ReviewLinks; reviewsPage?: boolean; source: string }) {
  return (
    <p css={noteStyle}>
      {rule}{' '}
      {reviewsPage ? (
        <>
          <a {...pageLink('/reviews', source)}>Every review we show, and how we choose</a>
          {links.profile ? '. ' : '.'}
        </>
      ) : null}
      {links.profile ? (
        <>
          <a href={links.profile}>All our reviews on Google</a>
          {links.leaveReview ? (
            <>
              {', '}
              <a href={links.leaveReview}>or leave your own</a>.
            </>
          ) : (
            '.'
          )}
        </>
      ) : null}
    </p>
  );
}

const listStyle = css`
  list-style: none; margin: 0; padding: 0; display: grid; gap: 1rem;
  li { display: flex; }
  li > figure { flex: 1; }
`;

const columnsStyle = (columns: number) => css`
  ${mq.tablet} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  ${mq.desktop} { grid-template-columns: repeat(${columns}, minmax(0, 1fr)); gap: 1.25rem; }
`;

const noteStyle = css`
  margin: 0; color: ${color.muted}; max-width: 46rem;
`;
