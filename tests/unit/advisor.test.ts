/**
 * Supabase's advisor catches here what it would catch on a hosted project: migrated only up to the migration that
 * made it clean (20261127001000_advisor_clean.sql), the lints run by `npm run test:db` report the unindexed foreign keys,
 * every staff-readable table shown by GraphQL to any signed-in user (pg_graphql simulated as a hosted project has
 * it), and the security definer functions callable through the API. With it, nothing is left but the INFO kept.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { advisorProblems, runAdvisor, simulateHostedExtensions, type Finding } from '../../scripts/postgres/advisor.ts';
import { migrate, postgres15Missing, startPostgres15, type Postgres15 } from '../../scripts/postgres/postgres15.ts';

const missing = postgres15Missing();
if (missing) console.warn(`Skipping the advisor test: ${missing}.`);

function namesOf(findings: Finding[], lint: string): string[] {
  return findings.filter((finding) => finding.name === lint).map((finding) => finding.cacheKey).sort();
}

describe.skipIf(missing !== null)("Supabase's advisor (splinter) on the migrated database", () => {
  let before: Postgres15;
  let after: Postgres15;
  beforeAll(() => {
    before = startPostgres15();
    // Up to the advisor's migration: the later ones build on it (they call what it moved).
    migrate(before, { platform: simulateHostedExtensions, skip: (name) => name >= '20261127001000' });
    after = startPostgres15();
    migrate(after, { platform: simulateHostedExtensions });
  }, 120_000);
  afterAll(() => {
    before?.stop();
    after?.stop();
  });

  test('without the advisor migration, the lints name each problem it fixes', () => {
    const problems = advisorProblems(runAdvisor(before));
    expect(namesOf(problems, 'unindexed_foreign_keys')).toEqual([
      'unindexed_foreign_keys_public_inquiries_inquiries_stage_fkey',
      'unindexed_foreign_keys_public_job_applications_job_applications_stage_fkey',
      'unindexed_foreign_keys_public_notification_outbox_notification_outbox_burst_id_fkey',
      'unindexed_foreign_keys_public_record_notes_record_notes_author_fkey',
    ]);
    expect(namesOf(problems, 'pg_graphql_authenticated_table_exposed')).toEqual(
      expect.arrayContaining(['pg_graphql_authenticated_table_exposed_public_inquiries', 'pg_graphql_authenticated_table_exposed_public_job_applications', 'pg_graphql_authenticated_table_exposed_public_staff']),
    );
    expect(namesOf(problems, 'authenticated_security_definer_function_executable').map((key) => key.replace(/^.*?_public_/, '').replace(/_(p_.*)?$/, ''))).toEqual(
      expect.arrayContaining(['erase_record', 'is_admin', 'is_staff', 'record_export', 'retry_notification']),
    );
  });

  test('with every migration, no ERROR or WARN is left, and each INFO is one kept with its reason', () => {
    const findings = runAdvisor(after);
    expect(advisorProblems(findings).map((finding) => `${finding.level} ${finding.cacheKey}`)).toEqual([]);
    expect(findings.every((finding) => finding.level === 'INFO')).toBe(true);
  });

  test('GraphQL is off: the migration removed pg_graphql, which a hosted project has enabled', () => {
    expect(before.psql("select count(*) from pg_catalog.pg_extension where extname = 'pg_graphql'")).toBe('1');
    expect(after.psql("select count(*) from pg_catalog.pg_extension where extname = 'pg_graphql'")).toBe('0');
  });
});
