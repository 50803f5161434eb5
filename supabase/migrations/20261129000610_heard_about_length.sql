-- Issue 39, item 6 (review): every lead-source column has a length limit in the database, whoever writes it
-- (20261127000500_lead_origin.sql), but for heard_about, which had only its pattern: a code of any length passed.
-- The form functions store only a code the form offers (leadOrigin.ts heardAboutOf), and content codes are at
-- most 40 characters (schemas/*-form.schema.json): the database now holds them to that too.

alter table public.inquiries
  add constraint inquiries_heard_about_length check (char_length(heard_about) <= 40);

alter table public.job_applications
  add constraint job_applications_heard_about_length check (char_length(heard_about) <= 40);
