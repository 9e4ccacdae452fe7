/**
 * One page of a searching list, found so that no statement costs time in proportion to all
 * organizations' rows, nor a common term in proportion to its matches. Two ways to a page:
 * - Candidates: the organization's part of the search index names the rows holding the term's
 *   pieces (search-match.ts), counted to CANDIDATE_LIMIT at most. When there are no more, the page
 *   is made of them: tested, filtered, sorted and cut. That is how rare terms are answered.
 * - Windows: the list's rows after the cursor, read in the list's order (through the index that
 *   pages the list without search) a window at a time, each row tested. The page is exact once
 *   the windows hold it (rows were visited in order) or the list ends. A term matching one row in
 *   twenty fills the first window of SEARCH_WINDOW rows; a thinner one reads on, in windows four
 *   times larger each (up to LARGEST_WINDOW rows).
 * The order: on SQLite the candidates first (FTS5 stops reading at the count's limit, so a common
 * term costs little there), then windows. On PostgreSQL (a GIN index builds its whole bitmap
 * before any limit applies) the first window first, then the candidates when the list goes on.
 * When there are many candidates and the first window holds none of them, they lie further down
 * the order (a surname in a list sorted by surname): the page is made of all of them.
 * Terms of one or two characters, which the index cannot answer, are read window by window.
 * Each statement reads one window at most, so on SQLite none holds the process for long.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Db } from './database.js';
import type { SearchableTable } from './search-index.js';
import { searchMatch } from './search-match.js';

/** The first window's rows (testing them takes about 0.4 ms on SQLite). */
export const SEARCH_WINDOW = 500;
export const LARGEST_WINDOW = 8000;
/** Candidates a page is made of without further thought (a few milliseconds at most). */
export const CANDIDATE_LIMIT = 300;

export interface SearchPageRequest {
  table: SearchableTable;
  organizationId: string;
  term: string;
  /** The list's other conditions: filters and the cursor's position (unqualified columns). */
  conditions: readonly RawBuilder<unknown>[];
  /** The list's order: its columns, the last one unique (the id), all ascending or descending. */
  order: { columns: readonly string[]; descending: boolean };
  /** Rows to read: the page's size and one more, to tell whether more follow. */
  limit: number;
}

type Row = Record<string, unknown>;
type Position = readonly unknown[];

export function searchStatements(db: Db, request: SearchPageRequest) {
  const { table, organizationId, order } = request;
  const match = searchMatch(db, table, request.term, organizationId);
  const from = sql.table(table);
  const limit = sql.lit(request.limit);
  const direction = sql.raw(order.descending ? 'desc' : 'asc');
  const orderBy = sql.join(order.columns.map((c) => sql`${sql.ref(c)} ${direction}`));
  const listed = (after: Position | undefined, ...more: RawBuilder<unknown>[]) => {
    const conditions = [sql`organization_id = ${organizationId}`, ...request.conditions, ...more];
    if (after) {
      const columns = sql.join(order.columns.map((c) => sql.ref(c)));
      conditions.push(sql`(${columns}) ${sql.raw(order.descending ? '<' : '>')} (${sql.join([...after])})`);
    }
    return sql.join(conditions, sql` and `);
  };
  return {
    /**
     * The matching rows among the `size` rows after `after`, and the last of those rows (where
     * the next window starts; absent when the list ends first), marked by `search_edge`. The
     * window's rows are named like the table, so the row test reads the same inside and out.
     */
    window: (after: Position | undefined, size: number) =>
      sql<Row & { search_edge: number }>`select * from (select *, 0 as search_edge from (select * from ${from}
          where ${listed(after)} order by ${orderBy} limit ${sql.lit(size)}) as ${from}
        where ${match.row(table)} order by ${orderBy} limit ${limit}) as hits
      union all
      select *, 1 as search_edge from ${from} where id = (select id from ${from} where ${listed(after)}
        order by ${orderBy} limit 1 offset ${sql.lit(size - 1)})`,
    indexed: match.index && {
      stopsEarly: match.index.stopsEarly,
      candidates: match.index.ids(CANDIDATE_LIMIT + 1),
      /** The page made of the candidates: all the index names, or the listed ones. */
      page: (ids?: readonly string[]) => {
        const { from: source, where } = ids ? match.index!.listed(ids) : match.index!;
        return sql<Row>`select ${from}.* from ${source}
          where ${listed(undefined, where, match.row(table))} order by ${orderBy} limit ${limit}`;
      },
    },
  };
}

export async function searchPage<T>(db: Db, request: SearchPageRequest): Promise<T[]> {
  const { window, indexed } = searchStatements(db, request);
  const rows = async (statement: RawBuilder<Row>) => (await statement.execute(db)).rows;
  // The candidates, when they are few (undefined when there are more than CANDIDATE_LIMIT).
  const fewCandidates = async () => {
    const ids = (await indexed!.candidates.execute(db)).rows.map((r) => r.id);
    return ids.length <= CANDIDATE_LIMIT ? ids : undefined;
  };
  // An index that stops reading at the limit is asked first: rare terms then cost no window.
  let asked = false;
  if (indexed?.stopsEarly) {
    asked = true;
    const ids = await fewCandidates();
    if (ids) return (await rows(indexed.page(ids))) as T[];
  }
  const found: Row[] = [];
  let after: Position | undefined;
  for (let size = SEARCH_WINDOW; ; size = Math.min(size * 4, LARGEST_WINDOW)) {
    let boundary: Row | undefined;
    for (const { search_edge: edge, ...row } of (await window(after, size).execute(db)).rows) {
      if (Number(edge) === 1) boundary = row;
      else found.push(row);
    }
    if (found.length >= request.limit) return found.slice(0, request.limit) as T[];
    if (!boundary) return found as T[];
    if (after === undefined && indexed) {
      const ids = asked ? undefined : await fewCandidates();
      if (ids) return (await rows(indexed.page(ids))) as T[];
      if (found.length === 0) return (await rows(indexed.page())) as T[];
    }
    const edge = boundary;
    after = request.order.columns.map((c) => edge[c]);
  }
}
