/**
 * One page of an organization's rows for the workspace lists, by keyset (a WHERE on the sort
 * columns and the id, never an OFFSET), so paging stays stable while others write. A cursor is
 * only a position: a tampered one shows another page of the same organization, nothing more.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { searchPage } from '../../db/search-page.js';

export interface KeysetRequest {
  table: 'bookings' | 'accounts' | 'contacts';
  organizationId: string;
  conditions: RawBuilder<unknown>[];
  /** The search box's term (src/db/search-page.ts finds its page). */
  search?: string | undefined;
  /** Sort columns (ascending); the id is added as the tie-break. */
  order: readonly string[];
  after?: string | undefined;
  before?: string | undefined;
  size: number;
}

export interface KeysetPage<Row> {
  rows: Row[];
  next: string | undefined;
  prev: string | undefined;
}

function encode(values: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(values.map((v) => (v === null ? '' : String(v))))).toString('base64url');
}

function decode(cursor: string | undefined, width: number): string[] | undefined {
  if (!cursor || cursor.length > 2000) return undefined;
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === width && values.every((v) => typeof v === 'string')) {
      return values as string[];
    }
  } catch {
    // An unreadable cursor starts from the beginning.
  }
  return undefined;
}

export async function keysetPage<Row extends { id: string }>(
  db: Db,
  request: KeysetRequest,
): Promise<KeysetPage<Row>> {
  const columns = [...request.order, 'id'];
  const after = decode(request.after, columns.length);
  const before = after ? undefined : decode(request.before, columns.length);
  const backwards = before !== undefined;
  const position = after ?? before;
  const tuple = sql.join(columns.map((c) => sql.ref(c)));
  const conditions = [...request.conditions];
  if (position) {
    conditions.push(sql`(${tuple}) ${sql.raw(backwards ? '<' : '>')} (${sql.join(position)})`);
  }
  const direction = sql.raw(backwards ? 'desc' : 'asc');
  const order = sql.join(columns.map((c) => sql`${sql.ref(c)} ${direction}`));
  const limit = request.size + 1;
  const { table, organizationId, search } = request;
  const fetched = search
    ? await searchPage<Row>(db, {
        table,
        organizationId,
        term: search,
        conditions,
        order: { columns, descending: backwards },
        limit,
      })
    : (
        await sql<Row>`select * from ${sql.table(table)}
          where ${sql.join([sql`organization_id = ${organizationId}`, ...conditions], sql` and `)}
          order by ${order} limit ${sql.lit(limit)}`.execute(db)
      ).rows;
  const more = fetched.length > request.size;
  const rows = fetched.slice(0, request.size);
  if (backwards) rows.reverse();
  const cursorOf = (row: Row | undefined) =>
    row ? encode(columns.map((c) => (row as unknown as Record<string, unknown>)[c])) : undefined;
  return {
    rows,
    next: backwards || more ? cursorOf(rows.at(-1)) : undefined,
    prev: (backwards ? more : position !== undefined) ? cursorOf(rows[0]) : undefined,
  };
}
