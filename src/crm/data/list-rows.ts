/**
 * Listing an organization's records, generically over their kinds: an organization's rows,
 * filtered, sorted with an id tie-break and paged by keyset (a WHERE on (column, id), never an
 * OFFSET), so a page deep in a million rows costs what the first page costs. Table and column
 * names come from typed definitions; every value is a bound parameter.
 */
import type { CompiledQuery } from 'kysely';
import type { TextValues } from '../../db/text-values.js';
import type { Db } from '../../db/database.js';
import type { SearchableTable } from '../../db/search-index.js';
import { type SearchPageRequest, SearchesWaiting, searchPage } from '../../db/search-page.js';
import { TooManyRequestsError } from '../../errors.js';
import type { Cursor, CursorCodec } from './cursor.js';
import type { Filter, RowsQuery } from './list-shape.js';
import { cursorExpression, filterExpression, pageStatement } from './page-sql.js';
import { customCursorValue } from './custom-value-page.js';
import { isSqlite } from '../../db/column-types.js';
import type { ColumnOf, OrganizationTable, RowOf } from './rows.js';

/** What listing a kind's rows needs to know of it: its table, and the index its search reads. */
export interface ListedKind<Table extends OrganizationTable> {
  type: Table;
  /** When set, a search matches a substring of the row's name, reference or e-mail. */
  search?: SearchableTable;
}

/** A page's rows in the list's order, before its cursors are made. */
export interface PageRows<Row> {
  rows: Row[];
  /** Whether more rows lie beyond this page in the direction of paging. */
  hasMore: boolean;
}

export interface Page<Row> extends PageRows<Row> {
  afterCursor: string | null;
  beforeCursor: string | null;
  /**
   * Set when a search examined as many rows as one request may before the page was full: the
   * page holds what was found, and the cursor in the direction of paging goes on from there.
   */
  incomplete?: true;
}

export function sortKey(query: Pick<RowsQuery, 'sort'>): string {
  const { column, descending, then, custom } = query.sort;
  const name = custom ? `custom_fields.${custom.key}` : column;
  return `${descending ? '-' : ''}${name}${then === undefined ? '' : `,${then}`}`;
}

/** The list's order: its sort columns, then the id. */
function orderColumns(query: RowsQuery): string[] {
  const { column, then } = query.sort;
  return then === undefined ? [column, 'id'] : [column, then, 'id'];
}

/** A cursor's values in the order of orderColumns. */
function cursorValues(cursor: Cursor): string[] {
  return cursor.then === undefined ? [cursor.value, cursor.id] : [cursor.value, cursor.then, cursor.id];
}

function decodeCursor(cursors: CursorCodec, query: RowsQuery): Cursor | undefined {
  const expected = { sort: sortKey(query), filters: query.fingerprint };
  if (query.after) return cursors.decode(query.after, 'page[after]', expected);
  if (query.before) return cursors.decode(query.before, 'page[before]', expected);
  return undefined;
}

/** The page query of a list without search, separate so its plan can be inspected (test/api/paging-plan.test.ts). */
export function pageQuery<Table extends OrganizationTable>(
  db: Db,
  cursors: CursorCodec,
  definition: ListedKind<Table>,
  organizationId: string,
  query: RowsQuery<ColumnOf<Table>>,
): CompiledQuery<RowOf<Table>> {
  const cursor = decodeCursor(cursors, query);
  return pageStatement(db, definition.type, organizationId, query, cursor) as CompiledQuery<RowOf<Table>>;
}

/** A searching list's page request (src/db/search-page.ts runs it). */
function searchRequest<Table extends OrganizationTable>(
  cursors: CursorCodec,
  table: SearchableTable,
  organizationId: string,
  query: RowsQuery<ColumnOf<Table>> & { search: string },
  sqlite: boolean,
): SearchPageRequest {
  const cursor = decodeCursor(cursors, query);
  const columns = orderColumns(query);
  const ascending = query.sort.descending === (query.before !== undefined);
  // A range of the first sort column says where the list's rows lie in its index: a search's
  // windows read from there. The other filters are tested on each row read.
  const bounds = (f: Filter) => f.column === query.sort.column && !f.link && RANGE_OPERATORS.has(f.operator);
  const position = query.filters.filter(bounds).map((f) => filterExpression(f, sqlite));
  if (cursor) position.push(cursorExpression(columns, ascending, cursorValues(cursor)));
  return {
    table,
    organizationId,
    term: query.search,
    conditions: query.filters.filter((f) => !bounds(f)).map((f) => filterExpression(f, sqlite)),
    position,
    order: { columns, descending: !ascending },
    limit: query.size + 1,
  };
}

