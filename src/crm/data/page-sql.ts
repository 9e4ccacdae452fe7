/**
 * The SQL of a list page, built once per query shape (table, sort, direction, filters and their
 * operators, how many values an `in` holds, whether a cursor applies, page size) and reused with
 * new values: building and compiling the query with Kysely for every request cost more than
 * SQLite takes to run it. Identifiers come from typed definitions; every value is a parameter.
 * The LIMIT is a literal, because SQLite re-prepares a statement whose LIMIT is bound.
 */
import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import { versionKeySql } from '../../db/text-values.js';
import { isSqlite } from '../../db/column-types.js';
import type { Db } from '../../db/database.js';
import type { Cursor } from './cursor.js';
import type { Filter, RowsQuery } from './list-shape.js';
import { customCondition, customSortStatement } from './custom-value-page.js';

const COMPARISONS = { eq: '=', not_eq: '<>', lt: '<', lteq: '<=', gt: '>', gteq: '>=' } as const;

/** Identifiers are definition names (lower-case words); quoted as both dialects quote them. */
const quote = (name: string) => `"${name}"`;

function filterShape(filter: Filter): string {
  const count = Array.isArray(filter.value) ? filter.value.length : 1;
  const link = filter.link
    ? `${filter.link.table}.${filter.link.key}.${filter.link.column}`
    : filter.custom
      ? `${filter.custom.key}.${filter.custom.type}`
      : '';
  return `${filter.column}:${filter.operator}:${String(typeof filter.value === 'boolean' ? filter.value : count)}:${link}`;
}

function filterValues(filter: Filter): readonly string[] {
  if (typeof filter.value === 'boolean') return [];
  return Array.isArray(filter.value) ? filter.value : [filter.value];
}

/** One filter's condition, with `next()` giving each value's placeholder in order. */
function filterCondition(filter: Filter, next: () => string, sqlite: boolean): string {
  if (filter.custom) return customCondition(sqlite, { ...filter, custom: filter.custom }, next);
  const values = () => filterValues(filter).map(next).join(', ');
  if (filter.link) {
    const { table, key, column } = filter.link;
    return `id in (select ${quote(key)} from ${quote(table)} where ${quote(column)} in (${values()}))`;
  }
  const column = quote(filter.column);
  switch (filter.operator) {
    case 'in':
      return `${column} in (${values()})`;
    case 'not_in':
      return `${column} not in (${values()})`;
    case 'null':
    case 'not_null':
      return (filter.operator === 'null') === filter.value ? `${column} is null` : `${column} is not null`;
    case 'contains':
      throw new Error('contains reads only custom fields.');
    default:
      return `${column} ${COMPARISONS[filter.operator]} ${next()}`;
  }
}

/** Keyset paging: the rows after (or before) the cursor's position in the list's order. */
function cursorCondition(columns: readonly string[], ascending: boolean, next: () => string): string {
  return `(${columns.map(quote).join(', ')}) ${ascending ? '>' : '<'} (${columns.map(() => next()).join(', ')})`;
}

/**
 * A condition of this file's SQL as a Kysely expression with its values bound, for the searching
 * lists (src/db/search-page.ts): the same text a list page's statement has, so a filter is
 * compiled to SQL in one place.
 */
function asRaw(text: (next: () => string) => string, values: readonly string[]): RawBuilder<unknown> {
  const hole = '\u0000';
  const parts = text(() => hole).split(hole);
  return sql.join(
    parts.flatMap((part, i) => (i < values.length ? [sql.raw(part), sql.val(values[i])] : [sql.raw(part)])),
    sql``,
  );
}

export function filterExpression(filter: Filter, sqlite: boolean): RawBuilder<unknown> {
  return asRaw((next) => filterCondition(filter, next, sqlite), filterValues(filter));
}

export function cursorExpression(
  columns: readonly string[],
  ascending: boolean,
  values: readonly string[],
): RawBuilder<unknown> {
  return asRaw((next) => cursorCondition(columns, ascending, next), values);
}

