-- The owner's reports (20261127000820_reports.sql) on a fixed history with known answers: first reply on the clock
-- and in office hours (a Friday evening answered on Saturday morning), the shares within 15 minutes, an hour and
-- the promise, by source with conversion, the funnel of stages reached, the closed reasons; spam left out of every
-- count but the closed ones; an erased request still counted; staff only. The office's hours are the content's
-- (site.yaml, synced by supabase/workflow.generated.sql): Monday to Friday 8 am to 6 pm, Saturday 9 am to 3 pm.
begin;
select plan(20);

select tests.create_staff_member('rita');
select tests.create_supabase_user('nina');

-- Four inquiries in the week of Monday 2026-06-01 (New York is UTC-4 then), each with its 'created' event, and
-- their stage changes written into the history at fixed times, as the triggers would have written them.
insert into public.inquiries (id, created_at, name, email, care_for, consent_version, consented_at, source)
values ('00000000-0000-4000-8000-00000000f001', '2026-06-01 14:00+00', 'Ann', 'ann@example.com', 'a-parent', '2026-11-25', '2026-06-01 14:00+00', 'newsletter'),
       ('00000000-0000-4000-8000-00000000f002', '2026-06-05 23:00+00', 'Bo', 'bo@example.com', 'a-parent', '2026-11-25', '2026-06-05 23:00+00', 'direct'),
       ('00000000-0000-4000-8000-00000000f003', '2026-06-02 15:00+00', 'Cy', 'cy@example.com', 'a-parent', '2026-11-25', '2026-06-02 15:00+00', 'google.com'),
       ('00000000-0000-4000-8000-00000000f004', '2026-06-03 16:00+00', 'Di', 'di@example.com', 'a-parent', '2026-11-25', '2026-06-03 16:00+00', 'newsletter');
insert into public.record_events (list, record_id, kind, from_value, to_value, at) values
  -- Monday 10:00 am, answered at 10:10 (10 minutes, all in office hours), later a client.
  ('inquiries', '00000000-0000-4000-8000-00000000f001', 'stage', 'new', 'contacted', '2026-06-01 14:10+00'),
  ('inquiries', '00000000-0000-4000-8000-00000000f001', 'stage', 'contacted', 'became-a-client', '2026-06-03 15:00+00'),
  -- Friday 7 pm, answered Saturday 10 am: 15 hours on the clock, 60 minutes of office hours (Saturday from 9).
  ('inquiries', '00000000-0000-4000-8000-00000000f002', 'stage', 'new', 'contacted', '2026-06-06 14:00+00'),
  -- Spam: no reply, left out of the counts.
  ('inquiries', '00000000-0000-4000-8000-00000000f003', 'stage', 'new', 'spam', '2026-06-02 15:05+00');

select tests.authenticate_as('rita');
create temporary table report on commit drop as select public.report_inquiries('2026-06-01 04:00+00', '2026-06-08 04:00+00') as r;

select is((select (r ->> 'count')::integer from report), 3, 'the week counts its three real inquiries, not the spam');
select is((select (r ->> 'answered')::integer from report), 2, 'two were answered');
select is((select (r -> 'firstReply' ->> 'medianMinutes')::numeric from report), 455.0, 'first reply median on the clock: between 10 minutes and 15 hours');
select is((select (r -> 'firstReply' ->> 'p90Minutes')::numeric from report), 811.0, 'first reply 90th percentile on the clock, interpolated');
select is((select (r -> 'firstReply' ->> 'officeMedianMinutes')::numeric from report), 35.0, 'in office hours: 10 minutes, and 60 for the Friday evening request answered Saturday at 10');
select is((select (r -> 'firstReply' ->> 'within15')::integer from report), 1, 'one answered within 15 minutes');
select is((select (r -> 'firstReply' ->> 'within60')::integer from report), 1, 'one answered within the hour');
select is((select (r -> 'firstReply' ->> 'withinPromise')::integer from report), 2, 'both answered within the 24-hour promise');
select is(
  (select pg_catalog.jsonb_agg(s - 'medianMinutes' - 'withinPromise' order by s ->> 'source') from report, pg_catalog.jsonb_array_elements(r -> 'bySource') as s),
  '[{"source": "direct", "count": 1, "answered": 1, "converted": 0}, {"source": "newsletter", "count": 2, "answered": 1, "converted": 1}]'::jsonb,
  'by source: the newsletter brought two requests and one client, direct one request');
select is(
  (select pg_catalog.jsonb_object_agg(f ->> 'stage', (f ->> 'reached')::integer) from report, pg_catalog.jsonb_array_elements(r -> 'funnel') as f),
  '{"new": 3, "contacted": 2, "assessment-booked": 0, "became-a-client": 1, "not-a-fit": 0, "spam": 0}'::jsonb,
  'the funnel counts the stages each request reached, not only where it is now');
select is(
  (select pg_catalog.jsonb_object_agg(c ->> 'stage', (c ->> 'count')::integer) from report, pg_catalog.jsonb_array_elements(r -> 'closed') as c),
  '{"became-a-client": 1, "not-a-fit": 0, "spam": 1}'::jsonb,
  'the closed reasons, spam included');
select is((select (r ->> 'count')::integer from (select public.report_inquiries('2026-06-08 04:00+00', '2026-06-15 04:00+00') as r) as next_week), 0, 'the next week has none');
select is(
  (select (public.report_applications('2026-06-01 04:00+00', '2026-06-08 04:00+00') ->> 'count')::integer), 0,
  'the applications report of the same week is empty');

-- An erased request still counts: its history stays.
select tests.clear_authentication();
reset role;
delete from public.inquiries where id = '00000000-0000-4000-8000-00000000f004';
select tests.authenticate_as('rita');
select is((select (public.report_inquiries('2026-06-01 04:00+00', '2026-06-08 04:00+00') ->> 'count')::integer), 3, 'a request erased since is still counted, from its history');

-- Who may ask.
select tests.authenticate_as('nina');
select throws_ok($$ select public.report_inquiries('2026-06-01 04:00+00', '2026-06-08 04:00+00') $$, '42501', null, 'a signed-in user who is not staff is refused');
select throws_ok($$ select public.report_applications('2026-06-01 04:00+00', '2026-06-08 04:00+00') $$, '42501', null, 'and for applications too');
select throws_ok($$ select * from public.report_requests('inquiries', '2026-06-01 04:00+00', '2026-06-08 04:00+00') $$, '42501', 'Reports are for staff only',
  'and the rows behind them too (20261129000100_office_calendar_bounds.sql: they begin with the reports'' check)');
select tests.clear_authentication();
select throws_ok($$ select public.report_inquiries('2026-06-01 04:00+00', '2026-06-08 04:00+00') $$, '42501', null, 'a visitor may not call the report at all');
select throws_ok($$ select public.office_minutes_between('2026-06-01 04:00+00', '2026-06-08 04:00+00') $$, '42501', null, 'nor the office-hours arithmetic');
select tests.authenticate_as('rita');
select is(public.office_minutes_between('2026-06-05 23:00+00', '2026-06-06 14:00+00'), 60::numeric, 'office minutes from Friday 7 pm to Saturday 10 am: one hour');

select * from finish();
rollback;
