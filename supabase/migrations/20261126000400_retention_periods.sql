-- Retention periods for real records (content/retention.yaml), beside the suspected-spam rule of
-- 20261125000500_retention_purge.sql:
-- - an inquiry that never became a client (not at one of the stages p_client_stages names) is erased
--   p_inquiry_months after its last activity;
-- - a job application is erased p_application_months after its last activity, and never sooner than 12 months:
--   the EEOC (29 CFR 1602.14) requires an employer to keep an application for one year from when it was made or
--   from the personnel action on it (a decision not to hire), whichever is later.
-- Last activity: the latest of the record's arrival, its stage's last change, and its history's events of work
-- (a stage or owner change, a note written, corrected or deleted). An export is not activity: an admin's
-- monthly CSV must not keep every record for ever. Measured so, a family still being talked to, or an application
-- decided last month, is never erased in the middle of it, and the EEOC's "whichever is later" holds.
-- A record at its list's spam stage is the spam rule's alone, so no record counts under two rules.
-- Erasing is as before and as erase_record: the row, its notes and its outbox rows (on delete cascade), a
-- 'deleted' event left (actor: nobody, the system), the resume keys handed back for the Storage API.

alter table public.retention_purges drop constraint retention_purges_rule_check;
alter table public.retention_purges add constraint retention_purges_rule_check check (rule in ('spam', 'period'));

-- The callers pass every period: an Edge Function deployed before this migration, calling the old
-- purge_expired(p_spam_days, p_dry_run), fails loudly ("function not found") rather than skip the new rules.
drop function public.purge_expired(integer, boolean);

-- When a record was last worked on (see above).
create or replace function private.last_activity(p_id uuid, p_created_at timestamptz, p_stage_changed_at timestamptz) returns timestamptz
language sql
stable
set search_path = ''
as $$
  select greatest(p_created_at, p_stage_changed_at, (
    select pg_catalog.max(e.at) from public.record_events as e
    where e.record_id = p_id and e.kind in ('created', 'stage', 'owner', 'note', 'note_edited', 'note_deleted')
  ))
$$;

revoke execute on function private.last_activity(uuid, timestamptz, timestamptz) from public;

-- The records past their period, by rule: { list, rule, id, resume_url }.
create or replace function private.expired_records(p_spam_days integer, p_inquiry_months integer, p_client_stages text[], p_application_months integer)
returns table (list text, rule text, id uuid, resume_url text)
language sql
stable
set search_path = ''
as $$
  select 'applications', 'spam', a.id, a.resume_url
  from public.job_applications as a join public.application_stages as s on s.code = a.stage and s.spam
  where a.stage_changed_at < pg_catalog.now() - pg_catalog.make_interval(days => p_spam_days)
  union all
  select 'inquiries', 'spam', i.id, null
  from public.inquiries as i join public.inquiry_stages as s on s.code = i.stage and s.spam
  where i.stage_changed_at < pg_catalog.now() - pg_catalog.make_interval(days => p_spam_days)
  union all
  select 'applications', 'period', a.id, a.resume_url
  from public.job_applications as a join public.application_stages as s on s.code = a.stage and not s.spam
  where a.stage_changed_at < pg_catalog.now() - pg_catalog.make_interval(months => p_application_months)
    and private.last_activity(a.id, a.created_at, a.stage_changed_at) < pg_catalog.now() - pg_catalog.make_interval(months => p_application_months)
  union all
  select 'inquiries', 'period', i.id, null
  from public.inquiries as i join public.inquiry_stages as s on s.code = i.stage and not s.spam
  where i.stage <> all(p_client_stages)
    and i.stage_changed_at < pg_catalog.now() - pg_catalog.make_interval(months => p_inquiry_months)
    and private.last_activity(i.id, i.created_at, i.stage_changed_at) < pg_catalog.now() - pg_catalog.make_interval(months => p_inquiry_months)
$$;

revoke execute on function private.expired_records(integer, integer, text[], integer) from public;

