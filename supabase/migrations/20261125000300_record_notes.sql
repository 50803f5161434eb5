-- Staff notes on an application or an inquiry: what was said on a call, what to do next. Plain text.
-- Staff read every note and add their own; the author is always the signed-in user (a trigger sets it, and
-- the policy checks it), so nobody writes a note in a colleague's name. A note can be corrected or removed only
-- by its author, within 15 minutes of writing it; after that it stands. Adding, editing and removing a note are
-- events in the record's history. Notes go with their record (on delete cascade).

create table public.record_notes (
  id uuid primary key default gen_random_uuid(),
  application_id uuid references public.job_applications (id) on delete cascade,
  inquiry_id uuid references public.inquiries (id) on delete cascade,
  author uuid references public.staff (user_id) on delete set null,
  -- Not blank: at least one character that is not white space (a textarea sends line breaks too).
  body text not null check (char_length(body) between 1 and 5000 and body ~ '\S'),
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  constraint record_notes_one_record check (num_nonnulls(application_id, inquiry_id) = 1)
);

comment on table public.record_notes is 'Staff notes on applications and inquiries. Staff read; authors add, and may edit or delete within 15 minutes.';

create index record_notes_application_idx on public.record_notes (application_id, created_at) where application_id is not null;
create index record_notes_inquiry_idx on public.record_notes (inquiry_id, created_at) where inquiry_id is not null;

revoke all on table public.record_notes from anon, authenticated;
grant select, delete on table public.record_notes to authenticated;
grant insert (application_id, inquiry_id, body), update (body) on table public.record_notes to authenticated;
grant all on table public.record_notes to service_role;

alter table public.record_notes enable row level security;

create policy "staff read notes"
  on public.record_notes for select
  to authenticated
  using ((select public.is_staff()));

create policy "staff add their own notes"
  on public.record_notes for insert
  to authenticated
  with check ((select public.is_staff()) and author = (select auth.uid()));

create policy "authors edit a note for 15 minutes"
  on public.record_notes for update
  to authenticated
  using ((select public.is_staff()) and author = (select auth.uid()) and created_at > now() - interval '15 minutes')
  with check ((select public.is_staff()) and author = (select auth.uid()));

create policy "authors delete a note for 15 minutes"
  on public.record_notes for delete
  to authenticated
  using ((select public.is_staff()) and author = (select auth.uid()) and created_at > now() - interval '15 minutes');

-- The author and the times are the database's: whatever a client sends for them is replaced.
create or replace function private.record_notes_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.author := auth.uid();
    if new.author is null then
      raise exception 'A note needs a signed-in author' using errcode = '42501';
    end if;
    new.created_at := pg_catalog.now();
    new.edited_at := null;
  else
    -- The author can only go (on delete set null, when their staff profile is deleted), never change.
    if new.author is not null then
      new.author := old.author;
    end if;
    new.application_id := old.application_id;
    new.inquiry_id := old.inquiry_id;
    new.created_at := old.created_at;
    new.edited_at := case when new.body is distinct from old.body then pg_catalog.now() else old.edited_at end;
  end if;
  return new;
end
$$;

revoke execute on function private.record_notes_before_write() from public;

create trigger record_notes_before_write before insert or update on public.record_notes
  for each row execute function private.record_notes_before_write();

create or replace function private.record_note_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  note public.record_notes := case when tg_op = 'DELETE' then old else new end;
begin
  -- A note removed with its record (cascade) leaves the record's own 'deleted' event, not one per note.
  if tg_op = 'DELETE' and not exists (
    select 1 from public.job_applications as a where a.id = note.application_id
    union all select 1 from public.inquiries as i where i.id = note.inquiry_id
  ) then
    return old;
  end if;
  insert into public.record_events (list, record_id, kind, actor, note_id)
  values (
    case when note.application_id is not null then 'applications' else 'inquiries' end,
    coalesce(note.application_id, note.inquiry_id),
    case tg_op when 'INSERT' then 'note' when 'UPDATE' then 'note_edited' else 'note_deleted' end,
    auth.uid(),
    note.id
  );
  return note;
end
$$;

revoke execute on function private.record_note_event() from public;

create trigger record_notes_events after insert or delete on public.record_notes
  for each row execute function private.record_note_event();
-- An edit is an event only when the text changed (not when a departed author's id is cleared).
create trigger record_notes_edit_events after update on public.record_notes
  for each row when (old.body is distinct from new.body) execute function private.record_note_event();
