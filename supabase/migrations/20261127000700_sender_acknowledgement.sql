-- An instant reply to every sender (issue 31, item 2). Storing a request whose sender gave an e-mail address queues,
-- in the same transaction and the same outbox as the staff notification, an acknowledgement to that address: what
-- was received, when to expect a call, the agency's phone number and how to have the record erased. The sender
-- (supabase/functions/_shared/notify.ts) delivers it as it delivers the staff e-mails: claimed with a lease, sent once
-- under the row's id, retried with the same backoff, a failure shown in the dashboard.
--
-- The row holds no personal data, as the rest of the outbox: the kind of request, the record's id and the flag. The
-- sender reads the address and the first name from the record when it sends; erasing the record deletes the row
-- (the foreign keys cascade), so nothing is sent to a person whose record is gone.
--
-- Never for suspected spam (a spam_reason, or a record filed at the spam stage), and at most one per address per
-- hour across both forms, the address compared without regard to case: someone sending the form five times, or a
-- script using a stranger's address, gives that address one e-mail an hour.
--
-- The row keeps the kinds 'inquiry' and 'application' (its subject, for the constraints on the table) with
-- acknowledgement = true; bursts and the staff's counts leave these rows out.

alter table public.notification_outbox add column acknowledgement boolean not null default false;
comment on column public.notification_outbox.acknowledgement is 'True: the e-mail to the person who sent the request (its address read from the record when sent); false: the staff notification.';

-- The acknowledgements of the past hour, by time, for the once-an-hour rule.
create index notification_outbox_acknowledgement_idx on public.notification_outbox (created_at) where acknowledgement;

create or replace function private.acknowledge_request() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  spam boolean;
  address text := pg_catalog.lower(pg_catalog.btrim(coalesce(new.email, '')));
begin
  -- As the staff notification: only what the site's form functions store (as the service role) is answered.
  if coalesce(auth.role(), '') <> 'service_role' or address = '' or new.spam_reason is not null then
    return null;
  end if;
  if tg_table_name = 'inquiries' then
    select s.spam into spam from public.inquiry_stages as s where s.code = new.stage;
  else
    select s.spam into spam from public.application_stages as s where s.code = new.stage;
  end if;
  if coalesce(spam, false) then
    return null;
  end if;
  -- One request at a time per address, so two sent at once cannot both find no acknowledgement this hour.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('acknowledgement:' || address, 0));
  if exists (
    select 1 from public.notification_outbox as o
    left join public.inquiries as i on i.id = o.inquiry_id
    left join public.job_applications as a on a.id = o.application_id
    where o.acknowledgement and o.created_at > pg_catalog.now() - interval '1 hour'
      and pg_catalog.lower(pg_catalog.btrim(coalesce(i.email, a.email))) = address
  ) then
    return null;
  end if;
  if tg_table_name = 'inquiries' then
    insert into public.notification_outbox (kind, inquiry_id, acknowledgement) values ('inquiry', new.id, true);
  else
    insert into public.notification_outbox (kind, application_id, acknowledgement) values ('application', new.id, true);
  end if;
  return null;
end
$$;

revoke execute on function private.acknowledge_request() from public;

create trigger inquiries_acknowledge after insert on public.inquiries
  for each row execute function private.acknowledge_request();
create trigger job_applications_acknowledge after insert on public.job_applications
  for each row execute function private.acknowledge_request();

-- As in 20261127000300_notification_bursts.sql, counting and folding the staff notifications only: an
-- acknowledgement goes to its sender alone, whatever else arrives.
create or replace function private.fold_notification_burst(p_more_than integer, p_within_minutes integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  bursting boolean;
  open_id uuid;
  folded jsonb;
  n integer;
begin
  if p_more_than is null or p_more_than < 1 or p_within_minutes is null or p_within_minutes < 1 then
    raise exception 'p_more_than and p_within_minutes must be at least 1, found % and %', p_more_than, p_within_minutes using errcode = '22023';
  end if;
  lock table public.notification_outbox in share row exclusive mode;
  select pg_catalog.count(*) > p_more_than into bursting from public.notification_outbox as o
  where o.kind in ('inquiry', 'application') and not o.held and not o.acknowledgement
    and o.created_at > pg_catalog.now() - pg_catalog.make_interval(mins => p_within_minutes);

  select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('kind', o.kind, 'id', coalesce(o.inquiry_id, o.application_id),
           'created_at', coalesce(i.created_at, a.created_at, o.created_at), 'unverified', o.held) order by o.created_at, o.id),
         pg_catalog.count(*)
    into folded, n
  from public.notification_outbox as o
  left join public.inquiries as i on i.id = o.inquiry_id
  left join public.job_applications as a on a.id = o.application_id
  where o.kind in ('inquiry', 'application') and not o.acknowledgement and o.status = 'pending' and o.attempts = 0
    and o.leased_until is null and o.burst_id is null and (o.held or bursting);
  if n = 0 then
    return 0;
  end if;

  select o.id into open_id from public.notification_outbox as o
  where o.kind = 'burst' and o.status = 'pending' and o.attempts = 0 and o.leased_until is null
  order by o.created_at limit 1;
  if open_id is null then
    insert into public.notification_outbox (kind, items, next_attempt_at)
    values ('burst', folded, pg_catalog.now() + pg_catalog.make_interval(mins => p_within_minutes))
    returning id into open_id;
  else
    update public.notification_outbox as o set items = o.items || folded where o.id = open_id;
  end if;
  update public.notification_outbox as o set status = 'sent', burst_id = open_id, leased_until = null
  where o.kind in ('inquiry', 'application') and not o.acknowledgement and o.status = 'pending' and o.attempts = 0
    and o.leased_until is null and o.burst_id is null and (o.held or bursting);
  return n;
end
$$;

revoke execute on function private.fold_notification_burst(integer, integer) from public;
