/**
 * What a search term means in SQL (SPEC §7: a case-insensitive substring of the searched text),
 * in two parts that search-page.ts combines:
 * - `row`: the exact test of one row, cheap enough to run on every row of a window;
 * - `index` (terms of three characters or more): a superset of the organization's matching rows,
 *   read from its entries in the search index (search-keys.ts), for the `row` test to refine.
 * The index is asked for 4-character pieces of the term (one every four characters, the last one
 * ending the term), never for its every trigram: a term such as "of client 4711" is made of
 * trigrams that all of the organization's rows share, and an index that must confirm each of them
 * at every candidate does far more work than one asked for a specific piece ("4711").
 *
 * Case folding stays what each database's index does:
 * - SQLite: FTS5 folds case (Unicode letters too; also U+212A KELVIN SIGN to k and U+017F LONG S
 *   to s, the only characters it folds into ASCII). For a term of ASCII characters, `lower()`
 *   with those two replaced tests exactly that; a term with other characters is checked against
 *   the row's index entry (a LIKE with `_` in their place first narrows the rows to check).
 *   Terms of one or two characters keep their plain `lower() LIKE` test.
 * - PostgreSQL: `lower(text) LIKE` the lower-cased term, on every path.
 */
import { type QueryExecutor, type RawBuilder, sql } from 'kysely';
import { isSqlite } from './column-types.js';
import type { Db } from './database.js';
import type { SearchableTable } from './search-index.js';
import { KEY_BITS, postgresKeysExpression, searchedText } from './search-keys.js';

export interface SearchMatch {
  /** The exact test of the row named `alias` (the table's name, or the window's alias). */
  row: (alias: string) => RawBuilder<unknown>;
  /**
   * The candidates the index names, absent for short terms: a FROM clause giving the table's rows
   * under its own name, and a condition on them.
   */
  index?: {
    from: RawBuilder<unknown>;
    where: RawBuilder<unknown>;
    /** Whether reading candidates stops at a LIMIT (FTS5 reads lazily; a GIN bitmap is built whole). */
    stopsEarly: boolean;
    /**
     * Ids of candidates (an `id` column), no more than `limit` of them: the rows holding the
     * term's last piece. One piece names candidates enough (the row test refines them), each
     * further piece costs a seek in its posting list for every candidate, and the end of a term
     * is where it is most often specific (a reference's digits, a surname after a first name).
     */
    ids: (limit: number) => RawBuilder<{ id: string }>;
    /** A FROM clause giving the table's rows with the listed ids (a JSON array on SQLite). */
    listed: (ids: readonly string[]) => { from: RawBuilder<unknown>; where: RawBuilder<unknown> };
  };
}

/** The shortest term the index can answer: its pieces are trigrams at least. */
const SHORTEST_INDEXED = 3;
const PIECE = 4;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Pieces of the term that every matching text contains: one every four characters, the last ending it. */
export function termPieces(characters: readonly string[]): string[] {
  if (characters.length <= PIECE) return [characters.join('')];
  const starts: number[] = [];
  for (let start = 0; start + PIECE < characters.length; start += PIECE) starts.push(start);
  starts.push(characters.length - PIECE);
  return [...new Set(starts.map((start) => characters.slice(start, start + PIECE).join('')))];
}

const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

function sqliteMatch(table: SearchableTable, term: string, organizationId: string): SearchMatch {
  const characters = [...term];
  const text = (alias: string) => sql.raw(searchedText(table, true, alias));
  if (characters.length < SHORTEST_INDEXED) {
    const pattern = `%${escapeLike(term.toLowerCase())}%`;
    return { row: (alias) => sql`lower(${text(alias)}) like ${pattern} escape '\\'` };
  }
  const ascii = characters.every((c) => c.charCodeAt(0) < 128);
  const narrowed = characters.map((c) => (c.charCodeAt(0) < 128 ? escapeLike(c.toLowerCase()) : '_'));
  const pattern = `%${narrowed.join('')}%`;
  const index = sql.table(`${table}_search`);
  const keys = sql.table(`${table}_search_keys`);
  const folded = (alias: string) =>
    sql`lower(replace(replace(${text(alias)}, ${'\u212a'}, 'k'), ${'\u017f'}, 's')) like ${pattern} escape '\\'`;
  const numbers = sql`organization_search_numbers where organization_id = ${organizationId}`;
  const bits = sql.lit(KEY_BITS);
  // The organization's entries holding the given pieces of the term.
  const pieces = termPieces(characters);
  const entries = (chosen: readonly string[]) => sql`${index} match ${chosen.map(phrase).join(' AND ')}
    and ${index}.rowid between (select number << ${bits} from ${numbers})
      and (select ((number + 1) << ${bits}) - 1 from ${numbers})`;
  return {
    row: (alias) =>
      ascii
        ? folded(alias)
        : sql`${folded(alias)} and exists (select 1 from ${index} where ${index} match ${phrase(term)}
            and rowid = (select key from ${keys} where id = ${sql.ref(`${alias}.id`)}))`,
    // CROSS JOIN keeps SQLite's order: candidates first, each row then found by its id (left to
    // itself, the planner prefers to walk the list's index in order and test every row).
    index: {
      from: sql`(select k.id as search_candidate from ${index} join ${keys} as k on k.key = ${index}.rowid
          where ${entries(pieces)})
          as candidates cross join ${sql.table(table)} on ${sql.ref(`${table}.id`)} = candidates.search_candidate`,
      where: sql`1 = 1`,
      stopsEarly: true,
      ids: (limit) => sql`select k.id from ${index} join ${keys} as k on k.key = ${index}.rowid
        where ${entries(pieces.slice(-1))} limit ${sql.lit(limit)}`,
      listed: (ids) => ({
        // (json_each has an `id` column of its own: kept out of the list's conditions' sight.)
        from: sql`(select value as search_candidate from json_each(${JSON.stringify(ids)})) as candidates
          cross join ${sql.table(table)} on ${sql.ref(`${table}.id`)} = candidates.search_candidate`,
        where: sql`1 = 1`,
      }),
    },
  };
}

