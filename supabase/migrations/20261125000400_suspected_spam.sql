-- Suspected spam is stored, never dropped. A post that passes validation but looks automated (the field people
-- never see filled in, sent faster than a person can) is kept with the reason, filed under its list's spam stage
-- (content/workflow.yaml: spamStage), which is closed, so it stays out of the real requests; staff move it back
-- with one action when it was a person. Whatever the guess, a real family's request is never thrown away.

-- Why the function took the post for a machine ('the hidden field was filled in', ...); null for every other post.
alter table public.job_applications
  add column spam_reason text check (spam_reason is null or char_length(spam_reason) between 1 and 300);
alter table public.inquiries
  add column spam_reason text check (spam_reason is null or char_length(spam_reason) between 1 and 300);

comment on column public.job_applications.spam_reason is 'Why the form function suspected a machine sent it, or null.';
comment on column public.inquiries.spam_reason is 'Why the form function suspected a machine sent it, or null.';

-- Which stage of each list suspected spam is filed under: at most one, and a closed one (the sync below).
alter table public.application_stages add column spam boolean not null default false;
alter table public.inquiry_stages add column spam boolean not null default false;
create unique index application_stages_one_spam on public.application_stages (spam) where spam;
create unique index inquiry_stages_one_spam on public.inquiry_stages (spam) where spam;
alter table public.application_stages add constraint application_stages_spam_closed check (not spam or closed);
alter table public.inquiry_stages add constraint inquiry_stages_spam_closed check (not spam or closed);

-- A new record starts at the first stage, or, when the function suspected spam, at the spam stage (the first
-- stage when the list has none yet: a row is never refused for it). Otherwise as before.
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
      execute pg_catalog.format(
        'select s.code from public.%I as s order by (s.spam and $1) desc, s.position, s.code limit 1', stage_table)
        into new.stage using new.spam_reason is not null;
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

-- As in 20261125000100_workflow_stages.sql, and each stage's "spam" flag (the content's spamStage) too. The flag
-- is cleared everywhere first, so that moving spamStage from one stage to another never meets the unique index.
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

  execute pg_catalog.format('update public.%I set spam = false where spam', stage_table);
  execute pg_catalog.format(
    'insert into public.%I as s (code, label, position, closed, spam)
     select e.item ->> ''code'', e.item ->> ''label'', (e.ord - 1)::integer, coalesce((e.item ->> ''closed'')::boolean, false),
            coalesce((e.item ->> ''spam'')::boolean, false)
     from pg_catalog.jsonb_array_elements($1) with ordinality as e(item, ord)
     on conflict (code) do update set label = excluded.label, position = excluded.position, closed = excluded.closed, spam = excluded.spam',
    stage_table) using stages;
end
$$;

revoke execute on function private.sync_workflow_stages(text, jsonb) from public;
