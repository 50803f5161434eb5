-- The staff notification outbox (20261126000000_notification_outbox.sql, 20261127000300_notification_bursts.sql):
-- a request stored by a form function (the service role) queues exactly one staff notification in the same
-- transaction, with no personal data in it; only the service role claims rows and reports how a try went; a
-- failed try waits by the backoff, the seventh is given up, and staff put a failed one back in line; the digest of
-- overdue inquiries is queued once a day; a burst of requests is folded into one e-mail. Only the staff
-- notifications of this file's records (ids ...07xx) are looked at, through the view staff_notifications below:
-- the outbox carries other e-mails too (an acknowledgement to the sender, issue 31, has the kinds inquiry and
-- application with acknowledgement = true), which are not this file's to test. The outbox's times come from
-- pg_catalog.now(), which no helper freezes: earlier tries are placed by the database owner writing a row's attempts.
begin;
select plan(30);

-- The staff notifications: read with the reader's rights (RLS applies); a row without the acknowledgement column
-- (before issue 31) is a staff notification.
create temporary view staff_notifications with (security_invoker = true) as
  select o.* from public.notification_outbox as o
  where o.kind in ('inquiry', 'application', 'digest', 'burst')
    and not coalesce((pg_catalog.to_jsonb(o) ->> 'acknowledgement')::boolean, false);
grant select on staff_notifications to authenticated, service_role;

select tests.create_staff_member('outbox_staff', 'staff');
select tests.create_supabase_user('outbox_visitor');

select tests.authenticate_as_service_role();
select tests.create_inquiry('00000000-0000-4000-8000-000000000701', 'Ruth Lane');
select tests.create_application('00000000-0000-4000-8000-000000000702', 'Omar');

-- One notification per stored request, telling which record and nothing of the person.
select results_eq(
  $$select kind, status, attempts from staff_notifications where inquiry_id = '00000000-0000-4000-8000-000000000701'$$,
  $$values ('inquiry', 'pending', 0)$$,
  'a stored inquiry queues exactly one staff notification, pending');
select results_eq(
  $$select kind, status, attempts from staff_notifications where application_id = '00000000-0000-4000-8000-000000000702'$$,
  $$values ('application', 'pending', 0)$$,
  'a stored application queues exactly one staff notification, pending');
select is_empty(
  $$select o.id from public.notification_outbox as o
    where (o.inquiry_id = '00000000-0000-4000-8000-000000000701' or o.application_id = '00000000-0000-4000-8000-000000000702')
      and o.kind in ('inquiry', 'application')
      and pg_catalog.to_jsonb(o)::text ~* '(Ruth|Lane|Omar|Price|family@example|applicant@example|555-01|mother|grandmother)'$$,
  'the notifications hold no name, address, phone or message');

-- Suspected spam is not announced, unless it was filed for want of the form's time token (held for a burst).
select tests.create_inquiry('00000000-0000-4000-8000-000000000703', 'Bot', spam_reason => 'The hidden field was filled in.');
select tests.create_inquiry('00000000-0000-4000-8000-000000000704', 'No JavaScript',
  spam_reason => 'Sent without the form''s time token: JavaScript was off in the browser, or a script sent it.');
select is_empty($$select id from public.notification_outbox where inquiry_id = '00000000-0000-4000-8000-000000000703'$$, 'suspected spam from the bot signals is not announced');
select results_eq($$select kind, held from staff_notifications where inquiry_id = '00000000-0000-4000-8000-000000000704'$$,
  $$values ('inquiry', true)$$, 'a request sent without the time token is announced, held for the next burst');
-- A record written by the database owner (the demo seed, a restore) announces nothing.
reset role;
set local request.jwt.claims = '{}';
select tests.create_inquiry('00000000-0000-4000-8000-000000000705', 'Restored');
select is_empty($$select id from public.notification_outbox where inquiry_id = '00000000-0000-4000-8000-000000000705'$$, 'a record restored by the owner announces nothing');

