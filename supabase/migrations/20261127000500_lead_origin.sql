-- Where each request came from (issue 31): stored by the form functions, server-side, with every inquiry and
-- application. The visit's landing page and its utm_* and gclid (carried by the form script from the first page
-- of the visit; the form page's own address when JavaScript is off), the referring site's host, the visitor's
-- answer to "How did you hear about us?" (a code of the form's content), and `source`: the one name reports and
-- filters group by, decided by the function (utm_source, else 'google-ads' for a gclid, else the referring host,
-- else 'direct'). Null in rows stored before the forms asked. None of it is sent to analytics.
--
-- The history keeps what reports need of it: the 'created' event carries the source, the answer and (for an
-- application) the position, none of them personal data, so a report still counts a request after its record is
-- erased or purged.

alter table public.inquiries
  add column landing_page text check (char_length(landing_page) <= 300),
  add column referrer_host text check (char_length(referrer_host) <= 253),
  add column utm_source text check (char_length(utm_source) <= 100),
  add column utm_medium text check (char_length(utm_medium) <= 100),
  add column utm_campaign text check (char_length(utm_campaign) <= 100),
  add column utm_term text check (char_length(utm_term) <= 100),
  add column utm_content text check (char_length(utm_content) <= 100),
  add column gclid text check (char_length(gclid) <= 200),
  add column heard_about text check (heard_about ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  add column source text check (char_length(source) between 1 and 100);

alter table public.job_applications
  add column landing_page text check (char_length(landing_page) <= 300),
  add column referrer_host text check (char_length(referrer_host) <= 253),
  add column utm_source text check (char_length(utm_source) <= 100),
  add column utm_medium text check (char_length(utm_medium) <= 100),
  add column utm_campaign text check (char_length(utm_campaign) <= 100),
  add column utm_term text check (char_length(utm_term) <= 100),
  add column utm_content text check (char_length(utm_content) <= 100),
  add column gclid text check (char_length(gclid) <= 200),
  add column heard_about text check (heard_about ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  add column source text check (char_length(source) between 1 and 100);

-- Set on 'created' events only; null on every other kind and on records stored before this migration.
alter table public.record_events
  add column source text,
  add column heard_about text,
  add column position text;

comment on column public.record_events.source is 'On created events: the request''s lead source (utm_source, google-ads, the referring host, or direct).';
comment on column public.record_events.heard_about is 'On created events: the answer to "How did you hear about us?" (a content code), or null.';
comment on column public.record_events.position is 'On created events of applications: the position applied for (a job code).';

-- As in 20261126000200_erasure.sql, and a 'created' event now carries the origin columns above.
create or replace function private.record_workflow_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  list text := case tg_table_name when 'job_applications' then 'applications' else 'inquiries' end;
  actor uuid := auth.uid();
begin
  if tg_op = 'INSERT' then
    insert into public.record_events (list, record_id, kind, actor, to_value, at, source, heard_about, position)
    values (list, new.id, 'created', actor, new.stage, new.created_at, new.source, new.heard_about,
            pg_catalog.to_jsonb(new) ->> 'position');
  elsif tg_op = 'UPDATE' then
    if new.stage is distinct from old.stage then
      insert into public.record_events (list, record_id, kind, actor, from_value, to_value)
      values (list, new.id, 'stage', actor, old.stage, new.stage);
    end if;
    if new.owner is distinct from old.owner then
      insert into public.record_events (list, record_id, kind, actor, from_value, to_value)
      values (list, new.id, 'owner', actor, old.owner::text, new.owner::text);
    end if;
  else
    insert into public.record_events (list, record_id, kind, actor)
    values (list, old.id, case when pg_catalog.current_setting('app.erasing', true) = old.id::text then 'erased' else 'deleted' end, actor);
    return old;
  end if;
  return new;
end
$$;

revoke execute on function private.record_workflow_event() from public;

-- The applications stored before: their 'created' event learns the position (known, and not personal). The
-- history is append-only even to the owner; this migration, which runs as the owner once, lifts the guard for
-- this one statement.
alter table public.record_events disable trigger record_events_no_update;
update public.record_events as e
   set position = a.position
  from public.job_applications as a
 where e.list = 'applications' and e.kind = 'created' and e.record_id = a.id;
alter table public.record_events enable trigger record_events_no_update;

-- Staff filter the lists by source; the reports group the history by it.
create index inquiries_source_idx on public.inquiries (source);
create index job_applications_source_idx on public.job_applications (source);
create index record_events_created_idx on public.record_events (list, at) where kind = 'created';
