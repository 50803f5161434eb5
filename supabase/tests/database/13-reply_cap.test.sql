-- The cap on instant replies as a whole (20261129000300_reply_cap.sql, issue 39): the sender's claim lets at most
-- p_replies_per_hour replies leave in an hour and holds the rest (status 'capped'); while any is held, new ones wait
-- behind it; staff notifications are never capped; only an admin sends or drops held replies.
begin;
select plan(13);

select tests.create_staff_member('cap_admin', 'admin');
select tests.create_staff_member('cap_staff', 'staff');
select tests.authenticate_as_service_role();

-- Five requests from five addresses: five replies queued beside five staff notifications.
insert into public.inquiries (id, name, email, phone, care_for, message, consent_version, consented_at)
select ('00000000-0000-4000-8000-00000000090' || n)::uuid, 'Win Big', 'stranger-' || n || '@example.net', '', 'a-parent', '', '2026-11-25', pg_catalog.now()
from pg_catalog.generate_series(1, 5) as n;

-- A cap of 3: the claim takes three replies and the five notifications, and holds the other two replies.
select is(pg_catalog.jsonb_array_length(public.claim_notifications(50, 60, null, null, 3)), 8, 'the claim takes 3 replies and every staff notification');
select results_eq(
  $$select status, count(*)::integer from public.notification_outbox where acknowledgement group by status order by status$$,
  $$values ('capped', 2), ('pending', 3)$$,
  'the replies past the cap are held');
select is_empty($$select id from public.notification_outbox where not acknowledgement and status = 'capped'$$, 'no staff notification is ever held');
select is(pg_catalog.jsonb_array_length(public.claim_notifications(50, 60, null, null, 3)), 0, 'the held replies are not claimed again');

-- Sent (as the sender would mark them): the hour's three are spent. A new request an hour later still waits behind
-- the held ones.
reset role;
update public.notification_outbox set status = 'sent', sent_at = pg_catalog.now(), leased_until = null where status = 'pending';
update public.notification_outbox set created_at = created_at - interval '61 minutes';
select tests.authenticate_as_service_role();
insert into public.inquiries (id, name, email, phone, care_for, message, consent_version, consented_at)
values ('00000000-0000-4000-8000-000000000906', 'Real Family', 'real.family@example.com', '', 'a-parent', '', '2026-11-25', pg_catalog.now());
select is(pg_catalog.jsonb_array_length(public.claim_notifications(50, 60, null, null, 3)), 1, 'in a quiet hour, only the new staff notification is claimed');
select results_eq(
  $$select status from public.notification_outbox where acknowledgement and inquiry_id = '00000000-0000-4000-8000-000000000906'$$,
  $$values ('capped')$$,
  'while replies are held, a new reply waits behind them');
select throws_ok($$select public.claim_notifications(50, 60, null, null, 0)$$, '22023', null, 'a cap under 1 is refused');

-- Plain staff see the held replies but cannot decide; a visitor can do neither.
select tests.authenticate_as('cap_staff');
select results_eq($$select count(*)::integer from public.notification_outbox where status = 'capped'$$, $$values (3)$$, 'staff see the held replies');
select throws_ok($$select public.decide_held_replies('send')$$, '42501', 'Only an admin can send or drop held replies', 'plain staff cannot send held replies');
select tests.clear_authentication();
select throws_ok($$select public.decide_held_replies('drop')$$, '42501', null, 'a visitor cannot drop held replies');

-- An admin sends one (claimed at once, whatever the cap) and drops the rest.
select tests.authenticate_as('cap_admin');
select is(public.decide_held_replies('send', array['00000000-0000-4000-8000-000000000906'::uuid]), 0, 'ids name outbox rows, not records: nothing decided');
select is(public.decide_held_replies('send', (select pg_catalog.array_agg(o.id) from public.notification_outbox as o where o.inquiry_id = '00000000-0000-4000-8000-000000000906' and o.acknowledgement)), 1, 'an admin sends one held reply');
select is(public.decide_held_replies('drop'), 2, 'and drops the other two');

select * from finish();
rollback;
