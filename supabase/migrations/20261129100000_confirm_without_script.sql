-- No person filed as spam for having no JavaScript (issue 40, item 7; DESIGN.md decision 26).
--
-- A browser's plain post without the form's time token (JavaScript off: nothing tells that person from a script) is
-- stored at once, held under its list's spam stage with the reason private.held_reason(), and the function answers
-- with a page that asks the person to press "Send my request" (supabase/functions/_shared/confirmPage.ts). Held, it
-- counts as no request: no staff e-mail (20261127000300_notification_bursts.sql announces only the old no-token
-- reason), no reply to the sender (20261127000700_sender_acknowledgement.sql answers no spam), not in the reports.
-- A script that never presses leaves it there, and the spam rule erases it as any suspected spam.
--
-- 1. public.confirm_held_request: the press. Once, whatever the number of presses: the record, if still held, moves
--    to its list's first stage with its reason cleared, its history says its sender confirmed it ('confirmed', then
--    the stage change), and staff get the usual new-request e-mail. A record no longer held (confirmed already, or
--    moved by staff meanwhile) is left as it is.
-- 2. A record leaving the spam stage, by that press or by staff ("Not spam"), gets the reply to its sender it
--    missed, when it gave an address: once per record ever, so moving it back and forth sends nothing more, and
--    within the once-an-hour-per-address rule of every reply. Any spam record, not only held ones.

-- The reason the form functions give a held post (formPost.ts, HELD_REASON: the same words).
create or replace function private.held_reason() returns text
language sql
immutable
set search_path = ''
as $$
  select 'Waiting for the sender to confirm (sent without JavaScript).'::text
$$;

revoke execute on function private.held_reason() from public;

-- A held record's sender confirmed it: a history line of its own (the stage change after it says where it went).
alter table public.record_events drop constraint record_events_kind_check;
alter table public.record_events add constraint record_events_kind_check
  check (kind in ('created', 'stage', 'owner', 'note', 'note_edited', 'note_deleted', 'deleted', 'erased', 'exported', 'confirmed'));

-- Queues the reply to a record's sender, unless it has none or its address had one within the hour, compared
-- without regard to case. Returns whether it queued one. The one place of the once-an-hour rule: the reply to a new
-- request (private.acknowledge_request, below) and the reply a record missed both go through it.
create or replace function private.queue_acknowledgement(p_list text, p_id uuid, p_email text) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  address text := pg_catalog.lower(pg_catalog.btrim(coalesce(p_email, '')));
begin
  if address = '' then
    return false;
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
    return false;
  end if;
  if p_list = 'inquiries' then
    insert into public.notification_outbox (kind, inquiry_id, acknowledgement) values ('inquiry', p_id, true);
  else
    insert into public.notification_outbox (kind, application_id, acknowledgement) values ('application', p_id, true);
  end if;
  return true;
end
$$;

revoke execute on function private.queue_acknowledgement(text, uuid, text) from public;

-- The reply to a new request (20261127000700_sender_acknowledgement.sql), its rule now in queue_acknowledgement.
create or replace function private.acknowledge_request() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  spam boolean;
begin
  -- As the staff notification: only what the site's form functions store (as the service role) is answered.
  if coalesce(auth.role(), '') <> 'service_role' or new.spam_reason is not null then
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
  perform private.queue_acknowledgement(case when tg_table_name = 'inquiries' then 'inquiries' else 'applications' end, new.id, new.email);
  return null;
end
$$;

-- The reply a record missed: as a new request's, and once per record ever (a row, sent, failed, held by the cap or
-- dropped by an admin, says it had its turn). Returns whether it queued one.
create or replace function private.queue_missed_acknowledgement(p_list text, p_id uuid, p_email text) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (
    select 1 from public.notification_outbox as o
    where o.acknowledgement and (o.inquiry_id = p_id or o.application_id = p_id)
  ) then
    return false;
  end if;
  return private.queue_acknowledgement(p_list, p_id, p_email);
end
$$;

revoke execute on function private.queue_missed_acknowledgement(text, uuid, text) from public;

-- A record moved from its list's spam stage to any other: the reply it missed (once, see above).
create or replace function private.acknowledge_out_of_spam() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  list text := case tg_table_name when 'job_applications' then 'applications' else 'inquiries' end;
  spam_stage text;
begin
  if list = 'inquiries' then
    select s.code into spam_stage from public.inquiry_stages as s where s.spam;
  else
    select s.code into spam_stage from public.application_stages as s where s.spam;
  end if;
  if spam_stage is null or old.stage is distinct from spam_stage or new.stage = spam_stage then
    return null;
  end if;
  perform private.queue_missed_acknowledgement(list, new.id, new.email);
  return null;
end
$$;

revoke execute on function private.acknowledge_out_of_spam() from public;

create trigger inquiries_acknowledge_out_of_spam after update of stage on public.inquiries
  for each row when (old.stage is distinct from new.stage) execute function private.acknowledge_out_of_spam();
create trigger job_applications_acknowledge_out_of_spam after update of stage on public.job_applications
  for each row when (old.stage is distinct from new.stage) execute function private.acknowledge_out_of_spam();

-- The press of "Send my request" (the form functions, as the service role, after checking the page's signed
-- reference and its time token). 'confirmed': it was held and now is a real request; 'unchanged': it was not held
-- (confirmed before, or staff moved it): nothing is done; 'gone': no such record (erased, or purged as spam).
create or replace function public.confirm_held_request(p_list text, p_id uuid) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_stage text;
  reason text;
  spam_stage text;
  first_stage text;
begin
  if p_list = 'inquiries' then
    select r.stage, r.spam_reason into current_stage, reason from public.inquiries as r where r.id = p_id for update;
    if not found then
      return 'gone';
    end if;
    select s.code into spam_stage from public.inquiry_stages as s where s.spam;
    select s.code into first_stage from public.inquiry_stages as s order by s.position, s.code limit 1;
  elsif p_list = 'applications' then
    select r.stage, r.spam_reason into current_stage, reason from public.job_applications as r where r.id = p_id for update;
    if not found then
      return 'gone';
    end if;
    select s.code into spam_stage from public.application_stages as s where s.spam;
    select s.code into first_stage from public.application_stages as s order by s.position, s.code limit 1;
  else
    raise exception 'Unknown list "%": expected applications or inquiries', p_list using errcode = '22023';
  end if;
  -- The row lock above makes a second press wait for the first, and then find it done.
  if reason is distinct from private.held_reason() or current_stage is distinct from spam_stage then
    return 'unchanged';
  end if;

  insert into public.record_events (list, record_id, kind, actor, from_value, to_value)
  values (p_list, p_id, 'confirmed', null, current_stage, first_stage);
  -- The stage change writes its own history line and queues the reply to the sender (the triggers above).
  if p_list = 'inquiries' then
    update public.inquiries as r set stage = first_stage, spam_reason = null where r.id = p_id;
    insert into public.notification_outbox (kind, inquiry_id) values ('inquiry', p_id);
  else
    update public.job_applications as r set stage = first_stage, spam_reason = null where r.id = p_id;
    insert into public.notification_outbox (kind, application_id) values ('application', p_id);
  end if;
  return 'confirmed';
end
$$;

revoke execute on function public.confirm_held_request(text, uuid) from public, anon, authenticated;
grant execute on function public.confirm_held_request(text, uuid) to service_role;
