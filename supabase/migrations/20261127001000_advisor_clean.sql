-- Supabase's advisor (the splinter lints, `supabase db advisors`) clean, issue 32. npm run test:db runs the lints
-- against the migrated database (scripts/lib/advisor.ts); docs/architecture.md lists the INFO findings kept and why.
--
-- 1. Every foreign key has an index that starts with its column, so that changing or removing the row it points
--    to (a stage, a staff member, a burst e-mail) does not scan the whole table.
create index if not exists inquiries_stage_idx on public.inquiries (stage);
create index if not exists job_applications_stage_idx on public.job_applications (stage);
create index if not exists notification_outbox_burst_idx on public.notification_outbox (burst_id);
create index if not exists record_notes_author_idx on public.record_notes (author);

-- 2. GraphQL is off. Supabase enables pg_graphql in every new project, and its schema shows any signed-in user
--    the name, columns and relations of every table that user may select, whatever RLS then returns: here every
--    table staff read (the records, notes, history, staff, outbox), and anyone can sign up for an account. The
--    dashboard and the functions use the REST API only. To use GraphQL one day, create the extension again and
--    decide what each role may see first.
drop extension if exists pg_graphql;

-- 3. No SECURITY DEFINER function in the API's schema. A definer function runs with its owner's rights; in
--    public, PostgREST offers it to every caller that may execute it (/rest/v1/rpc/<name>). The five that staff
--    call move to schema private, which the API does not serve, keeping their bodies, their rights (definer) and
--    their grants; public keeps a SECURITY INVOKER function of the same name and arguments that calls it, so the
--    dashboard's rpc() calls are unchanged, and every policy keeps the same function (a policy names a function
--    by its identity, not its schema). Signed-in users need USAGE on private to reach the five: only functions
--    granted to them can be called there (every other one is revoked from public), and no table in private is
--    granted to them.
alter function public.is_staff() set schema private;
alter function public.is_admin() set schema private;
alter function public.erase_record(text, uuid) set schema private;
alter function public.record_export(text, text, uuid[], text) set schema private;
alter function public.retry_notification(uuid) set schema private;

grant usage on schema private to authenticated, service_role;

create function public.is_staff() returns boolean
language sql
stable
security invoker
set search_path = ''
as $$ select private.is_staff() $$;

create function public.is_admin() returns boolean
language sql
stable
security invoker
set search_path = ''
as $$ select private.is_admin() $$;

create function public.erase_record(p_list text, p_id uuid) returns jsonb
language sql
security invoker
set search_path = ''
as $$ select private.erase_record(p_list, p_id) $$;

create function public.record_export(p_list text, p_format text, p_ids uuid[], p_filter text default '') returns integer
language sql
security invoker
set search_path = ''
as $$ select private.record_export(p_list, p_format, p_ids, p_filter) $$;

create function public.retry_notification(p_id uuid) returns void
language sql
security invoker
set search_path = ''
as $$ select private.retry_notification(p_id) $$;

revoke execute on function public.is_staff(), public.is_admin(), public.erase_record(text, uuid),
  public.record_export(text, text, uuid[], text), public.retry_notification(uuid) from public, anon;
grant execute on function public.is_staff(), public.is_admin() to authenticated, service_role;
grant execute on function public.erase_record(text, uuid), public.record_export(text, text, uuid[], text),
  public.retry_notification(uuid) to authenticated;

-- Three helpers in private were still executable by PUBLIC, Postgres's default for a new function: harmless while
-- no API role could use the schema, revoked now that signed-in users can.
revoke execute on function private.notification_backoff(integer), private.record_events_append_only(),
  private.record_exports_append_only() from public;
