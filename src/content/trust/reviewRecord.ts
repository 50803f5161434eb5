/**
 * `npm run check -- --reviews`: every review on the site with its consent on record and its disclosure, and the
 * reviews taken off and why, in words an owner can hand to an inspector or use to answer a complaint.
 */
import type { Content, PublishedReview } from '../content.ts';
import { hasPlaceholder } from '../placeholders.ts';

const quoted = (words: string) => `"${words.replace(/\s+/g, ' ').trim()}"`;

function entry(review: PublishedReview, index: number, demo: boolean): string[] {
  const { reviewer, consent, connection } = review;
  const lines = [
    `${index + 1}. ${reviewer.name}, ${reviewer.relation}${reviewer.town ? `, ${reviewer.town}` : ''}: given by ${review.givenVia} on ${review.date}  (${review.file})`,
    ...(demo ? ['   DEMO: the words and name are marked !placeholder; this is not a real review, and the launch check refuses it'] : []),
    `   Words shown: ${quoted(review.quote)}`,
    `   Services it speaks of: ${review.services.length ? review.services.join(', ') : 'none named (the agency as a whole)'}`,
    `   Consent: to the words above, exactly; given ${consent.date} by ${consent.how}; covers ${consent.covers}; ${consent.expires ? `ends ${consent.expires}` : 'no end date'}`,
  ];
  if (reviewer.isClient && review.services.length) {
    lines.push(`   Written authorization (a client named with the care received): purpose ${quoted(consent.purpose ?? '')}; may be withdrawn in writing at any time; care does not depend on signing it`);
  }
  lines.push(connection.kind === 'none' ? '   Connection to the agency: none' : `   Connection to the agency: ${connection.kind}; shown beside it: ${quoted(review.disclosure ?? '')}`);
  return lines;
}

/** The record, as plain text; `today` is the build date the consents were judged on (YYYY-MM-DD). */
export function reviewRecord(content: Pick<Content, 'reviews' | 'reviewsLeftOut' | 'placeholders' | 'site'>, today: string): string {
  const { reviews, reviewsLeftOut } = content;
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    `Reviews of ${content.site.name} on the site on ${today}: ${count(reviews.length, 'review', 'reviews')} published, ${reviewsLeftOut.length} taken off.`,
    'Each is shown only with the consent below on record. Keep each signed form or e-mail it names at least 6 years from the',
    'day the review was last shown (docs/reviews-and-consent.md).',
    '',
    ...reviews.flatMap((review, index) => [...entry(review, index, hasPlaceholder(content.placeholders, review.file, ['quote'])), '']),
    reviewsLeftOut.length ? 'Taken off the site (on no page; the files are kept as the record):' : 'Taken off the site: none.',
    ...reviewsLeftOut.map((left) => `  - ${left.name}: ${left.reason}  (${left.file})`),
  ].join('\n');
}
