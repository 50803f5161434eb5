/**
 * Supabase's advisor, run here: splinter's lints (supabase/tests/advisor/splinter.sql, vendored unchanged at a
 * pinned commit, see the README beside it), the SQL behind `supabase db advisors` and the dashboard's Advisors,
 * against a database migrated on PostgreSQL 15 (scripts/postgres/postgres15.ts). What PostgreSQL 15 lacks of a hosted
 * project is simulated where the lints read it: pg_graphql, enabled in every new project, is a row of
 * pg_catalog.pg_extension (the only place lints 0026 and 0027 look), and PostgREST's exposed schemas are the
 * setting pgrst.db_schemas (lints 0028 and 0029). No ERROR or WARN may remain; each INFO kept is listed in
 * ACCEPTED_INFO with its reason (and in docs/architecture.md).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Postgres15 } from './postgres15.ts';

export const SPLINTER_FILE = 'supabase/tests/advisor/splinter.sql';

export interface Finding {
  name: string;
  level: 'ERROR' | 'WARN' | 'INFO';
  detail: string;
  cacheKey: string;
}

/** INFO findings kept on purpose: the start of their cache key (a lint, or one object of it), and why. */
export const ACCEPTED_INFO: Readonly<Record<string, string>> = {
  unused_index_:
    'Read from the statistics of index use, which a freshly migrated database has none of: every index is "unused" here. The indexes serve the dashboard\'s lists, the outbox and the reports (each migration says which query).',
  rls_enabled_no_policy_private_staff_admin_since:
    'private.staff_admin_since (when each admin was promoted): no API role holds any privilege on it, and row level security is on as a second lock; only security definer functions read it.',
};

/** The accepted reason a finding is kept for, or undefined. */
export function acceptedReason(finding: Finding): string | undefined {
  if (finding.level !== 'INFO') return undefined;
  const key = Object.keys(ACCEPTED_INFO).find((prefix) => finding.cacheKey.startsWith(prefix));
  return key === undefined ? undefined : ACCEPTED_INFO[key];
}

/** As a hosted project has it before any migration: pg_graphql enabled (simulated where the lints look). */
export function simulateHostedExtensions(server: Postgres15): void {
  server.psql(`set allow_system_table_mods = on;
insert into pg_catalog.pg_extension (oid, extname, extowner, extnamespace, extrelocatable, extversion)
select 4000000, 'pg_graphql', 'postgres'::regrole, 'extensions'::regnamespace, false, '1.5.11'
where not exists (select 1 from pg_catalog.pg_extension where extname = 'pg_graphql');`);
}

/** Runs every lint; the findings in the linter's order. */
export function runAdvisor(server: Postgres15, root = process.cwd()): Finding[] {
  // The file is one statement that sets the search path, then one query: it is run as it is, inside a query that
  // gathers its rows.
  const [setting, query] = readFileSync(path.join(root, SPLINTER_FILE), 'utf8').trim().replace(/;\s*$/, '').split(/;\s*\n/, 2) as [string, string];
  const rows = server.psql(`begin;
set local pgrst.db_schemas = 'public, graphql_public';
${setting};
select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object('name', l.name, 'level', l.level, 'detail', l.detail, 'cacheKey', l.cache_key)), '[]')
from (${query}) as l;
rollback;`);
  return JSON.parse(rows) as Finding[];
}

/** The findings that fail the run: every ERROR and WARN, and any INFO not accepted above. */
export function advisorProblems(findings: ReadonlyArray<Finding>): Finding[] {
  return findings.filter((finding) => acceptedReason(finding) === undefined);
}

/** One line a finding, for the terminal. */
export function findingLine(finding: Finding): string {
  return `${finding.level.padEnd(5)} ${finding.name}: ${finding.detail.replaceAll('\\`', '`')}`;
}
