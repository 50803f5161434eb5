-- Invitations limited per address and per hour, in the database (issue 39, item 5c;
-- 20261129000200_staff_invite_limits.sql): public.staff_invite, which the staff function calls as the service role,
-- queues at most 3 invitations to one member and 20 in all in any hour, counted from the outbox's 'staff_invite'
-- rows; past either it refuses (P0001, hint invite_limit) saying when to try again, and changes nothing. An hour
-- later (the rows moved back here, as the clock would) it invites again. public.staff_invite_check asks the same
-- question without changing anything. Only an active admin may invite; no API role but the service role may call
-- either function.
begin;
select plan(17);

select tests.create_staff_member('limit_admin', 'admin');
select tests.create_staff_member('limit_staff', 'staff');
select tests.create_staff_member('limit_removed_admin', 'admin');
update public.staff set active = false where user_id = tests.get_supabase_uid('limit_removed_admin');
select tests.create_supabase_user('limit_invitee_' || n) from pg_catalog.generate_series(1, 21) as n;
-- Whatever the seed queued is out of the hour: this file counts its own.
update public.notification_outbox set created_at = created_at - interval '2 hours' where kind = 'staff_invite';

select function_privs_are('public', 'staff_invite', array['uuid', 'uuid', 'text', 'text'], 'authenticated', array[]::text[], 'no signed-in user may invite directly');
select function_privs_are('public', 'staff_invite_check', array['uuid', 'uuid'], 'authenticated', array[]::text[], 'nor ask the limits');
select function_privs_are('public', 'staff_invite_check', array['uuid', 'uuid'], 'service_role', array['EXECUTE'], 'the staff function asks them as the service role');

select tests.authenticate_as_service_role();

-- Who may invite.
select throws_ok(pg_catalog.format('select public.staff_invite(%L, %L, %L, %L)', tests.get_supabase_uid('limit_staff'), tests.get_supabase_uid('limit_invitee_1'), 'One', 'staff'),
  '42501', 'Only an admin can manage staff', 'a plain staff member cannot invite');
select throws_ok(pg_catalog.format('select public.staff_invite(%L, %L, %L, %L)', tests.get_supabase_uid('limit_removed_admin'), tests.get_supabase_uid('limit_invitee_1'), 'One', 'staff'),
  '42501', 'Only an admin can manage staff', 'a removed admin cannot invite');

-- Per address: three in the hour, not a fourth.
select lives_ok(pg_catalog.format('select public.staff_invite(%L, %L, %L, %L) from pg_catalog.generate_series(1, 3)', tests.get_supabase_uid('limit_admin'), tests.get_supabase_uid('limit_invitee_1'), 'One', 'staff'),
  'three invitations to one address in the hour go');
select throws_matching(pg_catalog.format('select public.staff_invite(%L, %L, %L, %L)', tests.get_supabase_uid('limit_admin'), tests.get_supabase_uid('limit_invitee_1'), 'One', 'admin'),
  '^This address was sent 3 invitations in the past hour\. Try again after \d{1,2}:\d{2} [ap]m\.$', 'the fourth is refused, saying when to try again');
select throws_matching(pg_catalog.format('select public.staff_invite_check(%L, %L)', tests.get_supabase_uid('limit_admin'), tests.get_supabase_uid('limit_invitee_1')),
  '^This address was sent 3 invitations', 'and the check says so too');
select is((select pg_catalog.count(*)::integer from public.notification_outbox where kind = 'staff_invite' and staff_user_id = tests.get_supabase_uid('limit_invitee_1')), 3,
  'no fourth invitation was queued');
select is((select s.role from public.staff as s where s.user_id = tests.get_supabase_uid('limit_invitee_1')), 'staff', 'nor the role changed');
select lives_ok(pg_catalog.format('select public.staff_invite_check(%L, %L)', tests.get_supabase_uid('limit_admin'), tests.get_supabase_uid('limit_invitee_2')),
  'another address may still be invited');

-- In all: twenty in the hour, whatever the addresses, not a twenty-first, and none to a new address either.
select lives_ok(pg_catalog.format('select public.staff_invite(%L, tests.get_supabase_uid(%L || n), %L, %L) from pg_catalog.generate_series(2, 18) as n',
  tests.get_supabase_uid('limit_admin'), 'limit_invitee_', 'Many', 'staff'), 'seventeen more addresses: twenty in the hour');
select throws_matching(pg_catalog.format('select public.staff_invite(%L, %L, %L, %L)', tests.get_supabase_uid('limit_admin'), tests.get_supabase_uid('limit_invitee_21'), 'Last', 'staff'),
  '^Too many invitations this hour: the dashboard sends at most 20 an hour\. Try again after \d{1,2}:\d{2} [ap]m\.$', 'the twenty-first is refused');
select throws_matching(pg_catalog.format('select public.staff_invite_check(%L, null)', tests.get_supabase_uid('limit_admin')),
  '^Too many invitations this hour', 'and so is an address with no account yet');
select ok(not exists (select 1 from public.staff as s where s.user_id = tests.get_supabase_uid('limit_invitee_21')), 'the refused one was given no access');

-- An hour later.
reset role;
update public.notification_outbox set created_at = created_at - interval '1 hour' where kind = 'staff_invite';
select tests.authenticate_as_service_role();
select lives_ok(pg_catalog.format('select public.staff_invite(%L, %L, %L, %L)', tests.get_supabase_uid('limit_admin'), tests.get_supabase_uid('limit_invitee_21'), 'Last', 'staff'),
  'an hour later the invitation goes');
select lives_ok(pg_catalog.format('select public.staff_invite(%L, %L, %L, %L)', tests.get_supabase_uid('limit_admin'), tests.get_supabase_uid('limit_invitee_1'), 'One', 'staff'),
  'to the address that had three too');

select * from finish();
rollback;
