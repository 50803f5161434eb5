/**
 * The stand-in's Postgres: PGlite (Postgres in WebAssembly), with the platform parts Supabase provides, the
 * project's supabase/migrations applied in order, the workflow's stages from the content
 * (supabase/workflow.generated.sql, written by the build), and supabase/seed.sql. In memory unless a folder is
 * given; a kept folder gets the stages again on every start, so a stage added to the content is there at once.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { WORKFLOW_SQL_FILE } from '../../src/workflow/stagesSql.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export type Db = PGlite;
export type Tx = Transaction;

/** The role and JWT claims a request runs as; RLS decides what they may see. */
export interface RequestRole {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: Record<string, unknown>;
}

export async function openDatabase({ dataDir, projectDir = process.cwd() }: { dataDir?: string; projectDir?: string } = {}): Promise<{ db: Db; fresh: boolean }> {
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pgcrypto } });
  const ready = await db.query<{ ready: boolean }>("select to_regclass('auth.users') is not null as ready");
  const fresh = !ready.rows[0]?.ready;
  if (fresh) {
    await db.exec(readFileSync(path.join(here, 'platform.sql'), 'utf8'));
    const migrations = path.join(projectDir, 'supabase', 'migrations');
    for (const file of readdirSync(migrations).filter((f) => /^\d+_.+\.sql$/.test(f)).sort()) {
      try {
        await db.exec(readFileSync(path.join(migrations, file), 'utf8'));
      } catch (error) {
        throw new Error(`supabase/migrations/${file} failed: ${(error as Error).message}`);
      }
    }
  }
  await applyWorkflowStages(db, projectDir);
  if (fresh) {
    const seed = path.join(projectDir, 'supabase', 'seed.sql');
    if (existsSync(seed)) await db.exec(readFileSync(seed, 'utf8'));
  }
  // After a request transaction has set request.jwt.claims, PGlite's single session reads it back as ''
  // (not NULL) and auth.uid() fails outside requests; a session-wide '{}' avoids that.
  await db.query("select set_config('request.jwt.claims', '{}', false)");
  return { db, fresh };
}

/** The stages of content/workflow.yaml; a stage removed while records still use it stops the start, saying so. */
export async function applyWorkflowStages(db: Db, projectDir = process.cwd()): Promise<void> {
  const file = path.join(projectDir, WORKFLOW_SQL_FILE);
  try {
    await db.exec(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${WORKFLOW_SQL_FILE} failed: ${(error as Error).message}`);
  }
}

/**
 * Runs `work` in one transaction as the request's role with its claims set, as PostgREST does, so that the
 * same RLS policies decide here and on Supabase. An error rolls everything back, the role included.
 */
export async function asRole<T>(db: Db, who: RequestRole, work: (tx: Tx) => Promise<T>, { readOnly = false, method = 'GET', path: requestPath = '/' } = {}): Promise<T> {
  return db.transaction(async (tx) => {
    if (readOnly) await tx.query('set transaction read only');
    await tx.query(
      `select set_config('search_path', 'public, extensions', true), set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), set_config('request.path', $4, true)`,
      [who.role, JSON.stringify({ ...who.claims, role: who.role }), method, requestPath],
    );
    return work(tx);
  });
}

/**
 * Rewrites the files of the tables that hold what people sent, so that an erased or purged record's words are
 * gone from the data folder, not only from the tables: a deleted row otherwise stays in its table's and indexes'
 * pages until they are reused, and in the write-ahead log until it is recycled. VACUUM FULL writes each table and
 * its indexes anew (a plain VACUUM frees the space but leaves the old bytes in it); the log is then switched to a
 * new segment and checkpointed twice, and the old segments are removed, not recycled (a recycled segment keeps
 * its old bytes until it is written over). About a second on a small database. The stand-in run with a data
 * folder runs it after an erasure, a resume removal and a purge that erased something; on Supabase the database and its backups are the provider's to manage (the privacy
 * notice says erasure reaches the backups when they expire).
 */
export async function scrubErased(db: Db): Promise<void> {
  // A database in memory (the tests' usual stand-in) leaves nothing behind when it stops: nothing to scrub.
  if (!db.dataDir || db.dataDir.startsWith('memory://')) return;
  const tables = await db.query<{ name: string }>(
    `select pg_catalog.format('%I.%I', n.nspname, c.relname) as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname in ('public', 'private', 'storage', 'standin') order by 1`,
  );
  await db.exec(`vacuum full ${tables.rows.map((t) => t.name).join(', ')}`);
  await db.exec('set wal_recycle = off');
  await db.query('select pg_catalog.pg_switch_wal()');
  await db.exec('checkpoint');
  await db.query('select pg_catalog.pg_switch_wal()');
  await db.exec('checkpoint');
}
