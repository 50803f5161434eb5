/** The one Database type for supabase-js: the job_applications table as the migration defines it. */
export interface JobApplication {
  id: string;
  created_at: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  position: string;
  experience: string;
  availability: string;
  has_transportation: boolean;
  has_license: boolean;
  cover_letter: string;
  /** Key of the resume in the private bucket 'resumes', or null. */
  resume_url: string | null;
}

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
