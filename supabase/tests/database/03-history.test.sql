-- The history of each record (public.record_events): written by the records' triggers, never by a client, with the
-- signed-in user as the actor (auth.uid(); nobody when the form functions or the system did it); append-only, even
-- to the database owner; and it outlives its record. Only the columns every event has are checked, so events that
-- carry more (the 'created' event's source, 20261127000500_lead_origin.sql) pass unchanged.
begin;
select plan(17);

select tests.create_staff_member('history_staff', 'staff');
select tests.create_staff_member('history_colleague', 'staff');

select tests.authenticate_as_service_role();
select tests.create_inquiry('00000000-0000-4000-8000-000000000301', 'Ruth Lane', pg_catalog.now() - interval '2 hours');
select tests.create_application('00000000-0000-4000-8000-000000000302');

select results_eq(
  $$select list, kind, actor, from_value, to_value, at from public.record_events where record_id = '00000000-0000-4000-8000-000000000301'$$,
  $$values ('inquiries', 'created', null::uuid, null::text, 'new', pg_catalog.now() - interval '2 hours')$$,
  'a stored inquiry has one created event at its arrival, at the first stage, by nobody (the form function)');
select results_eq(
  $$select list, kind from public.record_events where record_id = '00000000-0000-4000-8000-000000000302'$$,
  $$values ('applications', 'created')$$,
  'a stored application has one created event');

-- Staff work the inquiry: each change of stage or owner is one event, by them.
select tests.authenticate_as('history_staff');
update public.inquiries set stage = 'contacted' where id = '00000000-0000-4000-8000-000000000301';
select results_eq(
  $$select kind, actor, from_value, to_value from public.record_events where record_id = '00000000-0000-4000-8000-000000000301' and kind = 'stage'$$,
  $$values ('stage', tests.get_supabase_uid('history_staff'), 'new', 'contacted')$$,
  'moving an inquiry writes a stage event from the old stage to the new, by the staff member who moved it');
update public.inquiries set owner = tests.get_supabase_uid('history_colleague') where id = '00000000-0000-4000-8000-000000000301';
select results_eq(
  $$select kind, actor, from_value, to_value from public.record_events where record_id = '00000000-0000-4000-8000-000000000301' and kind = 'owner'$$,
  $$values ('owner', tests.get_supabase_uid('history_staff'), null::text, tests.get_supabase_uid('history_colleague')::text)$$,
  'giving an inquiry to a colleague writes an owner event from nobody to them, by the staff member who gave it');
select tests.authenticate_as('history_colleague');
update public.inquiries set stage = 'assessment-booked', owner = null where id = '00000000-0000-4000-8000-000000000301';
select results_eq(
  $$select kind, actor, from_value, to_value from public.record_events where record_id = '00000000-0000-4000-8000-000000000301' and kind in ('stage', 'owner') and actor = auth.uid() order by kind$$,
  $$values ('owner', tests.get_supabase_uid('history_colleague'), tests.get_supabase_uid('history_colleague')::text, null::text),
           ('stage', tests.get_supabase_uid('history_colleague'), 'contacted', 'assessment-booked')$$,
  'one update of both stage and owner writes one event of each');
update public.inquiries set stage = 'assessment-booked' where id = '00000000-0000-4000-8000-000000000301';
select is(
  (select pg_catalog.count(*)::integer from public.record_events where record_id = '00000000-0000-4000-8000-000000000301' and kind in ('stage', 'owner')),
  4, 'an update that changes nothing writes no event');

-- Nobody writes, changes or removes an event but the triggers.
select throws_ok(
  $$insert into public.record_events (list, record_id, kind, from_value, to_value) values ('inquiries', '00000000-0000-4000-8000-000000000301', 'stage', 'new', 'became-a-client')$$,
  '42501', 'permission denied for table record_events', 'staff cannot add an event');
select throws_ok($$update public.record_events set to_value = 'became-a-client'$$, '42501', 'permission denied for table record_events', 'staff cannot change an event');
select throws_ok($$delete from public.record_events$$, '42501', 'permission denied for table record_events', 'staff cannot remove an event');
select tests.authenticate_as_service_role();
select throws_ok($$delete from public.record_events where record_id = '00000000-0000-4000-8000-000000000301'$$, '42501', 'permission denied for table record_events', 'the service role cannot remove an event');

-- The database owner holds every privilege, and the append-only trigger still refuses.
reset role;
select throws_ok($$update public.record_events set actor = null where record_id = '00000000-0000-4000-8000-000000000301'$$,
  '42501', 'record_events is append-only: an event cannot be changed or removed', 'the owner cannot change an event');
select throws_ok($$delete from public.record_events where record_id = '00000000-0000-4000-8000-000000000301'$$,
  '42501', 'record_events is append-only: an event cannot be changed or removed', 'the owner cannot remove an event');
select throws_ok($$truncate public.record_events$$,
  '42501', 'record_events is append-only: an event cannot be changed or removed', 'the owner cannot empty the history');
select is(
  (select pg_catalog.count(*)::integer from public.record_events where record_id = '00000000-0000-4000-8000-000000000301'),
  5, 'the inquiry''s five events are all still there');

-- A deleted record leaves its history and one 'deleted' event, by whoever deleted it (here the service role: nobody).
select tests.authenticate_as_service_role();
delete from public.inquiries where id = '00000000-0000-4000-8000-000000000301';
delete from public.job_applications where id = '00000000-0000-4000-8000-000000000302';
select results_eq(
  $$select kind, actor from public.record_events where record_id = '00000000-0000-4000-8000-000000000301' and kind in ('deleted', 'erased')$$,
  $$values ('deleted', null::uuid)$$,
  'deleting an inquiry writes one deleted event, by nobody');
select is(
  (select pg_catalog.array_agg(kind order by id) from public.record_events where record_id = '00000000-0000-4000-8000-000000000301'),
  array['created', 'stage', 'owner', 'stage', 'owner', 'deleted'],
  'the deleted inquiry''s history outlives it, in order');
select results_eq(
  $$select kind from public.record_events where record_id = '00000000-0000-4000-8000-000000000302' order by id$$,
  $$values ('created'), ('deleted')$$,
  'the deleted application''s history outlives it');

select * from finish();
rollback;
