-- Personal data has an end: what has passed its period in content/retention.yaml is erased by a scheduled purge
-- (supabase/functions/_shared/purge.ts, run by the purge function on a pg_cron schedule, by a timer in the local
-- stand-in, and by `npm run purge`). Erasing a record deletes the row; its notes go with it (on delete cascade)
-- and its history keeps only the 'deleted' event the row's trigger writes, which holds no personal data. The
-- resume file is removed through the Storage API by the caller, with the paths this function hands back.
-- The first rule: suspected spam left at its list's spam stage, `p_spam_days` after it was filed there.

-- How many records each run erased, by rule and list: numbers only.
create table public.retention_purges (
  id bigint generated always as identity primary key,
  ran_at timestamptz not null default now(),
  rule text not null check (rule in ('spam')),
  list text not null check (list in ('applications', 'inquiries')),
  removed integer not null check (removed >= 0)
);

comment on table public.retention_purges is 'How many records each retention purge erased, by rule and list. Staff read only.';

revoke all on table public.retention_purges from anon, authenticated, service_role;
grant select on table public.retention_purges to authenticated, service_role;
alter table public.retention_purges enable row level security;
create policy "staff read purges" on public.retention_purges for select to authenticated using ((select public.is_staff()));

-- Erases (or with p_dry_run, only lists) every record past its period, in one transaction, and logs the counts.
-- Returns a JSON array of { list, rule, id, resume_url } for the records erased (or to be erased).
create or replace function public.purge_expired(p_spam_days integer, p_dry_run boolean default false) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  cutoff timestamptz;
  gone jsonb;
begin
  if p_spam_days is null or p_spam_days < 1 then
    raise exception 'p_spam_days must be at least 1, found %', p_spam_days using errcode = '22023';
  end if;
  cutoff := pg_catalog.now() - pg_catalog.make_interval(days => p_spam_days);
  if p_dry_run then
    select coalesce(pg_catalog.jsonb_agg(r), '[]') into gone from (
      select 'applications' as list, 'spam' as rule, a.id, a.resume_url
      from public.job_applications as a join public.application_stages as s on s.code = a.stage and s.spam
      where a.stage_changed_at < cutoff
      union all
      select 'inquiries', 'spam', i.id, null
      from public.inquiries as i join public.inquiry_stages as s on s.code = i.stage and s.spam
      where i.stage_changed_at < cutoff
    ) as r;
    return gone;
  end if;

  with gone_applications as (
    delete from public.job_applications as a using public.application_stages as s
    where s.code = a.stage and s.spam and a.stage_changed_at < cutoff
    returning a.id, a.resume_url
  ), gone_inquiries as (
    delete from public.inquiries as i using public.inquiry_stages as s
    where s.code = i.stage and s.spam and i.stage_changed_at < cutoff
    returning i.id
  ), logged as (
    insert into public.retention_purges (rule, list, removed)
    select 'spam', 'applications', pg_catalog.count(*)::integer from gone_applications
    union all
    select 'spam', 'inquiries', pg_catalog.count(*)::integer from gone_inquiries
  )
  select coalesce(pg_catalog.jsonb_agg(r), '[]') into gone from (
    select 'applications' as list, 'spam' as rule, id, resume_url from gone_applications
    union all
    select 'inquiries', 'spam', id, null from gone_inquiries
  ) as r;
  return gone;
end
$$;

revoke execute on function public.purge_expired(integer, boolean) from public, anon, authenticated;
grant execute on function public.purge_expired(integer, boolean) to service_role;
