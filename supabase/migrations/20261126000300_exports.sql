-- Exports: an admin downloads a list as CSV (the records the list shows, with its filters and search) or one
-- record as JSON ("what we hold about this person"). Personal data leaving the dashboard is recorded here, in
-- two places, both written only by public.record_export and never changed afterwards:
-- 1. public.record_exports: one row per download: who, when, which list, CSV or JSON, how many records, and the
--    filter in words (the dashboard writes a search as its length, never its text: a search is often a name).
-- 2. One 'exported' event per record exported, in its history (public.record_events), which staff read in the
--    record's dialog: "Exported by Pat Morgan". Events outlive the record and hold no personal data either.
-- The dashboard calls record_export before it offers the file; if the call is refused, no file is made. An admin
-- can read the same rows through the API as staff can, so this records exports, it cannot prevent a copy.

create table public.record_exports (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor uuid not null,
  list text not null check (list in ('applications', 'inquiries')),
  format text not null check (format in ('csv', 'json')),
  records integer not null check (records >= 0),
  -- e.g. 'Stage: Open; Owner: Anyone; Age: Any age; Search: 5 characters'.
  filter text not null check (char_length(filter) <= 300)
);

comment on table public.record_exports is 'Each export of personal data from the dashboard (CSV of a list, JSON of a record): who, when, how many, which filter. Append-only; staff read.';

revoke all on table public.record_exports from anon, authenticated, service_role;
grant select on table public.record_exports to authenticated, service_role;
alter table public.record_exports enable row level security;
create policy "staff read exports" on public.record_exports for select to authenticated using ((select public.is_staff()));

-- Append-only, as record_events: not even the database owner changes or removes a row.
create or replace function private.record_exports_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'record_exports is append-only: an export cannot be changed or removed' using errcode = '42501';
end
$$;

create trigger record_exports_no_update before update or delete on public.record_exports
  for each row execute function private.record_exports_append_only();
create trigger record_exports_no_truncate before truncate on public.record_exports
  for each statement execute function private.record_exports_append_only();

alter table public.record_events drop constraint record_events_kind_check;
alter table public.record_events add constraint record_events_kind_check
  check (kind in ('created', 'stage', 'owner', 'note', 'note_edited', 'note_deleted', 'deleted', 'erased', 'exported'));

-- Records an export by the signed-in admin of the records `p_ids` of `p_list` (ids no longer there are left
-- out), as `p_format` ('csv': a list; 'json': one record, which must exist). Returns how many were recorded.
-- The 'exported' event's to_value is the format.
create or replace function public.record_export(p_list text, p_format text, p_ids uuid[], p_filter text default '') returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  export_id bigint;
  found_ids uuid[];
begin
  if not public.is_admin() then
    raise exception 'Only an admin can export records' using errcode = '42501';
  end if;
  if p_list is null or p_list not in ('applications', 'inquiries') then
    raise exception 'Unknown list "%": expected applications or inquiries', p_list using errcode = '22023';
  end if;
  if p_format is null or p_format not in ('csv', 'json') then
    raise exception 'Unknown format "%": expected csv or json', p_format using errcode = '22023';
  end if;
  if p_ids is null or (p_format = 'json' and pg_catalog.cardinality(p_ids) <> 1) then
    raise exception 'A JSON export is of exactly one record, and a CSV export needs its list of ids' using errcode = '22023';
  end if;

  if p_list = 'applications' then
    select coalesce(pg_catalog.array_agg(a.id), '{}') into found_ids from public.job_applications as a where a.id = any(p_ids);
  else
    select coalesce(pg_catalog.array_agg(i.id), '{}') into found_ids from public.inquiries as i where i.id = any(p_ids);
  end if;
  if p_format = 'json' and pg_catalog.cardinality(found_ids) = 0 then
    raise exception 'There is no such record: it may have been erased' using errcode = 'P0002';
  end if;

  insert into public.record_exports (actor, list, format, records, filter)
  values (auth.uid(), p_list, p_format, pg_catalog.cardinality(found_ids), pg_catalog.left(coalesce(p_filter, ''), 300))
  returning id into export_id;
  insert into public.record_events (list, record_id, kind, actor, to_value)
  select p_list, f.id, 'exported', auth.uid(), p_format from pg_catalog.unnest(found_ids) as f(id);
  return pg_catalog.cardinality(found_ids);
end
$$;

revoke execute on function public.record_export(text, text, uuid[], text) from public, anon;
grant execute on function public.record_export(text, text, uuid[], text) to authenticated;