const RANGE_OPERATORS: ReadonlySet<string> = new Set(['eq', 'gt', 'gteq', 'lt', 'lteq']);

/** The rows of a page in the list's order, of `fetched` (one more than the page size when there are more). */
function pageRows<Entry>(fetched: Entry[], query: RowsQuery): PageRows<Entry> {
  const hasMore = fetched.length > query.size;
  const rows = fetched.slice(0, query.size);
  if (query.before !== undefined) rows.reverse();
  return { rows, hasMore };
}

/** A row at the edge of a page: its id and its values of the list's sort columns. */
interface Edge {
  value: unknown;
  then?: unknown;
  id: string;
}

/** The page of `rows` (in the list's order), with the cursors of its edge rows. */
export function withCursors<Entry>(
  { rows, hasMore }: PageRows<Entry>,
  cursors: CursorCodec,
  query: RowsQuery,
  edgeOf: (entry: Entry) => Edge,
): Page<Entry> {
  const edge = (entry: Entry | undefined) => {
    if (entry === undefined) return null;
    const { value, then, id } = edgeOf(entry);
    return cursors.encode({
      sort: sortKey(query),
      value: String(value),
      ...(query.sort.then === undefined ? {} : { then: String(then) }),
      id,
      filters: query.fingerprint,
    });
  };
  return { rows, hasMore, afterCursor: edge(rows.at(-1)), beforeCursor: edge(rows[0]) };
}

export async function listRows<Table extends OrganizationTable>(
  db: Db,
  cursors: CursorCodec,
  definition: ListedKind<Table>,
  organizationId: string,
  query: RowsQuery<ColumnOf<Table>>,
): Promise<Page<RowOf<Table>>> {
  const { search } = query;
  const { column, then } = query.sort;
  const { custom } = query.sort;
  const edgeOf = (row: RowOf<Table>) => ({
    value: custom ? customCursorValue(String(row[column]), custom.key) : row[column],
    then: then === undefined ? undefined : row[then],
    id: row.id,
  });
  if (search === undefined || !definition.search) {
    const { rows } = await db.executeQuery(pageQuery(db, cursors, definition, organizationId, query));
    return withCursors(pageRows(rows, query), cursors, query, edgeOf);
  }
  const found = await searchPage<RowOf<Table>>(
    db,
    searchRequest(cursors, definition.search, organizationId, { ...query, search }, isSqlite(db)),
  ).catch((error: unknown) => {
    if (error instanceof SearchesWaiting) throw new TooManyRequestsError(error.message, 1);
    throw error;
  });
  const page = withCursors(pageRows(found.rows, query), cursors, query, edgeOf);
  if (found.stoppedAt === undefined) return page;
  // The search stopped before the page was full: the next page goes on from the last row it
  // examined (in the direction of paging).
  const stopped = withCursors({ rows: [found.stoppedAt], hasMore: true }, cursors, query, edgeOf);
  return query.before === undefined
    ? { ...page, hasMore: true, afterCursor: stopped.afterCursor, incomplete: true }
    : { ...page, hasMore: true, beforeCursor: stopped.beforeCursor, incomplete: true };
}

/**
 * The page of a list without search as the version keys of its rows (`<id> <updated_at>`, in the
 * list's order): what a page assembled from serialized resources needs
 * (src/api/page-from-fragments.ts), which makes its cursors from the edge rows it finds.
 */
export async function listVersionKeys<Table extends OrganizationTable>(
  db: Db,
  textValues: TextValues,
  cursors: CursorCodec,
  definition: ListedKind<Table>,
  organizationId: string,
  query: RowsQuery<ColumnOf<Table>>,
): Promise<PageRows<string>> {
  const cursor = decodeCursor(cursors, query);
  const { sql: text, parameters } = pageStatement(db, definition.type, organizationId, query, cursor, true);
  return pageRows((await textValues(text, parameters)) as string[], query);
}
