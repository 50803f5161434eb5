/**
 * What every sender of the notification outbox shares (notify.ts sends the rows; staffInvite.ts and
 * acknowledgement.ts write the e-mails of some of them): the settings the content gives, the sender's
 * configuration, and one row as the claim returns it. Types only, so that the senders import this file and never
 * each other.
 */
import type { AcknowledgementSettings } from './acknowledgement.ts';
import type { Mailer } from './mail.ts';

/** What the content (site.yaml `notifications`, the agency's name, the openings) says; env may override `to`/`from`. */
export interface NotificationSettings {
  /** The agency's name: the sender's display name and the e-mails' signature. */
  agency: string;
  /** The sending address (a domain the mail service has verified). */
  from: string;
  /** The intake addresses that hear of each request. */
  to: string[];
  /** The reply promise, in hours: an inquiry still New after this long is overdue. */
  replyWithinHours: number;
  /** The openings by code, to say which one an application is for. */
  positions: Array<{ code: string; title: string }>;
  /** More than `moreThan` requests within `withinMinutes` come as one e-mail (site.yaml `notifications.burst`). */
  burst?: { moreThan: number; withinMinutes: number };
  /**
   * The most replies to senders in any hour (site.yaml `notifications.repliesPerHour`); past it they are held for an
   * admin (20261129000300_reply_cap.sql). Unset: no cap (a sender of an older build).
   */
  repliesPerHour?: number;
  /** The instant reply to each sender (content/replies.yaml, the office hours): acknowledgement.ts. */
  acknowledgement?: AcknowledgementSettings;
}

export interface NotifyConfig extends NotificationSettings {
  mailer: Mailer;
  /** The public site's origin, where /admin is. */
  siteUrl: string;
  /** Times are written in the agency's own zone. */
  timeZone?: string;
}

/** One claimed row, as public.claim_notifications returns it. */
export interface ClaimedNotification {
  id: string;
  kind: 'inquiry' | 'application' | 'digest' | 'burst' | 'staff_invite';
  record_id: string | null;
  record_created_at: string | null;
  position_code: string | null;
  digest_day: string | null;
  overdue: Array<{ id: string; created_at: string }> | null;
  /** A burst's requests; `unverified` ones came without the form's time token and are filed under Spam. */
  items?: Array<{ kind: 'inquiry' | 'application'; id: string; created_at: string; unverified: boolean }> | null;
  attempts: number;
  /** The deploy's own test request's e-mail (20261129200000_test_requests.sql): read from the row, not the claim. */
  deploy_test?: boolean;
}
