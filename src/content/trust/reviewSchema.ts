/**
 * A family's or a caregiver's words about the agency: `content/reviews/<name>.yaml`, one file per review, each with
 * the consent on record that lets the site publish it, and any tie between the reviewer and the agency.
 * The rules are the FTC's (16 CFR Part 465: no invented reviews, an insider's review says so beside it) and, for a
 * client named with the care they received, HIPAA's elements of a written authorization (docs/reviews-and-consent.md).
 * The build refuses a review that breaks one, naming the field and why; a consent revoked or past its expiry is no
 * error: the review is left off every page at the next build (src/content/trust/trustChecks.ts).
 */
import { z } from 'zod';
import { requiredBecause, slug, text } from '../schemas/common.ts';

const isoDate = z.iso.date().meta({ description: 'A date written YYYY-MM-DD, e.g. "2026-11-01".' });

/** Where the reviewer gave the words. */
export const REVIEW_SOURCES = ['card', 'e-mail', 'Google', 'survey', 'other'] as const;
/** How the consent was given. */
export const CONSENT_WAYS = ['signed form', 'e-mail', "the review platform's own terms"] as const;
/** The reviewer's tie to the agency (16 CFR 465.1: a material connection); any but "none" is shown beside the review. */
export const CONNECTIONS = ['none', 'employee', 'family of an employee', 'given something in return'] as const;
export type Connection = (typeof CONNECTIONS)[number];

/** The words shown beside an insider's review when the file gives none of its own. */
export const DEFAULT_DISCLOSURES: Record<Exclude<Connection, 'none'>, string> = {
  employee: 'Written by one of our employees.',
  'family of an employee': 'Written by a relative of one of our employees.',
  'given something in return': 'The writer was given something in return for this review.',
};

