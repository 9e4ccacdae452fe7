/**
 * One page of a searching list, found so that no statement costs time in proportion to all
 * organizations' rows, nor a common term in proportion to its matches, and no request holds the
 * event loop (SQLite's statements run on it) or the database for long. Two ways to a page:
 * - Candidates: the organization's part of the search index names the rows holding the term's
 *   pieces (search-match.ts), counted to CANDIDATE_LIMIT at most (MANY_CANDIDATES when the first
 *   window found none). When there are no more, the page is made of them: tested, filtered,
 *   sorted and cut. That is how rare terms are answered.
 * - Windows: the list's rows after the cursor, read in the list's order a window at a time
 *   (through the index that pages the list without search), each row tested against the term and
 *   the list's filters. A window reads the same number of rows whatever the filters keep, so a
 *   statement's cost is bounded by its window. The page is exact once the windows hold it (rows
 *   were visited in order) or the list ends. A term matching one row in twenty fills the first
 *   window of SEARCH_WINDOW rows; a thinner one reads on, in windows four times larger each (up to
 *   LARGEST_WINDOW rows), with a turn of the event loop between two windows.
 * A request examines ROWS_EXAMINED_LIMIT rows of the list at most: when the page is not full by
 * then, it is answered with what was found and where the search stopped (`stoppedAt`), from
 * where the next page goes on. An organization's searches that read windows take turns (one at a
 * time per organization, SEARCH_QUEUE_LIMIT waiting): a burst of them costs that organization
 * time, not every other one.
 * The order: on SQLite the candidates first (FTS5 stops reading at the count's limit, so a common
 * term costs little there), then windows. On PostgreSQL (a GIN index builds its whole bitmap
 * before any limit applies) the first window first, then the candidates when the list goes on.
 * Terms of one or two characters, which the index cannot answer, are read window by window.
 * A booking is found by its own text and by its account's and contact's (search-match.ts).
 */
import { type RawBuilder, sql } from 'kysely';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from './database.js';
import type { SearchableTable } from './search-index.js';
import { type RelatedMatch, relatedMatches, searchMatch } from './search-match.js';
import { Turns } from './turns.js';

/** The first window's rows (testing them takes about 0.4 ms on SQLite). */
export const SEARCH_WINDOW = 500;
/** The most rows one statement reads (a few milliseconds on SQLite). */
export const LARGEST_WINDOW = 4000;
/** Candidates a page is made of without further thought (a few milliseconds at most). */
export const CANDIDATE_LIMIT = 300;
/** Candidates a page is still made of when the first window held none of them (they lie further on). */
export const MANY_CANDIDATES = 5000;
/** Rows of the list one request examines at most before it answers with what it found. */
export const ROWS_EXAMINED_LIMIT = 40_000;
/** Searches of one organization that may wait for their turn; more are refused (429). */
export const SEARCH_QUEUE_LIMIT = 8;

export interface SearchPageRequest {
  table: SearchableTable;
  organizationId: string;
  term: string;
  /** The list's filters (unqualified columns), tested on each row with the term. */
  conditions: readonly RawBuilder<unknown>[];
  /**
   * Where the list begins and ends in its order (the cursor's position, a range of the first sort
   * column): they bound the rows a window reads through the list's index.
   */
  position?: readonly RawBuilder<unknown>[];
  /** The list's order: its columns, the last one unique (the id), all ascending or descending. */
  order: { columns: readonly string[]; descending: boolean };
  /** Rows to read: the page's size and one more, to tell whether more follow. */
  limit: number;
}

type Row = Record<string, unknown>;
type Position = readonly unknown[];

export interface SearchResult<T> {
  /** The matching rows found, in the list's order (at most `limit`). */
  rows: T[];
  /** The last row examined when the search stopped before the page was full and the list ended. */
  stoppedAt?: T;
}

