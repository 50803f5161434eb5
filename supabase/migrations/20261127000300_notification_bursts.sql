-- A burst of requests becomes one e-mail, and a request no person is known to have sent is never e-mailed alone.
-- 40 valid requests from 40 addresses within seconds used to give staff 40 e-mails. Now, while more than
-- p_more_than requests arrived within p_within_minutes (content/site.yaml notifications.burst), each new request's
-- notification is folded into one open "burst" row that lists them (kind, record id, time: no personal data) and
-- is sent p_within_minutes after it opened, as one e-mail. So a burst gives the single e-mails sent before it
-- was known to be one, then one summary per window; never fewer than one e-mail, never a lost request.
-- A request filed as suspected spam because it came without the form's time token (JavaScript off in the
-- browser, or a script: nothing tells them apart, whatever headers it sends) is announced too, but only ever in
-- a burst row, marked as filed under Spam: a person without JavaScript reaches staff, a script floods nobody.
--
-- Exactly once is kept: a row is folded only while no sender has tried it (attempts = 0, no lease), in the same
-- transaction that appends it to the burst; a burst takes new items only until a sender first claims it, so every
-- retry of a burst sends the very same list under the same idempotency key (its id). The fold and the claim take
-- the table's rows under one lock, so two senders never fold or claim the same row.

alter table public.notification_outbox drop constraint notification_outbox_kind_check;
alter table public.notification_outbox
  add constraint notification_outbox_kind_check check (kind in ('inquiry', 'application', 'digest', 'burst'));

-- A burst's list: [{ kind, id, created_at, unverified }], the requests it tells of.
alter table public.notification_outbox add column items jsonb check (items is null or pg_catalog.jsonb_typeof(items) = 'array');
-- Held rows are never sent alone: the next burst takes them (a request without the form's time token).
alter table public.notification_outbox add column held boolean not null default false;
-- The burst a request's notification was folded into: its e-mail is the burst's (status 'sent' from then on;
-- sent_at stays empty, the burst row says when it went).
alter table public.notification_outbox add column burst_id uuid references public.notification_outbox (id) on delete set null;

alter table public.notification_outbox drop constraint notification_outbox_subject;
alter table public.notification_outbox add constraint notification_outbox_subject check (
  case kind
    when 'inquiry' then inquiry_id is not null and application_id is null and digest_day is null and items is null
    when 'application' then application_id is not null and inquiry_id is null and digest_day is null and items is null
    when 'digest' then inquiry_id is null and application_id is null and digest_day is not null and items is null
    else inquiry_id is null and application_id is null and digest_day is null and items is not null and not held
  end);

create index notification_outbox_recent_requests_idx on public.notification_outbox (created_at) where kind in ('inquiry', 'application');

-- The reason submit-inquiry and submit-application give a post that came without the form's time token
-- (supabase/functions/_shared/formPost.ts, NO_TOKEN_REASON): the one kind of suspected spam that is announced.
create or replace function private.no_token_reason() returns text
language sql
immutable
set search_path = ''
as $$
  select 'Sent without the form''s time token: JavaScript was off in the browser, or a script sent it.'::text
$$;

revoke execute on function private.no_token_reason() from public;

-- As in 20261126000000_notification_outbox.sql, and a request filed as spam for want of the time token is
-- announced held (in the next burst only).
create or replace function private.announce_request() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  spam boolean;
  held boolean;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    return null;
  end if;
  if tg_table_name = 'inquiries' then
    select s.spam into spam from public.inquiry_stages as s where s.code = new.stage;
  else
    select s.spam into spam from public.application_stages as s where s.code = new.stage;
  end if;
  spam := coalesce(spam, false);
  -- A record filed at the Spam stage with no reason (a seed, a test) is neither held nor announced.
  held := spam and coalesce(new.spam_reason = private.no_token_reason(), false);
  if spam and not held then
    return null;
  end if;
  if tg_table_name = 'inquiries' then
    insert into public.notification_outbox (kind, inquiry_id, held) values ('inquiry', new.id, held);
  else
    insert into public.notification_outbox (kind, application_id, held) values ('application', new.id, held);
  end if;
  return null;
end
$$;

-- Folds what must go in a burst into the open burst row (opening one, due p_within_minutes from now): the held
-- rows always, and, while more than p_more_than requests arrived within p_within_minutes, every request row no
-- sender has tried yet. Returns how many rows it folded. Called by claim_notifications below, in the claim's
-- transaction: the table lock it takes keeps new rows out until the claim is made, so no row that belongs in a
-- burst is claimed alone.
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
  -- One fold at a time, and no claim in between (claim_notifications takes row locks, which this excludes).
  lock table public.notification_outbox in share row exclusive mode;
  select pg_catalog.count(*) > p_more_than into bursting from public.notification_outbox as o
  where o.kind in ('inquiry', 'application') and not o.held
    and o.created_at > pg_catalog.now() - pg_catalog.make_interval(mins => p_within_minutes);

  select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('kind', o.kind, 'id', coalesce(o.inquiry_id, o.application_id),
           'created_at', coalesce(i.created_at, a.created_at, o.created_at), 'unverified', o.held) order by o.created_at, o.id),
         pg_catalog.count(*)
    into folded, n
  from public.notification_outbox as o
  left join public.inquiries as i on i.id = o.inquiry_id
  left join public.job_applications as a on a.id = o.application_id
  where o.kind in ('inquiry', 'application') and o.status = 'pending' and o.attempts = 0 and o.leased_until is null
    and o.burst_id is null and (o.held or bursting);
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
  where o.kind in ('inquiry', 'application') and o.status = 'pending' and o.attempts = 0 and o.leased_until is null
    and o.burst_id is null and (o.held or bursting);
  return n;
end
$$;

-- As in 20261126000000_notification_outbox.sql, never a held row, and a burst's items in what it returns.
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
    where o.status = 'pending' and not o.held and o.next_attempt_at <= pg_catalog.now()
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
      'digest_day', t.digest_day, 'overdue', t.overdue, 'items', t.items, 'attempts', t.attempts) order by t.created_at), '[]')
    into claimed
  from taken as t
  left join public.inquiries as i on i.id = t.inquiry_id
  left join public.job_applications as a on a.id = t.application_id;
  return claimed;
end
$$;

-- What a sender calls when the content sets a burst rule (every sender here does): the fold, then the claim, in
-- one transaction. The two-argument claim stays for a sender without the rule.
create or replace function public.claim_notifications(p_limit integer, p_lease_seconds integer, p_more_than integer, p_within_minutes integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.fold_notification_burst(p_more_than, p_within_minutes);
  return public.claim_notifications(p_limit, p_lease_seconds);
end
$$;

revoke execute on function private.fold_notification_burst(integer, integer) from public;
revoke execute on function public.claim_notifications(integer, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.claim_notifications(integer, integer, integer, integer) to service_role;
