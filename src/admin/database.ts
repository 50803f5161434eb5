/**
 * The one Database type for supabase-js. Each row is derived from the schema its Edge Function validates
 * with (submit-application, submit-inquiry), so the forms, the functions and the dashboard agree.
 */
import type { JobApplicationRow } from '../../supabase/functions/_shared/application.ts';
import type { InquiryRow } from '../../supabase/functions/_shared/inquiry.ts';

export type JobApplication = JobApplicationRow;
export type Inquiry = InquiryRow;

type Table<Row extends { id: string; created_at: string }> = {
  Row: Row;
  Insert: Omit<Row, 'id' | 'created_at'> & Partial<Pick<Row, 'id' | 'created_at'>>;
  Update: Partial<Row>;
  Relationships: [];
};

export interface Database {
  public: {
    Tables: {
      job_applications: Table<JobApplication>;
      inquiries: Table<Inquiry>;
    };
    Views: Record<never, never>;
    Functions: { is_staff: { Args: Record<never, never>; Returns: boolean } };
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
}
