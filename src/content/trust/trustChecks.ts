/**
 * The checks of the reviews, people and offices that span files, and what the build keeps of them: a review names
 * services that exist; an office serves towns content/regions.yaml lists. A consent revoked, or past its expiry on
 * the build date, is no error: the review or person is left off every page, and a warning names it.
 */
import type { LeftOutEntry, OfficeEntry, PersonEntry, PublishedReview } from '../content.ts';
import { type ContentProblem, didYouMean } from '../problems.ts';
import type { Regions } from '../schemas/regions.ts';
import type { Site } from '../schemas/site.ts';
import type { ParsedFile } from '../source.ts';
import type { Office } from './officeSchema.ts';
import { PEOPLE_GROUPS, type Person } from './personSchema.ts';
import { DEFAULT_DISCLOSURES, type Review } from './reviewSchema.ts';

type Named<T> = ParsedFile<T> & { slug: string };

const at = (parsed: ParsedFile<unknown>, path: Array<string | number>, message: string): ContentProblem => ({ file: parsed.file, ...parsed.source.locate(path), path, message });

/** Each service a review names is a file of content/services (one that failed its own checks is not named again). */
export function reviewServiceProblems(reviews: ReadonlyArray<Named<Review>>, serviceSlugs: ReadonlySet<string>, invalidSlugs: ReadonlySet<string>): ContentProblem[] {
  return reviews.flatMap((review) =>
    review.data.services.flatMap((name, index) =>
      serviceSlugs.has(name) || invalidSlugs.has(name)
        ? []
        : [at(review, ['services', index], `expected the name of a file in content/services (without extension), found "${name}"${didYouMean(name, serviceSlugs)} (the review is shown on the page of each service it names)`)],
    ),
  );
}

/** Each town an office serves is one content/regions.yaml lists. */
export function officeTownProblems(offices: ReadonlyArray<Named<Office>>, regions: Regions): ContentProblem[] {
  const towns = regions.counties.flatMap((county) => county.towns);
  return offices.flatMap((office) =>
    office.data.towns.flatMap((town, index) =>
      towns.includes(town) ? [] : [at(office, ['towns', index], `expected a town listed in content/regions.yaml, found "${town}"${didYouMean(town, towns) || ' (add it to its county there first, so the locations page lists it too)'}`)],
    ),
  );
}

/** Why a consent no longer holds on `today` (YYYY-MM-DD), or undefined while it does. */
function endedConsent(consent: { revoked?: string; expires?: string }, today: string): string | undefined {
  if (consent.revoked && consent.revoked <= today) return `consent revoked on ${consent.revoked}`;
  if (consent.expires && consent.expires < today) return `consent expired on ${consent.expires}`;
  return undefined;
}

const takenOff = (parsed: ParsedFile<unknown>, path: string[], reason: string, what: string): ContentProblem => ({
  ...at(parsed, path, `taken off the site: ${reason}. ${what} is on no page from this build on; keep the file as the record of it, or delete it`),
  path: [],
});

/** The reviews on the site on `today`, newest first, each with its disclosure; the others, and a warning for each. */
export function publishedReviewsOn(reviews: ReadonlyArray<Named<Review>>, today: string): { reviews: PublishedReview[]; leftOut: LeftOutEntry[]; warnings: ContentProblem[] } {
  const published: PublishedReview[] = [];
  const leftOut: LeftOutEntry[] = [];
  const warnings: ContentProblem[] = [];
  for (const review of reviews) {
    const reason = endedConsent(review.data.consent, today);
    if (reason) {
      leftOut.push({ file: review.file, name: review.data.reviewer.name, reason });
      warnings.push(takenOff(review, ['consent', review.data.consent.revoked ? 'revoked' : 'expires'], reason, `The review by ${review.data.reviewer.name}`));
      continue;
    }
    const { kind, disclosure } = review.data.connection;
    published.push({ ...review.data, slug: review.slug, file: review.file, ...(kind === 'none' ? {} : { disclosure: disclosure || DEFAULT_DISCLOSURES[kind] }) });
  }
  published.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return { reviews: published, leftOut, warnings };
}

/** The people on the site: leadership, then office staff, then caregivers, each group by its order, then by name. */
export function peopleOn(people: ReadonlyArray<Named<Person>>, today: string): { people: PersonEntry[]; leftOut: LeftOutEntry[]; warnings: ContentProblem[] } {
  const shown: PersonEntry[] = [];
  const leftOut: LeftOutEntry[] = [];
  const warnings: ContentProblem[] = [];
  for (const person of people) {
    const reason = endedConsent(person.data.consent, today);
    if (reason) {
      leftOut.push({ file: person.file, name: person.data.name, reason });
      warnings.push(takenOff(person, ['consent', 'revoked'], reason, person.data.name));
    } else shown.push({ ...person.data, slug: person.slug, file: person.file });
  }
  shown.sort((a, b) => PEOPLE_GROUPS.indexOf(a.group) - PEOPLE_GROUPS.indexOf(b.group) || a.order - b.order || a.name.localeCompare(b.name, 'en'));
  return { people: shown, leftOut, warnings };
}

/** Each office with its hours and phone filled in from site.yaml where it gives none of its own. */
export function officesWithDefaults(offices: ReadonlyArray<Named<Office>>, site: Pick<Site, 'officeHours' | 'phone'>): OfficeEntry[] {
  return offices.map(({ data, slug, file }) => ({ ...data, slug, file, hours: data.hours ?? site.officeHours, phone: data.phone ?? site.phone }));
}
