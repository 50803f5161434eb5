-- Where each application and inquiry stands: a stage, an owner, and when the stage last changed.
-- The stages of each list are content (content/workflow.yaml). The build writes supabase/workflow.generated.sql,
-- which calls private.sync_workflow_stages() to keep the two lookup tables below in step with the content;
-- the records' stage columns reference them, so the database itself refuses a stage it does not know.
-- Staff may change the stage and the owner of a record and nothing else: column privileges say which columns,
-- RLS says which users. What the visitor sent stays as it was sent.

create table public.application_stages (
  code text primary key check (code ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  label text not null check (char_length(label) between 1 and 60),
  -- The content's order: new records start at the lowest.
  position integer not null,
  -- A closed stage ends the record (hired, not a fit).
  closed boolean not null default false
);

create table public.inquiry_stages (like public.application_stages including all);

comment on table public.application_stages is 'The stages of job applications, from content/workflow.yaml (supabase/workflow.generated.sql).';
comment on table public.inquiry_stages is 'The stages of inquiries, from content/workflow.yaml (supabase/workflow.generated.sql).';

-- Every record so far is new. The generated sync adds the content's other stages.
insert into public.application_stages (code, label, position, closed) values ('new', 'New', 0, false);
insert into public.inquiry_stages (code, label, position, closed) values ('new', 'New', 0, false);

revoke all on table public.application_stages, public.inquiry_stages from anon, authenticated;
grant select on table public.application_stages, public.inquiry_stages to authenticated;
-- Read by every API role that needs them; written only by private.sync_workflow_stages (the generated SQL), so
-- the stages are always the content's.
grant select on table public.application_stages, public.inquiry_stages to service_role;
alter table public.application_stages enable row level security;
alter table public.inquiry_stages enable row level security;
create policy "staff read application stages" on public.application_stages for select to authenticated using ((select public.is_staff()));
create policy "staff read inquiry stages" on public.inquiry_stages for select to authenticated using ((select public.is_staff()));

alter table public.job_applications
  add column stage text not null default 'new' references public.application_stages (code),
  -- A staff member (public.staff), or null: nobody has taken it yet.
  add column owner uuid references public.staff (user_id) on delete set null,
  add column stage_changed_at timestamptz not null default now();
alter table public.inquiries
  add column stage text not null default 'new' references public.inquiry_stages (code),
  add column owner uuid references public.staff (user_id) on delete set null,
  add column stage_changed_at timestamptz not null default now();

-- New records start at the content's first stage (set by the trigger below), not at a fixed code.
alter table public.job_applications alter column stage drop default;
alter table public.inquiries alter column stage drop default;
update public.job_applications set stage_changed_at = created_at;
update public.inquiries set stage_changed_at = created_at;

create index job_applications_owner_idx on public.job_applications (owner);
create index inquiries_owner_idx on public.inquiries (owner);

-- Before a record is stored or changed: a new record starts at the first stage (unless the service role
-- files it elsewhere, e.g. suspected spam); a stage change stamps stage_changed_at; an owner must be an active
-- staff member. SECURITY DEFINER so that it reads the lookup tables whoever writes.
create or replace function private.workflow_before_write() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  stage_table text := case tg_table_name when 'job_applications' then 'application_stages' else 'inquiry_stages' end;
begin
  if tg_op = 'INSERT' then
    if new.stage is null then
      execute pg_catalog.format('select s.code from public.%I as s order by s.position, s.code limit 1', stage_table) into new.stage;
    end if;
    new.stage_changed_at := coalesce(new.created_at, pg_catalog.now());
  elsif new.stage is distinct from old.stage then
    new.stage_changed_at := pg_catalog.now();
  end if;
  if new.owner is not null and (tg_op = 'INSERT' or new.owner is distinct from old.owner)
     and not exists (select 1 from public.staff as s where s.user_id = new.owner and s.active) then
    raise exception 'The owner % is not an active staff member', new.owner
      using errcode = '23503', hint = 'Give the record to a colleague in the staff list, or to nobody.';
  end if;
  return new;
end
$$;

revoke execute on function private.workflow_before_write() from public;

create trigger job_applications_workflow before insert or update on public.job_applications
  for each row execute function private.workflow_before_write();
create trigger inquiries_workflow before insert or update on public.inquiries
  for each row execute function private.workflow_before_write();

grant update (stage, owner) on table public.job_applications to authenticated;
grant update (stage, owner) on table public.inquiries to authenticated;

create policy "staff work applications"
  on public.job_applications for update
  to authenticated
  using ((select public.is_staff()))
  with check ((select public.is_staff()));

create policy "staff work inquiries"
  on public.inquiries for update
  to authenticated
  using ((select public.is_staff()))
  with check ((select public.is_staff()));

-- Brings a list's stages in line with the content: adds and relabels, reorders, and removes a stage only when
-- no record is at it. A removed stage still in use is refused with a message naming the stage and the count,
-- and nothing is changed. Called by supabase/workflow.generated.sql as the database owner; no API role may.
create or replace function private.sync_workflow_stages(list text, stages jsonb) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  stage_table text;
  record_table text;
  removed text;
  used integer;
begin
  case list
    when 'applications' then stage_table := 'application_stages'; record_table := 'job_applications';
    when 'inquiries' then stage_table := 'inquiry_stages'; record_table := 'inquiries';
    else raise exception 'Unknown list "%": expected applications or inquiries', list;
  end case;
  if pg_catalog.jsonb_typeof(stages) <> 'array' or pg_catalog.jsonb_array_length(stages) = 0 then
    raise exception 'The stages of % must be a non-empty JSON array', list;
  end if;

  for removed in execute pg_catalog.format(
    'select s.code from public.%I as s where not exists (select 1 from pg_catalog.jsonb_array_elements($1) as e(item) where e.item ->> ''code'' = s.code) order by s.position',
    stage_table) using stages
  loop
    execute pg_catalog.format('select count(*) from public.%I as r where r.stage = $1', record_table) into used using removed;
    if used > 0 then
      raise exception 'content/workflow.yaml: the stage "%" was removed from %, but % still at it, so the database refuses the change. Move % to another stage in /admin first, or keep the stage.',
        removed, list,
        used || ' ' || case when list = 'inquiries' then (case when used = 1 then 'inquiry is' else 'inquiries are' end) else (case when used = 1 then 'application is' else 'applications are' end) end,
        case when used = 1 then 'it' else 'them' end
        using errcode = '23503';
    end if;
    execute pg_catalog.format('delete from public.%I as s where s.code = $1', stage_table) using removed;
  end loop;

  execute pg_catalog.format(
    'insert into public.%I as s (code, label, position, closed)
     select e.item ->> ''code'', e.item ->> ''label'', (e.ord - 1)::integer, coalesce((e.item ->> ''closed'')::boolean, false)
     from pg_catalog.jsonb_array_elements($1) with ordinality as e(item, ord)
     on conflict (code) do update set label = excluded.label, position = excluded.position, closed = excluded.closed',
    stage_table) using stages;
end
$$;

revoke execute on function private.sync_workflow_stages(text, jsonb) from public;
