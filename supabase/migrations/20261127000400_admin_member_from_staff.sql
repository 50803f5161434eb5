-- Who filed a record under Spam as an admin is decided by public.staff, as everything else is (issue 29, a
-- follow-up to 20261127000000_staff_access.sql). private.is_admin_member, which the retention purge asks whether
-- the person who put a record at the spam stage was an admin (private.spam_filed_by), still read the role from
-- the account's app_metadata (auth.users.raw_app_meta_data), not from staff.role. So an admin demoted in
-- public.staff whose app_metadata still said admin still counted as one, and their filings went under the 30
-- days of the spam rule, under the applications' 12-month floor; and a member made admin in public.staff whose
-- app_metadata lacked the claim did not count.
--
-- Now a filing counts as an admin's (and goes under the spam rule) only when both hold:
-- 1. the filer IS an admin when the purge runs: an active row in public.staff with role 'admin'. The rule asks
--    who filed it, and the safe side of that question is "an admin whose judgment still stands": a filing by
--    someone since demoted or removed (not active) leaves the record to its list's normal period, which never
--    erases sooner than the spam rule would, and an admin can still erase it at once by hand;
-- 2. the filer WAS an admin when they filed it: the history (public.record_events) records who made a change
--    but not their role, so the role's history is kept from now on in private.staff_admin_since: the time a
--    member was last promoted to admin (their row's role changed to 'admin' from 'staff'). A filing before that
--    time was a plain staff member's, and stays one after a promotion (it follows the normal period). A row
--    inserted with role 'admin' (a new member who is an admin from the start, as npm run staff:add --admin
--    makes) and the admins of before this migration have no such time: before the role column the role was the
--    token's claim, which 20261127000000_staff_access.sql copied into staff.role, and no older change of role
--    is known, so their present role stands for their past filings, as it did until now.
-- The token's claim (app_metadata.role) plays no part in either; it stays a copy for the dashboard and the fast
-- first check of public.is_staff().

-- When each member was last promoted to admin (private: no API role reads or writes it; a trigger on
-- public.staff writes it, as security definer).
create table private.staff_admin_since (
  user_id uuid primary key references public.staff (user_id) on delete cascade,
  since timestamptz not null
);

revoke all on table private.staff_admin_since from public;
alter table private.staff_admin_since enable row level security;

create or replace function private.note_admin_promotion() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.staff_admin_since (user_id, since) values (new.user_id, pg_catalog.now())
  on conflict (user_id) do update set since = excluded.since;
  return null;
end
$$;

revoke execute on function private.note_admin_promotion() from public;

create trigger staff_promoted_to_admin
  after update of role on public.staff
  for each row
  when (new.role = 'admin' and old.role is distinct from 'admin')
  execute function private.note_admin_promotion();

-- True when the user is an active staff member with the admin role in public.staff (not app_metadata).
-- As in 20261127000100_spam_retention_floor.sql: same signature, stable, not security definer (only the
-- purge's functions, which run as the service role or the owner, call it), empty search_path, no grant.
create or replace function private.is_admin_member(p_user uuid) returns boolean
language sql
stable
set search_path = ''
as $$
  select p_user is not null and exists (
    select 1 from public.staff as s
    where s.user_id = p_user and s.active and s.role = 'admin'
  )
$$;

revoke execute on function private.is_admin_member(uuid) from public;

-- True when the user had not been promoted to admin after p_at: an admin at p_at if they are one now
-- (private.is_admin_member), since a member is an admin from their last promotion on.
create or replace function private.was_admin_at(p_user uuid, p_at timestamptz) returns boolean
language sql
stable
set search_path = ''
as $$
  select private.is_admin_member(p_user) and not exists (
    select 1 from private.staff_admin_since as a where a.user_id = p_user and a.since > p_at
  )
$$;

revoke execute on function private.was_admin_at(uuid, timestamptz) from public;

-- Who filed a record at the spam stage, as in 20261127000100_spam_retention_floor.sql (same signature), but an
-- 'admin' filing is one whose filer was an admin then and is one now (above).
create or replace function private.spam_filed_by(p_id uuid, p_spam_reason text) returns text
language sql
stable
set search_path = ''
as $$
  select case
    when e.id is not null then case when private.was_admin_at(e.actor, e.at) then 'admin' else 'staff' end
    when p_spam_reason is not null then 'bot'
    else 'staff'
  end
  from (select 1) as one
  left join lateral (
    select r.id, r.actor, r.at from public.record_events as r
    where r.record_id = p_id and r.kind = 'stage'
    order by r.id desc
    limit 1
  ) as e on true
$$;

revoke execute on function private.spam_filed_by(uuid, text) from public;
