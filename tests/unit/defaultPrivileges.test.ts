/**
 * The migrations decide every privilege themselves. A Supabase project created before 2026-10-30 grants each new
 * public table, sequence and function to anon, authenticated and service_role by default (as the stand-in's
 * platform.sql now does); a newer one grants nothing. Migrated under each, on PostgreSQL 15, the API roles must hold
 * exactly the same privileges: a revoke forgotten would show under the first, a grant forgotten under the second.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiPrivileges, migrate, NEWER_PROJECT_DEFAULTS, postgres15Missing, startPostgres15, type Postgres15 } from '../../scripts/postgres/postgres15.ts';

const missing = postgres15Missing();
if (missing) console.warn(`Skipping the default privileges test: ${missing}.`);

describe.skipIf(missing !== null)('privileges do not depend on the default privileges of the project', () => {
  let older: Postgres15;
  let newer: Postgres15;
  beforeAll(() => {
    older = startPostgres15();
    migrate(older);
    newer = startPostgres15();
    migrate(newer, { platform: (server) => server.psql(NEWER_PROJECT_DEFAULTS) });
  }, 120_000);
  afterAll(() => {
    older?.stop();
    newer?.stop();
  });

  test('the platform grants new public objects to the API roles, as older hosted projects do', () => {
    older.psql('create table public.defaults_probe (id integer); create function public.defaults_probe_fn() returns integer language sql as $$ select 1 $$;');
    expect(apiPrivileges(older).filter((line) => line.includes('defaults_probe')).length).toBe(3 * 7 + 3);
    older.psql('drop table public.defaults_probe; drop function public.defaults_probe_fn();');
  });

  test('migrated under either default, the API roles hold the same privileges', () => {
    const underOlder = apiPrivileges(older);
    const underNewer = apiPrivileges(newer);
    expect({ onlyUnderOlderDefaults: underOlder.filter((line) => !underNewer.includes(line)), onlyUnderNewerDefaults: underNewer.filter((line) => !underOlder.includes(line)) }).toEqual({
      onlyUnderOlderDefaults: [],
      onlyUnderNewerDefaults: [],
    });
    expect(underOlder).toContain('table public.inquiries authenticated SELECT');
  });
});
