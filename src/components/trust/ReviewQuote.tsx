/**
 * One review as a family reads it: the words, who wrote them (first name and initial, their tie to the care, their
 * town), where and when they were given, and, when the writer is an insider, the disclosure above the words, in the
 * same size of type (16 CFR 465: a material connection is disclosed clearly, beside the review). No stars, no
 * rating and no review markup: the agency's own selection is not a rating (src/seo/officeJsonLd.ts).
 */
import { css } from '@emotion/react';
import type { PublishedReview } from '../../content/content.ts';
import { color, font, layout } from '../../theme.ts';
import { Icon } from '../Icon.tsx';

const GIVEN: Record<PublishedReview['givenVia'], string> = {
  card: 'Written on a card',
  'e-mail': 'Sent by e-mail',
  Google: 'Posted on Google',
  survey: 'Given in a survey',
  other: 'Given',
};

/** "September 2026", from the review's date (YYYY-MM-DD), in New York time as every date on the site. */
export function reviewMonth(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'America/New_York' });
}

export function ReviewQuote({ review, compact = false }: { review: PublishedReview; compact?: boolean }) {
  const { reviewer } = review;
  return (
    <figure css={[reviewStyle, compact && compactStyle]}>
      {review.disclosure ? (
        <p className="disclosure">
          <Icon name="info" size={18} /> {review.disclosure}
        </p>
      ) : null}
      <blockquote>
        <p>“{review.quote.replace(/\s+/g, ' ').trim()}”</p>
      </blockquote>
      <figcaption>
        <span className="who">{reviewer.name}</span>
        <span className="tie">
          {reviewer.relation}
          {reviewer.town ? `, ${reviewer.town}` : ''}
        </span>
        <span className="given">
          {GIVEN[review.givenVia]}, {reviewMonth(review.date)}
        </span>
      </figcaption>
    </figure>
  );
}

const reviewStyle = css`
  margin: 0; display: flex; flex-direction: column; gap: 0.75rem; padding: clamp(1.25rem, 3vw, 1.75rem);
  background: ${color.white}; border: 1px solid ${color.line}; border-radius: ${layout.radius};
  blockquote { margin: 0; }
  blockquote p { margin: 0; font-size: 1.15rem; line-height: 1.55; }
  figcaption { margin-top: auto; display: grid; gap: 0.1rem; }
  .who { font-family: ${font.heading}; font-weight: 700; font-size: 1.1rem; }
  .tie, .given { color: ${color.muted}; }
  .given { font-size: 0.95rem; }
  .disclosure { margin: 0; display: flex; gap: 0.5rem; align-items: flex-start; font-weight: 650; padding: 0.5rem 0.75rem; border-radius: 8px; background: ${color.brandTint}; }
  .disclosure svg { flex: none; margin-top: 0.2rem; color: ${color.brandDark}; }
`;

const compactStyle = css`
  blockquote p { font-size: 1.05rem; }
`;
