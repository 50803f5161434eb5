/**
 * The PostgREST subset: reads with filters, ordering, range and exact counts (capped at max_rows like a
 * real project), inserts, updates and deletes. Every request runs as the caller's role with its claims,
 * so Postgres privileges and RLS decide; this code never does.
 */
import type { Db } from './db.ts';
import { asRole } from './db.ts';
import { callerOf, readBody, sendJson, type Req, type Res } from './http.ts';
import { QueryError, ident, orderSql, parseQuery, whereSql } from './postgrest.ts';

export const MAX_ROWS = 1000;

interface PgError {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function createRest(db: Db, anonKey: string) {
  const columnsByTable = new Map<string, Set<string>>();

  async function columnsOf(table: string): Promise<Set<string> | undefined> {
    if (!columnsByTable.has(table)) {
      const result = await db.query<{ column_name: string }>(
        "select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position",
        [table],
      );
      if (result.rows.length === 0) return undefined;
      columnsByTable.set(table, new Set(result.rows.map((r) => r.column_name)));
    }
    return columnsByTable.get(table);
  }

  return async function handleRest(req: Req, res: Res, url: URL): Promise<void> {
    const profile = req.headers['accept-profile'] ?? req.headers['content-profile'];
    if (profile && profile !== 'public') return sendJson(res, 406, { code: 'PGRST106', details: null, hint: 'Only the following schemas are exposed: public', message: `Invalid schema: ${profile}` });

    const caller = await callerOf(req, anonKey);
    if (!caller.ok) {
      const headers: Record<string, string> = caller.reason === 'no-apikey' ? {} : { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${String(caller.body.message)}"` };
      return sendJson(res, caller.status, caller.body, headers);
    }

    const table = decodeURIComponent(url.pathname.replace(/^\/rest\/v1\/?/, ''));
    const columns = /^[a-z_][a-z0-9_]*$/.test(table) ? await columnsOf(table) : undefined;
    if (!columns) {
      return sendJson(res, 404, { code: 'PGRST205', details: null, hint: null, message: `Could not find the table 'public.${table}' in the schema cache` });
    }

    try {
      const query = parseQuery(url.searchParams, columns, table);
      const params: unknown[] = [];
      const where = whereSql(query.where, params);
      const target = `public.${ident(table)}`;
      const prefer = String(req.headers.prefer ?? '');
      const select = query.select === '*' ? '*' : query.select.map(ident).join(', ');
      const method = req.method ?? 'GET';

      if (method === 'GET' || method === 'HEAD') {
        const counted = /count=(exact|planned|estimated)/.test(prefer);
        const limit = Math.min(query.limit ?? MAX_ROWS, MAX_ROWS);
        const { total, body, rows } = await asRole(
          db,
          caller.who,
          async (tx) => {
            const result = await tx.query<{ total: number | null; body: string; rows: number }>(
              `with f as (select * from ${target} where ${where})
               select ${counted ? '(select count(*) from f)::int' : 'null::int'} as total,
                      coalesce((select json_agg(r) from (select ${select} from f${orderSql(query.order)} limit ${limit} offset ${query.offset}) r), '[]')::text as body,
                      (select count(*) from (select 1 from f limit ${limit} offset ${query.offset}) n)::int as rows`,
              params,
            );
            return result.rows[0]!;
          },
          { readOnly: true, method, path: `/${table}` },
        );
        if (counted && total !== null && query.offset > total && total > 0) {
          return sendJson(res, 416, { code: 'PGRST103', details: `An offset of ${query.offset} was requested, but there are only ${total} rows.`, hint: null, message: 'Requested range not satisfiable' });
        }
        const range = rows === 0 ? '*' : `${query.offset}-${query.offset + rows - 1}`;
        const contentRange = `${range}/${total ?? '*'}`;
        const partial = counted && total !== null && (query.offset > 0 || query.offset + rows < total);
        if (wantsObject(req)) return sendSingle(res, 200, body, { 'Content-Range': contentRange });
        res.statusCode = partial ? 206 : 200;
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Content-Range', contentRange);
        res.end(method === 'HEAD' ? undefined : body);
        return;
      }

      // An upsert (supabase-js .upsert()) is not part of the subset: refused plainly rather than done as a plain
      // insert, which would answer a conflict that PostgREST would have merged.
      if (url.searchParams.has('on_conflict') || /resolution=/.test(prefer)) {
        return sendJson(res, 501, { code: 'PGRST501', details: 'The local stand-in does not support upserts (on_conflict, Prefer: resolution).', hint: null, message: 'Not implemented in the local Supabase stand-in' });
      }
      const wantsRows = /return=representation/.test(prefer);
      const returning = wantsRows ? ` returning ${select}` : '';
      let sql: string;
      if (method === 'POST') {
        const payload = parseJsonBody(await readBody(req));
        const rows = Array.isArray(payload) ? payload : [payload];
        if (!rows.every(isObject)) throw new QueryError(400, 'PGRST102', 'Empty or invalid json');
        const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
        for (const key of keys) if (!columns.has(key)) throw new QueryError(400, 'PGRST204', `Could not find the '${key}' column of '${table}' in the schema cache`);
        params.push(JSON.stringify(rows));
        // No rows (`[]`) still runs an insert, of nothing, so that privileges and RLS decide as they would.
        const list = (keys.length ? keys : [...columns].slice(0, 1)).map(ident).join(', ');
        sql = `insert into ${target} (${list}) select ${list} from json_populate_recordset(null::${target}, $${params.length}::json)${returning}`;
      } else if (method === 'PATCH') {
        const payload = parseJsonBody(await readBody(req));
        if (!isObject(payload) || Object.keys(payload).length === 0) throw new QueryError(400, 'PGRST102', 'Empty or invalid json');
        const keys = Object.keys(payload);
        for (const key of keys) if (!columns.has(key)) throw new QueryError(400, 'PGRST204', `Could not find the '${key}' column of '${table}' in the schema cache`);
        params.push(JSON.stringify(payload));
        const list = keys.map(ident).join(', ');
        sql = `update ${target} set (${list}) = (select ${list} from json_populate_record(null::${target}, $${params.length}::json)) where ${where}${returning}`;
      } else if (method === 'DELETE') {
        sql = `delete from ${target} where ${where}${returning}`;
      } else {
        return sendJson(res, 405, { code: 'PGRST117', details: null, hint: null, message: `Unsupported HTTP method: ${method}` });
      }
      const written = await asRole(db, caller.who, (tx) => tx.query(wantsRows ? `with w as (${sql}) select coalesce(json_agg(w), '[]')::text as body from w` : sql, params), { method, path: `/${table}` });
      const status = method === 'POST' ? 201 : wantsRows ? 200 : 204;
      if (!wantsRows) {
        res.statusCode = status;
        res.end();
        return;
      }
      const writtenBody = (written.rows[0] as { body: string }).body;
      return wantsObject(req) ? sendSingle(res, status, writtenBody) : sendJson(res, status, writtenBody);
    } catch (error) {
      // A body over the limit is answered by the server, as Supabase's gateway does, before PostgREST.
      if ((error as { status?: number }).status === 413) throw error;
      if (error instanceof QueryError) return sendJson(res, error.status, { code: error.code, details: error.details, hint: null, message: error.message });
      const pg = error as PgError;
      return sendJson(res, statusForSqlState(pg.code, caller.who.role), { code: pg.code ?? 'XX000', details: pg.detail ?? null, hint: pg.hint ?? null, message: pg.message });
    }
  };
}

/** `.single()` asks for one object instead of an array. */
function wantsObject(req: Req): boolean {
  return String(req.headers.accept ?? '').includes('application/vnd.pgrst.object+json');
}

function sendSingle(res: Res, status: number, arrayJson: string, headers: Record<string, string> = {}): void {
  const list = JSON.parse(arrayJson) as unknown[];
  if (list.length !== 1) {
    return sendJson(res, 406, { code: 'PGRST116', details: `The result contains ${list.length} rows`, hint: null, message: 'Cannot coerce the result to a single JSON object' });
  }
  sendJson(res, status, JSON.stringify(list[0]), headers);
}

/** PostgREST's mapping of SQLSTATEs to HTTP statuses (the cases this API meets). */
export function statusForSqlState(code: string | undefined, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23505' || code === '23503') return 409;
  if (code?.startsWith('XX') || code === '57014' || !code) return 500;
  return 400;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJsonBody(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new QueryError(400, 'PGRST102', 'Empty or invalid json');
  }
}