-- Erases (or with p_dry_run, only lists) every record past its period, in one transaction, and logs the counts
-- by rule and list. Returns a JSON array of { list, rule, id, resume_url } for the records erased (or to be).
create or replace function public.purge_expired(
  p_spam_days integer,
  p_inquiry_months integer,
  p_client_stages text[],
  p_application_months integer,
  p_dry_run boolean default false
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  gone jsonb;
  unknown text;
begin
  if p_spam_days is null or p_spam_days < 1 then
    raise exception 'p_spam_days must be at least 1, found %', p_spam_days using errcode = '22023';
  end if;
  if p_inquiry_months is null or p_inquiry_months < 1 then
    raise exception 'p_inquiry_months must be at least 1, found %', p_inquiry_months using errcode = '22023';
  end if;
  if p_application_months is null or p_application_months < 12 then
    raise exception 'p_application_months must be at least 12 (EEOC, 29 CFR 1602.14: one year), found %', p_application_months using errcode = '22023';
  end if;
  if p_client_stages is null or pg_catalog.cardinality(p_client_stages) = 0 then
    raise exception 'p_client_stages must name at least one stage of inquiries: the inquiries of clients are kept' using errcode = '22023';
  end if;
  -- A stage the database does not know (content and database out of step, a typo) would keep nobody: refuse.
  select c.code into unknown from pg_catalog.unnest(p_client_stages) as c(code)
  where not exists (select 1 from public.inquiry_stages as s where s.code = c.code) limit 1;
  if unknown is not null then
    raise exception 'p_client_stages names "%", which is not a stage of inquiries', unknown using errcode = '22023';
  end if;

  if p_dry_run then
    select coalesce(pg_catalog.jsonb_agg(r), '[]') into gone
    from private.expired_records(p_spam_days, p_inquiry_months, p_client_stages, p_application_months) as r;
    return gone;
  end if;

  -- Each delete checks the row again: a record moved meanwhile (out of Spam, to a client stage) is kept.
  with expired as (
    select * from private.expired_records(p_spam_days, p_inquiry_months, p_client_stages, p_application_months)
  ), gone_applications as (
    delete from public.job_applications as a using expired as x
    where x.list = 'applications' and x.id = a.id
      and a.stage_changed_at < pg_catalog.now() - case x.rule when 'spam' then pg_catalog.make_interval(days => p_spam_days) else pg_catalog.make_interval(months => p_application_months) end
    returning x.rule, a.id, a.resume_url
  ), gone_inquiries as (
    delete from public.inquiries as i using expired as x
    where x.list = 'inquiries' and x.id = i.id
      and i.stage_changed_at < pg_catalog.now() - case x.rule when 'spam' then pg_catalog.make_interval(days => p_spam_days) else pg_catalog.make_interval(months => p_inquiry_months) end
      and (x.rule = 'spam' or i.stage <> all(p_client_stages))
    returning x.rule, i.id
  ), logged as (
    insert into public.retention_purges (rule, list, removed)
    select r.rule, l.list, (
      select pg_catalog.count(*)::integer from gone_applications as g where l.list = 'applications' and g.rule = r.rule
    ) + (
      select pg_catalog.count(*)::integer from gone_inquiries as g where l.list = 'inquiries' and g.rule = r.rule
    )
    from (values ('spam', 1), ('period', 2)) as r(rule, o) cross join (values ('applications', 1), ('inquiries', 2)) as l(list, o)
    order by r.o, l.o
  )
  select coalesce(pg_catalog.jsonb_agg(r), '[]') into gone from (
    select 'applications' as list, g.rule, g.id, g.resume_url from gone_applications as g
    union all
    select 'inquiries', g.rule, g.id, null from gone_inquiries as g
  ) as r;
  return gone;
end
$$;

revoke execute on function public.purge_expired(integer, integer, text[], integer, boolean) from public, anon, authenticated;
grant execute on function public.purge_expired(integer, integer, text[], integer, boolean) to service_role;
