-- What the submit-application Edge Function needs from the database besides the table itself:
-- 1. a rate limit per client, kept where no API role can read or change it (schema `private`), checked and
--    recorded in one locked step so that parallel posts cannot slip past it;
-- 2. resume keys held to the one format the function generates, so no row can point outside its own folder.

create schema if not exists private;
-- Not in [api] schemas (config.toml), so PostgREST never exposes it; no API role may even look inside.
revoke all on schema private from public, anon, authenticated, service_role;

-- One row per application accepted in the last hour: who sent it (a salted SHA-256 of the client address,
-- never the address) and when. Rows older than an hour are pruned by the function below.
create table private.application_posts (
  application_id uuid primary key,
  client_hash text not null check (client_hash ~ '^[0-9a-f]{64}$'),
  posted_at timestamptz not null default now()
);
create index application_posts_client_idx on private.application_posts (client_hash, posted_at);
create index application_posts_posted_at_idx on private.application_posts (posted_at);
revoke all on table private.application_posts from public, anon, authenticated, service_role;

-- Counts the client's applications of the last hour and, when there is room, records this one, in one step.
-- Returns null when the application may be stored (it now counts), otherwise the seconds until the client's
-- oldest counted application leaves the hour (the Retry-After of the 429).
-- SECURITY DEFINER: it is the only way into private.application_posts; search_path '' so that nothing a
-- caller puts on the path can stand in for the objects it names (all schema-qualified).
create or replace function public.take_application_slot(client_hash text, application_id uuid, per_hour integer)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  counted integer;
  oldest timestamptz;
begin
  -- Two posts from one client at the same moment queue here until the first one commits. Under READ
  -- COMMITTED the next statement then sees the first one's row, so the count cannot pass the limit.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('application_posts:' || take_application_slot.client_hash, 0));

  delete from private.application_posts as p where p.posted_at < pg_catalog.now() - interval '1 hour';

  select count(*), min(p.posted_at) into counted, oldest
  from private.application_posts as p
  where p.client_hash = take_application_slot.client_hash;

  if counted >= take_application_slot.per_hour then
    return greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - pg_catalog.now())))::integer;
  end if;

  insert into private.application_posts (application_id, client_hash)
  values (take_application_slot.application_id, take_application_slot.client_hash);
  return null;
end
$$;

-- Gives a slot back when the application could not be stored after all (server failure): only stored
-- applications count against the client.
create or replace function public.release_application_slot(application_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from private.application_posts as p where p.application_id = release_application_slot.application_id
$$;

-- Only the Edge Function (service role) may call them; Supabase grants EXECUTE on new public functions to
-- the API roles by default, so take it away explicitly.
revoke execute on function public.take_application_slot(text, uuid, integer) from public, anon, authenticated;
revoke execute on function public.release_application_slot(uuid) from public, anon, authenticated;
grant execute on function public.take_application_slot(text, uuid, integer) to service_role;
grant execute on function public.release_application_slot(uuid) to service_role;

-- A resume key is '<uuid>/<uuid>.pdf' in lowercase hex, exactly RESUME_KEY_PATTERN in
-- supabase/functions/_shared/application.ts: no '..', no other folder, no other extension.
alter table public.job_applications
  add constraint job_applications_resume_url_format check (
    resume_url is null
    or resume_url ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.pdf$'
  );
