/**
 * `npm run test:db`: the database's own tests, as a Supabase project keeps them, and its advisor. First Supabase's
 * lints (splinter, scripts/postgres/advisor.ts) on the migrated database: any ERROR or WARN, or an INFO not accepted
 * with its reason, fails the run. Then the pgTAP files in
 * supabase/tests/database/ run by pg_prove, in name order, against a throw-away PostgreSQL 15 with the platform,
 * every migration, the stages and the seed (scripts/postgres/postgres15.ts). The same files run unchanged under
 * `supabase test db`. Needs Debian's postgresql-15, postgresql-15-pgtap and pg_prove
 * (libtap-parser-sourcehandler-pgtap-perl); `.ci/run` installs them.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { acceptedReason, advisorProblems, findingLine, runAdvisor, simulateHostedExtensions } from './postgres/advisor.ts';
import { migrate, startPostgres15 } from './postgres/postgres15.ts';

export const DATABASE_TESTS = 'supabase/tests/database';

/** What is missing to run the files, in words, or null. */
export function databaseTestsMissing(): string | null {
  if (!existsSync('/usr/lib/postgresql/15/bin/initdb')) return 'PostgreSQL 15 is not installed (apt-get install postgresql-15)';
  if (!existsSync('/usr/share/postgresql/15/extension/pgtap.control')) return 'pgTAP is not installed (apt-get install postgresql-15-pgtap)';
  if (!existsSync('/usr/bin/pg_prove')) return 'pg_prove is not installed (apt-get install libtap-parser-sourcehandler-pgtap-perl)';
  return null;
}

/** The files in the order pg_prove and `supabase test db` run them. */
export function databaseTestFiles(root = process.cwd()): string[] {
  return readdirSync(path.join(root, DATABASE_TESTS))
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => path.join(root, DATABASE_TESTS, name));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const missing = databaseTestsMissing();
  if (missing) {
    console.error(`Cannot run the database tests: ${missing}.`);
    process.exit(1);
  }
  const server = startPostgres15();
  let failed = false;
  try {
    migrate(server, { platform: simulateHostedExtensions });
    const findings = runAdvisor(server);
    const problems = advisorProblems(findings);
    const kept = findings.filter((finding) => !problems.includes(finding));
    console.log(`Supabase's advisor (splinter): ${findings.length} finding${findings.length === 1 ? '' : 's'}, ${problems.length} to fix.`);
    for (const reason of new Set(kept.map(acceptedReason))) {
      const alike = kept.filter((finding) => acceptedReason(finding) === reason);
      console.log(`  INFO  ${alike[0]!.name} x${alike.length}, kept: ${reason}`);
    }
    for (const problem of problems) console.error(`  ${findingLine(problem)}`);
    if (problems.length > 0) failed = true;
    // pg_prove runs as the server's user (postgres, when this runs as root), who may not read a checkout in a
    // private folder (a CI clone under mktemp -d): the files are read from a copy beside the server's socket.
    const readable = path.join(server.host, 'tests');
    mkdirSync(readable, { mode: 0o755 });
    chmodSync(readable, 0o755);
    const files = databaseTestFiles().map((file) => {
      const copy = path.join(readable, path.basename(file));
      copyFileSync(file, copy);
      chmodSync(copy, 0o644);
      return copy;
    });
    try {
      process.stdout.write(server.run('pg_prove', ['--ext', '.sql', ...files]));
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      process.stdout.write(stdout ?? '');
      process.stderr.write(stderr ?? String(error));
      failed = true;
    }
  } finally {
    server.stop();
  }
  process.exit(failed ? 1 : 0);
}
