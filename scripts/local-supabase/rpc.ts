/**
 * PostgREST's RPC subset, as `supabase.rpc(name, args)` calls it: `POST /rest/v1/rpc/<name>` with the named
 * arguments as a JSON object calls public.<name> as the caller's role, so EXECUTE grants decide who may call
 * it, and answers the result as JSON as PostgREST 12 does: a scalar, an object for one row (a composite result, or
 * OUT and INOUT parameters, even a single one), an array for set-returning functions (of objects for RETURNS TABLE,
 * whatever its number of columns), 204 for void. Variadic functions are not supported: nothing here needs them.
 * After a call that erased what people sent (an admin's erase_record, a purge_expired that erased records), the
 * data files are scrubbed before the answer, so that the erased words are gone from disk too (db.ts scrubErased).
 */
import type { Db } from './db.ts';
import { asRole, scrubErased } from './db.ts';
import { callerOf, readBody, sendJson, type Req, type Res } from './http.ts';
import { ident } from './postgrest.ts';
import { statusForSqlState } from './rest.ts';

interface Candidate {
  /** The input parameters' names (IN and INOUT), in order. */
  names: string[] | null;
  types: string[];
  defaults: number;
  set: boolean;
  void: boolean;
  /** Named results: OUT, INOUT or TABLE parameters, answered as an object a row. */
  columns: boolean;
}

export function createRpc(db: Db, anonKey: string) {
  async function candidates(name: string): Promise<Candidate[]> {
    const result = await db.query<Candidate>(
      `select case when p.proargmodes is null then p.proargnames
                   else array(select a.name from unnest(p.proargnames, p.proargmodes::text[]) with ordinality as a(name, mode, i)
                              where a.mode in ('i', 'b') order by a.i) end as names,
              p.pronargdefaults as defaults, p.proretset as set, p.prorettype = 'pg_catalog.void'::pg_catalog.regtype as void,
              coalesce(p.proargmodes::text[] && array['o', 'b', 't'], false) as columns,
              array(select pg_catalog.format_type(t, null) from unnest(p.proargtypes) with ordinality as a(t, i) order by i) as types
       from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname = $1 and p.prokind = 'f' and not coalesce('v' = any(p.proargmodes::text[]), false)`,
      [name],
    );
    return result.rows;
  }

  return async function handleRpc(req: Req, res: Res, url: URL): Promise<void> {
    if (req.method !== 'POST') return sendJson(res, 405, { code: 'PGRST117', details: null, hint: null, message: `Unsupported HTTP method: ${req.method}` });
    const caller = await callerOf(req, anonKey);
    if (!caller.ok) return sendJson(res, caller.status, caller.body);

    const name = decodeURIComponent(url.pathname.replace(/^\/rest\/v1\/rpc\//, ''));
    let args: Record<string, unknown>;
    try {
      const raw = (await readBody(req)).toString('utf8');
      args = raw.trim() === '' ? {} : (JSON.parse(raw) as Record<string, unknown>);
      if (args === null || typeof args !== 'object' || Array.isArray(args)) throw new Error('not an object');
    } catch {
      return sendJson(res, 400, { code: 'PGRST102', details: null, hint: null, message: 'Empty or invalid json' });
    }
    const keys = Object.keys(args).sort();

    // PostgREST picks the overload whose parameter names match the arguments given (defaults may be left out).
    const fn = /^[a-z_][a-z0-9_]*$/.test(name)
      ? (await candidates(name)).find((c) => {
          const names = c.names ?? [];
          const required = names.slice(0, names.length - c.defaults);
          return keys.every((k) => names.includes(k)) && required.every((k) => keys.includes(k));
        })
      : undefined;
    if (!fn) {
      return sendJson(res, 404, { code: 'PGRST202', details: `Searched for the function public.${name} with parameters ${keys.join(', ')}, but no matches were found in the schema cache.`, hint: null, message: `Could not find the function public.${name}(${keys.join(', ')}) in the schema cache` });
    }

    const given = (fn.names ?? []).map((argName, i) => ({ argName, type: fn.types[i]! })).filter((a) => keys.includes(a.argName));
    const call = `public.${ident(name)}(${given.map((a) => `${ident(a.argName)} => _.${ident(a.argName)}`).join(', ')})`;
    const record = given.length > 0 ? `pg_catalog.json_to_record($1::json) as _(${given.map((a) => `${ident(a.argName)} ${a.type}`).join(', ')})` : null;
    // Named results are read as rows (select *), so that even one OUT or TABLE column keeps its name.
    const rows = `(select * from ${call}) as r`;
    const sql = fn.set
      ? `select coalesce(pg_catalog.json_agg(r), '[]')::text as body from ${record ? `${record} cross join lateral ` : ''}${fn.columns ? rows : `${call} as r`}`
      : fn.columns
        ? `select pg_catalog.to_jsonb(r)::text as body from ${record ? `${record} cross join lateral ` : ''}${rows}`
        : `select pg_catalog.to_jsonb(${call})::text as body${record ? ` from ${record}` : ''}`;
    try {
      const result = await asRole(db, caller.who, (tx) => tx.query<{ body: string | null }>(sql, given.length > 0 ? [JSON.stringify(args)] : []), { method: 'POST', path: `/rpc/${name}` });
      if (fn.void) {
        res.statusCode = 204;
        res.end();
        return;
      }
      const body = result.rows[0]?.body ?? null;
      if (erasedRecords(name, args, body)) await scrubErased(db);
      // A function that returns SQL NULL answers JSON null, as PostgREST does.
      sendJson(res, 200, body ?? 'null');
    } catch (error) {
      // A body over the limit is answered by the server, as Supabase's gateway does, before PostgREST.
      if ((error as { status?: number }).status === 413) throw error;
      const pg = error as { code?: string; message: string; detail?: string; hint?: string };
      sendJson(res, statusForSqlState(pg.code, caller.who.role), { code: pg.code ?? 'XX000', details: pg.detail ?? null, hint: pg.hint ?? null, message: pg.message });
    }
  };
}

/** Whether a successful call erased records: every erase_record does; purge_expired when it was no dry run and found some. */
function erasedRecords(name: string, args: Record<string, unknown>, body: string | null): boolean {
  if (name === 'erase_record') return true;
  if (name !== 'purge_expired' || args.p_dry_run === true || body === null) return false;
  const purged = JSON.parse(body) as unknown;
  return Array.isArray(purged) && purged.length > 0;
}
