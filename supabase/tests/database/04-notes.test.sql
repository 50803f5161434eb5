-- Staff notes (20261125000300_record_notes.sql, 20261127000200_note_not_blank.sql): staff add their own, the
-- database signs them; a note shows something; its author may correct or remove it for 15 minutes, nobody else
-- ever; each addition, correction and removal is an event of the record's history. The 15 minutes are measured
-- with pg_catalog.now() (the transaction's start), so a note is placed in the past by writing its created_at with
-- the notes' trigger off (the trigger otherwise keeps created_at as the database set it), inside this transaction.
begin;
select plan(24);

select tests.create_staff_member('notes_author', 'staff');
select tests.create_staff_member('notes_colleague', 'staff');
select tests.create_supabase_user('notes_visitor');

select tests.authenticate_as_service_role();
select tests.create_inquiry('00000000-0000-4000-8000-000000000401');
select tests.create_application('00000000-0000-4000-8000-000000000402');

-- Written by staff, signed by the database.
select tests.authenticate_as('notes_author');
select lives_ok(
  $$insert into public.record_notes (inquiry_id, body) values ('00000000-0000-4000-8000-000000000401', 'Called the daughter; assessment on Tuesday.')$$,
  'staff add a note to an inquiry');
select results_eq(
  $$select author, created_at, edited_at from public.record_notes where inquiry_id = '00000000-0000-4000-8000-000000000401'$$,
  $$values (tests.get_supabase_uid('notes_author'), pg_catalog.now(), null::timestamptz)$$,
  'the note''s author is the signed-in user and its time the database''s');
select results_eq(
  $$select kind, actor, note_id from public.record_events where record_id = '00000000-0000-4000-8000-000000000401' and kind like 'note%'$$,
  $$select 'note', tests.get_supabase_uid('notes_author'), id from public.record_notes where inquiry_id = '00000000-0000-4000-8000-000000000401'$$,
  'adding a note is an event of the record, by its author');
select throws_ok(
  pg_catalog.format($$insert into public.record_notes (inquiry_id, body, author) values ('00000000-0000-4000-8000-000000000401', 'In your name', %L)$$, tests.get_supabase_uid('notes_colleague')),
  '42501', 'permission denied for table record_notes', 'staff cannot sign a note with someone else''s name');
select throws_ok(
  $$insert into public.record_notes (inquiry_id, body, created_at) values ('00000000-0000-4000-8000-000000000401', 'Backdated', now() - interval '1 day')$$,
  '42501', 'permission denied for table record_notes', 'staff cannot backdate a note');
select throws_ok(
  $$insert into public.record_notes (body) values ('On nothing')$$,
  '23514', 'new row for relation "record_notes" violates check constraint "record_notes_one_record"', 'a note belongs to exactly one record');
select lives_ok(
  $$insert into public.record_notes (application_id, body) values ('00000000-0000-4000-8000-000000000402', 'References checked.')$$,
  'staff add a note to an application');

-- A note shows something.
select throws_ok(
  $$insert into public.record_notes (inquiry_id, body) values ('00000000-0000-4000-8000-000000000401', '')$$,
  '23514', 'new row for relation "record_notes" violates check constraint "record_notes_body_check"', 'an empty note is refused');
select throws_ok(
  $$insert into public.record_notes (inquiry_id, body) values ('00000000-0000-4000-8000-000000000401', E'  \n\t ')$$,
  '23514', 'new row for relation "record_notes" violates check constraint "record_notes_body_check"', 'a note of spaces and line breaks is refused');
select throws_ok(
  $$insert into public.record_notes (inquiry_id, body) values ('00000000-0000-4000-8000-000000000401', E'\u00a0\u200b\u3000\ufeff')$$,
  '23514', 'A note needs at least one visible character: spaces and invisible characters alone are not a note',
  'a note of no-break, zero-width and other invisible spaces is refused');
select throws_ok(
  $$update public.record_notes set body = E'\u00a0' where inquiry_id = '00000000-0000-4000-8000-000000000401'$$,
  '23514', 'A note needs at least one visible character: spaces and invisible characters alone are not a note',
  'a note cannot be corrected to blank either');

-- Its author corrects it within 15 minutes; a correction is an event.
select results_eq(
  $$update public.record_notes set body = 'Called the daughter; assessment on Wednesday.' where inquiry_id = '00000000-0000-4000-8000-000000000401' returning body, edited_at$$,
  $$values ('Called the daughter; assessment on Wednesday.', pg_catalog.now())$$,
  'the author corrects a note just written, and it is marked edited');
select results_eq(
  $$select kind, actor from public.record_events where record_id = '00000000-0000-4000-8000-000000000401' and kind = 'note_edited'$$,
  $$values ('note_edited', tests.get_supabase_uid('notes_author'))$$,
  'the correction is an event of the record, by the author');

-- Others read it and cannot touch it.
select tests.authenticate_as('notes_colleague');
select results_eq(
  $$select body from public.record_notes where inquiry_id = '00000000-0000-4000-8000-000000000401'$$,
  $$values ('Called the daughter; assessment on Wednesday.')$$,
  'a colleague reads the note');
select is_empty($$update public.record_notes set body = 'Overwritten' where inquiry_id = '00000000-0000-4000-8000-000000000401' returning id$$, 'a colleague cannot correct someone else''s note');
select is_empty($$delete from public.record_notes where inquiry_id = '00000000-0000-4000-8000-000000000401' returning id$$, 'a colleague cannot remove someone else''s note');
select tests.authenticate_as('notes_visitor');
select is_empty($$select id from public.record_notes$$, 'a signed-in user who is not staff reads no note');

-- The author removes a note within 15 minutes, and the removal is an event.
select tests.authenticate_as('notes_author');
select results_eq($$delete from public.record_notes where application_id = '00000000-0000-4000-8000-000000000402' returning body$$,
  $$values ('References checked.')$$, 'the author removes a note just written');
select results_eq(
  $$select kind, actor, note_id = first_value(note_id) over (order by id) from public.record_events where record_id = '00000000-0000-4000-8000-000000000402' and kind like 'note%' order by id$$,
  $$values ('note', tests.get_supabase_uid('notes_author'), true), ('note_deleted', tests.get_supabase_uid('notes_author'), true)$$,
  'the removal is an event of the record, and the note''s addition stays in the history');

-- After 15 minutes the note stands, even for its author.
reset role;
alter table public.record_notes disable trigger record_notes_before_write;
update public.record_notes set created_at = pg_catalog.now() - interval '16 minutes' where inquiry_id = '00000000-0000-4000-8000-000000000401';
alter table public.record_notes enable trigger record_notes_before_write;
select tests.authenticate_as('notes_author');
select is_empty($$update public.record_notes set body = 'Too late' where inquiry_id = '00000000-0000-4000-8000-000000000401' returning id$$, 'the author cannot correct a note after 15 minutes');
select is_empty($$delete from public.record_notes where inquiry_id = '00000000-0000-4000-8000-000000000401' returning id$$, 'the author cannot remove a note after 15 minutes');

-- A note goes with its record, leaving the record's 'deleted' event and no 'note_deleted' one.
select tests.authenticate_as_service_role();
delete from public.inquiries where id = '00000000-0000-4000-8000-000000000401';
select is_empty($$select id from public.record_notes where inquiry_id = '00000000-0000-4000-8000-000000000401'$$, 'the notes of a deleted record go with it');
select results_eq(
  $$select kind from public.record_events where record_id = '00000000-0000-4000-8000-000000000401' and kind in ('note_deleted', 'deleted')$$,
  $$values ('deleted')$$,
  'a note removed with its record leaves no note_deleted event');

-- A departed author's name goes from their notes; the notes stay.
select tests.authenticate_as('notes_colleague');
insert into public.record_notes (application_id, body) values ('00000000-0000-4000-8000-000000000402', 'Interview booked.');
select tests.authenticate_as_service_role();
delete from public.staff where user_id = tests.get_supabase_uid('notes_colleague');
select results_eq($$select author, body from public.record_notes where application_id = '00000000-0000-4000-8000-000000000402'$$,
  $$values (null::uuid, 'Interview booked.')$$, 'a note outlives its author''s staff profile, unsigned');

select * from finish();
rollback;
