-- The office calendar staff-only and bounded (issue 39, items 5b and 6). public.office_calendar(first, last) took
-- any range from any signed-in user: a non-staff user's call over 10,000 years held the stand-in for 6.6 s, and
-- staff's ran out of memory after 20 s while every other request waited. The reports took any period too.
--
-- 1. The calendar's work moves to private.office_calendar, unchanged and unchecked: the reports call it over the
--    days their own data spans (from the period's first answered arrival to its last first reply, which may come
--    long after the period). It stays security invoker, as before: the office tables are read under the
--    caller's RLS (staff read them), so it needs no rights of its own. Signed-in users may execute it so that
--    the reports, run as them, can; the API does not serve schema private, so nobody calls it directly.
-- 2. public.office_calendar and public.office_minutes_between, which the API serves, refuse a caller who is not
--    staff (42501, as the reports do; a visitor may not execute them at all) and a range that is null, infinite,
--    outside the years 2000 to 2199, reversed (the calendar; office minutes of a reversed range stay 0), or
--    longer than 1,100 days (about three years) (22023), before any day is made.
-- 3. The reports refuse a period that is null, infinite, outside 2000 to 2199, or longer than 1,100 days of the
--    office's calendar (public.report_check, 22023). The dashboard's periods are at most a quarter and the one
--    before it; a custom period of up to 1,100 days still answers. public.report_requests, which the API serves
--    too, now begins with the same check, so it cannot be asked for more than a report may.

create or replace function private.office_calendar(p_first date, p_last date)
returns table (day date, opens_at timestamptz, closes_at timestamptz, minutes_before numeric)
language sql
stable
security invoker
set search_path = ''
as $$
  select c.day, c.opens_at, c.closes_at,
         coalesce(pg_catalog.sum(extract(epoch from c.closes_at - c.opens_at) / 60)
                    over (order by c.day rows between unbounded preceding and 1 preceding), 0)
  from (
    select d.day::date as day,
           case when h.day is null then (d.day::date + w.opens) at time zone z.time_zone end as opens_at,
           case when h.day is null then (d.day::date + w.closes) at time zone z.time_zone end as closes_at
    from public.office_settings as z
    cross join pg_catalog.generate_series(p_first, p_last, interval '1 day') as d(day)
    left join public.office_week as w on w.day = extract(isodow from d.day)
    left join public.office_holidays as h on h.day = d.day::date
  ) as c
$$;

revoke execute on function private.office_calendar(date, date) from public, anon, service_role;
grant execute on function private.office_calendar(date, date) to authenticated;

-- The office's days from p_first to p_last, as before, for staff only (42501), and only when both are real dates
-- of the years 2000 to 2199, p_first is not after p_last, and they span at most 1,100 days (22023): refused
-- before any day is made.
create or replace function public.office_calendar(p_first date, p_last date)
returns table (day date, opens_at timestamptz, closes_at timestamptz, minutes_before numeric)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not coalesce((select public.is_staff()), false) then
    raise exception 'The office calendar is for staff only' using errcode = '42501';
  end if;
  if p_first is null or p_last is null then
    raise exception 'The office calendar needs a first and a last day' using errcode = '22023';
  end if;
  if not (pg_catalog.isfinite(p_first) and pg_catalog.isfinite(p_last)) or p_first < date '2000-01-01' or p_last > date '2199-12-31' then
    raise exception 'The office calendar covers the years 2000 to 2199, not % to %', p_first, p_last using errcode = '22023';
  end if;
  if p_last < p_first then
    raise exception 'The office calendar''s last day (%) comes before its first (%)', p_last, p_first using errcode = '22023';
  end if;
  if p_last - p_first + 1 > 1100 then
    raise exception 'The office calendar gives at most 1,100 days at a time (about three years), not % (% to %)',
      pg_catalog.to_char(p_last - p_first + 1, 'FM999,999,999'), p_first, p_last
      using errcode = '22023';
  end if;
  return query select c.day, c.opens_at, c.closes_at, c.minutes_before from private.office_calendar(p_first, p_last) as c;
