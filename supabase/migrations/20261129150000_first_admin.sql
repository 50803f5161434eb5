-- The first admin of a new project (issue 41): `npm run deploy` invites the person FIRST_ADMIN_EMAIL names, once,
-- so that nobody has to run `npm run staff:add` in a terminal with the service-role key. It calls this function
-- as the service role after making (or finding) their account. It gives them active admin access and queues their
-- invitation e-mail, as public.staff_invite does for an admin's invitation (the same outbox row, the same sender,
-- the same 'invited' record in public.staff_events, with no actor: the deploy did it).
--
-- Once only: when the project has ever had an admin (active or removed since), it changes nothing and returns
-- null, whatever FIRST_ADMIN_EMAIL says now; admins invite everyone after that from /admin > Staff. The table is
-- locked against other writers for the check and the insert, so two deploys at once cannot both find no admin.
create or replace function public.invite_first_admin(p_member uuid, p_name text) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued uuid;
begin
  if p_name is null or btrim(p_name) = '' then
    raise exception 'The first admin needs a name' using errcode = '22023';
  end if;
  lock table public.staff in share row exclusive mode;
  if exists (select 1 from public.staff as s where s.role = 'admin') then
    return null;
  end if;
  perform pg_catalog.set_config('staff.invited', 'true', true);
  insert into public.staff (user_id, display_name, role, active) values (p_member, btrim(p_name), 'admin', true)
    on conflict (user_id) do update set display_name = excluded.display_name, role = 'admin', active = true;
  perform pg_catalog.set_config('staff.invited', '', true);
  insert into public.notification_outbox (kind, staff_user_id) values ('staff_invite', p_member) returning id into queued;
  return queued;
end
$$;

comment on function public.invite_first_admin(uuid, text) is 'npm run deploy: the first admin (FIRST_ADMIN_EMAIL), given access and invited once; null when the project has had an admin. Service role only.';

revoke execute on function public.invite_first_admin(uuid, text) from public, anon, authenticated;
grant execute on function public.invite_first_admin(uuid, text) to service_role;
