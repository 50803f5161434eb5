/**
 * The one Database type for supabase-js. A job application's row is derived from the schema the
 * submit-application Edge Function validates with, so the form, the function and the dashboard agree.
 */
import type { JobApplicationRow } from '../../supabase/functions/_shared/application.ts';

export type JobApplication = JobApplicationRow;

export interface Database {
  public: {
    Tables: {
      job_applications: {
        Row: JobApplication;
        Insert: Omit<JobApplication, 'id' | 'created_at'> & Partial<Pick<JobApplication, 'id' | 'created_at'>>;
        Update: Partial<JobApplication>;
        Relationships: [];
      };
    };
    Views: Record<never, never>;
    Functions: { is_staff: { Args: Record<never, never>; Returns: boolean } };
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
}
