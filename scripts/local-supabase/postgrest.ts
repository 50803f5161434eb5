/**
 * PostgREST's query-string language, the part supabase-js produces: column lists, filters with operators
 * (optionally negated), and/or logic trees with quoted values, ordering, limit and offset. It turns them
 * into SQL with numbered parameters; column names are checked against the table before they are quoted.
 */

export class QueryError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly details: string | null = null) {
    super(message);
  }
}

type Op = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'is' | 'in';
const OPS = new Set<Op>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in']);
const COMPARE: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };

export type Condition =
  | { kind: 'filter'; column: string; op: Op; not: boolean; value: string | string[] }
  | { kind: 'group'; logic: 'and' | 'or'; not: boolean; items: Condition[] };

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);

export interface ParsedQuery {
  select: string[] | '*';
  where: Condition[];
  order: Array<{ column: string; desc: boolean; nulls?: 'first' | 'last' }>;
  limit?: number;
  offset: number;
}

export function parseQuery(params: URLSearchParams, columns: ReadonlySet<string>, table: string): ParsedQuery {
  const checkColumn = (name: string) => {
    if (!columns.has(name)) throw new QueryError(400, '42703', `column ${table}.${name} does not exist`);
    return name;
  };
  const selectParam = params.get('select')?.replace(/\s+/g, '') ?? '*';
  const select = selectParam === '*' || selectParam === '' ? '*' : selectParam.split(',').map((c) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(c)) throw new QueryError(400, 'PGRST100', `"failed to parse select parameter (${selectParam})"`);
    return checkColumn(c);
  });

  const where: Condition[] = [];
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    if (key === 'or' || key === 'and' || key === 'not.or' || key === 'not.and') {
      const parser = new TreeParser(value, checkColumn);
      const items = parser.parseGroup();
      parser.end();
      where.push({ kind: 'group', logic: key.endsWith('or') ? 'or' : 'and', not: key.startsWith('not.'), items });
    } else {
      where.push(parseFilter(checkColumn(key), value));
    }
  }

  const order = (params.get('order') ?? '')
    .split(',')
    .filter(Boolean)
    .map((term) => {
      const [column, ...modifiers] = term.split('.');
      const item: ParsedQuery['order'][number] = { column: checkColumn(column!), desc: false };
      for (const modifier of modifiers) {
        if (modifier === 'desc') item.desc = true;
        else if (modifier === 'asc') item.desc = false;
        else if (modifier === 'nullsfirst') item.nulls = 'first';
        else if (modifier === 'nullslast') item.nulls = 'last';
        else throw new QueryError(400, 'PGRST100', `"failed to parse order (${params.get('order')})"`);
      }
      return item;
    });

  const integer = (name: string) => {
    const raw = params.get(name);
    if (raw === null) return undefined;
    if (!/^\d+$/.test(raw)) throw new QueryError(400, 'PGRST100', `"failed to parse ${name} parameter (${raw})"`);
    return Number(raw);
  };
  return { select, where, order, limit: integer('limit'), offset: integer('offset') ?? 0 };
}

/** `not.ilike.%ann%` -> { op: 'ilike', not: true, value: '%ann%' } */
function parseFilter(column: string, raw: string): Condition {
  let rest = raw;
  let not = false;
  if (rest.startsWith('not.')) [not, rest] = [true, rest.slice(4)];
  const dot = rest.indexOf('.');
  const op = rest.slice(0, dot) as Op;
  if (dot < 0 || !OPS.has(op)) throw new QueryError(400, 'PGRST100', `"failed to parse filter (${raw})"`, `unexpected "${rest.slice(0, 10)}" expecting operator`);
  const value = rest.slice(dot + 1);
  return { kind: 'filter', column, op, not, value: op === 'in' ? parseList(value, raw) : unquote(value) };
}

function parseList(value: string, raw: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')')) throw new QueryError(400, 'PGRST100', `"failed to parse filter (${raw})"`);
  const items: string[] = [];
  const body = value.slice(1, -1);
  let i = 0;
  while (i <= body.length && body.length > 0) {
    if (body[i] === '"') {
      const { text, next } = readQuoted(body, i);
      items.push(text);
      i = next + 1;
    } else {
      const end = body.indexOf(',', i);
      items.push(body.slice(i, end < 0 ? body.length : end));
      i = end < 0 ? body.length + 1 : end + 1;
    }
  }
  return items;
}

function unquote(value: string): string {
  return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? readQuoted(value, 0).text : value;
}

/** Reads "..." starting at `start`, with \" and \\ escapes; returns the text and the index of the closing quote. */
function readQuoted(source: string, start: number): { text: string; next: number } {
  let text = '';
  for (let i = start + 1; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\' && i + 1 < source.length) text += source[++i];
    else if (ch === '"') return { text, next: i };
    else text += ch;
  }
  throw new QueryError(400, 'PGRST100', `"failed to parse logic tree (${source})"`, 'unterminated quoted value');
}

