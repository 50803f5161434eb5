-- What each API role may do with each table, column, function and schema, stated in full: since 2026-10-30
-- Supabase grants nothing on new public objects by default and older projects grant everything, so neither
-- default may decide; the migrations grant and revoke explicitly, and this file fails on any difference.
begin;
select plan(43);

-- Row level security on every table the API can reach.
select tests.rls_enabled('public');

-- The schemas: private is not served by the API. Signed-in users reach in it only the functions that public's
-- invoker functions of the same names call: the security definer ones behind the staff and admin calls
-- (20261127001000_advisor_clean.sql), and the office calendar's unchecked work, an invoker function the reports call
-- as the caller (20261129000100_office_calendar_bounds.sql); and no table.
select schema_privs_are('private', 'anon', array[]::text[], 'anon cannot use schema private');
select is(
  (select pg_catalog.array_agg(p.proname::text order by p.proname) from pg_catalog.pg_proc as p
     join pg_catalog.pg_namespace as n on n.oid = p.pronamespace
    where n.nspname = 'private' and pg_catalog.has_function_privilege('authenticated', p.oid, 'EXECUTE')),
  array['decide_held_replies', 'erase_record', 'is_admin', 'is_staff', 'office_calendar', 'record_export', 'retry_notification'],
  'in schema private, signed-in users may execute only the functions behind public''s staff and admin calls and the office calendar');
select is(
  (select pg_catalog.array_agg(p.proname::text order by p.proname) from pg_catalog.pg_proc as p
     join pg_catalog.pg_namespace as n on n.oid = p.pronamespace
    where n.nspname = 'private' and p.prosecdef and pg_catalog.has_function_privilege('authenticated', p.oid, 'EXECUTE')),
  array['decide_held_replies', 'erase_record', 'is_admin', 'is_staff', 'record_export', 'retry_notification'],
  'of those, only the ones behind the staff and admin calls are security definer');
select is(
  (select pg_catalog.array_agg(c.relname::text order by c.relname) from pg_catalog.pg_class as c
     join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
    where n.nspname = 'private' and c.relkind in ('r', 'v', 'm', 'p', 'S')
      and (pg_catalog.has_table_privilege('authenticated', c.oid, 'SELECT') or pg_catalog.has_table_privilege('authenticated', c.oid, 'INSERT')
        or pg_catalog.has_table_privilege('authenticated', c.oid, 'UPDATE') or pg_catalog.has_table_privilege('authenticated', c.oid, 'DELETE'))),
  null,
  'signed-in users hold no privilege on any table in schema private');
select schema_privs_are('public', 'anon', array['USAGE'], 'anon may only use schema public');

-- Tables: a visitor (anon) holds no privilege on any of them.
select is(
  (select pg_catalog.array_agg(c.relname::text order by c.relname) from pg_catalog.pg_class as c
     join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p')
      and (pg_catalog.has_table_privilege('anon', c.oid, 'SELECT') or pg_catalog.has_table_privilege('anon', c.oid, 'INSERT')
        or pg_catalog.has_table_privilege('anon', c.oid, 'UPDATE') or pg_catalog.has_table_privilege('anon', c.oid, 'DELETE'))),
  null,
  'anon holds no privilege on any public table or view');

-- Staff read these through RLS; the service role writes the records (form functions, staff:add).
select table_privs_are('public', 'job_applications', 'authenticated', array['SELECT']);
select table_privs_are('public', 'inquiries', 'authenticated', array['SELECT']);
select column_privs_are('public', 'job_applications', 'stage', 'authenticated', array['SELECT', 'UPDATE'], 'staff may move an application');
select column_privs_are('public', 'job_applications', 'owner', 'authenticated', array['SELECT', 'UPDATE'], 'staff may give an application an owner');
select column_privs_are('public', 'job_applications', 'email', 'authenticated', array['SELECT'], 'what an applicant sent cannot be changed');
select column_privs_are('public', 'inquiries', 'stage', 'authenticated', array['SELECT', 'UPDATE'], 'staff may move an inquiry');
select column_privs_are('public', 'inquiries', 'owner', 'authenticated', array['SELECT', 'UPDATE'], 'staff may give an inquiry an owner');
select column_privs_are('public', 'inquiries', 'message', 'authenticated', array['SELECT'], 'what a family sent cannot be changed');
select table_privs_are('public', 'job_applications', 'service_role', array['DELETE', 'INSERT', 'REFERENCES', 'SELECT', 'TRIGGER', 'TRUNCATE', 'UPDATE']);
select table_privs_are('public', 'inquiries', 'service_role', array['DELETE', 'INSERT', 'REFERENCES', 'SELECT', 'TRIGGER', 'TRUNCATE', 'UPDATE']);
select table_privs_are('public', 'staff', 'authenticated', array['SELECT']);
select table_privs_are('public', 'staff', 'service_role', array['DELETE', 'INSERT', 'REFERENCES', 'SELECT', 'TRIGGER', 'TRUNCATE', 'UPDATE']);
select table_privs_are('public', 'record_notes', 'authenticated', array['DELETE', 'SELECT']);
select column_privs_are('public', 'record_notes', 'body', 'authenticated', array['INSERT', 'SELECT', 'UPDATE'], 'staff write and correct the body of a note');
select column_privs_are('public', 'record_notes', 'author', 'authenticated', array['SELECT'], 'nobody signs a note for someone else');
-- The history, the exports' log, the purges' log and the outbox: read only, to every API role.
select table_privs_are('public', 'record_events', 'authenticated', array['SELECT']);
select table_privs_are('public', 'record_events', 'service_role', array['SELECT']);
select table_privs_are('public', 'record_exports', 'authenticated', array['SELECT']);
select table_privs_are('public', 'retention_purges', 'authenticated', array['SELECT']);
select table_privs_are('public', 'notification_outbox', 'authenticated', array['SELECT']);
select table_privs_are('public', 'notification_outbox', 'service_role', array['SELECT']);
select table_privs_are('public', 'application_stages', 'authenticated', array['SELECT']);
select table_privs_are('public', 'inquiry_stages', 'authenticated', array['SELECT']);