export function searchStatements(db: Db, request: SearchPageRequest, related: readonly RelatedMatch[] = []) {
  const { table, organizationId, order } = request;
  const match = searchMatch(db, table, request.term, organizationId);
  const from = sql.table(table);
  const limit = sql.lit(request.limit);
  const direction = sql.raw(order.descending ? 'desc' : 'asc');
  const orderBy = sql.join(order.columns.map((c) => sql`${sql.ref(c)} ${direction}`));
  // The row test: the term in the row's own text, or in a related row's (a booking's account).
  const matches = (alias: string) =>
    related.length === 0
      ? match.row(alias)
      : sql`(${sql.join([match.row(alias), ...related.map((r) => r.row(alias))], sql` or `)})`;
  const positioned = (after: Position | undefined) => {
    const conditions = [sql`organization_id = ${organizationId}`, ...(request.position ?? [])];
    if (after) {
      const columns = sql.join(order.columns.map((c) => sql.ref(c)));
      conditions.push(sql`(${columns}) ${sql.raw(order.descending ? '<' : '>')} (${sql.join([...after])})`);
    }
    return conditions;
  };
  const listed = (after: Position | undefined, ...more: RawBuilder<unknown>[]) =>
    sql.join([...positioned(after), ...request.conditions, ...more], sql` and `);
  const filtered = (...more: RawBuilder<unknown>[]) => sql.join([...request.conditions, ...more], sql` and `);
  return {
    /**
     * The matching rows among the `size` rows after `after`, and the last of those rows (where
     * the next window starts; absent when the list ends first), marked by `search_edge`. The
     * window's rows are named like the table, so the row test reads the same inside and out.
     */
    window: (after: Position | undefined, size: number) => {
      const place = sql.join(positioned(after), sql` and `);
      return sql<
        Row & { search_edge: number }
      >`select * from (select *, 0 as search_edge from (select * from ${from}
          where ${place} order by ${orderBy} limit ${sql.lit(size)}) as ${from}
        where ${filtered(matches(table))} order by ${orderBy} limit ${limit}) as hits
      union all
      select *, 1 as search_edge from ${from} where id = (select id from ${from} where ${place}
        order by ${orderBy} limit 1 offset ${sql.lit(size - 1)})`;
    },
    // Candidates answer only when they can be named in full: the row's own index, and the rows of
    // few enough matching related rows (a term common among accounts is tested row by row).
    indexed: (match.index && related.every((r) => r.rowsOf) ? match.index : undefined) && {
      stopsEarly: match.index!.stopsEarly,
      /** Ids of at most `count` candidates: the rows the index names, and those of related rows. */
      candidates: (count: number) => {
        const own = match.index!.ids(count);
        const parts = [own, ...related.flatMap((r) => (r.rowsOf ? [r.rowsOf(count)] : []))];
        if (parts.length === 1) return own;
        return sql<{ id: string }>`select id from (${sql.join(
          parts.map((part) => sql`select id from (${part}) as part`),
          sql` union `,
        )}) as candidates limit ${sql.lit(count)}`;
      },
      /** The page made of the listed candidates. */
      page: (ids: readonly string[]) => {
        const { from: source, where } = match.index!.listed(ids);
        return sql<Row>`select ${from}.* from ${source}
          where ${listed(undefined, where, matches(table))} order by ${orderBy} limit ${limit}`;
      },
    },
  };
}

/** Thrown when SEARCH_QUEUE_LIMIT searches of the organization already wait for their turn. */
export class SearchesWaiting extends Error {
  constructor() {
    super('Too many searches of this organization are running; try again in a moment.');
  }
}

/** One organization's window-reading searches at a time, in this process. */
const turns = new Turns(SEARCH_QUEUE_LIMIT);

export async function searchPage<T>(db: Db, request: SearchPageRequest): Promise<SearchResult<T>> {
  const release = turns.take(request.organizationId);
  if (!release) throw new SearchesWaiting();
  const done = await release;
  try {
    return await searchInTurn<T>(db, request);
  } finally {
    done();
  }
}

async function searchInTurn<T>(db: Db, request: SearchPageRequest): Promise<SearchResult<T>> {
  const related = await relatedMatches(db, request.table, request.term, request.organizationId);
  const { window, indexed } = searchStatements(db, request, related);
  const rows = async (statement: RawBuilder<Row>) => (await statement.execute(db)).rows as T[];
  // Up to `count` candidates, or undefined when there are more.
  const candidates = async (count: number) => {
    const ids = (await indexed!.candidates(count + 1).execute(db)).rows.map((r) => r.id);
    return ids.length <= count ? ids : undefined;
  };
  // An index that stops reading at the limit is asked first: rare terms then cost no window.
  let asked = false;
  if (indexed?.stopsEarly) {
    asked = true;
    const ids = await candidates(CANDIDATE_LIMIT);
    if (ids) return { rows: await rows(indexed.page(ids)) };
  }
  const found: Row[] = [];
  let after: Position | undefined;
  let examined = 0;
  for (let size = SEARCH_WINDOW; ; size = Math.min(size * 4, LARGEST_WINDOW)) {
    let boundary: Row | undefined;
    for (const { search_edge: edge, ...row } of (await window(after, size).execute(db)).rows) {
      if (Number(edge) === 1) boundary = row;
      else found.push(row);
    }
    examined += size;
    if (found.length >= request.limit) return { rows: found.slice(0, request.limit) as T[] };
    if (!boundary) return { rows: found as T[] };
    if (after === undefined && indexed) {
      const ids = asked ? undefined : await candidates(CANDIDATE_LIMIT);
      if (ids) return { rows: await rows(indexed.page(ids)) };
      // None in the first window: the candidates lie further down the order, when they are
      // not too many to sort.
      if (found.length === 0) {
        const many = await candidates(MANY_CANDIDATES);
        if (many) return { rows: await rows(indexed.page(many)) };
      }
    }
    if (examined >= ROWS_EXAMINED_LIMIT) return { rows: found as T[], stoppedAt: boundary as T };
    const edge = boundary;
    after = request.order.columns.map((c) => edge[c]);
    // Other requests' turn before the next window (on SQLite each statement holds the event loop).
    await nextTurn();
  }
}
