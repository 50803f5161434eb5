/**
 * The content's types and the plain helpers every part shares (where it lives, its fingerprint, the open jobs).
 * getContent.ts gives the validated content to the renderer and the pages' data hooks; the validating loader
 * (loader.ts) imports this module, and this module imports neither.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildDate } from '../env.ts';
import type { ImageAsset } from '../images.ts';
import type { ApplicationForm } from './schemas/applicationForm.ts';
import type { Directory } from './schemas/directory.ts';
import type { Faq } from './schemas/faq.ts';
import type { HowItWorks } from './schemas/howItWorks.ts';
import type { InquiryForm } from './schemas/inquiryForm.ts';
import type { Job } from './schemas/job.ts';
import type { Lists } from './schemas/lists.ts';
import type { PageCopy } from './schemas/page.ts';
import type { Regions } from './schemas/regions.ts';
import type { Service } from './schemas/service.ts';
import type { Site } from './schemas/site.ts';
import type { Retention } from './schemas/retention.ts';
import type { Replies } from './schemas/replies.ts';
import type { Workflow } from './schemas/workflow.ts';
import type { Award } from './trust/recognitionSchema.ts';
import type { Office } from './trust/officeSchema.ts';
import type { Person } from './trust/personSchema.ts';
import type { Review } from './trust/reviewSchema.ts';
import type { OfficeHoursLine } from './schemas/site.ts';

export interface ServicePage extends Service {
  /** The file name without extension: the page's address is "/<slug>" and its id is the slug. */
  slug: string;
  /** "/<slug>", from the file name (never written in the file). */
  canonicalPath: string;
  /** The slug: the page's id for analytics, unique because file names are. */
  pageId: string;
  /** The file, as shown in messages: "content/services/<slug>.yaml". */
  file: string;
  /** `.mdx` services add sections of their own below the template's. */
  format: 'yaml' | 'mdx';
}

export interface Content {
  site: Site;
  /** Every service page, sorted by slug. */
  services: ServicePage[];
  /** Which services the grids, the header menu and the footer show, in order (see listings.ts). */
  lists: Lists;
  directory: Directory;
  regions: Regions;
  /** The copy of the fixed pages, by page. */
  pages: PageCopy;
  /** Job openings on /careers, sorted by file name: every file, open or closed (see `openJobs`). */
  jobs: JobOpening[];
  /** The experience and availability choices of the application form. */
  applicationForm: ApplicationForm;
  /** Who needs care and the best times to call, on the contact form. */
  inquiryForm: InquiryForm;
  /** The three steps from a first call to a caregiver (home, /services). */
  howItWorks: HowItWorks;
  /** Questions families ask (home, /contact). */
  faq: Faq;
  /** The stages staff move applications and inquiries through in the dashboard (supabase/workflow.generated.sql). */
  workflow: Workflow;
  /** How long personal data is kept (content/retention.yaml; the purge, supabase/functions/_shared/purge.ts). */
  retention: Retention;
  /** The instant reply to each sender (content/replies.yaml; supabase/functions/_shared/acknowledgement.ts). */
  replies: Replies;
  /** Every picture the content names, by its file name in content/images/. */
  images: Record<string, ImageAsset>;
  /**
   * The reviews whose consent is live on the build date, sorted by date, newest first (content/reviews/; the pages
   * ask src/content/trust/trust.ts for them). A review whose consent was revoked or has expired is not here at all.
   */
  reviews: PublishedReview[];
  /** The reviews left off the site and why (consent revoked or expired), for the owner's record: never their words. */
  reviewsLeftOut: LeftOutEntry[];
  /** The people shown on the site (content/people/), leadership first, then office staff, then caregivers. */
  people: PersonEntry[];
  /** The people left off the site because they withdrew their consent. */
  peopleLeftOut: LeftOutEntry[];
  /** The agency's offices (content/offices/), sorted by file name, with their hours and phone filled in from site.yaml. */
  offices: OfficeEntry[];
  /** Awards and badges from others, in file order (content/recognition.yaml). */
  recognition: Award[];
  /** The values content marks `!placeholder` (src/content/source.ts), for the launch check; in file order. */
  placeholders: ContentPlaceholder[];
}

/** A review on the site: its file, and the disclosure shown beside it when the reviewer is an insider. */
export interface PublishedReview extends Review {
  /** The file name without extension. */
  slug: string;
  /** "content/reviews/<slug>.yaml". */
  file: string;
  /** The words shown beside the review (the file's own or the standard ones for its kind); absent when the connection is none. */
  disclosure?: string;
}

/** A review or person the build left off every page, and why, e.g. "consent revoked on 2026-10-02". */
export interface LeftOutEntry {
  file: string;
  /** The reviewer's or person's name as the file writes it. */
  name: string;
  reason: string;
}

export interface PersonEntry extends Person {
  slug: string;
  file: string;
}

export interface OfficeEntry extends Omit<Office, 'hours' | 'phone'> {
  slug: string;
  file: string;
  /** The office's own hours, or site.yaml's office hours. */
  hours: OfficeHoursLine[];
  /** The office's own number, or site.yaml's phone. */
  phone: { display: string; e164: string };
}

/** A value content marks as a placeholder: the file, where in it, the field and the value. */
export interface ContentPlaceholder {
  file: string;
  line: number;
  column: number;
  path: ReadonlyArray<string | number>;
  value: string;
}

export interface JobOpening extends Job {
  /** The file name without extension: the opening's page is /careers/<slug>, and its position code. */
  slug: string;
}

/** Paths under /careers that the site owns; a job file may not take them. */
export const RESERVED_JOB_SLUGS: readonly string[] = ['thanks', 'not-sent'];

/** Where the content lives: `content/` in the folder the command runs from (the loader is bundled). */
export function contentRoot(): string {
  return path.join(process.cwd(), 'content');
}

/**
 * The openings still advertised on `today` (YYYY-MM-DD, the build date by default): a job whose
 * validThrough has passed is not built, listed or offered on the form.
 */
export function openJobs(content: Pick<Content, 'jobs'>, today = buildDate().toISOString().slice(0, 10)): JobOpening[] {
  return content.jobs.filter((job) => job.validThrough >= today);
}

/** A fingerprint of every file under content/: its path and its bytes. Equal fingerprints, equal content. */
export function contentHash(root: string = contentRoot()): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' }).sort()) {
    const absolute = path.join(root, file);
    if (!statSync(absolute).isFile()) continue;
    hash.update(`${file}\0${statSync(absolute).size}\0`).update(readFileSync(absolute));
  }
  return hash.digest('hex');
}

export interface ContentSnapshot {
  /** contentHash() of the files the content was read from. */
  hash: string;
  content: Content;
}
