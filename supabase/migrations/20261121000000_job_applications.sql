-- Job applications sent from the careers page, and the private bucket of their resumes.
-- Personal data: only staff may read it (RLS), and nobody but the service role may write it.
-- Staff = app_metadata.role = 'staff' in the user's JWT; only the service role can set app_metadata.

create table public.job_applications (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text not null,
  -- Hyphenated codes, shown as capitalised words: 'companion-caregiver' -> 'Companion Caregiver'.
  position text not null check (position ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  experience text not null check (experience ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  availability text not null check (availability ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  has_transportation boolean not null default false,
  has_license boolean not null default false,
  cover_letter text not null default '',
  -- Key of the resume in the storage bucket 'resumes' (a generated key, e.g. '<id>/<uuid>.pdf'), or null.
  resume_url text
);

comment on table public.job_applications is 'Job applications from the careers page. Personal data: staff read only.';

-- The dashboard lists newest first and pages through the list.
create index job_applications_created_at_idx on public.job_applications (created_at desc, id desc);

-- Explicit privileges: do not rely on default privileges, which differ between projects.
revoke all on table public.job_applications from anon, authenticated;
grant select on table public.job_applications to authenticated;
grant all on table public.job_applications to service_role;

alter table public.job_applications enable row level security;

-- The one definition of "staff". STABLE and wrapped in (select ...) below, so it runs once per statement.
create or replace function public.is_staff() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'role') = 'staff', false)
$$;

revoke execute on function public.is_staff() from public, anon;
grant execute on function public.is_staff() to authenticated, service_role;

create policy "staff read applications"
  on public.job_applications for select
  to authenticated
  using ((select public.is_staff()));

-- No insert, update or delete policy: only the service role (which bypasses RLS) writes applications.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('resumes', 'resumes', false, 10485760, array['application/pdf'])
on conflict (id) do nothing;

create policy "staff read resumes"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'resumes' and (select public.is_staff()));
