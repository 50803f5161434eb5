-- The deploy's own test request (20261129200000_test_requests.sql, issue 41 item 4): only the service role gets a
-- token, and a token marks one request once; the mark is in the record, its history and its staff e-mail; no reply
-- goes to its sender; staff never see it, and neither the lists, the reports, a burst nor the overdue digest count
-- it; the mark is never changed; the service role's erasure takes test requests only and leaves a marked 'erased'.
begin;
select plan(26);

select tests.create_staff_member('verify_staff', 'staff');

-- Tokens: the service role's alone.
select tests.clear_authentication();
select throws_ok($$select public.issue_test_request_token()$$, '42501', null, 'a visitor cannot get a test token');
select throws_ok($$select public.use_test_request_token('x')$$, '42501', null, 'nor use one');
select tests.authenticate_as('verify_staff');
select throws_ok($$select public.issue_test_request_token()$$, '42501', null, 'nor can staff');
select throws_ok($$select public.erase_test_requests()$$, '42501', null, 'staff cannot call the test erasure');

select tests.authenticate_as_service_role();
create temporary table tokens (token text) on commit drop;
grant all on tokens to service_role;
insert into tokens select public.issue_test_request_token();
select matches((select token from tokens), '^[0-9a-f]{64}$', 'a token is 64 random hex digits');
select is(public.use_test_request_token((select token from tokens)), true, 'the token is recognised once');
select is(public.use_test_request_token((select token from tokens)), false, 'and never again');
select is(public.use_test_request_token('0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'), false, 'an unknown token is not recognised');
select is(public.use_test_request_token(null), false, 'nor no token');
reset role;
insert into private.test_request_tokens (token_hash, expires_at) values (pg_catalog.sha256(pg_catalog.convert_to('old', 'UTF8')), pg_catalog.now() - interval '1 second');
select tests.authenticate_as_service_role();
select is(public.use_test_request_token('old'), false, 'an expired token is not recognised');

-- A test request, as submit-inquiry stores it, with an address (which would get a reply were it real), in a past
-- week, beside a real request of the same week.
insert into public.inquiries (id, created_at, name, email, phone, care_for, consent_version, consented_at, deploy_test)
values ('00000000-0000-4000-8000-000000001501', '2026-07-07 14:00+00', 'Deploy check', 'owner@example.com', '555-0100', 'a-parent', '2026-11-25', '2026-07-07 14:00+00', true),
       ('00000000-0000-4000-8000-000000001502', '2026-07-07 15:00+00', 'Real Family', 'family1502@example.com', '555-0101', 'a-parent', '2026-11-25', '2026-07-07 15:00+00', false);

select results_eq(
  $$select deploy_test, acknowledgement from public.notification_outbox where inquiry_id = '00000000-0000-4000-8000-000000001501'$$,
  $$values (true, false)$$,
  'the test request gets one staff e-mail, marked as the test, and no reply to its sender');
select results_eq(
  $$select count(*)::integer from public.notification_outbox where inquiry_id = '00000000-0000-4000-8000-000000001502' and not deploy_test$$,
  $$values (2)$$,
  'the real request beside it gets its staff e-mail and its reply, unmarked');
select results_eq(
  $$select kind, deploy_test from public.record_events where record_id = '00000000-0000-4000-8000-000000001501'$$,
  $$values ('created'::text, true)$$,
  'its history is marked as the test');

-- The mark is never changed, by anyone.
select throws_ok($$update public.inquiries set deploy_test = false where id = '00000000-0000-4000-8000-000000001501'$$, '42501', null, 'the service role cannot unmark a test request');
select throws_ok($$update public.inquiries set deploy_test = true where id = '00000000-0000-4000-8000-000000001502'$$, '42501', null, 'nor hide a real request as a test afterwards');

-- Not in a burst: two real requests now make one, the test's e-mail stays alone.
select tests.create_inquiry('00000000-0000-4000-8000-000000001503', 'Burst One');
reset role;
update public.inquiries set email = 'burst1503@example.com' where id = '00000000-0000-4000-8000-000000001503';
select tests.authenticate_as_service_role();
insert into public.inquiries (id, name, phone, care_for, consent_version, consented_at, deploy_test)
values ('00000000-0000-4000-8000-000000001504', 'Deploy check', '555-0100', 'a-parent', '2026-11-25', pg_catalog.now(), true);
reset role;
select ok(private.fold_notification_burst(1, 5) >= 0, 'a burst is folded');
select results_eq(
  $$select status, burst_id is null from public.notification_outbox where inquiry_id = '00000000-0000-4000-8000-000000001504'$$,
  $$values ('pending'::text, true)$$,
  'the test e-mail is never folded into a burst: it goes alone');
select is_empty(
  $$select 1 from public.notification_outbox as o, pg_catalog.jsonb_array_elements(o.items) as item
    where o.kind = 'burst' and item ->> 'id' in ('00000000-0000-4000-8000-000000001501', '00000000-0000-4000-8000-000000001504')$$,
  'no burst e-mail lists it');

-- Overdue: a test request left behind (a deploy stopped half-way) is never in the digest.
select is_empty(
  $$select id from public.overdue_inquiries(24) where id = '00000000-0000-4000-8000-000000001501'$$,
  'the overdue digest leaves a test request out');

-- Staff see nothing of it.
select tests.authenticate_as('verify_staff');
select results_eq(
  $$select id from public.inquiries where id in ('00000000-0000-4000-8000-000000001501', '00000000-0000-4000-8000-000000001502', '00000000-0000-4000-8000-000000001504')$$,
  $$values ('00000000-0000-4000-8000-000000001502'::uuid)$$,
  'staff see the real request, never the test (the lists and their counts)');
select is_empty($$select 1 from public.record_events where deploy_test$$, 'nor its history');
select is_empty($$select 1 from public.notification_outbox where deploy_test$$, 'nor its e-mail (the outbox warnings)');
select is((select (public.report_inquiries('2026-07-06 04:00+00', '2026-07-13 04:00+00') ->> 'count')::integer), 1, 'Reports count the real request of that week, not the test');

-- The erasure: test requests only, as an admin's erasure leaves them.
select tests.authenticate_as_service_role();
select is(public.erase_test_requests(), 2, 'the service role erases the two test requests');
select results_eq(
  $$select count(*)::integer from public.inquiries where id in ('00000000-0000-4000-8000-000000001501', '00000000-0000-4000-8000-000000001502', '00000000-0000-4000-8000-000000001503', '00000000-0000-4000-8000-000000001504')$$,
  $$values (2)$$,
  'the real requests are left as they were');
select results_eq(
  $$select kind, deploy_test from public.record_events where record_id = '00000000-0000-4000-8000-000000001501' order by id$$,
  $$values ('created'::text, true), ('erased', true)$$,
  'its history says it was erased, marked as the test; its e-mails went with it');

select * from finish();
rollback;
