-- The staff invitation e-mail goes through the notification outbox (issue 32, item 4), like every other e-mail:
-- queued in the same transaction as the member's row, sent by the same sender (supabase/functions/_shared/notify.ts
-- hands it to staffInvite.ts), retried with the same backoff, and a failure shown in the dashboard.
-- As the rest of the outbox, the row holds no personal data: the kind 'staff_invite' and the member's user id.
-- The sender reads their address and name, and makes the link to set a password, when it sends.

alter table public.notification_outbox drop constraint notification_outbox_kind_check;
alter table public.notification_outbox
  add constraint notification_outbox_kind_check check (kind in ('inquiry', 'application', 'digest', 'burst', 'staff_invite'));

-- The member invited; their outbox rows go with their staff row (the account's deletion).
alter table public.notification_outbox add column staff_user_id uuid references public.staff (user_id) on delete cascade;
create index notification_outbox_staff_user_idx on public.notification_outbox (staff_user_id) where staff_user_id is not null;

alter table public.notification_outbox drop constraint notification_outbox_subject;
alter table public.notification_outbox add constraint notification_outbox_subject check (
  case kind
    when 'inquiry' then inquiry_id is not null and application_id is null and digest_day is null and items is null and staff_user_id is null
    when 'application' then application_id is not null and inquiry_id is null and digest_day is null and items is null and staff_user_id is null
    when 'digest' then inquiry_id is null and application_id is null and digest_day is not null and items is null and staff_user_id is null
    when 'staff_invite' then staff_user_id is not null and inquiry_id is null and application_id is null and digest_day is null and items is null and not held
    else inquiry_id is null and application_id is null and digest_day is null and items is not null and not held and staff_user_id is null
  end);

-- Gives p_member (an account the staff function found or created) active staff access with p_role and the name
-- colleagues see, and queues their invitation e-mail, for the admin p_actor (checked here, in this transaction:
-- private.staff_admin_acting). The change is recorded as 'invited' (20261127001200_staff_events.sql); a member who
-- was active already (an invitation sent again, perhaps with another role) gets that record here. Returns the outbox row's id.
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

revoke execute on function public.staff_invite(uuid, uuid, text, text) from public, anon, authenticated;
grant execute on function public.staff_invite(uuid, uuid, text, text) to service_role;
