-- The deploy's first admin (issue 41; 20261129150000_first_admin.sql): public.invite_first_admin, which
-- `npm run deploy` calls as the service role, gives FIRST_ADMIN_EMAIL's account active admin access and queues
-- their invitation once, recorded as 'invited' with no actor; once the project has had an admin (even one removed
-- since), it changes nothing and returns null. No API role but the service role may call it.
begin;
select plan(11);

select tests.create_supabase_user('first_admin');
select tests.create_supabase_user('second_admin');

select function_privs_are('public', 'invite_first_admin', array['uuid', 'text'], 'anon', array[]::text[], 'a visitor may not call it');
select function_privs_are('public', 'invite_first_admin', array['uuid', 'text'], 'authenticated', array[]::text[], 'nor a signed-in user');
select function_privs_are('public', 'invite_first_admin', array['uuid', 'text'], 'service_role', array['EXECUTE'], 'the deploy calls it as the service role');

-- A new project: the seed's demo staff are not there.
delete from public.notification_outbox where kind = 'staff_invite';
delete from public.staff;

select tests.authenticate_as_service_role();

select throws_ok(pg_catalog.format('select public.invite_first_admin(%L, %L)', tests.get_supabase_uid('first_admin'), '  '), '22023', 'The first admin needs a name', 'a blank name is refused');
select isnt(public.invite_first_admin(tests.get_supabase_uid('first_admin'), ' Rosa Alvarez '), null, 'the first call queues an invitation');

reset role;
select results_eq(
  $$select s.display_name, s.role, s.active from public.staff as s$$,
  $$values ('Rosa Alvarez'::text, 'admin'::text, true)$$,
  'the first admin is an active admin, under the name given'
);
select is((select pg_catalog.count(*)::integer from public.notification_outbox where kind = 'staff_invite' and staff_user_id = tests.get_supabase_uid('first_admin')), 1, 'one invitation is queued for them');
select results_eq(
  $$select e.actor, e.kind, e.role from public.staff_events as e where e.member = tests.get_supabase_uid('first_admin')$$,
  $$values (null::uuid, 'invited'::text, 'admin'::text)$$,
  'recorded as an invitation, by nobody in particular'
);

select tests.authenticate_as_service_role();
select is(public.invite_first_admin(tests.get_supabase_uid('second_admin'), 'Someone Else'), null, 'a second call, for anyone, changes nothing');
reset role;
update public.staff set active = false;
select tests.authenticate_as_service_role();
select is(public.invite_first_admin(tests.get_supabase_uid('second_admin'), 'Someone Else'), null, 'nor does one after the first admin was removed: it is done once');
reset role;
select is((select pg_catalog.count(*)::integer from public.staff where user_id = tests.get_supabase_uid('second_admin')), 0, 'the second account was given nothing');

select * from finish();
rollback;
