/**
 * Reading an organization's records oldest first, in pages by keyset on the (organization_id,
 * created_at, id) index each of its tables has: a reader of any number of them (an export) holds
 * one page in memory at a time, and no page sorts the whole table. The records, the prices'
 * lines and the payments are read this way (records-in-order.ts, prices-in-order.ts); each query
 * names its table `r`.
 */
import { type Expression, sql, type SqlBool } from 'kysely';

/** Records a page. */
export const PAGE = 1000;

/** Where the previous page ended; undefined before the first page. */
export interface Position {
  createdAt: string;
  id: string;
}

/** The organization's records after `position` (all of them before the first page). */
export function pageWhere(organizationId: string, position: Position | undefined): Expression<SqlBool> {
  return position
    ? sql<SqlBool>`r.organization_id = ${organizationId} and (r.created_at, r.id) > (${position.createdAt}, ${position.id})`
    : sql<SqlBool>`r.organization_id = ${organizationId}`;
}

/** Every row of the pages `read` gives, in order, until one comes back short. */
export async function* paged<Row extends { created_at: string; id: string }>(
  read: (position: Position | undefined) => Promise<Row[]>,
): AsyncGenerator<Row> {
  let position: Position | undefined;
  for (;;) {
    const page = await read(position);
    yield* page;
    const last = page.at(-1);
    if (page.length < PAGE || !last) return;
    position = { createdAt: last.created_at, id: last.id };
  }
}
