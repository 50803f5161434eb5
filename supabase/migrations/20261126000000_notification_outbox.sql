-- Speed to lead: staff are told of every new request by e-mail, and no notification is ever lost. Storing a
-- request writes its outbox row in the same transaction (a trigger on the insert the form function makes, so the
-- function stays the only writer); a sender (supabase/functions/_shared/notify.ts) delivers due rows, marks
-- them sent, and retries a failure with backoff until it gives up and marks the row failed, which the dashboard
-- shows with the reason. A request is never refused or delayed because mail is down: the row simply waits.
-- The outbox holds no personal data: what kind of request, which record, and the delivery's state. The e-mail is
-- composed from the record when it is sent, and carries no name, message, phone, health detail or resume.

create table public.notification_outbox (
  id uuid primary key default gen_random_uuid(),
  -- 'inquiry' and 'application': a new request; 'digest': the daily list of inquiries past the reply promise.
  kind text not null check (kind in ('inquiry', 'application', 'digest')),
  inquiry_id uuid references public.inquiries (id) on delete cascade,
  application_id uuid references public.job_applications (id) on delete cascade,
  -- The day a digest is for (one per day, however often the schedule runs); null for the others.
  digest_day date unique,
  -- A digest's list, taken when it was queued, so that a retry sends the very same message: the overdue
  -- inquiries' ids and when each was sent (no personal data).
  overdue jsonb check (overdue is null or pg_catalog.jsonb_typeof(overdue) = 'array'),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- A sender that claimed the row holds it until then; a sender stopped mid-way (kill -9) lets it lapse, and the
  -- next one sends again under the same idempotency key (the row's id), which the mail API answers only once.
  leased_until timestamptz,
  last_error text check (last_error is null or char_length(last_error) <= 500),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint notification_outbox_subject check (
    case kind
      when 'inquiry' then inquiry_id is not null and application_id is null and digest_day is null
      when 'application' then application_id is not null and inquiry_id is null and digest_day is null
      else inquiry_id is null and application_id is null and digest_day is not null
    end)
);

comment on table public.notification_outbox is 'E-mails to staff about new requests and overdue ones, with their delivery state. No personal data. Staff read; only the service role sends.';

create index notification_outbox_due_idx on public.notification_outbox (next_attempt_at) where status = 'pending';
create index notification_outbox_failed_idx on public.notification_outbox (created_at desc) where status = 'failed';
create index notification_outbox_inquiry_idx on public.notification_outbox (inquiry_id) where inquiry_id is not null;
create index notification_outbox_application_idx on public.notification_outbox (application_id) where application_id is not null;

revoke all on table public.notification_outbox from anon, authenticated, service_role;
grant select on table public.notification_outbox to authenticated, service_role;
alter table public.notification_outbox enable row level security;
create policy "staff read notifications" on public.notification_outbox for select to authenticated using ((select public.is_staff()));
create policy "service role reads notifications" on public.notification_outbox for select to service_role using (true);

-- A request the site's form function stores (as the service role) is announced, unless it was filed as
-- suspected spam: staff look at those in their own list, unprompted. Rows written any other way (the demo
-- seed, a restore) announce nothing.
create or replace function private.announce_request() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  spam boolean;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    return null;
  end if;
  if tg_table_name = 'inquiries' then
    select s.spam into spam from public.inquiry_stages as s where s.code = new.stage;
    if not coalesce(spam, false) then
      insert into public.notification_outbox (kind, inquiry_id) values ('inquiry', new.id);
    end if;
  else
    select s.spam into spam from public.application_stages as s where s.code = new.stage;
    if not coalesce(spam, false) then
      insert into public.notification_outbox (kind, application_id) values ('application', new.id);
    end if;
  end if;
  return null;
end
$$;

revoke execute on function private.announce_request() from public;

create trigger inquiries_announce after insert on public.inquiries
  for each row execute function private.announce_request();
create trigger job_applications_announce after insert on public.job_applications
  for each row execute function private.announce_request();

-- How long a failed try waits before the next, in minutes: tries at 0, 1, 5, 15, 35 and 65 minutes, then 125;
-- after the seventh failure the row is marked failed. A permanent refusal (a malformed or refused address)
-- is marked failed at once: trying again would fail the same way.
create or replace function private.notification_backoff(attempts integer) returns interval
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.make_interval(mins => (array[1, 4, 10, 20, 30, 60])[attempts])
$$;

-- Claims up to p_limit due rows for one sender, holding them for p_lease_seconds; returns a JSON array of each
-- with what the e-mail needs to say (never a name or a message): { id, kind, record_id, record_created_at,
-- position_code, digest_day, overdue, attempts }. Rows held by another sender are skipped, not waited for.
create or replace function public.claim_notifications(p_limit integer default 20, p_lease_seconds integer default 60)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  claimed jsonb;
begin
  with due as (
    select o.id from public.notification_outbox as o
    where o.status = 'pending' and o.next_attempt_at <= pg_catalog.now()
      and (o.leased_until is null or o.leased_until < pg_catalog.now())
    order by o.next_attempt_at, o.created_at
    limit p_limit
    for update skip locked
  ), taken as (
    update public.notification_outbox as o
    set leased_until = pg_catalog.now() + pg_catalog.make_interval(secs => p_lease_seconds), attempts = o.attempts + 1
    from due where o.id = due.id
    returning o.*
  )
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
      'id', t.id, 'kind', t.kind, 'record_id', coalesce(t.inquiry_id, t.application_id),
      'record_created_at', coalesce(i.created_at, a.created_at), 'position_code', a.position,
      'digest_day', t.digest_day, 'overdue', t.overdue, 'attempts', t.attempts) order by t.created_at), '[]')
    into claimed
  from taken as t
  left join public.inquiries as i on i.id = t.inquiry_id
  left join public.job_applications as a on a.id = t.application_id;
  return claimed;
