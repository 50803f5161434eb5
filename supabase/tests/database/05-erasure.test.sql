-- Erasure (20261126000200_erasure.sql): an admin's public.erase_record removes the record, its notes and its
-- notification_outbox rows, and the history keeps exactly one 'erased' event for it, by the admin, with nothing
-- of the person; the resume's key is handed back for the Storage API. Anyone but an admin is refused (42501); a
-- record that is not there is P0002. Outbox rows are counted by record, whatever their kind, so rows other kinds
-- of e-mail add for a record must go with it too.
begin;
select plan(16);

select tests.create_staff_member('erasure_admin', 'admin');
select tests.create_staff_member('erasure_staff', 'staff');
select tests.create_staff_member('erasure_demoted', 'staff');
select tests.create_supabase_user('erasure_visitor');
-- An admin demoted in public.staff whose token still says admin.
update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role": "admin"}' where id = tests.get_supabase_uid('erasure_demoted');

-- Stored by the form functions (the service role), so each has its staff notification in the outbox.
select tests.authenticate_as_service_role();
select tests.create_inquiry('00000000-0000-4000-8000-000000000501', 'Ruth Lane');
select tests.create_application('00000000-0000-4000-8000-000000000502', 'Omar', resume_url => '00000000-0000-4000-8000-000000000502/00000000-0000-4000-8000-000000005201.pdf');
select tests.authenticate_as('erasure_staff');
insert into public.record_notes (inquiry_id, body) values ('00000000-0000-4000-8000-000000000501', 'Her daughter asked us to call after 5 pm.');
update public.inquiries set stage = 'contacted' where id = '00000000-0000-4000-8000-000000000501';

select tests.authenticate_as_service_role();
select ok(exists (select 1 from public.notification_outbox where inquiry_id = '00000000-0000-4000-8000-000000000501'), 'the inquiry to erase has its notification in the outbox');

-- Refused to anyone but an admin, and the record stays.
select tests.authenticate_as('erasure_staff');
select throws_ok($$select public.erase_record('inquiries', '00000000-0000-4000-8000-000000000501')$$, '42501', 'Only an admin can erase a record', 'staff cannot erase a record');
select tests.authenticate_as('erasure_demoted');
select throws_ok($$select public.erase_record('inquiries', '00000000-0000-4000-8000-000000000501')$$, '42501', 'Only an admin can erase a record', 'an admin demoted in the staff list cannot erase, whatever the token says');
select tests.authenticate_as('erasure_visitor');
select throws_ok($$select public.erase_record('inquiries', '00000000-0000-4000-8000-000000000501')$$, '42501', 'Only an admin can erase a record', 'a signed-in user who is not staff cannot erase');
select tests.clear_authentication();
select throws_ok($$select public.erase_record('inquiries', '00000000-0000-4000-8000-000000000501')$$, '42501', 'permission denied for function erase_record', 'a visitor cannot call erase_record');
select tests.authenticate_as_service_role();
select throws_ok($$select public.erase_record('inquiries', '00000000-0000-4000-8000-000000000501')$$, '42501', 'permission denied for function erase_record', 'the service role cannot call erase_record (it is an admin''s act)');
select isnt_empty($$select id from public.inquiries where id = '00000000-0000-4000-8000-000000000501'$$, 'the refused erasures left the inquiry');

-- An admin erases.
select tests.authenticate_as('erasure_admin');
select is(public.erase_record('inquiries', '00000000-0000-4000-8000-000000000501'),
  '{"list": "inquiries", "id": "00000000-0000-4000-8000-000000000501", "resume_url": null}'::jsonb, 'an admin erases an inquiry');
select tests.authenticate_as_service_role();
select is_empty($$select id from public.inquiries where id = '00000000-0000-4000-8000-000000000501'$$, 'the erased inquiry is gone');
select is_empty($$select id from public.record_notes where inquiry_id = '00000000-0000-4000-8000-000000000501'$$, 'its notes are gone');
select is_empty($$select id from public.notification_outbox where inquiry_id = '00000000-0000-4000-8000-000000000501'$$, 'its outbox rows are gone');
select results_eq(
  $$select kind, actor, from_value, to_value from public.record_events where record_id = '00000000-0000-4000-8000-000000000501' and kind in ('erased', 'deleted', 'note_deleted')$$,
  $$values ('erased', tests.get_supabase_uid('erasure_admin'), null::text, null::text)$$,
  'its history has one erased event, by the admin, and no deleted or note_deleted event');
select is(
  (select pg_catalog.array_agg(kind order by id) from public.record_events where record_id = '00000000-0000-4000-8000-000000000501'),
  array['created', 'note', 'stage', 'erased'], 'the events before the erasure stay, the erased event last');

select tests.authenticate_as('erasure_admin');
select is(public.erase_record('applications', '00000000-0000-4000-8000-000000000502') ->> 'resume_url', '00000000-0000-4000-8000-000000000502/00000000-0000-4000-8000-000000005201.pdf',
  'erasing an application hands back its resume''s key for the Storage API');
select throws_ok($$select public.erase_record('inquiries', '00000000-0000-4000-8000-000000000501')$$, 'P0002',
  'There is no inquiry with id 00000000-0000-4000-8000-000000000501: it may have been erased already', 'erasing a record already erased is P0002');
select throws_ok($$select public.erase_record('clients', '00000000-0000-4000-8000-000000000501')$$, '22023',
  'Unknown list "clients": expected applications or inquiries', 'an unknown list is refused');

select * from finish();
rollback;
