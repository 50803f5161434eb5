/**
 * The one Database type for supabase-js, shared by the dashboard, the stand-in's demo data and the tests. What
 * a visitor sent is derived from the schema its Edge Function validates with (submit-application,
 * submit-inquiry), so the forms, the functions and the dashboard agree; what staff add (stage, owner, notes,
 * history) is the workflow's (supabase/migrations/20261125*). Staff may update only a record's stage and owner,
 * and a note's body: the Update types say no more than the column privileges allow.
 */
import type { JobApplicationRow } from '../supabase/functions/_shared/application.ts';
import type { InquiryRow } from '../supabase/functions/_shared/inquiry.ts';

/** Where a record stands (DESIGN decision 16). */
export type WorkflowColumns = {
  /** A stage code of content/workflow.yaml for this list. */
  stage: string;
  /** The staff member who has taken it (public.staff.user_id), or null. */
  owner: string | null;
  /** When the stage last changed (the arrival time until then). */
  stage_changed_at: string;
  /**
   * When staff first answered: the first move out of the first (or spam) stage to another; null until then. Set by
   * the database (20261127000800_first_reply.sql); absent where a read did not ask for it.
   */
  first_reply_at?: string | null;
};

/** The same fields as a type alias: supabase-js types a table's writes only for rows it can index by column name. */
type Plain<T> = { [K in keyof T]: T[K] };

/** What the visitor sent, as the Edge Function stores it. */
export type JobApplicationSent = Plain<JobApplicationRow>;
export type InquirySent = Plain<InquiryRow>;

export type JobApplication = JobApplicationSent & WorkflowColumns;
export type Inquiry = InquirySent & WorkflowColumns;

export type RecordList = 'applications' | 'inquiries';

/** 'admin': staff who may also export and erase. */
export type StaffRole = 'staff' | 'admin';

export type StaffMember = {
  user_id: string;
  display_name: string;
  active: boolean;
  created_at: string;
};

export type RecordNote = {
  id: string;
  application_id: string | null;
  inquiry_id: string | null;
  /** Set by the database to the signed-in user; null once that staff member's account is deleted. */
  author: string | null;
  body: string;
  created_at: string;
  edited_at: string | null;
};

/**
 * 'erased': by an admin (public.erase_record), the record's last event; 'exported': by an admin, to_value 'csv' or
 * 'json'; 'confirmed': its sender pressed "Send my request" on the page a post without JavaScript is answered with
 * (20261129100000_confirm_without_script.sql), from_value and to_value the stages it left and went to.
 */
export type RecordEventKind = 'created' | 'stage' | 'owner' | 'note' | 'note_edited' | 'note_deleted' | 'deleted' | 'erased' | 'exported' | 'confirmed';

export type RecordEvent = {
  id: number;
  list: RecordList;
  record_id: string;
  kind: RecordEventKind;
  /** Who did it; null when the site's functions or the system did. */
  actor: string | null;
  from_value: string | null;
  to_value: string | null;
  note_id: string | null;
  at: string;
};

/** One export of personal data by an admin (public.record_exports, written by public.record_export). */
export type RecordExport = {
  id: number;
  at: string;
  actor: string;
  list: RecordList;
  format: 'csv' | 'json';
  /** How many records it held. */
  records: number;
  /** The list's filters in words; a search as its length only. */
  filter: string;
};

/** What public.erase_record hands back: the resume's key, for the dashboard to remove through the Storage API. */
export type Erased = { list: RecordList; id: string; resume_url: string | null };

/** An e-mail to staff about a new request or the overdue ones, and its delivery (no personal data). */
export type NotificationRow = {
  id: string;
  kind: 'inquiry' | 'application' | 'digest' | 'burst' | 'staff_invite';
  inquiry_id: string | null;
  application_id: string | null;
  digest_day: string | null;
  overdue: Array<{ id: string; created_at: string }> | null;
  /** The instant reply to the request's sender, not the e-mail to staff (20261127000700_sender_acknowledgement.sql). */
  acknowledgement: boolean;
  /** 'capped': a reply held past the hourly cap for an admin; 'dropped': one an admin chose not to send (20261129000300_reply_cap.sql). */
  status: 'pending' | 'sent' | 'failed' | 'capped' | 'dropped';
  attempts: number;
  next_attempt_at: string;
  leased_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** A held reply: the admin who sent or dropped it, and when. */
  decided_by: string | null;
  decided_at: string | null;
};

export type StageRow = {
  code: string;
  label: string;
  position: number;
  closed: boolean;
  /** The stage suspected spam is filed under (content/workflow.yaml's spamStage). */
  spam: boolean;
};

type Table<Row, Insert, Update> = { Row: Row; Insert: Insert; Update: Update; Relationships: [] };
type RecordTable<Row extends { id: string; created_at: string } & WorkflowColumns, Sent> = Table<
  Row,
  Omit<Sent, 'id' | 'created_at'> & Partial<Pick<Row, 'id' | 'created_at' | 'stage' | 'owner'>>,
  Partial<Pick<Row, 'stage' | 'owner'>>
>;
type ReadOnly<Row> = Table<Row, never, never>;

export interface Database {
  public: {
    Tables: {
      job_applications: RecordTable<JobApplication, JobApplicationSent>;
      inquiries: RecordTable<Inquiry, InquirySent>;
      // Written by the service role only (npm run staff:add); staff read it.
      // role and active decide access in the database (public.is_staff, public.is_admin).
      staff: Table<StaffMember & { role: StaffRole }, Pick<StaffMember, 'user_id' | 'display_name'> & Partial<Pick<StaffMember, 'active'> & { role: StaffRole }>, Partial<Pick<StaffMember, 'display_name' | 'active'> & { role: StaffRole }>>;
      record_notes: Table<RecordNote, Pick<RecordNote, 'body'> & Partial<Pick<RecordNote, 'application_id' | 'inquiry_id'>>, Partial<Pick<RecordNote, 'body'>>>;
      record_events: ReadOnly<RecordEvent>;
      // Written by a trigger on each stored request and by the senders (service role); staff read it.
      notification_outbox: ReadOnly<NotificationRow>;
      record_exports: ReadOnly<RecordExport>;
      application_stages: ReadOnly<StageRow>;
      inquiry_stages: ReadOnly<StageRow>;
    };
    Views: Record<never, never>;
    Functions: {
      is_staff: { Args: Record<never, never>; Returns: boolean };
      is_admin: { Args: Record<never, never>; Returns: boolean };
      // Admins only (the database refuses anyone else with 42501): DESIGN decision 19.
      erase_record: { Args: { p_list: RecordList; p_id: string }; Returns: Erased };
      record_export: { Args: { p_list: RecordList; p_format: 'csv' | 'json'; p_ids: string[]; p_filter?: string }; Returns: number };
      // Staff put a failed notification e-mail back in line (20261126000000_notification_outbox.sql).
      retry_notification: { Args: { p_id: string }; Returns: undefined };
      // Admins send or drop the replies held past the hourly cap (20261129000300_reply_cap.sql); null ids: all.
      decide_held_replies: { Args: { p_decision: 'send' | 'drop'; p_ids?: string[] | null }; Returns: number };
      // npm run deploy, as the service role: the first admin, once (20261129150000_first_admin.sql); null: there is one.
      invite_first_admin: { Args: { p_member: string; p_name: string }; Returns: string | null };
    };
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
}
