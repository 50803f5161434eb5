-- Erasure: an admin removes a person's record for good (a request to be forgotten, a record sent by mistake).
-- public.erase_record(list, id) deletes the row; its notes go with it (on delete cascade), and so do its
-- notification_outbox rows (on delete cascade, 20261126000000); its history keeps exactly one event, 'erased',
-- telling who (auth.uid()) and when, and nothing of the person. The resume file cannot be removed in SQL on
-- Supabase (storage.objects is the Storage API's to change): the function hands its key back, and the dashboard
-- removes the object through the Storage API, which the policy below lets an admin do once no application names
-- it. If that fails, the purge's sweep of orphaned resumes (public.orphan_resumes) removes it on a later run.
-- Who may erase is decided here, not in the dashboard: anyone but an admin is refused with 42501.

-- The one definition of "admin" (DESIGN decision 16): staff who may also export and erase. Only the service role
-- can set app_metadata (npm run staff:add -- <email> --admin).
create or replace function public.is_admin() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'role') = 'admin', false)
$$;

revoke execute on function public.is_admin() from public, anon;
grant execute on function public.is_admin() to authenticated, service_role;

alter table public.record_events drop constraint record_events_kind_check;
alter table public.record_events add constraint record_events_kind_check
  check (kind in ('created', 'stage', 'owner', 'note', 'note_edited', 'note_deleted', 'deleted', 'erased'));

-- As in 20261125000200_record_events.sql, but a row deleted by erase_record leaves 'erased' (by the admin)
-- instead of 'deleted': an event cannot be removed once written, so the kind is decided before it is. The
-- setting is local to erase_record's transaction and names the one row it erases.
create or replace function private.record_workflow_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  list text := case tg_table_name when 'job_applications' then 'applications' else 'inquiries' end;
  actor uuid := auth.uid();
begin
  if tg_op = 'INSERT' then
    insert into public.record_events (list, record_id, kind, actor, to_value, at)
    values (list, new.id, 'created', actor, new.stage, new.created_at);
  elsif tg_op = 'UPDATE' then
    if new.stage is distinct from old.stage then
      insert into public.record_events (list, record_id, kind, actor, from_value, to_value)
      values (list, new.id, 'stage', actor, old.stage, new.stage);
    end if;
    if new.owner is distinct from old.owner then
      insert into public.record_events (list, record_id, kind, actor, from_value, to_value)
      values (list, new.id, 'owner', actor, old.owner::text, new.owner::text);
    end if;
  else
    insert into public.record_events (list, record_id, kind, actor)
    values (list, old.id, case when pg_catalog.current_setting('app.erasing', true) = old.id::text then 'erased' else 'deleted' end, actor);
    return old;
  end if;
  return new;
end
$$;

revoke execute on function private.record_workflow_event() from public;

-- Erases one record. Returns { list, id, resume_url }: the resume's key for the caller to remove through the
-- Storage API, or null. A record that is not there (erased meanwhile by another admin) is refused with P0002.
create or replace function public.erase_record(p_list text, p_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  resume text;
  erased boolean;
begin
  if not public.is_admin() then
    raise exception 'Only an admin can erase a record' using errcode = '42501';
  end if;
  if p_list is null or p_list not in ('applications', 'inquiries') then
    raise exception 'Unknown list "%": expected applications or inquiries', p_list using errcode = '22023';
  end if;
  perform pg_catalog.set_config('app.erasing', p_id::text, true);
  if p_list = 'applications' then
    delete from public.job_applications as a where a.id = p_id returning a.resume_url into resume;
  else
    delete from public.inquiries as i where i.id = p_id;
  end if;
  erased := found;
  perform pg_catalog.set_config('app.erasing', '', true);
  if not erased then
    raise exception 'There is no % with id %: it may have been erased already', case p_list when 'applications' then 'application' else 'inquiry' end, p_id
      using errcode = 'P0002';
  end if;
  return pg_catalog.jsonb_build_object('list', p_list, 'id', p_id, 'resume_url', resume);
end
$$;

revoke execute on function public.erase_record(text, uuid) from public, anon;
grant execute on function public.erase_record(text, uuid) to authenticated;

-- An admin may remove a resume file, and only one that no application names any more: the one of a record just
-- erased. A resume still attached to an application cannot be removed from under it, by mistake or otherwise.
-- Storage's remove() reads the object first, which "staff read resumes" allows.
create policy "admins delete resumes of erased records"
  on storage.objects for delete
  to authenticated
  using (
    bucket_id = 'resumes'
    and (select public.is_admin())
    and not exists (select 1 from public.job_applications as a where a.resume_url = objects.name)
  );
