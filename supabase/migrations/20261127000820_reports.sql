-- The owner's reports (issue 31): how fast requests are answered, where they come from, how far they get. Computed
-- here from the append-only history (public.record_events), never from the records, so a request erased or purged
-- since still counts: its 'created' event carries its source, "how did you hear" answer and position, its 'stage'
-- events where it went, its 'owner' events who had it. The stage tables say which stage is first, closed, spam
-- and success (content/workflow.yaml), the office tables how long the office was open in between.
--
-- Definitions (README, Dashboard; docs/architecture.md, Reports):
--   - a request of the period: its 'created' event is in [p_from, p_to);
--   - its stage now: the last 'stage' event's, else the one it was created at; spam = at the spam stage now, left
--     out of every count but "closed";
--   - its owner: the last 'owner' event's (who has it now, or had it when it was erased), else nobody;
--   - its first reply: its first stage change out of the first stage, or out of the spam stage, to any stage other
--     than those two (as public.inquiries.first_reply_at); minutes on the clock and in office hours from its arrival;
--     within15 / within60 / withinPromise count the replies within 15 minutes, 60 minutes and the reply promise
--     (site.yaml notifications.replyWithinHours) on the clock, what the family lives through;
--   - reached a stage: created at it or moved to it at any time; converted / hired: reached the success stage;
--   - medians and 90th percentiles interpolate (percentile_cont), rounded to a tenth; null with nothing to measure.
-- Staff only: SECURITY INVOKER, so RLS decides what is read, and a caller who is not staff is refused outright
-- (42501) rather than shown an empty report. Granted to signed-in users only; a visitor may not call them at all.

