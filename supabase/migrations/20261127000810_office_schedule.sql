-- The office's week and holidays in the database (issue 31), so that the reports can count a reply's wait in
-- office hours as well as on the clock. They are content (content/site.yaml officeHours and holidays, turned into
-- machine form by src/content/office.ts officeScheduleFrom): supabase/workflow.generated.sql calls
-- private.sync_office_schedule() after the migrations, as it does for the stages, so these tables always hold
-- what the site says. Staff read them (RLS); only the generated SQL, run as the database owner, writes them.

-- The time zone the hours are in, and the reply promise (site.yaml notifications.replyWithinHours): one row.
create table public.office_settings (
  id boolean primary key default true check (id),
  time_zone text not null default 'America/New_York',
  reply_within_hours integer not null default 24 check (reply_within_hours between 1 and 8760)
);
insert into public.office_settings default values;

-- The hours of each open day of the week: ISO weekday (1 = Monday .. 7 = Sunday), local opening and closing time.
-- A day with no row is closed.
create table public.office_week (
  day smallint primary key check (day between 1 and 7),
  opens time not null,
  closes time not null,
  check (opens < closes)
);

-- Local dates the office is closed, whatever the weekday.
create table public.office_holidays (
  day date primary key,
  name text not null check (char_length(name) between 1 and 100)
);

comment on table public.office_settings is 'The office''s time zone and reply promise, from content/site.yaml (supabase/workflow.generated.sql).';
comment on table public.office_week is 'The office''s opening hours by ISO weekday, from content/site.yaml (supabase/workflow.generated.sql).';
comment on table public.office_holidays is 'The dates the office is closed, from content/site.yaml holidays (supabase/workflow.generated.sql).';

revoke all on table public.office_settings, public.office_week, public.office_holidays from anon, authenticated, service_role;
grant select on table public.office_settings, public.office_week, public.office_holidays to authenticated;
alter table public.office_settings enable row level security;
alter table public.office_week enable row level security;
alter table public.office_holidays enable row level security;
create policy "staff read office settings" on public.office_settings for select to authenticated using ((select public.is_staff()));
create policy "staff read office week" on public.office_week for select to authenticated using ((select public.is_staff()));
create policy "staff read office holidays" on public.office_holidays for select to authenticated using ((select public.is_staff()));

-- Replaces the week and the holidays with the content's (the OfficeSchedule of
-- supabase/functions/_shared/officeHours.ts as JSON) and sets the time zone and the reply promise. An unknown
-- time zone or a malformed time is refused and nothing changes. Run by the generated SQL as the owner.
create or replace function private.sync_office_schedule(schedule jsonb, reply_within_hours integer) returns void
language plpgsql
set search_path = ''
as $$
declare
  zone text := schedule ->> 'timeZone';
begin
  if zone is null or not exists (select 1 from pg_catalog.pg_timezone_names as z where z.name = zone) then
    raise exception 'The office''s time zone "%" is not one the database knows (e.g. America/New_York)', zone using errcode = '22023';
  end if;
  update public.office_settings set time_zone = zone, reply_within_hours = sync_office_schedule.reply_within_hours;
  delete from public.office_week;
  insert into public.office_week (day, opens, closes)
  select (w.item ->> 'day')::smallint, (w.item ->> 'opens')::time, (w.item ->> 'closes')::time
  from pg_catalog.jsonb_array_elements(coalesce(schedule -> 'week', '[]')) as w(item);
  delete from public.office_holidays;
  insert into public.office_holidays (day, name)
  select (h.item ->> 'date')::date, h.item ->> 'name'
  from pg_catalog.jsonb_array_elements(coalesce(schedule -> 'holidays', '[]')) as h(item);
end
$$;

revoke execute on function private.sync_office_schedule(jsonb, integer) from public;

-- The office's days from p_first to p_last (local dates): when each opens and closes as instants (in the office's
-- time zone, so a day of a daylight-saving change has its local hours; null on a closed day or a holiday), and
-- the minutes the office was open on the days before it in the range. With it, the office time up to an instant t
-- is F(t) = minutes_before + the part of t's own day's hours before t, and the office time between two instants is
-- F(to) - F(from): a report joins each request to its two days instead of walking the days between.
create or replace function public.office_calendar(p_first date, p_last date)
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

-- Minutes of office time between two instants: the overlap of [p_from, p_to) with every open day's hours, in the
-- office's time zone, holidays left out; 0 when p_to is not after p_from. The same count as officeMillisBetween()
-- of supabase/functions/_shared/officeHours.ts, divided by 60,000. Staff only in effect: for anyone else the office
-- tables read empty (RLS) and it gives 0.
create or replace function public.office_minutes_between(p_from timestamptz, p_to timestamptz) returns numeric
language sql
stable
security invoker
set search_path = ''
as $$
  with zone as (select z.time_zone from public.office_settings as z),
  calendar as (
    select c.* from zone
    cross join lateral public.office_calendar((p_from at time zone zone.time_zone)::date, (p_to at time zone zone.time_zone)::date) as c
  ),
  upto as (
    select t.at, c.minutes_before + coalesce(extract(epoch from least(greatest(t.at, c.opens_at), c.closes_at) - c.opens_at) / 60, 0) as minutes
    from zone cross join (values (p_from), (p_to)) as t(at)
    join calendar as c on c.day = (t.at at time zone zone.time_zone)::date
  )
  select case when p_to > p_from then
    coalesce((select u.minutes from upto as u where u.at = p_to) - (select u.minutes from upto as u where u.at = p_from), 0)
  else 0 end
$$;

revoke execute on function public.office_calendar(date, date), public.office_minutes_between(timestamptz, timestamptz) from public, anon, service_role;
grant execute on function public.office_calendar(date, date), public.office_minutes_between(timestamptz, timestamptz) to authenticated;
