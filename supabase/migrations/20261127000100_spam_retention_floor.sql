-- The spam rule erases only what an admin, or the bot signals of an inquiry, filed as spam (issue 29, item 3).
-- Until now, any record at its list's spam stage was erased suspectedSpam.days after it was filed there,
-- whoever filed it: a real applicant filed as spam by the bot signals (a password manager filling the hidden
-- field, a missing fill token), or moved to Spam by a plain staff member, was erased after 31 days, under the
-- EEOC's 12-month floor for applications, and a plain staff member could so cause an erasure that only an admin
-- may make (public.erase_record). Now a record at the spam stage goes under the spam rule only when:
-- - an admin filed it there: the latest 'stage' event of its history (the change that put it at the spam stage)
--   has an admin as its actor (auth.uid() of the session that changed it). An admin may erase the record at
--   once anyway, so the 30 days only add time to undo a mistake;
-- - or the bot signals filed it on arrival (spam_reason set, no stage change since): an INQUIRY then goes
--   p_spam_days after arrival (no legal floor for inquiries); an APPLICATION not before it is 12 months old too
--   (the EEOC floor, 29 CFR 1602.14: one year from when it was made), then as soon as the spam rule allows.
--   The days count from the filing, the 12 months from arrival, so the floor holds whatever the days.
-- Any other record at the spam stage (moved there by a plain staff member, or by the system, or at a stage that
-- became the spam stage later) is a record like the others: it goes under the period rule of its list,
-- inquiries.months / applications.months after its last activity (private.last_activity).
-- Who is an admin is read when the purge runs (private.is_admin_member): an active staff member (public.staff)
-- whose account carries app_metadata.role 'admin', the role only the service role can set (npm run staff:add
-- --admin). A filer who is no longer an admin then leaves the record to its normal period: the safe side.
-- public.purge_expired is unchanged (its signature, grants, one transaction, counts in retention_purges by
-- rule and list, the 'deleted' event): it reads the rules from private.expired_records, replaced below. Its
-- delete checks stage_changed_at again, so a record moved meanwhile (out of Spam, or to Spam by someone else)
-- is kept by that run.

-- True when the user is an active staff member with the admin role.
create or replace function private.is_admin_member(p_user uuid) returns boolean
language sql
stable
set search_path = ''
as $$
  select p_user is not null and exists (
    select 1 from public.staff as s join auth.users as u on u.id = s.user_id
    where s.user_id = p_user and s.active and (u.raw_app_meta_data ->> 'role') = 'admin'
  )
$$;

revoke execute on function private.is_admin_member(uuid) from public;

-- Who filed a record at the spam stage: 'admin' (an admin changed its stage to it), 'bot' (the form function
-- filed it there on arrival, with its reason), or 'staff' (anyone else: a plain staff member, the system).
-- Only for a record at its list's spam stage: the latest 'stage' event is the change that put it there.
create or replace function private.spam_filed_by(p_id uuid, p_spam_reason text) returns text
language sql
stable
set search_path = ''
as $$
  select case
    when e.id is not null then case when private.is_admin_member(e.actor) then 'admin' else 'staff' end
    when p_spam_reason is not null then 'bot'
    else 'staff'
  end
  from (select 1) as one
  left join lateral (
    select r.id, r.actor from public.record_events as r
    where r.record_id = p_id and r.kind = 'stage'
    order by r.id desc
    limit 1
  ) as e on true
$$;

revoke execute on function private.spam_filed_by(uuid, text) from public;

-- The records past their period, by rule: { list, rule, id, resume_url }. As in
-- 20261126000400_retention_periods.sql, but the spam rule takes only what an admin or the bot signals filed
-- (above); the rest of the spam stage goes under the period rule. Still no record counts under two rules.
create or replace function private.expired_records(p_spam_days integer, p_inquiry_months integer, p_client_stages text[], p_application_months integer)
returns table (list text, rule text, id uuid, resume_url text)
language sql
stable
set search_path = ''
as $$
  with applications as (
    select a.id, a.resume_url, a.created_at, a.stage_changed_at,
           case when s.spam then private.spam_filed_by(a.id, a.spam_reason) end as filed_by
    from public.job_applications as a join public.application_stages as s on s.code = a.stage
  ), inquiries as (
    select i.id, i.stage, i.created_at, i.stage_changed_at,
           case when s.spam then private.spam_filed_by(i.id, i.spam_reason) end as filed_by
    from public.inquiries as i join public.inquiry_stages as s on s.code = i.stage
  )
  select 'applications', 'spam', a.id, a.resume_url
  from applications as a
  where a.filed_by in ('admin', 'bot')
    and a.stage_changed_at < pg_catalog.now() - pg_catalog.make_interval(days => p_spam_days)
    -- The EEOC's floor: what the bot signals filed is kept a year from its arrival.
    and (a.filed_by = 'admin' or a.created_at < pg_catalog.now() - pg_catalog.make_interval(months => 12))
  union all
  select 'inquiries', 'spam', i.id, null
  from inquiries as i
  where i.filed_by in ('admin', 'bot')
    and i.stage_changed_at < pg_catalog.now() - pg_catalog.make_interval(days => p_spam_days)
  union all
  select 'applications', 'period', a.id, a.resume_url
  from applications as a
  where (a.filed_by is null or a.filed_by = 'staff')
    and a.stage_changed_at < pg_catalog.now() - pg_catalog.make_interval(months => p_application_months)
    and private.last_activity(a.id, a.created_at, a.stage_changed_at) < pg_catalog.now() - pg_catalog.make_interval(months => p_application_months)
  union all
  select 'inquiries', 'period', i.id, null
  from inquiries as i
  where (i.filed_by is null or i.filed_by = 'staff')
    and i.stage <> all(p_client_stages)
    and i.stage_changed_at < pg_catalog.now() - pg_catalog.make_interval(months => p_inquiry_months)
    and private.last_activity(i.id, i.created_at, i.stage_changed_at) < pg_catalog.now() - pg_catalog.make_interval(months => p_inquiry_months)
$$;

revoke execute on function private.expired_records(integer, integer, text[], integer) from public;
