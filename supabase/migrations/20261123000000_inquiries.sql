-- Contact requests (inquiries) sent with the site's own inquiry form, and one rate limit for every public
-- form. Personal data: only staff may read inquiries (RLS), and nobody but the service role may write them,
-- exactly as job applications.

create table public.inquiries (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null check (char_length(name) between 1 and 100),
  -- At least one way to reply; the other is ''.
  phone text not null default '' check (char_length(phone) <= 30),
  email text not null default '' check (char_length(email) <= 254),
  -- Who needs care, as a code of content/inquiry-form.yaml ('a-parent'), shown by its label.
  care_for text not null check (care_for ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  town text not null default '' check (char_length(town) <= 60),
  -- Slugs of the service files the visitor ticked.
  services text[] not null default '{}' check (cardinality(services) <= 64),
  message text not null default '' check (char_length(message) <= 3000),
  -- Best time to call, as a code of content/inquiry-form.yaml; '' means any time.
  call_time text not null default '' check (call_time = '' or call_time ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  -- The page the request was sent from ('/', '/contact'), or ''.
  page text not null default '' check (char_length(page) <= 101),
  constraint inquiries_reply_way check (phone <> '' or email <> '')
);

comment on table public.inquiries is 'Contact requests from the site''s inquiry form. Personal data: staff read only.';

-- The dashboard lists newest first and pages through the list.
create index inquiries_created_at_idx on public.inquiries (created_at desc, id desc);

-- Explicit privileges: do not rely on default privileges, which differ between projects.
revoke all on table public.inquiries from anon, authenticated;
grant select on table public.inquiries to authenticated;
grant all on table public.inquiries to service_role;

alter table public.inquiries enable row level security;

create policy "staff read inquiries"
  on public.inquiries for select
  to authenticated
  using ((select public.is_staff()));

-- No insert, update or delete policy: only the service role (which bypasses RLS) writes inquiries.

-- One count of recent posts per client for every form, each form with its own limit: applications and
-- inquiries were counted apart from the start, so a family that applies for a job can still ask for care.
create table private.form_posts (
  post_id uuid primary key,
  form text not null check (form ~ '^[a-z]+(-[a-z]+)*$'),
  client_hash text not null check (client_hash ~ '^[0-9a-f]{64}$'),
  posted_at timestamptz not null default now()
);
create index form_posts_client_idx on private.form_posts (form, client_hash, posted_at);
create index form_posts_posted_at_idx on private.form_posts (posted_at);
revoke all on table private.form_posts from public, anon, authenticated, service_role;

insert into private.form_posts (post_id, form, client_hash, posted_at)
select application_id, 'application', client_hash, posted_at from private.application_posts;

drop function public.take_application_slot(text, uuid, integer);
drop function public.release_application_slot(uuid);
drop table private.application_posts;

-- Counts the client's posts of this form in the last hour and, when there is room, records this one, in one
-- step. Returns null when the post may be stored (it now counts), otherwise the seconds until the client's
-- oldest counted post leaves the hour (the Retry-After of the 429).
-- SECURITY DEFINER: it is the only way into private.form_posts; search_path '' so that nothing a caller puts
-- on the path can stand in for the objects it names (all schema-qualified).
create or replace function public.take_form_slot(form_name text, client_hash text, post_id uuid, per_hour integer)
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
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('form_posts:' || take_form_slot.form_name || ':' || take_form_slot.client_hash, 0));

  delete from private.form_posts as p where p.posted_at < pg_catalog.now() - interval '1 hour';

  select count(*), min(p.posted_at) into counted, oldest
  from private.form_posts as p
  where p.form = take_form_slot.form_name and p.client_hash = take_form_slot.client_hash;

  if counted >= take_form_slot.per_hour then
    return greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - pg_catalog.now())))::integer;
  end if;

  insert into private.form_posts (post_id, form, client_hash)
  values (take_form_slot.post_id, take_form_slot.form_name, take_form_slot.client_hash);
  return null;
end
$$;

-- Gives a slot back when the post could not be stored after all (server failure): only stored posts count.
create or replace function public.release_form_slot(post_id uuid)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from private.form_posts as p where p.post_id = release_form_slot.post_id
$$;

-- Only the Edge Functions (service role) may call them; Supabase grants EXECUTE on new public functions to
-- the API roles by default, so take it away explicitly.
revoke execute on function public.take_form_slot(text, text, uuid, integer) from public, anon, authenticated;
revoke execute on function public.release_form_slot(uuid) from public, anon, authenticated;
grant execute on function public.take_form_slot(text, text, uuid, integer) to service_role;
grant execute on function public.release_form_slot(uuid) to service_role;
