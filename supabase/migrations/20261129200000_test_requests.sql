-- The deploy's own test request (issue 41, item 4): after publishing, `npm run deploy -- --verify`
-- (scripts/deploy/verify.ts) sends one request through the real contact form function, sees it stored and its staff
-- e-mail sent (or queued, without a mail key), and erases it. Marked as a test in every place it passes, so that
-- nobody counts it and nobody is bothered by it:
--   - the inquiry: deploy_test, set only by submit-inquiry, and only for a post that carries a one-time token the
--     deploy stored here just before (below); never changed afterwards;
--   - its history (record_events.deploy_test): the lines written while it existed and the 'erased' line after it;
--   - its staff e-mail (notification_outbox.deploy_test): sent alone (never folded into a burst), and saying it is
--     the deploy's test and can be ignored (supabase/functions/_shared/notify.ts); no reply to the sender, ever;
--   - staff never see any of these rows (restrictive policies below): the lists, their counts, the history, the
--     outbox's warnings and Reports (which read the history as the signed-in person) all leave it out. Nor does
--     the overdue digest count it, should a stopped deploy leave one behind (the next verify erases it).
--
-- Why a token, and not "whoever sends the service-role key": the mark hides a request from staff, so no stranger
-- may set it. The deploy holds the service-role key (SUPABASE_SERVICE_ROLE_KEY) and asks the database for a token
-- with it (public.issue_test_request_token, service role only); it sends the token in the X-Deploy-Test header with
-- its post; the function asks the database to use it up (public.use_test_request_token): once, within 10 minutes.
-- Comparing the post's Authorization header with the function's own key would not do: the owner's key may be a new
-- sb_secret_ key while the function's environment holds the legacy JWT, and the key would travel in a form post. A
-- post with an unknown, expired or used token is stored as the ordinary request it then is, in front of staff.

-- 1. The one-time tokens: only their SHA-256 is kept (a copy of this table gives nothing to send).
create table private.test_request_tokens (
  token_hash bytea primary key,
  expires_at timestamptz not null
);
revoke all on table private.test_request_tokens from public, anon, authenticated, service_role;

create or replace function public.issue_test_request_token() returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  -- 244 random bits (two version-4 uuids), as 64 hex digits.
  token text := pg_catalog.replace(pg_catalog.gen_random_uuid()::text || pg_catalog.gen_random_uuid()::text, '-', '');
begin
  delete from private.test_request_tokens as t where t.expires_at < pg_catalog.now();
  insert into private.test_request_tokens (token_hash, expires_at)
  values (pg_catalog.sha256(pg_catalog.convert_to(token, 'UTF8')), pg_catalog.now() + interval '10 minutes');
  return token;
end
$$;

-- True once for a token issued above and not yet expired; false for anything else, and for it ever after.
create or replace function public.use_test_request_token(p_token text) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  delete from private.test_request_tokens as t
  where t.token_hash = pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8')) and t.expires_at > pg_catalog.now();
  return found;
end
$$;

revoke execute on function public.issue_test_request_token(), public.use_test_request_token(text) from public, anon, authenticated;
grant execute on function public.issue_test_request_token(), public.use_test_request_token(text) to service_role;

-- 2. The mark on the inquiry: set when it is stored, never changed (a real request cannot be hidden later).
alter table public.inquiries add column deploy_test boolean not null default false;
comment on column public.inquiries.deploy_test is 'The deploy''s own test request (npm run deploy -- --verify): hidden from staff, counted nowhere, erased at once.';

create or replace function private.deploy_test_unchanged() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'Whether a request is the deploy''s test is decided when it is stored, and never changed' using errcode = '42501';
end
$$;
revoke execute on function private.deploy_test_unchanged() from public;

create trigger inquiries_deploy_test_unchanged before update of deploy_test on public.inquiries
  for each row when (old.deploy_test is distinct from new.deploy_test) execute function private.deploy_test_unchanged();

-- 3. Its history: each line of a test request's record is marked when written, the 'erased' one too (the record is
-- gone by then, its earlier lines say what it was). History is append-only: the mark is set on the way in.
alter table public.record_events add column deploy_test boolean not null default false;

