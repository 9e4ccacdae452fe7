/**
 * Reading resources for the API, generically over their definitions: an organization's rows,
 * filtered, sorted with an id tie-break and paged by keyset (a WHERE on (column, id), never an
 * OFFSET), so a page deep in a million rows costs what the first page costs.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import { type Cursor, decodeCursor, encodeCursor } from './cursor.js';
import type { Filter, ListQuery } from './list-query.js';
import type { ResourceDefinition, Row } from './resource-definition.js';

/** The generic queries below name tables and columns from definitions, not literals. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

export interface Page {
  rows: Row[];
  /** Whether more rows lie beyond this page in the direction of paging. */
  hasMore: boolean;
  afterCursor: string | null;
  beforeCursor: string | null;
}

function sortKey(query: ListQuery): string {
  return `${query.sort.descending ? '-' : ''}${query.sort.column}`;
}

function applyFilter(qb: AnyQuery, filter: Filter): AnyQuery {
  const { column, operator, value } = filter;
  switch (operator) {
    case 'eq':
      return qb.where(column, '=', value);
    case 'not_eq':
      return qb.where(column, '<>', value);
    case 'lt':
      return qb.where(column, '<', value);
    case 'lteq':
      return qb.where(column, '<=', value);
    case 'gt':
      return qb.where(column, '>', value);
    case 'gteq':
      return qb.where(column, '>=', value);
    case 'in':
      return qb.where(column, 'in', value as string[]);
    case 'not_in':
      return qb.where(column, 'not in', value as string[]);
    case 'null':
      return qb.where(column, value ? 'is' : 'is not', null);
    case 'not_null':
      return qb.where(column, value ? 'is not' : 'is', null);
  }
}

/** The page query itself, separate so its plan can be inspected (test/api/paging-plan.test.ts). */
export function pageQuery(
  db: Db,
  definition: ResourceDefinition,
  organizationId: string,
  query: ListQuery,
): AnyQuery {
  const { column, descending } = query.sort;
  const backwards = query.before !== undefined;
  const cursor: Cursor | undefined = query.after
    ? decodeCursor(query.after, 'page[after]', sortKey(query))
    : query.before
      ? decodeCursor(query.before, 'page[before]', sortKey(query))
      : undefined;
  // Walking backwards reads the index in the opposite order; listRows restores the page's order.
  const ascending = descending === backwards;
  const direction = ascending ? 'asc' : 'desc';

  let qb: AnyQuery = (db as AnyDb)
    .selectFrom(definition.type)
    .selectAll()
    .where('organization_id', '=', organizationId);
  for (const filter of query.filters) qb = applyFilter(qb, filter);
  if (cursor) {
    qb = qb.where((eb) =>
      eb(eb.refTuple(column, 'id'), ascending ? '>' : '<', eb.tuple(cursor.value, cursor.id)),
    );
  }
  return qb
    .orderBy(column, direction)
    .orderBy('id', direction)
    .limit(query.size + 1);
}

export async function listRows(
  db: Db,
  definition: ResourceDefinition,
  organizationId: string,
  query: ListQuery,
): Promise<Page> {
  const fetched = (await pageQuery(db, definition, organizationId, query).execute()) as Row[];
  const hasMore = fetched.length > query.size;
  const rows = fetched.slice(0, query.size);
  if (query.before !== undefined) rows.reverse();
  const column = query.sort.column;
  const edge = (row: Row | undefined) =>
    row ? encodeCursor({ sort: sortKey(query), value: String(row[column]), id: row.id }) : null;
  return { rows, hasMore, afterCursor: edge(rows.at(-1)), beforeCursor: edge(rows[0]) };
}

export async function findRow(
  db: Db,
  definition: ResourceDefinition,
  organizationId: string,
  id: string,
): Promise<Row | undefined> {
  return (await (db as AnyDb)
    .selectFrom(definition.type)
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst()) as Row | undefined;
}

/** Rows of one type by id, within the organization (users have none: they are reached through one). */
export async function findRowsByIds(
  db: Db,
  definition: ResourceDefinition,
  organizationId: string,
  ids: readonly string[],
): Promise<Row[]> {
  if (ids.length === 0) return [];
  let qb: AnyQuery = (db as AnyDb).selectFrom(definition.type).where('id', 'in', [...ids]);
  qb =
    definition.type === 'users'
      ? qb.select(['id', 'email', 'name', 'updated_at'])
      : qb.selectAll().where('organization_id', '=', organizationId);
  return (await qb.execute()) as Row[];
}
