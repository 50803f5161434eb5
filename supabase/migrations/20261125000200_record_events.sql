-- The history of every application and inquiry: an append-only log written by triggers, never by a client.
-- Who (auth.uid(); null when the site's functions or the system did it), what, from, to, when. It holds no
-- personal data of the visitor (stage codes, staff ids, note ids), so it outlives the record it tells of.
-- No role can change or remove an event: no privilege is granted for it, and a trigger refuses it even to
-- the database owner.

create table public.record_events (
  id bigint generated always as identity primary key,
  list text not null check (list in ('applications', 'inquiries')),
  record_id uuid not null,
  kind text not null check (kind in ('created', 'stage', 'owner', 'note', 'note_edited', 'note_deleted', 'deleted')),
  actor uuid,
  -- stage: the codes; owner: the staff members' ids (null for nobody); note events: null.
  from_value text,
  to_value text,
  note_id uuid,
  at timestamptz not null default now()
);

comment on table public.record_events is 'Append-only history of applications and inquiries, written by triggers. Staff read only.';

create index record_events_record_idx on public.record_events (record_id, at desc, id desc);

revoke all on table public.record_events from anon, authenticated, service_role;
grant select on table public.record_events to authenticated, service_role;

alter table public.record_events enable row level security;

create policy "staff read events"
  on public.record_events for select
  to authenticated
  using ((select public.is_staff()));

create or replace function private.record_events_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'record_events is append-only: an event cannot be changed or removed'
    using errcode = '42501';
end
$$;

create trigger record_events_no_update before update or delete on public.record_events
  for each row execute function private.record_events_append_only();
create trigger record_events_no_truncate before truncate on public.record_events
  for each statement execute function private.record_events_append_only();

-- Writes the events of a change to an application or an inquiry. SECURITY DEFINER: the only writer of the log.
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
    insert into public.record_events (list, record_id, kind, actor) values (list, old.id, 'deleted', actor);
    return old;
  end if;
  return new;
end
$$;

revoke execute on function private.record_workflow_event() from public;

create trigger job_applications_events after insert or update or delete on public.job_applications
  for each row execute function private.record_workflow_event();
create trigger inquiries_events after insert or update or delete on public.inquiries
  for each row execute function private.record_workflow_event();

-- The records stored before the log existed get their 'created' event.
insert into public.record_events (list, record_id, kind, to_value, at)
select 'applications', id, 'created', stage, created_at from public.job_applications;
insert into public.record_events (list, record_id, kind, to_value, at)
select 'inquiries', id, 'created', stage, created_at from public.inquiries;
