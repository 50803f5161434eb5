-- The office calendar staff-only and bounded, and the reports' periods bounded (issue 39, items 5b and 6;
-- 20261129000100_office_calendar_bounds.sql). A visitor may not call the calendar; a signed-in user who is not staff
-- is refused (42501); staff are refused a null, reversed, infinite or out-of-bounds range and more than 1,100 days
-- (22023), and get a normal range as before. The reports refuse a hundred years, an endless period and a bad date,
-- answer for a quarter and for 1,100 chosen days, and still count the office time of a request answered years
-- after it came (their own calendar is not held to the public one's limit).
begin;
select plan(27);

select tests.create_staff_member('cal_staff');
select tests.create_supabase_user('cal_visitor');

-- Who may ask.
select tests.clear_authentication();
select throws_ok($$ select * from public.office_calendar('2026-11-23', '2026-11-29') $$, '42501', null, 'a visitor may not call the office calendar');
select throws_ok($$ select public.office_minutes_between('2026-11-23 13:00+00', '2026-11-24 13:00+00') $$, '42501', null, 'nor the office minutes');
select tests.authenticate_as('cal_visitor');
select throws_ok($$ select * from public.office_calendar('2026-11-23', '2026-11-29') $$, '42501', 'The office calendar is for staff only',
  'a signed-in user who is not staff is refused the calendar');
select throws_ok($$ select * from public.office_calendar('2000-01-01', '2199-12-31') $$, '42501', 'The office calendar is for staff only',
  'and refused before any day is made, whatever the range');
select throws_ok($$ select public.office_minutes_between('2026-11-23 13:00+00', '2026-11-24 13:00+00') $$, '42501', 'The office calendar is for staff only',
  'and refused the office minutes');
select throws_ok($$ select * from public.report_requests('inquiries', '2026-01-01 05:00+00', '2026-02-01 05:00+00') $$, '42501', 'Reports are for staff only',
  'and refused the rows behind the reports');

-- Staff's ranges.
select tests.authenticate_as('cal_staff');
select throws_ok($$ select * from public.office_calendar('2026-01-01', '2125-12-31') $$, '22023',
  'The office calendar gives at most 1,100 days at a time (about three years), not 36,524 (2026-01-01 to 2125-12-31)', 'a hundred years is refused');
select throws_ok($$ select * from public.office_calendar('2026-01-01', '2029-01-05') $$, '22023', null, '1,101 days are refused');
select is((select pg_catalog.count(*)::integer from public.office_calendar('2026-01-01', '2029-01-04')), 1100, '1,100 days are given');
select throws_ok($$ select * from public.office_calendar(null, '2026-11-29') $$, '22023', 'The office calendar needs a first and a last day', 'a null day is refused');
select throws_ok($$ select * from public.office_calendar('2026-11-29', '2026-11-23') $$, '22023',
  'The office calendar''s last day (2026-11-23) comes before its first (2026-11-29)', 'a reversed range is refused');
select throws_ok($$ select * from public.office_calendar('-infinity', '2026-11-29') $$, '22023',
  'The office calendar covers the years 2000 to 2199, not -infinity to 2026-11-29', 'an endless range is refused');
select throws_ok($$ select * from public.office_calendar('9999-12-01', '9999-12-31') $$, '22023',
  'The office calendar covers the years 2000 to 2199, not 9999-12-01 to 9999-12-31', 'a range far in the future is refused');
select results_eq(
  $$ select c.day, c.opens_at, c.closes_at, c.minutes_before from public.office_calendar('2026-11-23', '2026-11-29') as c $$,
  $$ values ('2026-11-23'::date, '2026-11-23 13:00+00'::timestamptz, '2026-11-23 23:00+00'::timestamptz, 0::numeric),
            ('2026-11-24', '2026-11-24 13:00+00', '2026-11-24 23:00+00', 600),
            ('2026-11-25', '2026-11-25 13:00+00', '2026-11-25 23:00+00', 1200),
            ('2026-11-26', null, null, 1800),
            ('2026-11-27', '2026-11-27 13:00+00', '2026-11-27 23:00+00', 1800),
            ('2026-11-28', '2026-11-28 14:00+00', '2026-11-28 20:00+00', 2400),
            ('2026-11-29', null, null, 2760) $$,
  'a normal range answers as before: the week of Thanksgiving, day by day');
select is(public.office_minutes_between('2026-11-25 22:00+00', '2026-11-27 14:00+00'), 120::numeric, 'office minutes across Thanksgiving, as before');
select throws_ok($$ select public.office_minutes_between('2026-01-01 05:00+00', '2126-01-01 05:00+00') $$, '22023', null, 'office minutes over a hundred years are refused');
select throws_ok($$ select public.office_minutes_between(null, '2026-01-01 05:00+00') $$, '22023', null, 'office minutes from nowhere are refused');
select is(public.office_minutes_between('9999-01-01 00:00+00', '2026-01-01 05:00+00'), 0::numeric, 'office minutes of a range that ends before it starts stay 0');

-- The reports' periods.
select throws_ok($$ select public.report_inquiries('2026-01-01 05:00+00', '2126-01-01 05:00+00') $$, '22023',
  'A report covers at most 1,100 days (about three years); this period has 36,524 days. Choose a shorter one.', 'a report over a hundred years is refused');
select throws_ok($$ select public.report_applications('2026-01-01 05:00+00', '2126-01-01 05:00+00') $$, '22023', null, 'for applications too');
select throws_ok($$ select public.report_inquiries('-infinity', '2026-02-01 05:00+00') $$, '22023', null, 'an endless period is refused');
select throws_ok($$ select public.report_inquiries('1900-01-01 05:00+00', '1900-02-01 05:00+00') $$, '22023', null, 'a period before 2000 is refused');
select throws_ok($$ select * from public.report_requests('applications', '2026-01-01 05:00+00', '2126-01-01 05:00+00') $$, '22023', null,
  'the rows behind the reports are held to the same periods');
-- This quarter and the one before it (the dashboard's longest), and 1,100 chosen days, midnight to midnight.
select lives_ok($$ select public.report_inquiries('2026-10-01 04:00+00', '2027-01-01 05:00+00') $$, 'a quarter answers');
select lives_ok($$ select public.report_applications('2026-07-01 04:00+00', '2026-10-01 04:00+00') $$, 'the quarter before it too');
select lives_ok($$ select public.report_inquiries('2026-01-01 05:00+00', '2029-01-05 05:00+00') $$, '1,100 chosen days answer');

-- An inquiry that came on Monday, February 2, 2026 at 10 am, first answered four years later: its office time is
-- counted over every day between (officeMillisBetween() of the Edge Functions gives 696,120 minutes).
reset role;
insert into public.inquiries (id, created_at, name, phone, care_for, consent_version, consented_at, source)
values ('00000000-0000-4000-8000-0000000c1001', '2026-02-02 15:00+00', 'Late Reply', '8605550100', 'a-parent', '2026-11-25', '2026-02-02 15:00+00', 'direct');
insert into public.record_events (list, record_id, kind, from_value, to_value, at)
values ('inquiries', '00000000-0000-4000-8000-0000000c1001', 'stage', 'new', 'contacted', '2030-02-04 15:00+00');
select tests.authenticate_as('cal_staff');
select is(
  (select public.report_inquiries('2026-02-01 05:00+00', '2026-03-01 05:00+00') -> 'firstReply' ->> 'officeMedianMinutes')::numeric, 696120.0,
  'a request answered four years after it came still counts its office time');

select * from finish();
rollback;