const templates = new Map<string, string>();
const MAX_TEMPLATES = 2000;

function template(
  sqlite: boolean,
  table: string,
  query: RowsQuery,
  cursorAt: { set: boolean } | undefined,
  ascending: boolean,
  versions: boolean,
): string {
  const { column: sortColumn, then, custom } = query.sort;
  const hasCursor = cursorAt !== undefined;
  const sortShape = custom ? `custom.${custom.key}.${custom.type}.${query.sort.descending ? 'd' : 'a'}` : sortColumn;
  const key = `${sqlite ? 's' : 'p'} ${table} ${versions ? 'v' : '*'} ${sortShape},${then ?? ''} ${ascending ? 'a' : 'd'} ${hasCursor ? (cursorAt.set ? 'c' : 'cn') : ''} ${query.size} ${query.filters.map(filterShape).join(' ')}`;
  let text = templates.get(key);
  if (text !== undefined) return text;
  let n = 0;
  const next = () => (sqlite ? '?' : `$${++n}`);
  const selected = versions ? `select ${versionKeySql(sqlite)} as version_key` : 'select *';
  if (custom) {
    const part = (condition: string) =>
      `${quote(table)} where ${[`organization_id = ${next()}`, ...query.filters.map((f) => filterCondition(f, next, sqlite)), condition].join(' and ')}`;
    const forward = ascending !== query.sort.descending;
    text = customSortStatement(sqlite, custom, ascending, forward, cursorAt, part, next, query.size + 1);
    text = `${selected} from (${text}) as custom_page`;
    return remember(key, text);
  }
  const conditions = [`organization_id = ${next()}`, ...query.filters.map((f) => filterCondition(f, next, sqlite))];
  const columns = then === undefined ? [sortColumn, 'id'] : [sortColumn, then, 'id'];
  if (hasCursor) {
    conditions.push(
      `(${columns.map(quote).join(', ')}) ${ascending ? '>' : '<'} (${columns.map(next).join(', ')})`,
    );
  }
  const direction = ascending ? 'asc' : 'desc';
  // Versions: each row's id and version as one text, the key of its serialized resource
  // (src/api/resource-fragments.ts), read as one array of strings (src/db/text-values.ts).
  text = `${selected} from ${quote(table)} where ${conditions.join(' and ')} order by ${columns.map((c) => `${quote(c)} ${direction}`).join(', ')} limit ${query.size + 1}`;
  return remember(key, text);
}

function remember(key: string, text: string): string {
  if (templates.size >= MAX_TEMPLATES) templates.delete(templates.keys().next().value!);
  templates.set(key, text);
  return text;
}

/**
 * The page query of a list without search (search conditions are built by src/db/search-index.ts).
 * With `versions`, it selects only each row's version key (`<id> <updated_at>`), as text values
 * (src/api/page-from-fragments.ts uses them).
 */
export function pageStatement(
  db: Db,
  table: string,
  organizationId: string,
  query: RowsQuery,
  cursor: Cursor | undefined,
  versions = false,
): CompiledQuery {
  // Walking backwards reads the index in the opposite order; listRows restores the page's order.
  const ascending = query.sort.descending === (query.before !== undefined);
  const parameters: string[] = [organizationId];
  for (const filter of query.filters) parameters.push(...filterValues(filter));
  const cursorAt = cursor && { set: !query.sort.custom || cursor.value !== 'n' };
  if (query.sort.custom) {
    // Each part of a custom field's order takes the list's parameters (customSortStatement).
    const list = [...parameters];
    if (cursor && cursorAt?.set) parameters.push(cursor.value.slice(1), cursor.id, ...list);
    else parameters.push(...list, ...(cursor ? [cursor.id] : []));
  } else if (cursor) {
    parameters.push(cursor.value);
    if (cursor.then !== undefined) parameters.push(cursor.then);
    parameters.push(cursor.id);
  }
  return CompiledQuery.raw(template(isSqlite(db), table, query, cursorAt, ascending, versions), parameters);
}
