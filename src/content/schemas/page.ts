/**
 * The copy of the fixed pages: `content/pages/<page>.yaml`, one schema per page. What is the same on every page
 * (the agency's name, phone, e-mail, hours, registration) comes from site.yaml and is not repeated here. Where the
 * copy names one of them, it writes a token that the loader fills in from site.yaml: ((site.name)), ((site.phone)),
 * ((site.email)), ((site.registration.number)), ((site.registration.label)), ((site.serviceArea))
 * (src/content/identityTokens.ts). Every length limit counts the filled-in text, as visitors read it.
 */
import { z } from 'zod';
import { iconName, text, tone } from './common.ts';
import { imageSchema } from './image.ts';

/** Search-engine title, description and keywords of a page. */
const meta = z
  .strictObject({
    title: text(70).meta({ description: 'The browser-tab and search-result title; the agency name is added unless it is already in it.' }),
    description: z.string().trim().min(50).max(160).meta({ description: 'The search-result summary, 50 to 160 characters.' }),
    keywords: z.array(text(60)).min(3).max(12).meta({ description: 'Search keywords: 3 to 12 short phrases.' }),
  })
  .meta({ description: "The page's title, description and keywords for search engines." });

/** Title and description of a page kept out of search engines (a confirmation, an error page): no keywords. */
const unlistedMeta = z
  .strictObject({
    title: text(70).meta({ description: 'The browser-tab title; the agency name is added unless it is already in it.' }),
    description: z.string().trim().min(50).max(160).meta({ description: 'A 50 to 160 character summary (shown when the link is shared).' }),
  })
  .meta({ description: "The page's title and description. The page is not listed in search engines or the sitemap." });

const hero = z
  .strictObject({
    title: text(80).meta({ description: 'The main heading (the only h1 of the page).' }),
    lead: text(400).meta({ description: 'The paragraph under the heading.' }),
  })
  .meta({ description: 'The top of the page.' });

/** The top of a page with a picture beside the heading (below it on a phone). */
const pictureHero = hero
  .extend({ image: imageSchema.meta({ description: 'The picture beside the heading (below it on a phone): a file in content/images/ (an illustration such as about.svg, or a photo of your own) and what it shows.' }) })
  .meta({ description: 'The top of the page, with its picture.' });

/** A heading with an introduction, for a section of a page. */
const section = z.strictObject({
  heading: text(80).meta({ description: 'The section heading.' }),
  intro: text(500).meta({ description: 'One or two sentences under the heading.' }),
});

/** A card with an icon: a value, a reason, a benefit. */
const card = z.strictObject({
  icon: iconName,
  title: text(60).meta({ description: 'Card heading.' }),
  description: text(300).meta({ description: 'One or two sentences.' }),
  color: tone.optional(),
});

export const homePageSchema = z.strictObject({
  meta,
  hero: hero.extend({ formHeading: text(60).meta({ description: "Heading of the form card beside the hero, e.g. 'Request Information'." }) }),
  services: section,
  about: section.extend({
    body: z.array(text(700)).min(1).max(4).meta({ description: 'Paragraphs about the agency.' }),
    values: z.array(card).min(3).max(6).meta({ description: 'The core values, as cards.' }),
  }),
  contact: section,
});

export const servicesPageSchema = z.strictObject({
  meta,
  hero: pictureHero,
  whyChoose: section.extend({ points: z.array(card).length(6).meta({ description: 'Exactly 6 reasons to choose the agency.' }) }),
  grid: section,
  callToAction: section,
});

export const allServicesPageSchema = z.strictObject({ meta, hero: pictureHero, callToAction: section });

export const locationsPageSchema = z.strictObject({ meta, hero: pictureHero, callToAction: section });

export const contactPageSchema = z.strictObject({
  meta,
  hero: pictureHero,
  form: section,
  urgent: section,
  reasons: z.array(card).length(3).meta({ description: 'Exactly 3 reasons to choose the agency.' }),
});

export const aboutPageSchema = z.strictObject({
  meta,
  hero: pictureHero,
  mission: section.extend({ body: z.array(text(700)).min(1).max(4) }),
  values: z.array(card).length(4).meta({ description: 'The four core values: Compassion, Dependability, Dignity, Integrity.' }),
  stats: z
    .array(
      z.strictObject({
        value: text(12).meta({ description: 'e.g. "10M+"' }),
        label: text(80).meta({ description: 'e.g. "Americans need home care"' }),
        source: text(240).meta({
          description: 'Where the figure comes from, shown in small print under it: a published survey or report by name. While the agency has not confirmed the figure, write a note for it with !placeholder in front: the page then shows the figure without a source, and the launch check lists it.',
        }),
      }),
    )
    .length(4)
    .meta({ description: 'Exactly 4 statistics, each with its source.' }),
  differentiators: section.extend({ items: z.array(card).length(6).meta({ description: 'Exactly 6 things that set the agency apart.' }) }),
});

export const careersPageSchema = z.strictObject({
  meta,
  hero: pictureHero.extend({ badge: text(60).meta({ description: "The licence badge, e.g. 'Connecticut Licensed ((site.registration.number))': the token reads the number from site.yaml." }) }),
  benefits: section.extend({ items: z.array(card).length(3).meta({ description: 'Exactly 3 reasons to work with the agency.' }) }),
  openings: section,
  apply: section,
});