-- One row per request of the period, with what the reports group and measure. Invoker: RLS shows staff every
-- event and anyone else none, so for them it is empty.
create or replace function public.report_requests(p_list text, p_from timestamptz, p_to timestamptz)
returns table (
  record_id uuid, created_at timestamptz, source text, heard_about text, "position" text, owner uuid,
  stage text, spam boolean, reached text[], first_reply_at timestamptz, success_at timestamptz,
  reply_minutes numeric, reply_office_minutes numeric
)
language sql
stable
security invoker
set search_path = ''
as $$
  with stages as (
    select s.code, s.position, s.spam, s.success from public.inquiry_stages as s where p_list = 'inquiries'
    union all
    select s.code, s.position, s.spam, s.success from public.application_stages as s where p_list = 'applications'
  ),
  marks as (
    select (select s.code from stages as s order by s.position, s.code limit 1) as first_stage,
           (select s.code from stages as s where s.spam) as spam_stage,
           (select s.code from stages as s where s.success) as success_stage
  ),
  -- One pass over the list's history, grouped by record: no join whose cost hangs on the planner's estimates (the
  -- stand-in never analyzes its tables), linear in the list's events.
  facts as (
    select e.record_id,
           pg_catalog.min(e.at) filter (where e.kind = 'created') as created_at,
           pg_catalog.max(e.source) filter (where e.kind = 'created') as source,
           pg_catalog.max(e.heard_about) filter (where e.kind = 'created') as heard_about,
           pg_catalog.max(e.position) filter (where e.kind = 'created') as position,
           ((pg_catalog.array_agg(e.to_value order by e.at desc, e.id desc) filter (where e.kind = 'owner'))[1])::uuid as owner,
           (pg_catalog.array_agg(e.to_value order by e.at desc, e.id desc) filter (where e.kind in ('created', 'stage')))[1] as stage,
           pg_catalog.array_agg(distinct e.to_value) filter (where e.kind in ('created', 'stage')) as reached,
           pg_catalog.min(e.at) filter (where e.kind = 'stage' and e.from_value in (m.first_stage, m.spam_stage)
                                          and e.to_value <> m.first_stage and e.to_value is distinct from m.spam_stage) as first_reply_at,
           pg_catalog.min(e.at) filter (where e.kind in ('created', 'stage') and e.to_value = m.success_stage) as success_at
    from public.record_events as e
    cross join marks as m
    where e.list = p_list and e.kind in ('created', 'stage', 'owner')
    group by e.record_id
    having pg_catalog.min(e.at) filter (where e.kind = 'created') >= p_from and pg_catalog.min(e.at) filter (where e.kind = 'created') < p_to
  ),
  zone as (select z.time_zone from public.office_settings as z),
  -- The office's days from the first arrival to the last reply, joined to each request's two ends
  -- (public.office_calendar: office time up to t = minutes_before + the part of t's day before t).
  calendar as (
    select k.* from zone
    cross join lateral public.office_calendar(
      (select (pg_catalog.min(f.created_at) at time zone zone.time_zone)::date from facts as f where f.first_reply_at is not null),
      (select (pg_catalog.max(f.first_reply_at) at time zone zone.time_zone)::date from facts as f)) as k
  )
  select f.record_id, f.created_at, f.source, f.heard_about, f.position, f.owner, f.stage,
         f.stage is not distinct from (select m.spam_stage from marks as m), f.reached,
         f.first_reply_at, f.success_at,
         extract(epoch from f.first_reply_at - f.created_at) / 60,
         case when f.first_reply_at is not null then
           greatest(0, (r.minutes_before + coalesce(extract(epoch from least(greatest(f.first_reply_at, r.opens_at), r.closes_at) - r.opens_at) / 60, 0))
                     - (a.minutes_before + coalesce(extract(epoch from least(greatest(f.created_at, a.opens_at), a.closes_at) - a.opens_at) / 60, 0)))
         end
  from facts as f
  left join zone on true
  left join calendar as a on f.first_reply_at is not null and a.day = (f.created_at at time zone zone.time_zone)::date
  left join calendar as r on f.first_reply_at is not null and r.day = (f.first_reply_at at time zone zone.time_zone)::date
$$;

-- The refusal both reports begin with: staff only, and a period that makes sense.
create or replace function public.report_check(p_from timestamptz, p_to timestamptz) returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not coalesce((select public.is_staff()), false) then
    raise exception 'Reports are for staff only' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or p_to <= p_from then
    raise exception 'A report needs a period whose end (%) is after its start (%)', p_to, p_from using errcode = '22023';
  end if;
end
$$;

create or replace function public.report_inquiries(p_from timestamptz, p_to timestamptz) returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  answer jsonb;
begin
  perform public.report_check(p_from, p_to);
  with everything as materialized (select * from public.report_requests('inquiries', p_from, p_to)),
  requests as (select * from everything where not spam),
  stages as (select s.code, s.position, s.closed, s.success from public.inquiry_stages as s),
  promise as (select (select z.reply_within_hours from public.office_settings as z) as hours)
  select pg_catalog.jsonb_build_object(
    'count', (select count(*) from requests),
    'answered', (select count(*) from requests where first_reply_at is not null),
    'firstReply', (
      select pg_catalog.jsonb_build_object(
        'medianMinutes', round((percentile_cont(0.5) within group (order by q.reply_minutes))::numeric, 1),
        'p90Minutes', round((percentile_cont(0.9) within group (order by q.reply_minutes))::numeric, 1),
        'officeMedianMinutes', round((percentile_cont(0.5) within group (order by q.reply_office_minutes))::numeric, 1),
        'officeP90Minutes', round((percentile_cont(0.9) within group (order by q.reply_office_minutes))::numeric, 1),
        'within15', count(*) filter (where q.reply_minutes <= 15),
        'within60', count(*) filter (where q.reply_minutes <= 60),
        'withinPromise', count(*) filter (where q.reply_minutes <= p.hours * 60),
        'promiseHours', p.hours)
      from promise as p left join requests as q on q.first_reply_at is not null group by p.hours),
    'byOwner', (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('owner', g.owner, 'count', g.count, 'answered', g.answered,
               'medianMinutes', g.median, 'withinPromise', g.within) order by g.count desc, g.owner nulls last), '[]')
      from (select q.owner, count(*) as count, count(q.first_reply_at) as answered,
                   round((percentile_cont(0.5) within group (order by q.reply_minutes))::numeric, 1) as median,
                   count(*) filter (where q.reply_minutes <= p.hours * 60) as within
            from requests as q cross join promise as p group by q.owner) as g),
    'bySource', (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('source', g.source, 'count', g.count, 'answered', g.answered,
               'medianMinutes', g.median, 'withinPromise', g.within, 'converted', g.converted) order by g.count desc, g.source nulls last), '[]')
      from (select q.source, count(*) as count, count(q.first_reply_at) as answered,
                   round((percentile_cont(0.5) within group (order by q.reply_minutes))::numeric, 1) as median,
                   count(*) filter (where q.reply_minutes <= p.hours * 60) as within,
                   count(q.success_at) as converted
            from requests as q cross join promise as p group by q.source) as g),
    'byHeardAbout', (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('heardAbout', g.heard_about, 'count', g.count, 'converted', g.converted)
               order by g.count desc, g.heard_about nulls last), '[]')
      from (select q.heard_about, count(*) as count, count(q.success_at) as converted from requests as q group by q.heard_about) as g),
    'funnel', (
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('stage', s.code,
               'reached', (select count(*) from requests as q where s.code = any (q.reached))) order by s.position, s.code)
      from stages as s),
    'closed', (
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('stage', s.code,
               'count', (select count(*) from everything as q where q.stage = s.code)) order by s.position, s.code)
      from stages as s where s.closed))
  into answer;
  return answer;
