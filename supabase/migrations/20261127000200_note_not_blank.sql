-- A note must show something. The table's check (20261125000300_record_notes.sql) asks for a character that is
-- not white space, but `\S` takes neither a no-break space (U+00A0) nor a zero-width space (U+200B) for white
-- space, so a note of them, or of other Unicode white space or invisible characters, was stored and shown as an
-- empty box. A new note, and a note whose text is corrected, now needs at least one character outside:
--   Unicode White_Space: U+0009-000D, U+0020, U+0085, U+00A0, U+1680, U+2000-200A, U+2028, U+2029, U+202F,
--     U+205F, U+3000;
--   invisible format characters and fillers: U+00AD soft hyphen, U+034F combining grapheme joiner, U+061C,
--     U+115F, U+1160, U+3164, U+FFA0 (Hangul fillers), U+17B4, U+17B5, U+180B-180F (Mongolian selectors and
--     vowel separator), U+200B-200F (zero-width space, joiners, direction marks), U+202A-202E and U+2066-206F
--     (direction embeddings and isolates), U+2060-2065 (word joiner, invisible operators), U+2800 (braille
--     blank), U+FE00-FE0F and U+E0100-E01EF (variation selectors), U+FEFF (zero-width no-break space),
--     U+1D173-1D17A (musical formatting), U+E0000-E007F (tags).
-- The dashboard refuses the same characters before sending (src/admin/workflow/data.ts isBlankNote).
--
-- A trigger, not a check constraint: a note stored before this migration may be blank-looking, and a check
-- would refuse every later update of its row, the database's own too (its author set to null when a staff
-- profile is deleted). The trigger looks only at a body that is new or changed. Errcode 23514, as a check.

create or replace function private.record_notes_visible() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.body is not distinct from old.body then
    return new;
  end if;
  -- An empty note, or one of ASCII white space alone, is left to the table's check, which keeps answering it as
  -- before (record_notes_body_check); the same on every server, whatever its locale makes of `\S`.
  if new.body ~ '[^\u0009-\u000d\u0020]' and new.body !~ '[^\u0009-\u000d\u0020\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef]' then
    raise exception 'A note needs at least one visible character: spaces and invisible characters alone are not a note'
      using errcode = '23514';
  end if;
  return new;
end
$$;

revoke execute on function private.record_notes_visible() from public;

create trigger record_notes_visible before insert or update of body on public.record_notes
  for each row execute function private.record_notes_visible();
