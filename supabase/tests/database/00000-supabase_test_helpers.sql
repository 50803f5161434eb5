-- Test helpers for the pgTAP files beside this one, loaded first (files run in name order). The names and
-- arguments are those of basejump's supabase_test_helpers, which Supabase's testing guide uses, so the files read
-- as Supabase projects' tests do; the bodies are this project's own, written for its auth tables and its staff
-- rule (public.staff decides, the token's app_metadata.role is the claim), so no network is needed to load them.
-- Run by `npm run test:db` (a throw-away PostgreSQL 15 with the migrations, scripts/db-test.ts) and unchanged by
-- `supabase test db`. Outside a transaction on purpose: the helpers stay for the files that follow; each file
-- then runs inside begin ... rollback and leaves nothing behind.

set client_min_messages = warning;
create extension if not exists pgtap with schema extensions;

create schema if not exists tests;
grant usage on schema tests to anon, authenticated, service_role;

-- A user of auth.users, known to the tests by an identifier (kept in raw_user_meta_data.test_identifier).
create or replace function tests.create_supabase_user(identifier text, email text default null, phone text default null, metadata jsonb default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  user_id uuid := extensions.gen_random_uuid();
begin
  insert into auth.users (id, aud, role, email, phone, raw_user_meta_data, raw_app_meta_data, created_at, updated_at)
  values (user_id, 'authenticated', 'authenticated', coalesce(email, pg_catalog.concat(user_id, '@test.invalid')), phone,
          pg_catalog.jsonb_build_object('test_identifier', identifier) || coalesce(metadata, '{}'::jsonb),
          '{"provider": "email", "providers": ["email"]}'::jsonb, pg_catalog.now(), pg_catalog.now());
  return user_id;
end
$$;

create or replace function tests.get_supabase_uid(identifier text) returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  user_id uuid;
begin
  select u.id into user_id from auth.users as u where u.raw_user_meta_data ->> 'test_identifier' = identifier limit 1;
  if user_id is null then
    raise exception 'No test user "%": create it first with tests.create_supabase_user(''%'')', identifier, identifier;
  end if;
  return user_id;
end
$$;

-- This project's staff: a user with a public.staff row (active, role 'staff' or 'admin') and the claim in
-- app_metadata, as `npm run staff:add` makes them.
create or replace function tests.create_staff_member(identifier text, staff_role text default 'staff') returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  user_id uuid := tests.create_supabase_user(identifier);
begin
  update auth.users set raw_app_meta_data = raw_app_meta_data || pg_catalog.jsonb_build_object('role', staff_role) where id = user_id;
  insert into public.staff (user_id, display_name, role) values (user_id, identifier, staff_role);
  return user_id;
end
$$;

-- The user's row of auth.users, whoever asks (a test acting as anon or a user cannot read auth.users itself).
create or replace function tests.get_supabase_user(identifier text) returns auth.users
language sql
stable
security definer
set search_path = ''
as $$
  select u.* from auth.users as u where u.id = tests.get_supabase_uid(identifier)
$$;

-- Acts as the user from here to the end of the transaction: the role and the JWT claims PostgREST would set.
-- Not security definer (Postgres refuses SET ROLE there): it reads the user through get_supabase_user, so it works
-- whoever the test is acting as at the time.
create or replace function tests.authenticate_as(identifier text) returns void
language plpgsql
as $$
declare
  found_user auth.users;
begin
  found_user := tests.get_supabase_user(identifier);
  perform pg_catalog.set_config('role', 'authenticated', true);
  perform pg_catalog.set_config('request.jwt.claims', pg_catalog.jsonb_build_object(
    'sub', found_user.id, 'email', found_user.email, 'role', 'authenticated', 'aud', 'authenticated',
    'app_metadata', coalesce(found_user.raw_app_meta_data, '{}'::jsonb),
    'user_metadata', coalesce(found_user.raw_user_meta_data, '{}'::jsonb))::text, true);
end
$$;

create or replace function tests.authenticate_as_service_role() returns void
language plpgsql
as $$
begin
  perform pg_catalog.set_config('role', 'service_role', true);
  perform pg_catalog.set_config('request.jwt.claims', '{"role": "service_role"}', true);
end
$$;

-- Back to no user: the anon role with no claims, as a visitor's request without a session.
create or replace function tests.clear_authentication() returns void
language plpgsql
as $$
begin
  perform pg_catalog.set_config('role', 'anon', true);
  perform pg_catalog.set_config('request.jwt.claims', '{"role": "anon"}', true);
end
$$;

-- pgTAP: row level security is on for every table of a schema, or for one table.
create or replace function tests.rls_enabled(testing_schema text) returns text
language sql
as $$
  select extensions.is(
    (select pg_catalog.count(*)::integer from pg_catalog.pg_class as c join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
      where n.nspname = testing_schema and c.relkind in ('r', 'p') and not c.relrowsecurity),
    0,
    pg_catalog.format('every table in schema %s has row level security on', testing_schema))
$$;

create or replace function tests.rls_enabled(testing_schema text, test_table text) returns text
language sql
as $$
  select extensions.ok(
    coalesce((select c.relrowsecurity from pg_catalog.pg_class as c join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
      where n.nspname = testing_schema and c.relname = test_table), false),
    pg_catalog.format('table %s.%s has row level security on', testing_schema, test_table))
$$;

-- This project's records, as the form functions store them (with the consent an inquiry needs), under a fixed id
-- the test names, by whoever is acting (the service role, as the functions are, unless the test says otherwise).
-- A record placed in the past gets that time as its arrival and its stage's last change (the workflow trigger);
-- a stage or a spam reason files it there on arrival, as the form functions file suspected spam.
create or replace function tests.create_inquiry(id uuid, name text default 'Ann Lee', created_at timestamptz default null,
  stage text default null, spam_reason text default null) returns uuid
language sql
as $$
  insert into public.inquiries (id, created_at, name, email, phone, care_for, message, consent_version, consented_at, stage, spam_reason)
  values (create_inquiry.id, coalesce(create_inquiry.created_at, pg_catalog.now()), create_inquiry.name, 'family@example.com',
          '555-0100', 'a-parent', 'My mother needs help at home after a fall.', '2026-11-25',
          coalesce(create_inquiry.created_at, pg_catalog.now()), create_inquiry.stage, create_inquiry.spam_reason)
  returning id
$$;

create or replace function tests.create_application(id uuid, first_name text default 'Omar', created_at timestamptz default null,
  stage text default null, spam_reason text default null, resume_url text default null) returns uuid
language sql
as $$
  insert into public.job_applications (id, created_at, first_name, last_name, email, phone, position, experience, availability, cover_letter, stage, spam_reason, resume_url)
  values (create_application.id, coalesce(create_application.created_at, pg_catalog.now()), create_application.first_name, 'Price',
          'applicant@example.com', '555-0102', 'companion-caregiver', 'one-to-three-years', 'full-time',
          'I cared for my grandmother for two years.', create_application.stage, create_application.spam_reason,
          create_application.resume_url)
  returning id
$$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

begin;
select plan(1);
select has_function('tests', 'authenticate_as', array['text'], 'the test helpers are loaded');
select * from finish();
rollback;