-- Only the service role sends.
select tests.authenticate_as('outbox_staff');
select throws_ok($$select public.claim_notifications(20, 60)$$, '42501', 'permission denied for function claim_notifications', 'staff cannot claim notifications');
select throws_ok($$select public.claim_notifications(20, 60, 3, 15)$$, '42501', 'permission denied for function claim_notifications', 'staff cannot claim (and fold) notifications');
select throws_ok($$select public.notification_outcome(gen_random_uuid(), null, false)$$, '42501', 'permission denied for function notification_outcome', 'staff cannot mark a notification sent');
select throws_ok($$select public.queue_overdue_digest(24)$$, '42501', 'permission denied for function queue_overdue_digest', 'staff cannot queue a digest');

select tests.authenticate_as_service_role();
select results_eq(
  $$select e ->> 'kind', (e ->> 'record_id')::uuid, (e ->> 'attempts')::integer from pg_catalog.jsonb_array_elements(public.claim_notifications(20, 60)) as e
    where (e ->> 'record_id')::text like '00000000-0000-4000-8000-0000000007__' and (e ->> 'id')::uuid in (select id from staff_notifications) order by 1$$,
  $$values ('application', '00000000-0000-4000-8000-000000000702'::uuid, 1), ('inquiry', '00000000-0000-4000-8000-000000000701'::uuid, 1)$$,
  'the service role claims each due notification once, never a held one');
select is_empty(
  $$select e from pg_catalog.jsonb_array_elements(public.claim_notifications(20, 60)) as e where (e ->> 'record_id')::text like '00000000-0000-4000-8000-0000000007__'
      and (e ->> 'id')::uuid in (select id from staff_notifications)$$,
  'a claimed notification is not claimed again while its lease runs');

-- A failed try waits, then is given up; a permanent refusal is given up at once.
select is(public.notification_outcome((select id from staff_notifications where inquiry_id = '00000000-0000-4000-8000-000000000701'), 'Mail service unavailable (503)'),
  'retry', 'a failed first try is to be retried');
select results_eq(
  $$select status, next_attempt_at, leased_until, last_error from staff_notifications where inquiry_id = '00000000-0000-4000-8000-000000000701'$$,
  $$values ('pending', pg_catalog.now() + interval '1 minute', null::timestamptz, 'Mail service unavailable (503)')$$,
  'it waits one minute after the first try, with the reason kept');
reset role;
update public.notification_outbox set attempts = 3 where id = (select id from staff_notifications where inquiry_id = '00000000-0000-4000-8000-000000000701');
select tests.authenticate_as_service_role();
select is(public.notification_outcome((select id from staff_notifications where inquiry_id = '00000000-0000-4000-8000-000000000701'), 'Mail service unavailable (503)'), 'retry', 'a failed third try is to be retried');
select is((select next_attempt_at from staff_notifications where inquiry_id = '00000000-0000-4000-8000-000000000701'),
  pg_catalog.now() + interval '10 minutes', 'it waits ten minutes after the third try');
reset role;
update public.notification_outbox set attempts = 7 where id = (select id from staff_notifications where inquiry_id = '00000000-0000-4000-8000-000000000701');
select tests.authenticate_as_service_role();
select is(public.notification_outcome((select id from staff_notifications where inquiry_id = '00000000-0000-4000-8000-000000000701'), 'Mail service unavailable (503)'), 'failed', 'the seventh failed try is given up');
select is(public.notification_outcome((select id from staff_notifications where application_id = '00000000-0000-4000-8000-000000000702'), 'Recipient address rejected', true),
  'failed', 'a permanent refusal is given up at once');

-- Staff see why, and put it back in line; a non-staff account cannot.
select tests.authenticate_as('outbox_staff');
select results_eq($$select status, last_error from staff_notifications where inquiry_id = '00000000-0000-4000-8000-000000000701'$$,
  $$values ('failed', 'Mail service unavailable (503)')$$, 'staff see a failed notification and its reason');
select tests.authenticate_as('outbox_visitor');
select throws_ok($$select public.retry_notification((select id from public.notification_outbox limit 1))$$, '42501', 'Only staff can send a notification again', 'a signed-in user who is not staff cannot retry a notification');
select tests.authenticate_as('outbox_staff');
select lives_ok($$select public.retry_notification((select id from staff_notifications where inquiry_id = '00000000-0000-4000-8000-000000000701'))$$, 'staff retry a failed notification');
select results_eq($$select status, attempts, next_attempt_at from staff_notifications where inquiry_id = '00000000-0000-4000-8000-000000000701'$$,
  $$values ('pending', 0, pg_catalog.now())$$, 'a retried notification is due at once, its tries counted afresh');