end
$$;

-- The outcome of one try: sent, or failed with the reason (retried after the backoff, or given up when the
-- refusal is permanent or the tries are spent).
create or replace function public.notification_outcome(p_id uuid, p_error text default null, p_permanent boolean default false)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  item public.notification_outbox;
begin
  select * into item from public.notification_outbox as o where o.id = p_id for update;
  if not found then
    return 'gone';
  end if;
  -- A sender whose lease lapsed may answer after another one sent the row: what was sent stays sent.
  if item.status = 'sent' then
    return 'sent';
  end if;
  if p_error is null then
    update public.notification_outbox as o set status = 'sent', sent_at = pg_catalog.now(), leased_until = null, last_error = null where o.id = p_id;
    return 'sent';
  end if;
  if p_permanent or item.attempts >= 7 then
    update public.notification_outbox as o set status = 'failed', leased_until = null, last_error = pg_catalog.left(p_error, 500) where o.id = p_id;
    return 'failed';
  end if;
  update public.notification_outbox as o
  set leased_until = null, last_error = pg_catalog.left(p_error, 500), next_attempt_at = pg_catalog.now() + private.notification_backoff(item.attempts)
  where o.id = p_id;
  return 'retry';
end
$$;

-- The inquiries past the reply promise and still at the first stage (nobody has answered): oldest first.
create or replace function public.overdue_inquiries(p_reply_hours integer)
returns table (id uuid, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, i.created_at from public.inquiries as i
  where i.stage = (select s.code from public.inquiry_stages as s order by s.position, s.code limit 1)
    and i.created_at < pg_catalog.now() - pg_catalog.make_interval(hours => p_reply_hours)
  order by i.created_at, i.id
$$;

-- Queues the digest of a day once: the inquiries still at the first stage past the reply promise. Returns the
-- new row's id, or null when that day's digest was queued already or nothing is overdue.
create or replace function public.queue_overdue_digest(p_reply_hours integer, p_day date default (pg_catalog.now() at time zone 'America/New_York')::date)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued uuid;
  list jsonb;
begin
  if p_reply_hours is null or p_reply_hours < 1 then
    raise exception 'p_reply_hours must be at least 1, found %', p_reply_hours using errcode = '22023';
  end if;
  -- The schedules call this far more often than once a day: the day's digest, once queued, ends it at once.
  if exists (select 1 from public.notification_outbox as d where d.digest_day = p_day) then
    return null;
  end if;
  select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('id', o.id, 'created_at', o.created_at) order by o.created_at, o.id)
    into list from public.overdue_inquiries(p_reply_hours) as o;
  if list is null then
    return null;
  end if;
  insert into public.notification_outbox (kind, digest_day, overdue) values ('digest', p_day, list)
  on conflict (digest_day) do nothing
  returning id into queued;
  return queued;
end
$$;

-- Staff put a failed notification back in line (after mending the address, or when the mail service is back).
create or replace function public.retry_notification(p_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (select public.is_staff()) then
    raise exception 'Only staff can send a notification again' using errcode = '42501';
  end if;
  update public.notification_outbox as o
  set status = 'pending', attempts = 0, next_attempt_at = pg_catalog.now(), leased_until = null
  where o.id = p_id and o.status = 'failed';
end
$$;

revoke execute on function public.claim_notifications(integer, integer) from public, anon, authenticated;
revoke execute on function public.notification_outcome(uuid, text, boolean) from public, anon, authenticated;
revoke execute on function public.queue_overdue_digest(integer, date) from public, anon, authenticated;
revoke execute on function public.overdue_inquiries(integer) from public, anon, authenticated;
revoke execute on function public.retry_notification(uuid) from public, anon;
grant execute on function public.claim_notifications(integer, integer) to service_role;
grant execute on function public.notification_outcome(uuid, text, boolean) to service_role;
grant execute on function public.queue_overdue_digest(integer, date) to service_role;
grant execute on function public.overdue_inquiries(integer) to service_role;
grant execute on function public.retry_notification(uuid) to authenticated;
