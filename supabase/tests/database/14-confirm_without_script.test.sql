-- No person filed as spam for having no JavaScript (20261129100000_confirm_without_script.sql, issue 40 item 7): a
-- post held for its sender to confirm is announced to nobody and answered to nobody; the sender's press makes it a
-- real request once (staff e-mail, reply, history), however often it comes; a record staff move out of Spam gets the
-- reply it missed, once, however often it is moved back and forth.
begin;
select plan(14);

select tests.create_staff_member('confirm_staff', 'staff');
select is(private.held_reason(), 'Waiting for the sender to confirm (sent without JavaScript).', 'the held reason is the one the form functions give (formPost.ts, HELD_REASON)');
select tests.authenticate_as_service_role();

-- Held: at the spam stage, no staff e-mail, no reply.
select tests.create_inquiry('00000000-0000-4000-8000-000000001401', 'Held Family', spam_reason => 'Waiting for the sender to confirm (sent without JavaScript).');
select tests.create_application('00000000-0000-4000-8000-000000001402', 'Held', spam_reason => 'Waiting for the sender to confirm (sent without JavaScript).');
select results_eq(
  $$select stage from public.inquiries where id = '00000000-0000-4000-8000-000000001401'
    union all select stage from public.job_applications where id = '00000000-0000-4000-8000-000000001402'$$,
  $$values ('spam'), ('spam')$$,
  'a held post is filed at the spam stage');
select is_empty(
  $$select id from public.notification_outbox where inquiry_id = '00000000-0000-4000-8000-000000001401' or application_id = '00000000-0000-4000-8000-000000001402'$$,
  'a held post tells nobody: no staff e-mail, no summary, no reply');

-- The press: once.
select is(public.confirm_held_request('inquiries', '00000000-0000-4000-8000-000000001401'), 'confirmed', 'the first press confirms it');
select results_eq(
  $$select stage, spam_reason from public.inquiries where id = '00000000-0000-4000-8000-000000001401'$$,
  $$values ('new'::text, null::text)$$,
  'it is at the first stage, with no spam reason');
select results_eq(
  $$select acknowledgement, held from public.notification_outbox where inquiry_id = '00000000-0000-4000-8000-000000001401' order by acknowledgement$$,
  $$values (false, false), (true, false)$$,
  'staff get the usual new-request e-mail and the sender the reply');
select results_eq(
  $$select kind, actor, from_value, to_value from public.record_events where record_id = '00000000-0000-4000-8000-000000001401' order by id$$,
  $$values ('created'::text, null::uuid, null::text, 'spam'::text), ('confirmed', null, 'spam', 'new'), ('stage', null, 'spam', 'new')$$,
  'its history says it arrived under Spam, its sender confirmed it, and it moved to New');
select is(public.confirm_held_request('inquiries', '00000000-0000-4000-8000-000000001401'), 'unchanged', 'a second press (a reload, a replay) changes nothing');
select results_eq(
  $$select count(*)::integer from public.notification_outbox where inquiry_id = '00000000-0000-4000-8000-000000001401'$$,
  $$values (2)$$,
  'and queues nothing more');
select is(public.confirm_held_request('applications', '00000000-0000-4000-8000-000000009999'), 'gone', 'a record that is gone is said to be gone');

-- Suspected spam of another kind is not confirmed by a press: only a held post is.
select tests.create_inquiry('00000000-0000-4000-8000-000000001403', 'Bot', spam_reason => 'The hidden field that people never see was filled in.');
-- Another address than the first one's, whose reply this hour would hold this one back (one an hour per address).
reset role;
update public.inquiries set email = 'another.family@example.com' where id = '00000000-0000-4000-8000-000000001403';
select tests.authenticate_as_service_role();
select is(public.confirm_held_request('inquiries', '00000000-0000-4000-8000-000000001403'), 'unchanged', 'a post the bot signals filed is not confirmed by a press');

-- Only the functions press: no one signed in may.
select tests.authenticate_as('confirm_staff');
select throws_ok($$select public.confirm_held_request('applications', '00000000-0000-4000-8000-000000001402')$$, '42501', null, 'staff cannot confirm for the sender');

-- Staff move a spam record with an address out of Spam: the reply it missed, once, however often it is moved.
update public.inquiries set stage = 'new' where id = '00000000-0000-4000-8000-000000001403';
update public.inquiries set stage = 'spam' where id = '00000000-0000-4000-8000-000000001403';
update public.inquiries set stage = 'new' where id = '00000000-0000-4000-8000-000000001403';
select tests.authenticate_as_service_role();
select results_eq(
  $$select count(*)::integer from public.notification_outbox where acknowledgement and inquiry_id = '00000000-0000-4000-8000-000000001403'$$,
  $$values (1)$$,
  'a record staff move out of Spam gets one reply, moved back and forth');
select results_eq(
  $$select count(*)::integer from public.notification_outbox where not acknowledgement and inquiry_id = '00000000-0000-4000-8000-000000001403'$$,
  $$values (0)$$,
  'and staff, who moved it, get no e-mail of it');

select * from finish();
rollback;
