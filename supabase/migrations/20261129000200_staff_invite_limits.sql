-- Invitations limited per address and per hour (issue 39, item 5c). An admin could "invite again" without end (an
-- outside review sent 21 invitation e-mails to one address in a minute), and invite any number of new addresses.
-- Now, counted in the database from the outbox's 'staff_invite' rows (one per invitation e-mail queued, kept once
-- sent), so that no client can go around it:
--   - at most 3 invitations to one member (one account, so one address) in any hour;
--   - at most 20 invitations in all, for the agency, in any hour.
-- Past either, public.staff_invite refuses (P0001, hint 'invite_limit') with a plain message that says when to try
-- again, in the office's time, and changes nothing: no access given, no e-mail queued. The staff function answers
-- it with 429 and the message, which the Staff view shows as it shows the function's other refusals. The check
-- runs after private.staff_admin_acting, which locks the active admins' rows: two invitations at once, from one
-- admin or two, are counted one after the other, so they cannot both take the last place.
-- public.staff_invite_check asks the same question before the staff function creates an account for a new address,
-- so that a refused invitation leaves no account behind.

-- The hour's count of invitations of one kind is read from here: the outbox's staff invitations by time.
create index if not exists notification_outbox_staff_invite_idx on public.notification_outbox (created_at) where kind = 'staff_invite';

-- "10:42 am": the minute at or after p_at, on the office's clock.
create or replace function private.staff_invite_time(p_at timestamptz, p_zone text) returns text
language sql
stable
set search_path = ''
as $$
  select pg_catalog.to_char(
    pg_catalog.date_trunc('minute', p_at at time zone p_zone)
      + case when p_at at time zone p_zone > pg_catalog.date_trunc('minute', p_at at time zone p_zone) then interval '1 minute' else interval '0' end,
    'FMHH12:MI am')
$$;

-- Refuses when p_member (null: an address with no account yet) was sent 3 invitations in the past hour, or the
-- agency 20. The message says when the oldest of those that count leaves the hour, rounded up to the minute, in
-- the office's time zone (public.office_settings).
create or replace function private.staff_invite_limit(p_member uuid) returns void
language plpgsql
set search_path = ''
as $$
declare
  per_member constant integer := 3;
  per_hour constant integer := 20;
  tz text;
  free_at timestamptz;
begin
  select coalesce((select z.time_zone from public.office_settings as z), 'UTC') into tz;
  if p_member is not null then
    -- The per_member-th newest of the hour: when it is an hour old, one more may go.
    select o.created_at into free_at from public.notification_outbox as o
    where o.kind = 'staff_invite' and o.staff_user_id = p_member and o.created_at > pg_catalog.now() - interval '1 hour'
    order by o.created_at desc offset per_member - 1 limit 1;
    if found then
      raise exception 'This address was sent % invitations in the past hour. Try again after %.', per_member,
        private.staff_invite_time(free_at + interval '1 hour', tz)
        using errcode = 'P0001', hint = 'invite_limit';
    end if;
  end if;
  select o.created_at into free_at from public.notification_outbox as o
  where o.kind = 'staff_invite' and o.created_at > pg_catalog.now() - interval '1 hour'
  order by o.created_at desc offset per_hour - 1 limit 1;
  if found then
    raise exception 'Too many invitations this hour: the dashboard sends at most % an hour. Try again after %.', per_hour,
      private.staff_invite_time(free_at + interval '1 hour', tz)
      using errcode = 'P0001', hint = 'invite_limit';
  end if;
end
$$;

revoke execute on function private.staff_invite_limit(uuid), private.staff_invite_time(timestamptz, text) from public, anon, authenticated, service_role;

-- As in 20261127001250_staff_invite_outbox.sql, with the limits checked once the admin is (and the admins' rows
-- are locked), before anything changes.
create or replace function public.staff_invite(p_actor uuid, p_member uuid, p_name text, p_role text) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  was_active boolean;
  before text;
  queued uuid;
begin
  if p_role is null or p_role not in ('staff', 'admin') then
    raise exception 'The role must be staff or admin' using errcode = '22023';
  end if;
  perform private.staff_admin_acting(p_actor);
  if p_member = p_actor then
    raise exception 'You are on the staff already.' using errcode = '22023';
  end if;
  perform private.staff_invite_limit(p_member);
  perform pg_catalog.set_config('staff.invited', 'true', true);
  select s.active, s.role into was_active, before from public.staff as s where s.user_id = p_member for update;
  if not found then
    insert into public.staff (user_id, display_name, role, active) values (p_member, p_name, p_role, true);
  else
    update public.staff as s set display_name = p_name, role = p_role, active = true where s.user_id = p_member;
    if was_active then
      insert into public.staff_events (actor, member, kind, role) values (p_actor, p_member, 'invited', p_role);
    end if;
  end if;
  perform pg_catalog.set_config('staff.invited', '', true);
  insert into public.notification_outbox (kind, staff_user_id) values ('staff_invite', p_member) returning id into queued;
  return queued;
end
$$;

-- Whether the admin p_actor may invite p_member now (null: an address with no account yet): refuses as
-- public.staff_invite would (not an admin: 42501; past a limit: the same message and hint), changes nothing. The
-- staff function asks before it creates an account; public.staff_invite checks again when it gives access.
create or replace function public.staff_invite_check(p_actor uuid, p_member uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.staff_admin_acting(p_actor);
  perform private.staff_invite_limit(p_member);
end
$$;

revoke execute on function public.staff_invite(uuid, uuid, text, text), public.staff_invite_check(uuid, uuid) from public, anon, authenticated;
grant execute on function public.staff_invite(uuid, uuid, text, text), public.staff_invite_check(uuid, uuid) to service_role;
