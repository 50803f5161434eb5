-- Local and demo data only (`supabase db reset` runs it after the migrations; so does the local stand-in).
-- Two accounts: a staff member, who may read applications, and a signed-in non-staff user, who may not.
-- The columns set here are the ones real GoTrue needs to let these users sign in (see SUPABASE-SUBSET.md).

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values
  ('00000000-0000-0000-0000-000000000000', '5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01', 'authenticated', 'authenticated',
   'staff@example.com', extensions.crypt('staff-demo-password', extensions.gen_salt('bf', 10)), now(),
   '', '', '', '', '{"provider":"email","providers":["email"],"role":"staff"}', '{}', now(), now()),
  ('00000000-0000-0000-0000-000000000000', '7a2d9e41-6b3f-4f0a-8c27-1e9b5d3c4f02', 'authenticated', 'authenticated',
   'visitor@example.com', extensions.crypt('visitor-demo-password', extensions.gen_salt('bf', 10)), now(),
   '', '', '', '', '{"provider":"email","providers":["email"]}', '{}', now(), now());

insert into auth.identities (id, user_id, provider_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
select gen_random_uuid(), id, id::text, 'email',
       jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true), now(), now(), now()
from auth.users
where email in ('staff@example.com', 'visitor@example.com');
