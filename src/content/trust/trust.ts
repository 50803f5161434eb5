/**
 * What the pages ask of the reviews, people, offices and awards (content/reviews, people, offices, recognition.yaml).
 * The loader has already left out every review and person whose consent was withdrawn or has ended, and has given
 * each insider's review its disclosure: a page shows `review.disclosure` beside the words whenever it is there.
 * No zod here: the pages import this.
 */
import type { Content, OfficeEntry, PersonEntry, PublishedReview } from '../content.ts';
import type { PeopleGroup } from './personSchema.ts';

/** Every review on the site, newest first. */
export function publishedReviews(content: Pick<Content, 'reviews'>): PublishedReview[] {
  return content.reviews;
}

/** The reviews that speak of a service (its file name), newest first: the service's page shows them. */
export function reviewsFor(content: Pick<Content, 'reviews'>, serviceSlug: string): PublishedReview[] {
  return content.reviews.filter((review) => review.services.includes(serviceSlug));
}

/**
 * The reviews a short band shows (the home page), by one rule the page states: the newest `count` reviews by
 * families and clients, no insider's among them (those are shown on Careers, marked as employees').
 */
export const SELECTION_RULE = 'the newest reviews by families and clients; our own staff\'s words are on Careers';
export function selectedReviews(content: Pick<Content, 'reviews'>, count = 3): PublishedReview[] {
  return content.reviews.filter((review) => review.connection.kind === 'none').slice(0, count);
}

/** Caregivers' and other employees' own words, for Careers: each carries its disclosure. */
export function employeeReviews(content: Pick<Content, 'reviews'>): PublishedReview[] {
  return content.reviews.filter((review) => review.connection.kind === 'employee');
}

/** The people on the site in the order shown: leadership, office staff, caregivers; or one group alone. */
export function peopleInOrder(content: Pick<Content, 'people'>, group?: PeopleGroup): PersonEntry[] {
  return group ? content.people.filter((person) => person.group === group) : content.people;
}

/** Where every review is read and a new one is left: the first office's Google profile and review link, if given. */
export function allReviewsLinks(content: Pick<Content, 'offices'>): { profile?: string; leaveReview?: string } {
  const office = content.offices.find((one) => one.googleProfile || one.reviewLink);
  return { ...(office?.googleProfile ? { profile: office.googleProfile } : {}), ...(office?.reviewLink ? { leaveReview: office.reviewLink } : {}) };
}

/** The offices families may visit, whose street address the footer and Contact show. */
export function visitableOffices(content: Pick<Content, 'offices'>): OfficeEntry[] {
  return content.offices.filter((office) => office.receivesVisitors);
}

/** The office's address on one line, e.g. "100 Example Road, Suite 2, Berlin, CT 06037". */
export function officeAddressLine(office: Pick<OfficeEntry, 'address'>): string {
  return `${office.address.street}, ${office.address.town}, ${office.address.state} ${office.address.zip}`;
}