end
$$;

create or replace function public.report_applications(p_from timestamptz, p_to timestamptz) returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  answer jsonb;
begin
  perform public.report_check(p_from, p_to);
  with everything as materialized (select * from public.report_requests('applications', p_from, p_to)),
  requests as (select * from everything where not spam),
  stages as (select s.code, s.position, s.closed, s.success from public.application_stages as s),
  promise as (select (select z.reply_within_hours from public.office_settings as z) as hours)
  select pg_catalog.jsonb_build_object(
    'count', (select count(*) from requests),
    'answered', (select count(*) from requests where first_reply_at is not null),
    'firstContact', (
      select pg_catalog.jsonb_build_object(
        'medianMinutes', round((percentile_cont(0.5) within group (order by q.reply_minutes))::numeric, 1),
        'p90Minutes', round((percentile_cont(0.9) within group (order by q.reply_minutes))::numeric, 1),
        'officeMedianMinutes', round((percentile_cont(0.5) within group (order by q.reply_office_minutes))::numeric, 1),
        'officeP90Minutes', round((percentile_cont(0.9) within group (order by q.reply_office_minutes))::numeric, 1),
        'within15', count(*) filter (where q.reply_minutes <= 15),
        'within60', count(*) filter (where q.reply_minutes <= 60),
        'withinPromise', count(*) filter (where q.reply_minutes <= p.hours * 60),
        'promiseHours', p.hours)
      from promise as p left join requests as q on q.first_reply_at is not null group by p.hours),
    'byPosition', (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('position', g.position, 'count', g.count, 'hired', g.hired)
               order by g.count desc, g.position nulls last), '[]')
      from (select q.position, count(*) as count, count(q.success_at) as hired from requests as q group by q.position) as g),
    'bySource', (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('source', g.source, 'count', g.count, 'hired', g.hired)
               order by g.count desc, g.source nulls last), '[]')
      from (select q.source, count(*) as count, count(q.success_at) as hired from requests as q group by q.source) as g),
    'byHeardAbout', (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('heardAbout', g.heard_about, 'count', g.count, 'hired', g.hired)
               order by g.count desc, g.heard_about nulls last), '[]')
      from (select q.heard_about, count(*) as count, count(q.success_at) as hired from requests as q group by q.heard_about) as g),
    'timeToHire', (
      select pg_catalog.jsonb_build_object('count', count(*),
               'medianDays', round((percentile_cont(0.5) within group (order by extract(epoch from q.success_at - q.created_at) / 86400))::numeric, 1),
               'p90Days', round((percentile_cont(0.9) within group (order by extract(epoch from q.success_at - q.created_at) / 86400))::numeric, 1))
      from requests as q where q.success_at is not null),
    'funnel', (
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('stage', s.code,
               'reached', (select count(*) from requests as q where s.code = any (q.reached))) order by s.position, s.code)
      from stages as s),
    'closed', (
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('stage', s.code,
               'count', (select count(*) from everything as q where q.stage = s.code)) order by s.position, s.code)
      from stages as s where s.closed))
  into answer;
  return answer;
end
$$;

revoke execute on function public.report_requests(text, timestamptz, timestamptz), public.report_check(timestamptz, timestamptz),
  public.report_inquiries(timestamptz, timestamptz), public.report_applications(timestamptz, timestamptz) from public, anon, service_role;
grant execute on function public.report_requests(text, timestamptz, timestamptz), public.report_check(timestamptz, timestamptz),
  public.report_inquiries(timestamptz, timestamptz), public.report_applications(timestamptz, timestamptz) to authenticated;

-- A report reads the list's created, stage and owner events in one pass (a note's or an export's are not read).
create index if not exists record_events_report_idx on public.record_events (list, record_id, at, id) where kind in ('created', 'stage', 'owner');
