-- A resume is uploaded before its application's row is inserted (submit-application): a function stopped
-- between the two (a crash, a timeout, a kill) leaves a file no row names, which staff never see and no purge
-- would erase. The retention purge (supabase/functions/_shared/purge.ts) sweeps them: this function names the
-- objects of bucket `resumes` older than a grace period that no job_applications row names in resume_url, and
-- the caller removes them through the Storage API (on Supabase, SQL must not delete from storage.objects).
-- The grace period keeps an upload whose row is still on its way: it must be longer than any upload-then-insert
-- can take (an Edge Function is stopped after minutes), hence at least 10 minutes.
-- A resume the purge could not remove after erasing its record is also named here on a later run.

-- Returns a JSON array of object names (with p_dry_run or not: it only reads; the caller removes).
create or replace function public.orphan_resumes(p_grace_minutes integer default 60) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  orphans jsonb;
begin
  if p_grace_minutes is null or p_grace_minutes < 10 then
    raise exception 'p_grace_minutes must be at least 10, found %', p_grace_minutes using errcode = '22023';
  end if;
  select coalesce(pg_catalog.jsonb_agg(o.name order by o.created_at), '[]') into orphans
  from storage.objects as o
  where o.bucket_id = 'resumes'
    and o.created_at < pg_catalog.now() - pg_catalog.make_interval(mins => p_grace_minutes)
    and not exists (select 1 from public.job_applications as a where a.resume_url = o.name);
  return orphans;
end
$$;

revoke execute on function public.orphan_resumes(integer) from public, anon, authenticated;
grant execute on function public.orphan_resumes(integer) to service_role;