/** Parses `(a.eq.1,or(b.ilike."%x,y%",c.is.null))` into conditions. */
const MAX_TREE_DEPTH = 32;

class TreeParser {
  private i = 0;
  constructor(private readonly source: string, private readonly checkColumn: (name: string) => string) {}

  private fail(): never {
    throw new QueryError(400, 'PGRST100', `"failed to parse logic tree (${this.source})" (line 1, column ${this.i + 1})`, `unexpected "${this.source[this.i] ?? 'end of input'}"`);
  }

  private depth = 0;

  parseGroup(): Condition[] {
    // A logic tree nested deeper than any real query is refused before it can exhaust the stack.
    if (++this.depth > MAX_TREE_DEPTH) throw new QueryError(400, 'PGRST100', `"failed to parse logic tree (${this.source.slice(0, 80)}...)"`, `nested deeper than ${MAX_TREE_DEPTH} levels`);
    if (this.source[this.i] !== '(') this.fail();
    this.i++;
    const items: Condition[] = [];
    for (;;) {
      items.push(this.parseItem());
      if (this.source[this.i] === ',') this.i++;
      else if (this.source[this.i] === ')') {
        this.i++;
        this.depth--;
        return items;
      } else this.fail();
    }
  }

  end(): void {
    if (this.i !== this.source.length) this.fail();
  }

  private parseItem(): Condition {
    const rest = this.source.slice(this.i);
    const group = /^(not\.)?(and|or)\(/.exec(rest);
    if (group) {
      this.i += group[0].length - 1;
      return { kind: 'group', logic: group[2] as 'and' | 'or', not: Boolean(group[1]), items: this.parseGroup() };
    }
    const head = /^([a-z_][a-z0-9_]*)\.(not\.)?([a-z]+)\./.exec(rest);
    if (!head || !OPS.has(head[3] as Op)) this.fail();
    this.i += head[0].length;
    const column = this.checkColumn(head[1]!);
    const op = head[3] as Op;
    let value: string | string[];
    if (op === 'in') {
      const start = this.i;
      let depth = 0;
      let quoted = false;
      for (; this.i < this.source.length; this.i++) {
        const ch = this.source[this.i];
        if (ch === '\\' && quoted) this.i++;
        else if (ch === '"') quoted = !quoted;
        else if (!quoted && ch === '(') depth++;
        else if (!quoted && ch === ')' && --depth === 0) break;
      }
      this.i++;
      value = parseList(this.source.slice(start, this.i), this.source);
    } else if (this.source[this.i] === '"') {
      const { text, next } = readQuoted(this.source, this.i);
      value = text;
      this.i = next + 1;
    } else {
      const start = this.i;
      while (this.i < this.source.length && this.source[this.i] !== ',' && this.source[this.i] !== ')') this.i++;
      value = this.source.slice(start, this.i);
    }
    return { kind: 'filter', column, op, not: Boolean(head[2]), value };
  }
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** SQL for a list of conditions (ANDed); pushes values into `params` and refers to them as $n. */
export function whereSql(conditions: Condition[], params: unknown[]): string {
  if (conditions.length === 0) return 'true';
  return conditions.map((condition) => conditionSql(condition, params)).join(' and ');
}

function conditionSql(condition: Condition, params: unknown[]): string {
  let sql: string;
  if (condition.kind === 'group') {
    sql = `(${condition.items.map((item) => conditionSql(item, params)).join(condition.logic === 'or' ? ' or ' : ' and ')})`;
  } else {
    const column = ident(condition.column);
    const param = (value: unknown) => `$${params.push(value)}`;
    switch (condition.op) {
      case 'like':
      case 'ilike':
        // PostgREST turns * into % in like patterns.
        sql = `${column}::text ${condition.op} ${param(String(condition.value).replace(/\*/g, '%'))}`;
        break;
      case 'is': {
        const value = String(condition.value).toLowerCase();
        if (!['null', 'true', 'false', 'unknown'].includes(value)) throw new QueryError(400, 'PGRST100', `"failed to parse filter (is.${condition.value})"`);
        sql = `${column} is ${value}`;
        break;
      }
      case 'in':
        sql = `${column}::text = any(${param(condition.value)}::text[])`;
        break;
      default:
        sql = `${column} ${COMPARE[condition.op]} ${param(condition.value)}`;
    }
  }
  return condition.not ? `not ${sql}` : sql;
}

export function orderSql(order: ParsedQuery['order']): string {
  if (order.length === 0) return '';
  return ` order by ${order.map((o) => `${ident(o.column)} ${o.desc ? 'desc' : 'asc'}${o.nulls ? ` nulls ${o.nulls}` : ''}`).join(', ')}`;
}
