-- Staff: two roles, and a profile per staff member.
-- 1. app_metadata.role 'staff' works the records; 'admin' does too, and later also exports and erases
--    (DESIGN decision 16). public.is_staff() is the one definition, so every policy that says "staff" admits both.
-- 2. public.staff: the name colleagues see beside what a staff member did (owner, note author, history).
--    Written only by the service role (`npm run staff:add`), read only by staff: names of staff are not public.

create or replace function public.is_staff() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'role') in ('staff', 'admin'), false)
$$;

create table public.staff (
  user_id uuid primary key references auth.users (id) on delete cascade,
  display_name text not null check (char_length(display_name) between 1 and 80 and display_name ~ '\S'),
  -- False once staff access is taken away: the name still labels their past work, but nothing new can be
  -- given to them.
  active boolean not null default true,
  created_at timestamptz not null default now()
);

comment on table public.staff is 'Staff members'' display names. Staff read only; the service role writes (npm run staff:add).';

revoke all on table public.staff from anon, authenticated;
grant select on table public.staff to authenticated;
grant all on table public.staff to service_role;

alter table public.staff enable row level security;

create policy "staff read staff"
  on public.staff for select
  to authenticated
  using ((select public.is_staff()));
