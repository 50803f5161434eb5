-- Row level security per role, for every table the dashboard reads, and the two columns staff may change.
-- A visitor (anon) holds no privilege, so every read or write is refused outright; a signed-in account that is not
-- staff is answered with nothing; staff read everything and change only a record's stage and owner; a member whose
-- access was taken away is refused with words the dashboard shows; what only an admin may do is refused to staff;
-- the service role (the form functions) writes the records. The records are made here, with fixed ids, by the
-- service role as the form functions make them; the accounts by the helpers (not the seed's).
begin;
select plan(48);

select tests.create_staff_member('rls_staff', 'staff');
select tests.create_staff_member('rls_admin', 'admin');
select tests.create_staff_member('rls_removed', 'staff');
select tests.create_supabase_user('rls_visitor');
update public.staff set active = false where user_id = tests.get_supabase_uid('rls_removed');

select tests.authenticate_as_service_role();
select tests.create_inquiry('00000000-0000-4000-8000-000000000201', 'Ruth Lane');
select tests.create_application('00000000-0000-4000-8000-000000000202', 'Omar');

-- A visitor: no privilege on any table, so nothing is read or written, not even an empty answer.
select tests.clear_authentication();
select throws_ok('select * from public.inquiries', '42501', 'permission denied for table inquiries', 'anon cannot read inquiries');
select throws_ok('select * from public.job_applications', '42501', 'permission denied for table job_applications', 'anon cannot read applications');
select throws_ok('select * from public.record_events', '42501', 'permission denied for table record_events', 'anon cannot read the history');
select throws_ok('select * from public.record_notes', '42501', 'permission denied for table record_notes', 'anon cannot read notes');
select throws_ok('select * from public.staff', '42501', 'permission denied for table staff', 'anon cannot read the staff list');
select throws_ok('select * from public.inquiry_stages', '42501', 'permission denied for table inquiry_stages', 'anon cannot read the stages of inquiries');
select throws_ok('select * from public.application_stages', '42501', 'permission denied for table application_stages', 'anon cannot read the stages of applications');
select throws_ok('select * from public.notification_outbox', '42501', 'permission denied for table notification_outbox', 'anon cannot read the notifications');
select throws_ok('select * from public.record_exports', '42501', 'permission denied for table record_exports', 'anon cannot read the exports log');
select throws_ok('select * from public.retention_purges', '42501', 'permission denied for table retention_purges', 'anon cannot read the purges log');
select throws_ok($$insert into public.inquiries (name, email, care_for) values ('Bot', 'bot@example.com', 'a-parent')$$,
  '42501', 'permission denied for table inquiries', 'anon cannot store an inquiry directly (only the form function can)');
select throws_ok($$update public.inquiries set stage = 'contacted'$$, '42501', 'permission denied for table inquiries', 'anon cannot move an inquiry');
select throws_ok('delete from public.job_applications', '42501', 'permission denied for table job_applications', 'anon cannot delete an application');

-- A signed-in account that is not staff: the reads are allowed and answered with nothing, the writes change nothing.
select tests.authenticate_as('rls_visitor');
select is_empty('select id from public.inquiries', 'a signed-in non-staff user sees no inquiry');
select is_empty('select id from public.job_applications', 'a signed-in non-staff user sees no application');
select is_empty('select id from public.record_events', 'a signed-in non-staff user sees no history');
select is_empty('select id from public.record_notes', 'a signed-in non-staff user sees no note');
select is_empty('select user_id from public.staff', 'a signed-in non-staff user sees no staff member');
select is_empty('select code from public.inquiry_stages union all select code from public.application_stages', 'a signed-in non-staff user sees no stage');
select is_empty('select id from public.notification_outbox', 'a signed-in non-staff user sees no notification');
select is_empty($$update public.inquiries set stage = 'contacted' returning id$$, 'a signed-in non-staff user moves no inquiry');
select is_empty($$update public.job_applications set owner = null returning id$$, 'a signed-in non-staff user changes no application''s owner');
select throws_ok($$insert into public.record_notes (inquiry_id, body) values ('00000000-0000-4000-8000-000000000201', 'hello')$$,
  '42501', 'new row violates row-level security policy for table "record_notes"', 'a signed-in non-staff user cannot add a note');

-- Staff read the records and everything the dashboard shows beside them.
select tests.authenticate_as('rls_staff');
select results_eq('select name from public.inquiries where id = ''00000000-0000-4000-8000-000000000201''', array['Ruth Lane'], 'staff read an inquiry');
select results_eq('select email from public.job_applications where id = ''00000000-0000-4000-8000-000000000202''', array['applicant@example.com'], 'staff read an application');
select isnt_empty('select id from public.record_events where record_id = ''00000000-0000-4000-8000-000000000201''', 'staff read a record''s history');
select ok((select pg_catalog.count(*) from public.staff where user_id in (tests.get_supabase_uid('rls_staff'), tests.get_supabase_uid('rls_admin'))) = 2, 'staff read their colleagues'' names');
select ok(exists (select 1 from public.inquiry_stages where code = 'new') and exists (select 1 from public.application_stages where code = 'new'), 'staff read the stages of both lists');
select lives_ok($$insert into public.record_notes (inquiry_id, body) values ('00000000-0000-4000-8000-000000000201', 'Called back, left a message.')$$, 'staff add a note');
select isnt_empty('select id from public.record_notes where inquiry_id = ''00000000-0000-4000-8000-000000000201''', 'staff read the notes');

-- Staff change a record's stage and owner, and nothing else.
select results_eq($$update public.inquiries set stage = 'contacted' where id = '00000000-0000-4000-8000-000000000201' returning stage$$, array['contacted'], 'staff move an inquiry to another stage');
select results_eq(pg_catalog.format($$update public.job_applications set owner = %L where id = '00000000-0000-4000-8000-000000000202' returning owner$$, tests.get_supabase_uid('rls_staff')),
  array[tests.get_supabase_uid('rls_staff')], 'staff give an application an owner');
select throws_ok(pg_catalog.format($$update public.job_applications set owner = %L where id = '00000000-0000-4000-8000-000000000202'$$, tests.get_supabase_uid('rls_removed')),
  '23503', pg_catalog.format('The owner %s is not an active staff member', tests.get_supabase_uid('rls_removed')), 'a record cannot be given to a member whose access has ended');
select throws_ok($$update public.inquiries set message = 'changed' where id = '00000000-0000-4000-8000-000000000201'$$, '42501', 'permission denied for table inquiries', 'staff cannot change what a family sent');
select throws_ok($$update public.job_applications set email = 'x@example.com' where id = '00000000-0000-4000-8000-000000000202'$$, '42501', 'permission denied for table job_applications', 'staff cannot change what an applicant sent');
select throws_ok($$insert into public.inquiries (name, email, care_for) values ('Made up', 'x@example.com', 'a-parent')$$, '42501', 'permission denied for table inquiries', 'staff cannot make up an inquiry');
select throws_ok($$delete from public.inquiries where id = '00000000-0000-4000-8000-000000000201'$$, '42501', 'permission denied for table inquiries', 'staff cannot delete an inquiry');
select throws_ok($$update public.staff set role = 'admin' where user_id = auth.uid()$$, '42501', 'permission denied for table staff', 'staff cannot change the staff list (nor make themselves admin)');
select throws_ok($$insert into public.record_events (list, record_id, kind) values ('inquiries', '00000000-0000-4000-8000-000000000201', 'stage')$$, '42501', 'permission denied for table record_events', 'staff cannot write the history themselves');
select throws_ok($$update public.inquiry_stages set label = 'Renamed'$$, '42501', 'permission denied for table inquiry_stages', 'staff cannot change the stages (they are the content''s)');

-- What only an admin may do.
select throws_ok($$select public.erase_record('inquiries', '00000000-0000-4000-8000-000000000201')$$, '42501', 'Only an admin can erase a record', 'staff cannot erase a record');
select throws_ok($$select public.record_export('inquiries', 'csv', array['00000000-0000-4000-8000-000000000201']::uuid[], '')$$, '42501', 'Only an admin can export records', 'staff cannot export records');
select tests.authenticate_as('rls_admin');
select is(public.record_export('inquiries', 'json', array['00000000-0000-4000-8000-000000000201']::uuid[], ''), 1, 'an admin exports a record');

-- A member whose access has ended, with a token that still says staff: refused, not answered with empty lists.
select tests.authenticate_as('rls_removed');
select throws_ok('select * from public.inquiries', '42501', 'Staff access has ended for this account', 'a removed staff member cannot read the inquiries');
select throws_ok($$update public.job_applications set stage = 'contacted'$$, '42501', 'Staff access has ended for this account', 'a removed staff member cannot move an application');

-- The service role (the form functions, npm run staff:add) writes the records, past RLS.
select tests.authenticate_as_service_role();
select lives_ok($$select tests.create_inquiry('00000000-0000-4000-8000-000000000203', 'Lee Ward')$$, 'the service role stores an inquiry');
select results_eq($$update public.inquiries set stage = 'assessment-booked' where id = '00000000-0000-4000-8000-000000000201' returning stage$$, array['assessment-booked'], 'the service role moves an inquiry');
select results_eq($$delete from public.job_applications where id = '00000000-0000-4000-8000-000000000202' returning id$$, array['00000000-0000-4000-8000-000000000202'::uuid], 'the service role deletes an application');

select * from finish();
rollback;
