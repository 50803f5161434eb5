-- Consent to store the health details of a contact request. Connecticut's privacy law (as amended in 2025) asks
-- consent before health data is kept, and a request holds it: the services a family ticks, and a message that
-- often describes a parent's illness. The inquiry form asks with a box whose words are content
-- (content/inquiry-form.yaml, with a version that changes with them); submit-inquiry refuses a request without
-- it and stores the version agreed to and when it arrived. Requests stored before the form asked have neither,
-- and keep it so (the dashboard says "not recorded"). Every new row needs both, whoever inserts it (the function
-- as the service role, a seed or a script as the superuser): a trigger refuses it otherwise. A check constraint
-- cannot say "new rows only": it would hold the old rows too, and refuse every change of their stage.

alter table public.inquiries
  -- content/inquiry-form.yaml's consent.version (a date, e.g. '2026-11-25') of the words the visitor agreed to.
  add column consent_version text check (consent_version is null or consent_version ~ '^[0-9A-Za-z][0-9A-Za-z.-]{0,39}$'),
  -- When the function received the consent (its clock, never the visitor's).
  add column consented_at timestamptz,
  add constraint inquiries_consent_whole check ((consent_version is null) = (consented_at is null));

comment on column public.inquiries.consent_version is 'Version of the consent box''s words the visitor agreed to (content/inquiry-form.yaml); null only before the form asked.';
comment on column public.inquiries.consented_at is 'When the consent to store the request''s health details was received; null only before the form asked.';

-- Refuses a new request without its consent. It reads and writes nothing else, so it needs no SECURITY DEFINER.
create or replace function private.inquiry_consent_required() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.consent_version is null or new.consented_at is null then
    raise exception 'A contact request cannot be stored without the visitor''s consent to store its health details'
      using errcode = '23502',
            hint = 'Set consent_version (the version of the consent box''s words, content/inquiry-form.yaml) and consented_at.';
  end if;
  return new;
end
$$;

revoke execute on function private.inquiry_consent_required() from public;

create trigger inquiries_consent before insert on public.inquiries
  for each row execute function private.inquiry_consent_required();

-- Privileges are unchanged: staff read every column (the table's select grant) and may still update only the
-- stage and the owner (20261125000100_workflow_stages.sql); only the service role writes the consent.