create or replace function private.mark_test_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.list = 'inquiries' then
    new.deploy_test := exists (select 1 from public.inquiries as i where i.id = new.record_id and i.deploy_test)
      or exists (select 1 from public.record_events as e where e.record_id = new.record_id and e.list = 'inquiries' and e.deploy_test);
  end if;
  return new;
end
$$;
revoke execute on function private.mark_test_event() from public;

create trigger record_events_mark_test before insert on public.record_events
  for each row execute function private.mark_test_event();

-- 4. Its e-mails: the staff notification is marked (notify.ts words it as the deploy's test); a reply to the sender
-- is never queued for a test request, whatever address it gave.
alter table public.notification_outbox add column deploy_test boolean not null default false;

create or replace function private.mark_test_notification() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.inquiry_id is not null and exists (select 1 from public.inquiries as i where i.id = new.inquiry_id and i.deploy_test) then
    if new.acknowledgement then
      return null;
    end if;
    new.deploy_test := true;
  end if;
  return new;
end
$$;
revoke execute on function private.mark_test_notification() from public;

create trigger notification_outbox_mark_test before insert on public.notification_outbox
  for each row execute function private.mark_test_notification();

-- 5. Staff never see them: restrictive policies, added to (and-ed with) the "staff read" ones.
create policy "staff never see the deploy's test request" on public.inquiries as restrictive for select to authenticated using (not deploy_test);
create policy "staff never see the deploy's test history" on public.record_events as restrictive for select to authenticated using (not deploy_test);
create policy "staff never see the deploy's test e-mail" on public.notification_outbox as restrictive for select to authenticated using (not deploy_test);

-- As in 20261127000800_first_reply.sql, and never the deploy's test request (the digest reads as the service role).
create or replace function public.overdue_inquiries(p_reply_hours integer)
returns table (id uuid, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, i.created_at from public.inquiries as i
  where i.stage = (select s.code from public.inquiry_stages as s order by s.position, s.code limit 1)
    and i.first_reply_at is null
    and not i.deploy_test
    and i.created_at < pg_catalog.now() - pg_catalog.make_interval(hours => p_reply_hours)
  order by i.created_at, i.id
$$;

-- As in 20261127000700_sender_acknowledgement.sql, and the deploy's test e-mail neither counts towards a burst nor
-- is folded into one: it goes alone, so the deploy sees its own e-mail sent and no summary mentions it.
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
  where o.kind in ('inquiry', 'application') and not o.held and not o.acknowledgement and not o.deploy_test
    and o.created_at > pg_catalog.now() - pg_catalog.make_interval(mins => p_within_minutes);

  select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('kind', o.kind, 'id', coalesce(o.inquiry_id, o.application_id),
           'created_at', coalesce(i.created_at, a.created_at, o.created_at), 'unverified', o.held) order by o.created_at, o.id),
         pg_catalog.count(*)
    into folded, n
  from public.notification_outbox as o
  left join public.inquiries as i on i.id = o.inquiry_id
  left join public.job_applications as a on a.id = o.application_id
  where o.kind in ('inquiry', 'application') and not o.acknowledgement and not o.deploy_test and o.status = 'pending' and o.attempts = 0
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
  where o.kind in ('inquiry', 'application') and not o.acknowledgement and not o.deploy_test and o.status = 'pending' and o.attempts = 0
    and o.leased_until is null and o.burst_id is null and (o.held or bursting);
  return n;
end
$$;

revoke execute on function private.fold_notification_burst(integer, integer) from public;

-- 6. The erasure, for the service role: every test request (the deploy's own, and any an earlier deploy stopped
-- before erasing), the way an admin's erasure does it (its history keeps one 'erased' line, marked as the rest;
-- its e-mails go with it). Never a real request: only rows marked above. Returns how many it erased.
create or replace function public.erase_test_requests() returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  test_id uuid;
  n integer := 0;
begin
  for test_id in select i.id from public.inquiries as i where i.deploy_test order by i.created_at loop
    perform pg_catalog.set_config('app.erasing', test_id::text, true);
    delete from public.inquiries as i where i.id = test_id and i.deploy_test;
    if found then
      n := n + 1;
    end if;
  end loop;
  perform pg_catalog.set_config('app.erasing', '', true);
  return n;
end
$$;

revoke execute on function public.erase_test_requests() from public, anon, authenticated;
grant execute on function public.erase_test_requests() to service_role;
