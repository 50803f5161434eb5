/**
 * Vault and pg_cron as a hosted Supabase project has them, for Debian's PostgreSQL 15, which has neither package:
 * stand-ins that keep exactly the behaviour the deploy's schedules SQL (scripts/deploy/deployPlan.ts, scheduleSql)
 * and its proof (scripts/deploy/verify.ts) rely on. Vault's secrets have unique names (vault.create_secret refuses
 * a name twice); cron.job has pg_cron's columns (its README), and cron.schedule with a job name replaces that job
 * (pg_cron 1.3 and later: "if a job with the same name exists, it is updated"). For the tests of the deploy
 * (tests/unit/deploy.test.ts, deployVerify.test.ts) and its rehearsal's database (scripts/deploy-rehearse.ts).
 */
export const VAULT_AND_CRON = `
create schema if not exists extensions;
create schema vault;
create table vault.secrets (id uuid primary key default gen_random_uuid(), name text unique not null, secret text not null, updated_at timestamptz default now());
create view vault.decrypted_secrets as select id, name, secret as decrypted_secret from vault.secrets;
create function vault.create_secret(new_secret text, new_name text) returns uuid language sql as $$ insert into vault.secrets (name, secret) values (new_name, new_secret) returning id $$;
create function vault.update_secret(secret_id uuid, new_secret text) returns void language sql as $$ update vault.secrets set secret = new_secret, updated_at = now() where id = secret_id $$;
create schema cron;
create table cron.job (
  jobid bigserial primary key, schedule text not null, command text not null, nodename text not null default 'localhost',
  nodeport integer not null default 5432, database text not null default current_database(),
  username text not null default current_user, active boolean not null default true, jobname text unique);
create function cron.schedule(job_name text, schedule text, command text) returns bigint language sql as $$
  insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
  on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command returning jobid $$;
create schema if not exists net;
`;