/** A heading and a paragraph: one case on a page that explains several. */
const notice = z.strictObject({
  heading: text(80).meta({ description: 'A short heading, e.g. "Some answers need a second look".' }),
  body: text(500).meta({ description: 'One or two sentences: what happened and what to do.' }),
});

/**
 * A thank-you page a form leads to once it is sent (/careers/thanks, /contact/thanks). The reply promise and
 * the phone number come from site.yaml.
 */
const thanksPageSchema = z.strictObject({
  meta: unlistedMeta,
  badge: text(40).meta({ description: 'The short line above the heading, e.g. "Application received".' }),
  hero: pictureHero,
  next: section
    .extend({ steps: z.array(text(300)).min(1).max(5).meta({ description: 'What happens next, one step per line, in order.' }) })
    .meta({ description: 'What happens next; the reply promise from site.yaml is shown under it.' }),
  questions: text(200).meta({ description: 'The line before the phone number, e.g. "Questions in the meantime? Call us."' }),
});

/**
 * A page a form sent without JavaScript leads to when it was refused (/careers/not-sent, /contact/not-sent).
 * The address ends in #<reason>, and the page shows that reason's explanation only; `reasons` are the ones
 * that form's function can give.
 */
function notSentPageSchema<R extends Record<string, z.ZodType>>(reasons: R) {
  return z.strictObject({
    meta: unlistedMeta,
    hero: pictureHero,
    reasons: z.strictObject(reasons).meta({ description: 'One short explanation per reason the form can be refused.' }),
    unknown: notice.meta({ description: 'Shown when the address names no reason.' }),
    goBack: text(400).meta({ description: "How to return to the form with the answers kept: the browser's Back button." }),
    call: text(200).meta({ description: 'The line before the phone number, e.g. "Or call us and apply by phone."' }),
    backLink: text(60).meta({ description: 'The link back to the page of the form, e.g. "See all openings".' }),
  });
}

/** Why a post was refused that every form shares: answers, size, the hourly limit, a failure on our side. */
const commonReasons = {
  invalid: notice.meta({ description: 'Some answers were missing or not in the expected form.' }),
  'too-large': notice.meta({ description: 'What was sent was larger than the form accepts.' }),
  'rate-limited': notice.meta({ description: 'Too many posts came from the same connection in the last hour.' }),
  failed: notice.meta({ description: 'Something went wrong on our side; nothing was saved.' }),
};

/** /careers/thanks: where an application that was sent leads. */
export const careersThanksPageSchema = thanksPageSchema;

/** /careers/not-sent#<reason>: invalid, resume, too-large, rate-limited or failed. */
export const careersNotSentPageSchema = notSentPageSchema({
  invalid: commonReasons.invalid,
  resume: notice.meta({ description: 'The resume was not a PDF file.' }),
  'too-large': notice.meta({ description: 'The resume (or the whole application) was larger than 10 MB.' }),
  'rate-limited': commonReasons['rate-limited'],
  failed: commonReasons.failed,
});

/** /contact/thanks: where a contact request that was sent leads. */
export const contactThanksPageSchema = thanksPageSchema;

/** /contact/not-sent#<reason>: invalid, too-large, rate-limited or failed. */
export const contactNotSentPageSchema = notSentPageSchema(commonReasons);

/** /privacy: the privacy notice. The e-mail address and phone number to ask for deletion come from site.yaml. */
export const privacyPageSchema = z.strictObject({
  meta,
  hero: pictureHero,
  updated: z.iso.date().meta({ description: 'The date of the last change to this notice, YYYY-MM-DD; shown as "Last updated".' }),
  sections: z
    .array(
      z.strictObject({
        heading: text(80).meta({ description: 'The question the section answers, e.g. "What we collect".' }),
        paragraphs: z.array(text(800)).min(1).max(4).meta({ description: 'The answer, in short paragraphs.' }),
        items: z.array(text(300)).max(12).default([]).meta({ description: 'An optional list after the paragraphs.' }),
      }),
    )
    .min(3)
    .max(10)
    .meta({ description: 'The sections of the notice, in order.' }),
  contact: section.meta({ description: "How to see, correct or delete an application; site.yaml's e-mail and phone are shown under it." }),
});

/** /reviews: every review on the site, and how the agency chooses them (the list itself comes from content/reviews/). */
export const reviewsPageSchema = z.strictObject({
  meta,
  hero,
  howWeChoose: section.meta({ description: 'How the agency asks for reviews and which it shows, in its own words: say plainly that none is left out for being critical, and that no review is bought.' }),
  empty: text(300).meta({ description: 'What the page says while there is no review to show yet.' }),
});

export const pageSchemas = {
  home: homePageSchema,
  services: servicesPageSchema,
  'all-services': allServicesPageSchema,
  locations: locationsPageSchema,
  contact: contactPageSchema,
  about: aboutPageSchema,
  careers: careersPageSchema,
  'careers-thanks': careersThanksPageSchema,
  'careers-not-sent': careersNotSentPageSchema,
  'contact-thanks': contactThanksPageSchema,
  'contact-not-sent': contactNotSentPageSchema,
  privacy: privacyPageSchema,
  reviews: reviewsPageSchema,
} as const;

export type PageName = keyof typeof pageSchemas;
export type PageCopy = { [K in PageName]: z.infer<(typeof pageSchemas)[K]> };
