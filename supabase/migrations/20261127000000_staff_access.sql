-- Staff access ends when an admin says so (issue 29, item 2). Until now "staff" and "admin" were read from the
-- access token alone (app_metadata.role), so a member removed with `npm run staff:add -- <email> --remove` kept
-- reading every application and inquiry, moving records and writing notes with the token they held, for up to
-- the hour it lives. Now the database decides, from public.staff:
-- 1. public.staff.role ('staff' | 'admin'): who may also export and erase. Written with `active` by the service
--    role only (`npm run staff:add`), as the rest of the table; the token's claim is only a copy for the dashboard
--    to choose what to offer, and for a fast first check.
-- 2. public.is_staff(): no claim of staff or admin in the token, false at once (no table read: a visitor still
--    just sees nothing, and the service role, which has no such claim and bypasses RLS, is unaffected). A claim,
--    and an active row for auth.uid(): true. A claim, and no active row: the person's access has ended since the
--    token was made, and the request is refused with 42501 'Staff access has ended for this account', rather
--    than answered with empty lists, so that the dashboard can tell them and return to the sign-in form.
--    public.is_admin(): the same, and true only for an active row whose role is 'admin' (a demoted admin's token
--    still says admin; erase_record and record_export then refuse them). Every policy and function that says
--    "staff" or "admin" calls one of the two, so each decides from the table now: the lists, the stage lists,
--    the history, the notes, the staff names, the exports and purges lists, the notifications and their retry,
--    the resumes bucket, erase_record and record_export.
-- 3. A row that stops being active (staff:add --remove, or anyone with the table editor) ends that person's
--    sessions in the same transaction: their auth.sessions rows and refresh tokens are deleted, as GoTrue's own
--    sign-out does, so they cannot refresh and must sign in again, and then get no staff claim.
-- Both functions are security definer (they read public.staff whatever its policies say; the "staff read staff"
-- policy calls is_staff() itself) with an empty search_path, and stay executable by authenticated and
-- service_role only.

alter table public.staff add column role text not null default 'staff' check (role in ('staff', 'admin'));

comment on column public.staff.role is 'staff works the records; admin also exports and erases. Decides with active (public.is_staff, public.is_admin); npm run staff:add writes both.';

-- The admins of today are the rows whose account's claim says admin.
update public.staff as s
set role = 'admin'
from auth.users as u
where u.id = s.user_id and (u.raw_app_meta_data ->> 'role') = 'admin';

-- Accounts given access by the claim alone, without a profile, keep it: they get their row, named from the
-- e-mail address as staff:add does by default.
insert into public.staff (user_id, display_name, role)
select u.id,
       coalesce(nullif(left(pg_catalog.btrim(split_part(coalesce(u.email, ''), '@', 1)), 80), ''), 'Staff member'),
       u.raw_app_meta_data ->> 'role'
from auth.users as u
where (u.raw_app_meta_data ->> 'role') in ('staff', 'admin')
  and not exists (select 1 from public.staff as s where s.user_id = u.id);

create or replace function public.is_staff() returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce((auth.jwt() -> 'app_metadata' ->> 'role') in ('staff', 'admin'), false) is false then
    return false;
  end if;
  if exists (select 1 from public.staff as s where s.user_id = auth.uid() and s.active) then
    return true;
  end if;
  raise exception 'Staff access has ended for this account'
    using errcode = '42501', hint = 'An admin has removed this account''s staff access. Sign in again if it has been given back.';
end
$$;

revoke execute on function public.is_staff() from public, anon;
grant execute on function public.is_staff() to authenticated, service_role;

create or replace function public.is_admin() returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- Refuses, as is_staff() does, a token whose staff access has ended.
  if not public.is_staff() then
    return false;
  end if;
  return exists (select 1 from public.staff as s where s.user_id = auth.uid() and s.active and s.role = 'admin');
end
$$;

revoke execute on function public.is_admin() from public, anon;
grant execute on function public.is_admin() to authenticated, service_role;

-- Ends every session of a member whose row stops being active. Deleting a session takes its refresh tokens with
-- it (on delete cascade); tokens of GoTrue's older kind, with no session, are deleted by user.
create or replace function private.end_staff_sessions() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from auth.refresh_tokens as t where t.user_id = new.user_id::text;
  delete from auth.sessions as s where s.user_id = new.user_id;
  return null;
end
$$;

revoke execute on function private.end_staff_sessions() from public;

create trigger staff_access_ended
  after insert or update of active on public.staff
  for each row
  when (not new.active)
  execute function private.end_staff_sessions();
