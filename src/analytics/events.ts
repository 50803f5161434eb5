/**
 * The typed catalogue of the analytics events the site sends (spec section 7), so that a misspelt event or
 * property does not compile. Every call goes through `Track` (src/analytics/start.ts) or the declarative
 * `trackAttributes` markup (src/analytics/markup.ts); nothing else names an event.
 *
 * Personal data. Session recordings never hold form fields (DESIGN 15, `ph-no-capture`), network payloads or
 * console logs, and /admin is never recorded (options.ts). Events are a separate stream, but they go to the same
 * third party and are kept there, so they carry no personal data either:
 * - The spec's `applicant_name` in `admin_action`, `resume_download_success` and `resume_download_failed` is
 *   replaced by `application_id`, the row's generated id. Staff can look the application up in the dashboard (RLS
 *   lets only them read it); to anyone else with access to the analytics project the id says nothing. A name would
 *   copy an applicant's identity to the analytics vendor for every click a member of staff makes.
 * - `search_performed` carries the length of the dashboard search and the number of rows it matched, never its
 *   text: staff type applicants' names and e-mail addresses into that box.
 * - `file_url` is the stored object's path (a generated key in the private bucket), never a signed URL, which
 *   would grant access to the file.
 */

import type { ServicePageView } from './servicePages.ts';

/** An event whose spec lists no properties: any property is a compile error. */
type NoProperties = Record<string, never>;

/** The hyphenated job code of an opening (e.g. "companion-caregiver"), never the applicant's words. */
type PositionCode = string;

export interface EventProperties {
  /** One per page load (and per route change inside /admin), beside posthog's own `$pageview`. */
  page_viewed: { path: string; search: string; hash: string; url: string; referrer: string };
  /** After `page_viewed`, on the pages of `SERVICE_PAGE_VIEWS` (servicePages.ts). */
  service_page_viewed: ServicePageView;
  /** A header, footer or in-page link to another page. `current_page` is filled in by the click script. */
  navigation_clicked: { destination: string; source: string; current_page: string };
  /** A link to a service page; `service_type` is the service's slug. */
  service_navigation_clicked: { service_type: string; source: string; current_page: string };
  /** A `tel:` link; the number where the link shows it. */
  phone_call_clicked: { source: string; phone_number?: string };
  /** A `mailto:` link. */
  email_clicked: { source?: string };
  get_started_clicked: NoProperties;
  consultation_clicked: NoProperties;
  /** A link or button that leads to the contact form. */
  contact_form_clicked: { source: string };
  view_all_services_clicked: NoProperties;
  file_downloaded: NoProperties;
  /** Each non-empty dashboard search input: its length and how many rows it matched, never the text. */
  search_performed: { query_length: number; results_count: number };
  /** A member of staff opened a record or downloaded a resume. */
  admin_action:
    | { action: 'download_resume' | 'view_application_details'; application_id: string; position: PositionCode }
    | { action: 'view_inquiry_details'; inquiry_id: string };
  resume_download_success: { application_id: string; file_url: string };
  /** `error_message` is the storage library's message (e.g. "Object not found"), never a file or person name. */
  resume_download_failed: { application_id: string; error_message: string };
  /** The site's own forms, once the Edge Function has answered: stored, refused as invalid, or not reached. */
  form_submitted: { form: 'application' | 'inquiry'; outcome: 'sent' | 'invalid' | 'failed' };
}

export type EventName = keyof EventProperties;

/**
 * The arguments after the event's name: the properties, which may be left out only when the event has none
 * (or none required). `track('get_started_clicked')`, `track('email_clicked')`, `track('phone_call_clicked',
 * { source: 'hero' })`.
 */
export type TrackArgs<E extends EventName> = Record<string, never> extends EventProperties[E]
  ? [properties?: EventProperties[E]]
  : [properties: EventProperties[E]];

/** The one way the site sends an event. */
export type Track = <E extends EventName>(event: E, ...properties: TrackArgs<E>) => void;

/** Events whose properties include `current_page`: the click script fills it with the page's path. */
export const PAGE_AWARE_EVENTS = ['navigation_clicked', 'service_navigation_clicked'] as const satisfies readonly {
  [E in EventName]: 'current_page' extends keyof EventProperties[E] ? E : never;
}[EventName][];

/** The spec's post-surgical page source, for `phone_call_clicked` and `contact_form_clicked`. */
export const POST_SURGICAL_SOURCE = 'post_surgical_recovery_cta';
