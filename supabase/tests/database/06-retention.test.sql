-- Retention (public.purge_expired: 20261126000400_retention_periods.sql, 20261127000100_spam_retention_floor.sql,
-- 20261127000400_admin_member_from_staff.sql). The purge measures with pg_catalog.now(), which no helper can
-- freeze, so the records are placed in the past instead: the service role stores them with an old created_at (the
-- workflow trigger makes it their stage's last change too) or sets stage_changed_at after a move. Events written
-- here are dated now(), as in production. Called as the scheduled purge calls it: 30 days for suspected spam,
-- 18 months for inquiries that never became clients, 24 months for applications (never under the EEOC's 12).
-- Only this file's records (ids 00000000-0000-4000-8000-0000000006xx) are looked at in what the purge returns.
begin;
select plan(14);

select tests.create_staff_member('retention_staff', 'staff');
select tests.create_staff_member('retention_admin', 'admin');
select tests.create_staff_member('retention_demoted', 'admin');

select tests.authenticate_as_service_role();
-- Filed under Spam by the form function's bot signals on arrival.
select tests.create_inquiry('00000000-0000-4000-8000-000000000601', 'Spam 40 days', pg_catalog.now() - interval '40 days', spam_reason => 'The hidden field was filled in.');
select tests.create_inquiry('00000000-0000-4000-8000-000000000602', 'Spam 20 days', pg_catalog.now() - interval '20 days', spam_reason => 'The hidden field was filled in.');
select tests.create_application('00000000-0000-4000-8000-000000000603', 'Spam 40 days', pg_catalog.now() - interval '40 days', spam_reason => 'The hidden field was filled in.');
select tests.create_application('00000000-0000-4000-8000-000000000604', 'Spam 13 months', pg_catalog.now() - interval '13 months', spam_reason => 'The hidden field was filled in.');
-- Moved to Spam by a person 40 days ago: a plain staff member, an admin, and an admin demoted since.
select tests.create_inquiry('00000000-0000-4000-8000-000000000605', 'Staff filed', pg_catalog.now() - interval '41 days');
select tests.create_inquiry('00000000-0000-4000-8000-000000000606', 'Admin filed', pg_catalog.now() - interval '41 days');
select tests.create_inquiry('00000000-0000-4000-8000-000000000612', 'Demoted admin filed', pg_catalog.now() - interval '41 days');
-- Old records at ordinary stages.
select tests.create_inquiry('00000000-0000-4000-8000-000000000607', 'Client', pg_catalog.now() - interval '30 months', 'became-a-client');
select tests.create_inquiry('00000000-0000-4000-8000-000000000608', 'Not a fit', pg_catalog.now() - interval '30 months', 'not-a-fit');
select tests.create_inquiry('00000000-0000-4000-8000-000000000609', 'Still talked to', pg_catalog.now() - interval '30 months', 'contacted');
select tests.create_application('00000000-0000-4000-8000-000000000610', 'Applied 30 months ago', pg_catalog.now() - interval '30 months', 'not-a-fit');
select tests.create_application('00000000-0000-4000-8000-000000000611', 'Applied 20 months ago', pg_catalog.now() - interval '20 months', 'not-a-fit');

select tests.authenticate_as('retention_staff');
update public.inquiries set stage = 'spam' where id = '00000000-0000-4000-8000-000000000605';
insert into public.record_notes (inquiry_id, body) values ('00000000-0000-4000-8000-000000000609', 'Spoke to the family today; they will call back.');
select tests.authenticate_as('retention_admin');
update public.inquiries set stage = 'spam' where id = '00000000-0000-4000-8000-000000000606';
select tests.authenticate_as('retention_demoted');
update public.inquiries set stage = 'spam' where id = '00000000-0000-4000-8000-000000000612';
select tests.authenticate_as_service_role();
update public.staff set role = 'staff' where user_id = tests.get_supabase_uid('retention_demoted');
update public.inquiries set stage_changed_at = pg_catalog.now() - interval '40 days'
where id in ('00000000-0000-4000-8000-000000000605', '00000000-0000-4000-8000-000000000606', '00000000-0000-4000-8000-000000000612');

create temporary table expected (list text, rule text, id uuid) on commit drop;
insert into expected values
  ('applications', 'period', '00000000-0000-4000-8000-000000000610'),
  ('applications', 'spam', '00000000-0000-4000-8000-000000000604'),
  ('inquiries', 'period', '00000000-0000-4000-8000-000000000608'),
  ('inquiries', 'spam', '00000000-0000-4000-8000-000000000601'),
  ('inquiries', 'spam', '00000000-0000-4000-8000-000000000606');
grant select on expected to service_role;

-- Only the service role runs it.
select tests.authenticate_as('retention_admin');
select throws_ok($$select public.purge_expired(30, 18, array['became-a-client'], 24, true)$$, '42501', 'permission denied for function purge_expired', 'no signed-in user, not even an admin, can run the purge');
select tests.authenticate_as_service_role();

-- A dry run lists without erasing.
select results_eq(
  $$select r.list, r.rule, r.id from pg_catalog.jsonb_to_recordset(public.purge_expired(30, 18, array['became-a-client'], 24, true)) as r(list text, rule text, id uuid)
    where r.id::text like '00000000-0000-4000-8000-0000000006__' order by 1, 2, 3$$,
  $$select list, rule, id from expected order by 1, 2, 3$$,
  'a dry run lists the records past their period: bot and admin spam after 30 days, old non-client inquiries and old applications');
select is(
  (select pg_catalog.count(*)::integer from public.inquiries where id::text like '00000000-0000-4000-8000-0000000006__')
  + (select pg_catalog.count(*)::integer from public.job_applications where id::text like '00000000-0000-4000-8000-0000000006__'),
  12, 'a dry run erases nothing');
select is(
  (select pg_catalog.count(*)::integer from public.retention_purges where ran_at = pg_catalog.now()), 0, 'a dry run logs no purge');
select ok(
  '00000000-0000-4000-8000-000000000607' in (select r.id from pg_catalog.jsonb_to_recordset(public.purge_expired(30, 18, array['contacted'], 24, true)) as r(list text, rule text, id uuid)),
  'the stages kept as clients are the caller''s: an old inquiry at became-a-client goes when only contacted is named');

-- The real run erases exactly those.
select results_eq(
  $$select r.list, r.rule, r.id from pg_catalog.jsonb_to_recordset(public.purge_expired(30, 18, array['became-a-client'], 24)) as r(list text, rule text, id uuid)
    where r.id::text like '00000000-0000-4000-8000-0000000006__' order by 1, 2, 3$$,
  $$select list, rule, id from expected order by 1, 2, 3$$,
  'the purge erases and returns the same records');
select is_empty(
  $$select id from public.inquiries where id in (select id from expected) union all select id from public.job_applications where id in (select id from expected)$$,
  'the records past their period are gone');
select set_eq(
  $$select id from public.inquiries where id::text like '00000000-0000-4000-8000-0000000006__' union all select id from public.job_applications where id::text like '00000000-0000-4000-8000-0000000006__'$$,
  array['00000000-0000-4000-8000-000000000602', '00000000-0000-4000-8000-000000000603', '00000000-0000-4000-8000-000000000605',
        '00000000-0000-4000-8000-000000000607', '00000000-0000-4000-8000-000000000609', '00000000-0000-4000-8000-000000000611',
        '00000000-0000-4000-8000-000000000612']::uuid[],
  'kept: spam under 30 days, bot spam applications under a year, staff and demoted-admin filings, clients, records worked on lately, applications under 24 months');
select results_eq(
  $$select rule, list, removed from public.retention_purges where ran_at = pg_catalog.now() order by rule, list$$,
  $$values ('period', 'applications', 1), ('period', 'inquiries', 1), ('spam', 'applications', 1), ('spam', 'inquiries', 2)$$,
  'the run logs how many it erased by rule and list');
select is(
  (select pg_catalog.count(*)::integer from public.record_events as e join expected as x on x.id = e.record_id where e.kind = 'deleted' and e.actor is null),
  5, 'each erased record leaves a deleted event, by nobody (the system)');

-- The floors and the client stages are checked, not trusted.
select throws_ok($$select public.purge_expired(30, 18, array['became-a-client'], 11)$$, '22023',
  'p_application_months must be at least 12 (EEOC, 29 CFR 1602.14: one year), found 11', 'applications are never purged under 12 months');
select throws_ok($$select public.purge_expired(30, 18, array['client'], 24)$$, '22023',
  'p_client_stages names "client", which is not a stage of inquiries', 'an unknown client stage is refused, not taken as no client');
select throws_ok($$select public.purge_expired(30, 18, array[]::text[], 24)$$, '22023',
  'p_client_stages must name at least one stage of inquiries: the inquiries of clients are kept', 'the client stages cannot be empty');
select throws_ok($$select public.purge_expired(0, 18, array['became-a-client'], 24)$$, '22023',
  'p_spam_days must be at least 1, found 0', 'the spam period is at least a day');

select * from finish();
rollback;
