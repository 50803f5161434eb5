-- Local and demo data only (`supabase db reset` runs it after the migrations; so does the local stand-in).
-- Four accounts: two staff members (to try handing a record over), an admin (staff who may also export and
-- erase), and a signed-in non-staff user, who may read nothing. Each staff account has a profile (its name).
-- The columns set here are the ones real GoTrue needs to let these users sign in (see SUPABASE-SUBSET.md).

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values
  ('00000000-0000-0000-0000-000000000000', '5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01', 'authenticated', 'authenticated',
   'staff@example.com', extensions.crypt('staff-demo-password', extensions.gen_salt('bf', 10)), now(),
   '', '', '', '', '{"provider":"email","providers":["email"],"role":"staff"}', '{}', now(), now()),
  ('00000000-0000-0000-0000-000000000000', '3b8e6f12-9c4d-4a7e-b1f3-5d2c8a9e6b03', 'authenticated', 'authenticated',
   'colleague@example.com', extensions.crypt('colleague-demo-password', extensions.gen_salt('bf', 10)), now(),
   '', '', '', '', '{"provider":"email","providers":["email"],"role":"staff"}', '{}', now(), now()),
  ('00000000-0000-0000-0000-000000000000', '9d4a2c7e-1f5b-4e8d-a6c3-7b0e2f4d8a04', 'authenticated', 'authenticated',
   'admin@example.com', extensions.crypt('admin-demo-password', extensions.gen_salt('bf', 10)), now(),
   '', '', '', '', '{"provider":"email","providers":["email"],"role":"admin"}', '{}', now(), now()),
  ('00000000-0000-0000-0000-000000000000', '7a2d9e41-6b3f-4f0a-8c27-1e9b5d3c4f02', 'authenticated', 'authenticated',
   'visitor@example.com', extensions.crypt('visitor-demo-password', extensions.gen_salt('bf', 10)), now(),
   '', '', '', '', '{"provider":"email","providers":["email"]}', '{}', now(), now());

insert into auth.identities (id, user_id, provider_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
select gen_random_uuid(), id, id::text, 'email',
       jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true), now(), now(), now()
from auth.users
where email in ('staff@example.com', 'colleague@example.com', 'admin@example.com', 'visitor@example.com');

-- Joined one after the other: the demo's stories give records to staff in this order (scripts/local-supabase/seedData.ts).
-- The role, not the token's claim, decides who may export and erase (20261127000000_staff_access.sql).
insert into public.staff (user_id, display_name, role, created_at) values
  ('5f0c3c5e-2f4b-4c6e-9a51-0d5b8c1e7a01', 'Dana Reyes', 'staff', now() - interval '3 days'),
  ('3b8e6f12-9c4d-4a7e-b1f3-5d2c8a9e6b03', 'Sam Okafor', 'staff', now() - interval '2 days'),
  ('9d4a2c7e-1f5b-4e8d-a6c3-7b0e2f4d8a04', 'Pat Morgan', 'admin', now() - interval '1 day');
