-- Every privilege explicit, whatever the project's default privileges (issue 32). Projects created before
-- 2026-10-30 grant each new public table, sequence and function to anon, authenticated and service_role; newer
-- ones grant nothing. Run under the older defaults (as scripts/local-supabase/platform.sql now applies them),
-- these were granted by default and never revoked; under the newer, they were not. Now both give the same.

-- The stage tables are written only by the generated SQL (private.sync_workflow_stages, as the owner): the
-- service role reads them, as 20261125000100_workflow_stages.sql meant, and cannot change them through the API.
revoke all on table public.application_stages, public.inquiry_stages from service_role;
grant select on table public.application_stages, public.inquiry_stages to service_role;

-- The identity sequences of the append-only logs: only their owner's inserts (triggers, definer functions) draw
-- from them.
revoke all on sequence public.record_events_id_seq, public.record_exports_id_seq, public.retention_purges_id_seq
  from anon, authenticated, service_role;

-- The admin actions and the retry are staff's, checked inside; the service role has no use for them.
revoke execute on function public.erase_record(text, uuid), public.record_export(text, text, uuid[], text),
  public.retry_notification(uuid), private.erase_record(text, uuid), private.record_export(text, text, uuid[], text),
  private.retry_notification(uuid) from service_role;
