-- The instant reply to the sender (20261127000700_sender_acknowledgement.sql, issue 31): a request stored by a form
-- function (the service role) with an e-mail address queues, in the same transaction, one acknowledgement row beside
-- the staff notification; none for suspected spam or without an address; one per address per hour across both
-- forms whatever the case; the row holds no address; erasing the record removes it; staff read it with the others.
begin;
select plan(10);

select tests.create_staff_member('reply_staff', 'staff');
select tests.authenticate_as_service_role();

insert into public.inquiries (id, name, email, phone, care_for, message, consent_version, consented_at)
values ('00000000-0000-4000-8000-000000000901', 'Reply Test', 'Reply.Test@Example.com', '', 'a-parent', 'My mother fell.', '2026-11-25', pg_catalog.now());
select results_eq(
  $$select kind, acknowledgement from public.notification_outbox where inquiry_id = '00000000-0000-4000-8000-000000000901' order by acknowledgement$$,
  $$values ('inquiry', false), ('inquiry', true)$$,
  'an inquiry with an address queues the staff notification and one reply to the sender');
select is_empty(
  $$select o.id from public.notification_outbox as o where o.acknowledgement and pg_catalog.to_jsonb(o)::text ~* '(reply|example\.com|mother)'$$,
  'the reply''s row holds no address, name or message: the sender reads them from the record');

-- The same address again within the hour, in any case, by either form: no second reply.
insert into public.inquiries (id, name, email, phone, care_for, message, consent_version, consented_at)
values ('00000000-0000-4000-8000-000000000902', 'Reply Test', 'reply.test@example.com', '', 'a-parent', '', '2026-11-25', pg_catalog.now());
insert into public.job_applications (id, first_name, last_name, email, phone, position, experience, availability, cover_letter)
values ('00000000-0000-4000-8000-000000000903', 'Reply', 'Test', 'REPLY.TEST@EXAMPLE.COM', '555-0102', 'companion-caregiver', 'one-to-three-years', 'full-time', '');
select results_eq(
  $$select count(*)::integer from public.notification_outbox where acknowledgement$$,
  $$values (1)$$,
  'one reply per address per hour, across both forms and whatever the case');
select results_eq(
  $$select count(*)::integer from public.notification_outbox where not acknowledgement and (inquiry_id = '00000000-0000-4000-8000-000000000902' or application_id = '00000000-0000-4000-8000-000000000903')$$,
  $$values (2)$$,
  'staff still hear of each of them');

-- None without an address, none for suspected spam.
insert into public.inquiries (id, name, email, phone, care_for, message, consent_version, consented_at)
values ('00000000-0000-4000-8000-000000000904', 'Phone Only', '', '(860) 555-0100', 'a-parent', '', '2026-11-25', pg_catalog.now());
select tests.create_inquiry('00000000-0000-4000-8000-000000000905', 'Bot', spam_reason => 'The hidden field was filled in.');
select tests.create_application('00000000-0000-4000-8000-000000000906', 'Bot',
  spam_reason => 'Sent without the form''s time token: JavaScript was off in the browser, or a script sent it.');
select is_empty(
  $$select id from public.notification_outbox where acknowledgement and (inquiry_id in ('00000000-0000-4000-8000-000000000904', '00000000-0000-4000-8000-000000000905') or application_id = '00000000-0000-4000-8000-000000000906')$$,
  'no reply without an address, nor for suspected spam (the bot signals, or no time token)');

-- A record written by the database owner (the seed, a restore) is not answered.
reset role;
set local request.jwt.claims = '{}';
insert into public.inquiries (id, name, email, phone, care_for, message, consent_version, consented_at)
values ('00000000-0000-4000-8000-000000000907', 'Restored', 'restored@example.com', '', 'a-parent', '', '2026-11-25', pg_catalog.now());
select is_empty($$select id from public.notification_outbox where inquiry_id = '00000000-0000-4000-8000-000000000907'$$, 'a restored record is not answered');

-- An hour later the address gets a reply again.
update public.notification_outbox set created_at = created_at - interval '61 minutes' where acknowledgement;
select tests.authenticate_as_service_role();
insert into public.inquiries (id, name, email, phone, care_for, message, consent_version, consented_at)
values ('00000000-0000-4000-8000-000000000908', 'Reply Test', 'reply.test@example.com', '', 'a-parent', '', '2026-11-25', pg_catalog.now());
select results_eq(
  $$select count(*)::integer from public.notification_outbox where acknowledgement and inquiry_id = '00000000-0000-4000-8000-000000000908'$$,
  $$values (1)$$,
  'after an hour, the same address gets a reply again');

-- Staff see the replies' rows (and so their failures) as they see the staff notifications.
select tests.authenticate_as('reply_staff');
select results_eq(
  $$select count(*)::integer from public.notification_outbox where acknowledgement$$,
  $$values (2)$$,
  'staff read the replies'' rows');

-- Erasing the record removes its reply still waiting.
reset role;
set local request.jwt.claims = '{}';
delete from public.inquiries where id = '00000000-0000-4000-8000-000000000908';
select is_empty($$select id from public.notification_outbox where inquiry_id = '00000000-0000-4000-8000-000000000908'$$, 'erasing the record removes its queued reply');
-- The burst fold leaves the replies alone: with every request counted, it folds only staff notifications.
select tests.authenticate_as_service_role();
select public.claim_notifications(0, 60, 1, 5);
select is_empty($$select id from public.notification_outbox where acknowledgement and burst_id is not null$$, 'a burst never takes a reply');

select * from finish();
rollback;
