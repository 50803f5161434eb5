-- Staff access decided by the database (20261127000000_staff_access.sql): public.is_staff() and public.is_admin()
-- read public.staff (active, role); the token's claim (app_metadata.role) only opens the question. A row that stops
-- being active ends that member's sessions and refresh tokens in the same transaction, as GoTrue's sign-out does,
-- so they cannot refresh into a new token; other members' sessions stay. The sessions are written here as GoTrue
-- writes them (auth.sessions, and auth.refresh_tokens with and without a session).
begin;
select plan(17);

select tests.create_staff_member('access_staff', 'staff');
select tests.create_staff_member('access_admin', 'admin');
select tests.create_staff_member('access_colleague', 'staff');
select tests.create_supabase_user('access_visitor');
-- A member made admin in the staff list whose token still says staff, and one demoted whose token still says admin.
select tests.create_staff_member('access_promoted', 'staff');
update public.staff set role = 'admin' where user_id = tests.get_supabase_uid('access_promoted');
select tests.create_staff_member('access_demoted', 'admin');
update public.staff set role = 'staff' where user_id = tests.get_supabase_uid('access_demoted');
-- An account whose token claims staff but which has no staff row.
select tests.create_supabase_user('access_claim_only');
update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role": "staff"}' where id = tests.get_supabase_uid('access_claim_only');

-- Who is staff, who is admin.
select tests.authenticate_as('access_staff');
select ok(public.is_staff() and not public.is_admin(), 'an active staff member is staff and not admin');
select tests.authenticate_as('access_admin');
select ok(public.is_staff() and public.is_admin(), 'an active admin is staff and admin');
select tests.authenticate_as('access_promoted');
select ok(public.is_admin(), 'a member made admin in the staff list is admin before their token says so');
select tests.authenticate_as('access_demoted');
select ok(public.is_staff() and not public.is_admin(), 'a demoted admin is no longer admin, whatever their token says');
select tests.authenticate_as('access_visitor');
select ok(not public.is_staff() and not public.is_admin(), 'an account without the claim is neither');
select tests.authenticate_as('access_claim_only');
select throws_ok('select public.is_staff()', '42501', 'Staff access has ended for this account', 'a token claiming staff without an active staff row is refused');
select tests.authenticate_as_service_role();
select ok(not public.is_staff(), 'the service role is not staff (it bypasses RLS instead)');

-- Sessions as GoTrue keeps them: two for the member to remove, one for a colleague.
reset role;
insert into auth.sessions (id, user_id, created_at) values
  ('00000000-0000-4000-8000-000000008001', tests.get_supabase_uid('access_staff'), pg_catalog.now() - interval '1 hour'),
  ('00000000-0000-4000-8000-000000008002', tests.get_supabase_uid('access_staff'), pg_catalog.now() - interval '5 minutes'),
  ('00000000-0000-4000-8000-000000008003', tests.get_supabase_uid('access_colleague'), pg_catalog.now() - interval '1 hour');
insert into auth.refresh_tokens (token, user_id, revoked, session_id, created_at) values
  ('access-staff-token-1', tests.get_supabase_uid('access_staff')::text, false, '00000000-0000-4000-8000-000000008001', pg_catalog.now()),
  ('access-staff-token-2', tests.get_supabase_uid('access_staff')::text, false, '00000000-0000-4000-8000-000000008002', pg_catalog.now()),
  ('access-staff-token-old', tests.get_supabase_uid('access_staff')::text, false, null, pg_catalog.now()),
  ('access-colleague-token', tests.get_supabase_uid('access_colleague')::text, false, '00000000-0000-4000-8000-000000008003', pg_catalog.now());

-- Removing the member (as npm run staff:add -- --remove does, with the service role).
select tests.authenticate_as_service_role();
select lives_ok($$update public.staff set active = false where user_id = tests.get_supabase_uid('access_staff')$$, 'the service role removes a staff member');
reset role;
select is_empty(pg_catalog.format('select id from auth.sessions where user_id = %L', tests.get_supabase_uid('access_staff')), 'the removed member''s sessions are ended in the same transaction');
select is_empty(pg_catalog.format('select token from auth.refresh_tokens where user_id = %L', tests.get_supabase_uid('access_staff')), 'their refresh tokens are gone, those of an older kind without a session too');
select results_eq(pg_catalog.format('select id from auth.sessions where user_id = %L', tests.get_supabase_uid('access_colleague')),
  $$values ('00000000-0000-4000-8000-000000008003'::uuid)$$, 'a colleague''s session stays');
select results_eq(pg_catalog.format('select token::text from auth.refresh_tokens where user_id = %L', tests.get_supabase_uid('access_colleague')),
  $$values ('access-colleague-token')$$, 'a colleague''s refresh token stays');
select results_eq(pg_catalog.format('select display_name from public.staff where user_id = %L', tests.get_supabase_uid('access_staff')),
  $$values ('access_staff')$$, 'the removed member''s name stays, to label their past work');

-- The token they still hold is refused at once; a member added inactive has no session either.
select tests.authenticate_as('access_staff');
select throws_ok('select public.is_staff()', '42501', 'Staff access has ended for this account', 'the removed member''s token is refused at once');
select throws_ok('select public.is_admin()', '42501', 'Staff access has ended for this account', 'and refused for admin acts too');
reset role;
select tests.create_supabase_user('access_added_inactive');
insert into auth.sessions (id, user_id) values ('00000000-0000-4000-8000-000000008004', tests.get_supabase_uid('access_added_inactive'));
insert into public.staff (user_id, display_name, active) values (tests.get_supabase_uid('access_added_inactive'), 'Added inactive', false);
select is_empty(pg_catalog.format('select id from auth.sessions where user_id = %L', tests.get_supabase_uid('access_added_inactive')), 'a staff row inserted inactive ends that account''s sessions too');

-- Staff cannot give themselves access back.
select tests.authenticate_as('access_colleague');
select throws_ok($$update public.staff set active = true where user_id = tests.get_supabase_uid('access_staff')$$, '42501', 'permission denied for table staff', 'staff cannot reinstate a removed member');

select * from finish();
rollback;