/** Quotation marks of every kind read as one; runs of spaces and line breaks as one space. */
export function normalisedWords(words: string): string {
  return words
    .replace(/[\u2018\u2019\u201A\u201B\u2032`]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

const consentDate = isoDate.meta({ description: 'The date the reviewer agreed to publication, YYYY-MM-DD, as the signed form or e-mail kept on file shows it.' });
requiredBecause.add(consentDate, { why: 'a review is published only with the date its writer agreed to it on record (keep the signed form or e-mail on file)' });
const consentWords = z
  .string()
  .trim()
  .min(1)
  .max(800)
  .meta({ description: 'The exact words the reviewer agreed to have published, copied from the form or e-mail. The words of the review must be the same: the build refuses any difference other than spacing and the style of quotation marks.' });
requiredBecause.add(consentWords, { why: 'the build publishes only the words the reviewer agreed to; copy them from the consent form or e-mail' });

const consent = z
  .strictObject({
    words: consentWords,
    date: consentDate,
    how: z.enum(CONSENT_WAYS).meta({ description: 'How the consent was given: signed form, e-mail, or the review platform\'s own terms (a Google review, quoted as Google allows).' }),
    covers: text(120).meta({ description: 'Where the consent lets the words be shown, as the form says, e.g. "this website".' }),
    expires: isoDate.optional().meta({ description: 'Optional: the last day the consent holds, YYYY-MM-DD. After it the review is taken off the site at the next build. Required for a client named with the care they received.' }),
    revoked: isoDate.optional().meta({ description: 'The date the reviewer withdrew the consent, YYYY-MM-DD. The review is taken off every page at the next build; keep the file as the record.' }),
    purpose: text(200).optional().meta({ description: 'For a client named with the care they received: the purpose the signed authorization states, e.g. "to show on our website what clients say about our care".' }),
    rightToRevoke: z.boolean().default(false).meta({ description: 'For a client named with the care they received: true when the signed authorization says they may withdraw it at any time, in writing.' }),
    careNotConditioned: z.boolean().default(false).meta({ description: 'For a client named with the care they received: true when the signed authorization says their care does not depend on signing it.' }),
  })
  .meta({ description: 'The consent on record that lets the site publish the review. Keep the signed form or e-mail at least 6 years.' });
requiredBecause.add(consent, { why: 'a review is published only with its writer\'s consent on record: the words they agreed to, the date and how (docs/reviews-and-consent.md)' });

/** Fields the client's written authorization needs, and the words saying what each is (HIPAA, 45 CFR 164.508(c)). */
const AUTHORIZATION = 'a client named with the care they received needs a written authorization they signed';

export const reviewSchema = z
  .strictObject({
    quote: z
      .string()
      .trim()
      .min(20)
      .max(800)
      .meta({ description: 'The words of the review as shown on the site, exactly as consented to (the Words of the consent).' }),
    reviewer: z
      .strictObject({
        name: text(40).meta({ description: 'The first name and initial, or the initials, e.g. "Maria T." or "J. R."; never a full name.' }),
        relation: text(80).meta({ description: 'Their relation to the care, e.g. "Daughter of a client" or "Caregiver since 2021".' }),
        town: text(40).optional().meta({ description: 'Optional: their town, e.g. "Middletown".' }),
        isClient: z.boolean().default(false).meta({ description: 'True when the reviewer is the person who receives the care. A client named with the care they received needs a signed authorization (see the consent).' }),
      })
      .meta({ description: 'Who wrote the review.' }),
    services: z.array(slug).max(4).default([]).meta({ description: 'The services the review speaks of, by their file names in content/services, e.g. "companionship": it is shown on their pages. Empty for a review of the agency as a whole.' }),
    date: isoDate.meta({ description: 'The date the review was given, YYYY-MM-DD.' }),
    givenVia: z.enum(REVIEW_SOURCES).meta({ description: 'Where it was given: a card, an e-mail, Google, a survey, or other.' }),
    consent,
    connection: z
      .strictObject({
        kind: z.enum(CONNECTIONS).meta({ description: 'The reviewer\'s tie to the agency: none, employee, family of an employee, or given something in return (a gift, a discount). Any but none is shown beside the review.' }),
        disclosure: z.string().trim().max(200).optional().meta({ description: 'Optional: the words shown beside the review instead of the standard ones for its kind (e.g. "Written by one of our employees."). Never blank for an insider.' }),
      })
      .default({ kind: 'none' })
      .meta({ description: 'Any tie between the reviewer and the agency. The FTC rule requires it be shown clearly beside the review.' }),
  })
  .superRefine((review, ctx) => {
    const quote = normalisedWords(review.quote);
    const words = normalisedWords(review.consent.words);
    if (quote !== words) {
      let at = 0;
      while (at < quote.length && quote[at] === words[at]) at += 1;
      const around = (text: string) => `"${at > 20 ? '…' : ''}${text.slice(Math.max(0, at - 20), at + 30)}${at + 30 < text.length ? '…' : ''}"`;
      ctx.addIssue({
        code: 'custom',
        path: ['quote'],
        message: "expected exactly the Words of the consent: the reviewer agreed to publish those words and no others, so change neither without asking them again",
        params: { found: `${around(quote)} where the consent has ${around(words)}` },
      });
    }
    if (review.connection.kind !== 'none' && review.connection.disclosure === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['connection', 'disclosure'],
        message: `expected the words shown beside the review: a review by an insider (${review.connection.kind}) must say so clearly (FTC rule, 16 CFR 465.1); delete the line to show "${DEFAULT_DISCLOSURES[review.connection.kind]}"`,
        params: { found: 'it blank' },
      });
    }
    if (review.reviewer.isClient && review.services.length > 0) {
      const { how, purpose, expires, rightToRevoke, careNotConditioned } = review.consent;
      const missing = (field: string, message: string, found: string) => ctx.addIssue({ code: 'custom', path: ['consent', field], message: `${message}: ${AUTHORIZATION}`, params: { found } });
      if (how !== 'signed form') missing('how', 'expected "signed form"', `"${how}"`);
      if (!purpose) missing('purpose', 'expected the purpose the signed authorization states', 'nothing (the field is missing)');
      if (!expires) missing('expires', 'expected the date the signed authorization ends', 'nothing (the field is missing)');
      if (!rightToRevoke) missing('rightToRevoke', 'expected true (the form tells them they may withdraw it in writing at any time)', String(rightToRevoke));
      if (!careNotConditioned) missing('careNotConditioned', 'expected true (the form tells them their care does not depend on signing it)', String(careNotConditioned));
    }
  }, { when: (payload) => payload.issues.every((issue) => issue.code === 'unrecognized_keys') });

export type Review = z.infer<typeof reviewSchema>;
