-- Staff managed in /admin by an admin (issue 32, item 4): the staff Edge Function (supabase/functions/staff)
-- invites, changes a member's role and removes a member, for an admin only. Every change of public.staff is
-- recorded in public.staff_events, an append-only log of its own (the records' history, public.record_events, is
-- about applications and inquiries, is kept and erased with them, and staff read it; who was given or denied
-- access is an admin's concern, and outlives any record).
--
-- 1. public.staff_events: one row per change of a member's access: 'invited' (an invitation e-mail queued; the
--    row was added, or given back, by the staff function), 'added' (a row added or given back any other way:
--    npm run staff:add), 'role_changed' and 'removed'. It names people by user id only (their names are in
--    public.staff, which keeps a removed member's row), with the role given and the role before. A trigger on
--    public.staff writes it, so no way of changing the table goes unrecorded; who did it (actor) is the admin the
--    staff function names in the same transaction, or nobody (the service role directly: npm run staff:add, the
--    table editor). Nobody may change or delete a row; only the service role reads it (the function shows it
--    to admins).
-- 2. public.staff_set_role and public.staff_remove: what the function calls, as the service role, naming the
--    admin who asked. Each checks in the database, in its own transaction, that the admin is still an active
--    admin, and refuses to leave the dashboard without one: the last active admin can neither demote nor remove
--    themselves. Security definer in public (the API's schema, so that the function reaches them), executable by
--    the service role only, like claim_notifications.

create table public.staff_events (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- The admin who made the change; null when the service role made it directly (npm run staff:add).
  actor uuid,
  -- The member whose access changed.
  member uuid not null,
  kind text not null check (kind in ('invited', 'added', 'role_changed', 'removed')),
  -- The member's role after the change, and before it (role_changed).
  role text check (role in ('staff', 'admin')),
  previous_role text check (previous_role in ('staff', 'admin'))
);

comment on table public.staff_events is 'Every change of staff access (invited, added, role changed, removed), append-only. Written by a trigger on public.staff; read by the service role (the staff function shows it to admins).';

create index staff_events_member_idx on public.staff_events (member);

revoke all on table public.staff_events from public, anon, authenticated, service_role;
grant select on table public.staff_events to service_role;
revoke all on sequence public.staff_events_id_seq from public, anon, authenticated, service_role;
alter table public.staff_events enable row level security;
create policy "service role reads staff events" on public.staff_events for select to service_role using (true);

create or replace function private.staff_events_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The staff events are a record: they cannot be changed or deleted' using errcode = '42501';
end
$$;

revoke execute on function private.staff_events_append_only() from public;

create trigger staff_events_no_update before update or delete on public.staff_events
  for each row execute function private.staff_events_append_only();
create trigger staff_events_no_truncate before truncate on public.staff_events
  for each statement execute function private.staff_events_append_only();

-- Records a change of public.staff. The staff function's calls set staff.actor (the admin) and staff.invited (an
-- invitation) for their own transaction; anything else has neither.
create or replace function private.record_staff_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := nullif(pg_catalog.current_setting('staff.actor', true), '')::uuid;
  invited boolean := coalesce(nullif(pg_catalog.current_setting('staff.invited', true), ''), 'false')::boolean;
  event_kind text;
begin
  if tg_op = 'INSERT' then
    if not new.active then
      return null;
    end if;
    event_kind := case when invited then 'invited' else 'added' end;
  elsif new.active and not old.active then
    event_kind := case when invited then 'invited' else 'added' end;
  elsif old.active and not new.active then
    event_kind := 'removed';
  elsif new.active and new.role is distinct from old.role then
    event_kind := 'role_changed';
  else
    return null;
  end if;
  insert into public.staff_events (actor, member, kind, role, previous_role)
  values (actor, new.user_id, event_kind, new.role, case when tg_op = 'UPDATE' and event_kind = 'role_changed' then old.role end);
  return null;
end
$$;

revoke execute on function private.record_staff_event() from public;

create trigger staff_events_recorded
  after insert or update of active, role on public.staff
  for each row execute function private.record_staff_event();

-- Refuses unless p_actor is an active admin now; takes the active admins' rows, so that two admins demoting each
-- other at once cannot both succeed and leave none.
create or replace function private.staff_admin_acting(p_actor uuid) returns void
language plpgsql
set search_path = ''
as $$
begin
  perform 1 from public.staff as s where s.active and s.role = 'admin' order by s.user_id for update;
  if not private.is_admin_member(p_actor) then
    raise exception 'Only an admin can manage staff' using errcode = '42501';
  end if;
  perform pg_catalog.set_config('staff.actor', p_actor::text, true);
end
$$;

revoke execute on function private.staff_admin_acting(uuid) from public;

-- Whether taking p_member out of the active admins leaves none.
create or replace function private.is_last_admin(p_member uuid) returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from public.staff as s where s.user_id = p_member and s.active and s.role = 'admin')
     and not exists (select 1 from public.staff as s where s.user_id <> p_member and s.active and s.role = 'admin')
$$;

revoke execute on function private.is_last_admin(uuid) from public;

-- Gives an active member the role 'staff' or 'admin'. Returns the role they had (null: no active member).
create or replace function public.staff_set_role(p_actor uuid, p_member uuid, p_role text) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  before text;
begin
  if p_role is null or p_role not in ('staff', 'admin') then
    raise exception 'The role must be staff or admin' using errcode = '22023';
  end if;
  perform private.staff_admin_acting(p_actor);
  select s.role into before from public.staff as s where s.user_id = p_member and s.active for update;
  if not found then
    return null;
  end if;
  if p_role = 'staff' and private.is_last_admin(p_member) then
    raise exception 'You are the only active admin, so you cannot make yourself staff. Make someone else an admin first.'
      using errcode = 'P0001', hint = 'last_admin';
  end if;
  update public.staff as s set role = p_role where s.user_id = p_member;
  return before;
end
$$;

-- Ends an active member's access (their sessions end with it: private.end_staff_sessions). False when there was
-- no active member to remove.
create or replace function public.staff_remove(p_actor uuid, p_member uuid) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.staff_admin_acting(p_actor);
  perform 1 from public.staff as s where s.user_id = p_member and s.active for update;
  if not found then
    return false;
  end if;
  if private.is_last_admin(p_member) then
    raise exception 'You are the only active admin, so you cannot remove yourself. Make someone else an admin first.'
      using errcode = 'P0001', hint = 'last_admin';
  end if;
  update public.staff as s set active = false where s.user_id = p_member;
  return true;
end
$$;

revoke execute on function public.staff_set_role(uuid, uuid, text), public.staff_remove(uuid, uuid) from public, anon, authenticated;
grant execute on function public.staff_set_role(uuid, uuid, text), public.staff_remove(uuid, uuid) to service_role;