select tests.authenticate_as_service_role();
select is(public.notification_outcome((select id from staff_notifications where inquiry_id = '00000000-0000-4000-8000-000000000701'), null), 'sent', 'a successful try marks it sent');
select is(public.notification_outcome((select id from staff_notifications where inquiry_id = '00000000-0000-4000-8000-000000000701'), 'Timed out', false),
  'sent', 'a late failure from a sender whose lease lapsed leaves it sent');

-- The digest of inquiries past the reply promise: once a day, however often the schedule runs.
select tests.create_inquiry('00000000-0000-4000-8000-000000000706', 'Waiting', pg_catalog.now() - interval '30 hours');
select isnt(public.queue_overdue_digest(24), null, 'the day''s digest is queued when an inquiry waits past the promise');
select is(public.queue_overdue_digest(24), null, 'the day''s digest is queued only once');
select ok(
  (select pg_catalog.jsonb_build_object('id', '00000000-0000-4000-8000-000000000706', 'created_at', pg_catalog.now() - interval '30 hours') <@ d.overdue
     or d.overdue @> pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_object('id', '00000000-0000-4000-8000-000000000706', 'created_at', pg_catalog.now() - interval '30 hours'))
   from public.notification_outbox as d where d.kind = 'digest' and d.digest_day = (pg_catalog.now() at time zone 'America/New_York')::date),
  'the digest lists the waiting inquiry and when it arrived, nothing more of it');

-- A burst: more than 3 requests within 15 minutes are folded into one e-mail, sent when the window ends.
select tests.create_inquiry('00000000-0000-4000-8000-000000000707', 'Burst one');
select tests.create_inquiry('00000000-0000-4000-8000-000000000708', 'Burst two');
select tests.create_application('00000000-0000-4000-8000-000000000709', 'Burst three');
select is_empty(
  $$select e from pg_catalog.jsonb_array_elements(public.claim_notifications(20, 60, 3, 15)) as e
    where (e ->> 'id')::uuid in (select id from staff_notifications) and ((e ->> 'record_id')::text like '00000000-0000-4000-8000-0000000007__' or e ->> 'kind' = 'burst')$$,
  'in a burst no request is claimed alone, and the burst waits for its window to end');
select results_eq(
  $$select (i ->> 'id')::uuid, (i ->> 'unverified')::boolean, b.next_attempt_at from public.notification_outbox as b, pg_catalog.jsonb_array_elements(b.items) as i
    where b.kind = 'burst' and (i ->> 'id') like '00000000-0000-4000-8000-0000000007__' order by 1$$,
  $$values ('00000000-0000-4000-8000-000000000704'::uuid, true, pg_catalog.now() + interval '15 minutes'),
           ('00000000-0000-4000-8000-000000000706'::uuid, false, pg_catalog.now() + interval '15 minutes'),
           ('00000000-0000-4000-8000-000000000707'::uuid, false, pg_catalog.now() + interval '15 minutes'),
           ('00000000-0000-4000-8000-000000000708'::uuid, false, pg_catalog.now() + interval '15 minutes'),
           ('00000000-0000-4000-8000-000000000709'::uuid, false, pg_catalog.now() + interval '15 minutes')$$,
  'one burst lists every untried request and the held one, marked unverified, due when the window ends; none already tried');
select is(
  (select pg_catalog.count(*)::integer from staff_notifications as o
    where coalesce(o.inquiry_id, o.application_id) in ('00000000-0000-4000-8000-000000000704', '00000000-0000-4000-8000-000000000706', '00000000-0000-4000-8000-000000000707',
      '00000000-0000-4000-8000-000000000708', '00000000-0000-4000-8000-000000000709')
      and o.status = 'sent' and o.burst_id = (select b.id from public.notification_outbox as b where b.kind = 'burst')),
  5, 'the folded notifications are done, each pointing to the burst that tells of it');

select * from finish();
rollback;