-- Functions: a visitor may call none; staff only those that decide in the database who may.
select is(
  (select pg_catalog.array_agg(p.proname::text order by p.proname) from pg_catalog.pg_proc as p
     join pg_catalog.pg_namespace as n on n.oid = p.pronamespace
    where n.nspname = 'public' and pg_catalog.has_function_privilege('anon', p.oid, 'EXECUTE')),
  null,
  'anon may execute no public function');
select is(
  (select pg_catalog.array_agg(distinct p.proname::text order by p.proname::text) from pg_catalog.pg_proc as p
     join pg_catalog.pg_namespace as n on n.oid = p.pronamespace
    where n.nspname = 'public' and pg_catalog.has_function_privilege('authenticated', p.oid, 'EXECUTE')),
  array['decide_held_replies', 'erase_record', 'is_admin', 'is_staff', 'office_calendar', 'office_minutes_between', 'record_export', 'report_applications',
        'report_check', 'report_inquiries', 'report_requests', 'retry_notification'],
  'authenticated may execute only the functions that check staff or admin themselves, or read only what RLS shows staff (the office hours, the reports'' history)');
select function_privs_are('public', 'claim_notifications', array['integer', 'integer'], 'authenticated', array[]::text[], 'no client claims notifications');
select function_privs_are('public', 'claim_notifications', array['integer', 'integer', 'integer', 'integer', 'integer'], 'authenticated', array[]::text[], 'no client claims notifications past the reply cap');
select function_privs_are('public', 'purge_expired', array['integer', 'integer', 'text[]', 'integer', 'boolean'], 'authenticated', array[]::text[], 'no client runs the purge');
select function_privs_are('public', 'take_form_slot', array['text', 'text', 'uuid', 'integer'], 'anon', array[]::text[], 'a visitor cannot take rate-limit slots directly');

-- No security definer function in the API's schema (the advisor's lints 0028 and 0029), and every one of them
-- pins an empty search_path (no object can be put in their way).
select is(
  (select pg_catalog.array_agg(p.proname::text order by p.proname) from pg_catalog.pg_proc as p
     join pg_catalog.pg_namespace as n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prosecdef
      and (pg_catalog.has_function_privilege('anon', p.oid, 'EXECUTE') or pg_catalog.has_function_privilege('authenticated', p.oid, 'EXECUTE'))),
  null,
  'no security definer function in public may be called by anon or signed-in users');
select is(
  (select pg_catalog.array_agg(n.nspname || '.' || p.proname order by 1) from pg_catalog.pg_proc as p
     join pg_catalog.pg_namespace as n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private') and p.prosecdef
      and not coalesce(p.proconfig @> array['search_path=""'], false)),
  null,
  'every security definer function sets search_path to empty');

-- The history's guards are in place.
select has_trigger('public', 'record_events', 'record_events_no_update', 'the history refuses changes');
select has_trigger('public', 'record_events', 'record_events_no_truncate', 'the history refuses truncate');
select has_trigger('public', 'job_applications', 'job_applications_events', 'applications write their history');
select has_trigger('public', 'inquiries', 'inquiries_events', 'inquiries write their history');
select has_trigger('public', 'staff', 'staff_access_ended', 'removing staff ends their sessions');

select * from finish();
rollback;