end
$$;

-- Minutes of office time between two instants, as before (0 when p_to is not after p_from, whatever the two
-- are, so long as both are finite), for staff, and over at most 1,100 of the office's days.
create or replace function public.office_minutes_between(p_from timestamptz, p_to timestamptz) returns numeric
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  tz text;
  answer numeric;
begin
  if not coalesce((select public.is_staff()), false) then
    raise exception 'The office calendar is for staff only' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or not (pg_catalog.isfinite(p_from) and pg_catalog.isfinite(p_to)) then
    raise exception 'Office minutes need a start and an end, not % and %', p_from, p_to using errcode = '22023';
  end if;
  if p_to <= p_from then
    return 0;
  end if;
  select z.time_zone into tz from public.office_settings as z;
  -- The checked calendar: a range longer than it gives is refused there, before any day is made.
  with calendar as (
    select c.* from public.office_calendar((p_from at time zone tz)::date, (p_to at time zone tz)::date) as c
  ),
  upto as (
    select t.at, c.minutes_before + coalesce(extract(epoch from least(greatest(t.at, c.opens_at), c.closes_at) - c.opens_at) / 60, 0) as minutes
    from (values (p_from), (p_to)) as t(at)
    join calendar as c on c.day = (t.at at time zone tz)::date
  )
  select coalesce((select u.minutes from upto as u where u.at = p_to) - (select u.minutes from upto as u where u.at = p_from), 0)
  into answer;
  return answer;
end
$$;

revoke execute on function public.office_calendar(date, date), public.office_minutes_between(timestamptz, timestamptz) from public, anon, service_role;
grant execute on function public.office_calendar(date, date), public.office_minutes_between(timestamptz, timestamptz) to authenticated;

-- The refusal both reports (and the rows behind them) begin with: staff only, and a period that makes sense.
create or replace function public.report_check(p_from timestamptz, p_to timestamptz) returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  tz text;
  days integer;
begin
  if not coalesce((select public.is_staff()), false) then
    raise exception 'Reports are for staff only' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or not (pg_catalog.isfinite(p_from) and pg_catalog.isfinite(p_to)) then
    raise exception 'A report needs a period with a start and an end, not % and %', p_from, p_to using errcode = '22023';
  end if;
  if p_to <= p_from then
    raise exception 'A report needs a period whose end (%) is after its start (%)', p_to, p_from using errcode = '22023';
  end if;
  if p_from < timestamptz '2000-01-01 00:00+00' or p_to > timestamptz '2200-01-01 00:00+00' then
    raise exception 'A report covers the years 2000 to 2199, not % to %', p_from, p_to using errcode = '22023';
  end if;
  select z.time_zone into tz from public.office_settings as z;
  -- The office's calendar days the period touches: a custom period of n days, midnight to midnight, counts n
  -- whatever daylight saving did in between.
  days := (p_to at time zone coalesce(tz, 'UTC'))::date - (p_from at time zone coalesce(tz, 'UTC'))::date;
  if days > 1100 then
    raise exception 'A report covers at most 1,100 days (about three years); this period has % days. Choose a shorter one.',
      pg_catalog.to_char(days, 'FM999,999,999')
      using errcode = '22023';
  end if;
end
$$;

-- As in 20261127000820_reports.sql, beginning with the reports' check, and reading the calendar's days over the
-- span its own data needs (private.office_calendar, unbounded: a first reply may come long after the period).
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
  select public.report_check(p_from, p_to);
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
  -- (office time up to t = minutes_before + the part of t's day before t).
  calendar as (
    select k.* from zone
    cross join lateral private.office_calendar(
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

revoke execute on function public.report_requests(text, timestamptz, timestamptz), public.report_check(timestamptz, timestamptz)
  from public, anon, service_role;
grant execute on function public.report_requests(text, timestamptz, timestamptz), public.report_check(timestamptz, timestamptz) to authenticated;
