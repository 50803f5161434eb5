-- A cap on the instant replies as a whole (issue 39, item 2). The reply to each sender (20261127000700) was limited
-- to one per address per hour, and nothing more: a script fetching the form's time token could have the agency
-- send a reply to forty strangers' addresses in a minute, from the agency's own mail domain, and a few hundred such
-- e-mails can put that domain on blocklists (after which staff notices and replies to real families stop arriving).
--
-- Now at most p_replies_per_hour replies (site.yaml notifications.repliesPerHour) leave in any hour. Past it, a
-- reply is held (status 'capped'), never lost: staff see the held replies at the top of /admin ("Replies held:
-- unusual volume"), and an admin sends them (release) or drops them. While any reply is held, every new one waits
-- behind it, in order: a flood that trips the cap does not go on trickling out at the cap's rate while nobody looks.
-- Staff notifications are not capped: they go to the agency's own addresses.
--
-- The cap is applied by the sender's claim (public.claim_notifications with p_replies_per_hour), in the claim's
-- transaction and under the fold's table lock, so two senders at once cannot both let the last reply through.

alter table public.notification_outbox drop constraint notification_outbox_status_check;
alter table public.notification_outbox add constraint notification_outbox_status_check
  check (status in ('pending', 'sent', 'failed', 'capped', 'dropped'));
-- Only a reply is ever capped or dropped.
alter table public.notification_outbox add constraint notification_outbox_capped_reply
  check (status not in ('capped', 'dropped') or acknowledgement);

-- The admin who released or dropped a held reply, and when: a released reply is sent whatever the cap says.
alter table public.notification_outbox add column decided_by uuid references auth.users (id) on delete set null;
alter table public.notification_outbox add column decided_at timestamptz;
comment on column public.notification_outbox.decided_by is 'A held reply (status capped): the admin who released it (sent past the cap) or dropped it.';

create index notification_outbox_capped_idx on public.notification_outbox (created_at) where status = 'capped';
create index notification_outbox_decided_by_idx on public.notification_outbox (decided_by) where decided_by is not null;

-- Holds the replies past the cap; returns how many it held. A reply counts against the hour once a sender has
-- claimed it (sent, failed, or being tried); a released one is the admin's decision and counts for nothing.
create function private.cap_replies(p_per_hour integer) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  spent integer;
  held integer;
begin
  if p_per_hour is null or p_per_hour < 1 then
    raise exception 'p_per_hour must be at least 1, found %', p_per_hour using errcode = '22023';
  end if;
  -- The fold takes the same lock in the same transaction first; taken here too for a caller without a burst rule.
  lock table public.notification_outbox in share row exclusive mode;
  select pg_catalog.count(*)::integer into spent from public.notification_outbox as o
  where o.acknowledgement and o.decided_at is null and o.created_at > pg_catalog.now() - interval '1 hour'
    and (o.status in ('sent', 'failed') or (o.status = 'pending' and (o.attempts > 0 or o.leased_until is not null)));
  with waiting as (
    select o.id, pg_catalog.row_number() over (order by o.created_at, o.id) as place
    from public.notification_outbox as o
    where o.acknowledgement and o.status = 'pending' and o.attempts = 0 and o.leased_until is null and o.decided_at is null
  ), over as (
    select w.id from waiting as w
    -- Behind a held reply, every reply waits.
    where exists (select 1 from public.notification_outbox as c where c.status = 'capped')
       or w.place > p_per_hour - spent
  )
  update public.notification_outbox as o set status = 'capped', next_attempt_at = pg_catalog.now()
  from over where o.id = over.id;
  get diagnostics held = row_count;
  return held;
end
$$;

revoke execute on function private.cap_replies(integer) from public, anon, authenticated, service_role;

-- What a sender calls with a reply cap (every sender here: the content gives one): the fold (when a burst rule is
-- given), the cap, then the claim, in one transaction.
create function public.claim_notifications(p_limit integer, p_lease_seconds integer, p_more_than integer, p_within_minutes integer, p_replies_per_hour integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_more_than is not null or p_within_minutes is not null then
    perform private.fold_notification_burst(p_more_than, p_within_minutes);
  end if;
  perform private.cap_replies(p_replies_per_hour);
  return public.claim_notifications(p_limit, p_lease_seconds);
end
$$;

revoke execute on function public.claim_notifications(integer, integer, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.claim_notifications(integer, integer, integer, integer, integer) to service_role;

-- An admin's decision on held replies: `send` puts them back in line, sent at once whatever the cap; `drop` leaves
-- them unsent for good. p_ids null: every held reply. Returns how many were decided.
create function private.decide_held_replies(p_decision text, p_ids uuid[] default null) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  decided integer;
begin
  if not (select private.is_admin()) then
    raise exception 'Only an admin can send or drop held replies' using errcode = '42501';
  end if;
  if p_decision is null or p_decision not in ('send', 'drop') then
    raise exception 'p_decision must be send or drop, found %', p_decision using errcode = '22023';
  end if;
  update public.notification_outbox as o
  set status = case p_decision when 'send' then 'pending' else 'dropped' end,
      decided_by = (select auth.uid()), decided_at = pg_catalog.now(),
      attempts = 0, next_attempt_at = pg_catalog.now(), leased_until = null
  where o.status = 'capped' and (p_ids is null or o.id = any (p_ids));
  get diagnostics decided = row_count;
  return decided;
end
$$;

create function public.decide_held_replies(p_decision text, p_ids uuid[] default null) returns integer
language sql
security invoker
set search_path = ''
as $$ select private.decide_held_replies(p_decision, p_ids) $$;

revoke execute on function private.decide_held_replies(text, uuid[]), public.decide_held_replies(text, uuid[]) from public, anon, service_role;
grant execute on function private.decide_held_replies(text, uuid[]), public.decide_held_replies(text, uuid[]) to authenticated;