function postgresMatch(table: SearchableTable, term: string, organizationId: string): SearchMatch {
  const lowered = term.toLowerCase();
  const pattern = `%${escapeLike(lowered)}%`;
  const text = (alias: string) => sql.raw(searchedText(table, false, alias));
  const row = (alias: string) => sql`lower(${text(alias)}) like ${pattern} escape '\\'`;
  const characters = [...lowered];
  if (characters.length < SHORTEST_INDEXED) return { row };
  const pieces = termPieces(characters);
  const holding = (chosen: readonly string[]) =>
    sql`${sql.raw(postgresKeysExpression(table))} @> marquee_search_query(${organizationId}, ${[...chosen]}::text[])`;
  const where = holding(pieces);
  return {
    row,
    index: {
      from: sql.table(table),
      where,
      stopsEarly: false,
      // The keys name the organization already; a condition on organization_id here would only
      // tempt the planner to intersect with all of its rows.
      ids: (limit) => sql`select id from ${sql.table(table)}
        where ${holding(pieces.slice(-1))} limit ${sql.lit(limit)}`,
      listed: (ids) => ({ from: sql.table(table), where: sql`id = any(${[...ids]}::text[])` }),
    },
  };
}

/** A search term in the rows a row refers to (a booking's account and contact). */
export interface RelatedMatch {
  /** The test of the row `alias`: the row it refers to holds the term. */
  row: (alias: string) => RawBuilder<unknown>;
  /** Ids of at most `limit` rows referring to a matching row, when the matching rows are few. */
  rowsOf?: (limit: number) => RawBuilder<{ id: string }>;
}

/** The rows whose text a row of each table is also found by: its column, and the table it names. */
const RELATED: Partial<Record<SearchableTable, ReadonlyArray<{ column: string; table: SearchableTable }>>> = {
  bookings: [
    { column: 'account_id', table: 'accounts' },
    { column: 'contact_id', table: 'contacts' },
  ],
};

/** Matching related rows named by id at most; a term matching more is tested row by row. */
export const RELATED_LIMIT = 500;

/**
 * The related rows' part of a search of `table`: for each table it refers to, the ids of the
 * matching rows there (read from their index, a few hundred at most) when there are few, and
 * otherwise a test of each row's related row by its id. Related tables without a match drop out.
 */
export async function relatedMatches(
  db: Db,
  table: SearchableTable,
  term: string,
  organizationId: string,
): Promise<RelatedMatch[]> {
  const sqlite = isSqlite(db);
  const found = await Promise.all(
    (RELATED[table] ?? []).map(async ({ column, table: other }): Promise<RelatedMatch | undefined> => {
      const match = searchMatch(db, other, term, organizationId);
      const byRow: RelatedMatch = {
        row: (alias) => sql`exists (select 1 from ${sql.table(other)}
          where ${sql.ref(`${other}.id`)} = ${sql.ref(`${alias}.${column}`)} and ${match.row(other)})`,
      };
      if (!match.index) return byRow;
      const { from, where } = match.index;
      const { rows } = await sql<{ id: string }>`select ${sql.ref(`${other}.id`)} as id from ${from}
        where ${where} and ${sql.ref(`${other}.organization_id`)} = ${organizationId} and ${match.row(other)}
        limit ${sql.lit(RELATED_LIMIT + 1)}`.execute(db);
      if (rows.length > RELATED_LIMIT) return byRow;
      if (rows.length === 0) return undefined;
      const ids = rows.map((r) => r.id);
      const among = (ref: string) =>
        sqlite
          ? sql`${sql.ref(ref)} in (select value from json_each(${JSON.stringify(ids)}))`
          : sql`${sql.ref(ref)} = any(${ids}::text[])`;
      return {
        row: (alias) => among(`${alias}.${column}`),
        rowsOf: (limit) => sql<{ id: string }>`select id from ${sql.table(table)}
          where organization_id = ${organizationId} and ${among(column)} limit ${sql.lit(limit)}`,
      };
    }),
  );
  return found.filter((m): m is RelatedMatch => m !== undefined);
}

export function searchMatch(
  db: { getExecutor(): QueryExecutor },
  table: SearchableTable,
  term: string,
  organizationId: string,
): SearchMatch {
  return isSqlite(db) ? sqliteMatch(table, term, organizationId) : postgresMatch(table, term, organizationId);
}
