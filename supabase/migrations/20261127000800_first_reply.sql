-- First reply, measured (issue 31). A request's first reply is its first stage change out of its list's first
-- stage (or out of the spam stage, for a post first taken for spam) to any stage other than those two: New ->
-- Contacted and New -> Not a fit are replies; New -> Spam and Spam -> New are not. The workflow trigger stamps
-- first_reply_at at that moment, once; nobody can set or change it (the trigger keeps the stored value on every
-- later update). Waiting and Overdue stop there, and the reports measure it (from the history, which holds the
-- same stage changes, so erased records still count: 20261127000820_reports.sql).
--
-- Each list also names its success stage (content/workflow.yaml `successStage`: became-a-client, hired), which the
-- generated SQL flags like the spam stage, so the reports know what "converted" and "hired" mean.

alter table public.application_stages add column success boolean not null default false;
alter table public.inquiry_stages add column success boolean not null default false;
create unique index application_stages_one_success on public.application_stages (success) where success;
create unique index inquiry_stages_one_success on public.inquiry_stages (success) where success;
alter table public.application_stages add constraint application_stages_success_not_spam check (not (success and spam));
alter table public.inquiry_stages add constraint inquiry_stages_success_not_spam check (not (success and spam));

alter table public.job_applications add column first_reply_at timestamptz;
alter table public.inquiries add column first_reply_at timestamptz;
comment on column public.job_applications.first_reply_at is 'When staff first moved the application out of the first (or spam) stage to another: the first contact. Set by the workflow trigger only.';
comment on column public.inquiries.first_reply_at is 'When staff first moved the inquiry out of the first (or spam) stage to another: the first reply. Set by the workflow trigger only.';

-- The records stored before: their first reply is in the history. Done before the trigger below takes the
-- column over (it keeps the stored value on every update). Staff read the column like the rest of the row.
update public.inquiries as r set first_reply_at = f.at
from (
  select e.record_id, pg_catalog.min(e.at) as at from public.record_events as e
  where e.list = 'inquiries' and e.kind = 'stage'
    and (e.from_value = (select s.code from public.inquiry_stages as s order by s.position, s.code limit 1)
         or e.from_value = (select s.code from public.inquiry_stages as s where s.spam))
    and e.to_value <> (select s.code from public.inquiry_stages as s order by s.position, s.code limit 1)
    and e.to_value is distinct from (select s.code from public.inquiry_stages as s where s.spam)
  group by e.record_id
) as f
where r.id = f.record_id;
update public.job_applications as r set first_reply_at = f.at
from (
  select e.record_id, pg_catalog.min(e.at) as at from public.record_events as e
  where e.list = 'applications' and e.kind = 'stage'
    and (e.from_value = (select s.code from public.application_stages as s order by s.position, s.code limit 1)
         or e.from_value = (select s.code from public.application_stages as s where s.spam))
    and e.to_value <> (select s.code from public.application_stages as s order by s.position, s.code limit 1)
    and e.to_value is distinct from (select s.code from public.application_stages as s where s.spam)
  group by e.record_id
) as f
where r.id = f.record_id;

-- As in 20261125000400_suspected_spam.sql, and first_reply_at: null on a new record, stamped at the first reply,
-- kept as stored on every other update.
create or replace function private.workflow_before_write() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  stage_table text := case tg_table_name when 'job_applications' then 'application_stages' else 'inquiry_stages' end;
  first_stage text;
  spam_stage text;
begin
  if tg_op = 'INSERT' then
    if new.stage is null then
      execute pg_catalog.format(
        'select s.code from public.%I as s order by (s.spam and $1) desc, s.position, s.code limit 1', stage_table)
        into new.stage using new.spam_reason is not null;
    end if;
    new.stage_changed_at := coalesce(new.created_at, pg_catalog.now());
    new.first_reply_at := null;
  else
    new.first_reply_at := old.first_reply_at;
    if new.stage is distinct from old.stage then
      new.stage_changed_at := pg_catalog.now();
      if old.first_reply_at is null then
        execute pg_catalog.format(
          'select (select s.code from public.%1$I as s order by s.position, s.code limit 1), (select s.code from public.%1$I as s where s.spam)',
          stage_table) into first_stage, spam_stage;
        if (old.stage = first_stage or old.stage = spam_stage) and new.stage <> first_stage and new.stage is distinct from spam_stage then
          new.first_reply_at := pg_catalog.now();
        end if;
      end if;
    end if;
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

-- As in 20261125000400_suspected_spam.sql, and each stage's "success" flag (the content's successStage), cleared
-- everywhere first like the spam flag.
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

  execute pg_catalog.format('update public.%I set spam = false, success = false where spam or success', stage_table);
  execute pg_catalog.format(
    'insert into public.%I as s (code, label, position, closed, spam, success)
     select e.item ->> ''code'', e.item ->> ''label'', (e.ord - 1)::integer, coalesce((e.item ->> ''closed'')::boolean, false),
            coalesce((e.item ->> ''spam'')::boolean, false), coalesce((e.item ->> ''success'')::boolean, false)
     from pg_catalog.jsonb_array_elements($1) with ordinality as e(item, ord)
     on conflict (code) do update set label = excluded.label, position = excluded.position, closed = excluded.closed,
       spam = excluded.spam, success = excluded.success',
    stage_table) using stages;
end
$$;

revoke execute on function private.sync_workflow_stages(text, jsonb) from public;

-- As in 20261126000000_notification_outbox.sql, and an inquiry once answered is never overdue again (moved back
-- to the first stage after a reply, it has had its reply).
create or replace function public.overdue_inquiries(p_reply_hours integer)
returns table (id uuid, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, i.created_at from public.inquiries as i
  where i.stage = (select s.code from public.inquiry_stages as s order by s.position, s.code limit 1)
    and i.first_reply_at is null
    and i.created_at < pg_catalog.now() - pg_catalog.make_interval(hours => p_reply_hours)
  order by i.created_at, i.id
$$;
