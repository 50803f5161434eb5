/** What the inquiries list reads: every column but the message, which is read when one inquiry is opened. */
import type { Inquiry } from '../database.ts';
import { ORIGIN_COLUMNS } from './origin.ts';

export const INQUIRY_COLUMNS = `id, created_at, name, phone, email, care_for, town, services, call_time, page, consent_version, consented_at, stage, owner, stage_changed_at, first_reply_at, spam_reason, ${ORIGIN_COLUMNS}`;

export type InquirySummary = Omit<Inquiry, 'message'>;
