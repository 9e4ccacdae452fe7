/**
 * One page of a list for the workspace's pages, by the same keyset paging and signed cursors as
 * the API's lists (list-rows.ts): stable while others write; a cursor of another list, or a
 * forged one, is never read (the list starts again from its first page).
 */
import type { Db } from '../../db/database.js';
import { type CursorCodec, listFingerprint } from './cursor.js';
import type { Filter, RowsQuery } from './list-shape.js';
import { type ListedKind, listRows, sortKey } from './list-rows.js';
import type { ColumnOf, OrganizationTable, RowOf } from './rows.js';

/** A page of a list as the workspace pages it: its rows and the cursors of the pages either side. */
export interface KeysetPage<Row> {
  rows: Row[];
  next: string | undefined;
  prev: string | undefined;
  /** The search stopped before the page was full: `next` goes on from where it stopped. */
  incomplete: boolean;
}

export interface PageRequest<Column extends string> {
  filters: Array<Filter<Column>>;
  search?: string | undefined;
  sort: RowsQuery<Column>['sort'];
  after?: string | undefined;
  before?: string | undefined;
  size: number;
}

export async function keysetPage<Table extends OrganizationTable>(
  db: Db,
  cursors: CursorCodec,
  definition: ListedKind<Table>,
  organizationId: string,
  request: PageRequest<ColumnOf<Table>>,
): Promise<KeysetPage<RowOf<Table>>> {
  const search = request.search || undefined;
  const fingerprint = listFingerprint(request.filters, search);
  // A cursor that is not this list's (altered, or of other filters) starts the list again.
  const expected = { sort: sortKey({ sort: request.sort }), filters: fingerprint };
  const cursor = (raw: string | undefined) => (raw && cursors.accepts(raw, expected) ? raw : undefined);
  const after = cursor(request.after);
  const before = after ? undefined : cursor(request.before);
  const query: RowsQuery<ColumnOf<Table>> = {
    size: request.size,
    after,
    before,
    sort: request.sort,
    filters: request.filters,
    search,
    fingerprint,
  };
  const page = await listRows(db, cursors, definition, organizationId, query);
  const backwards = before !== undefined;
  return {
    rows: page.rows,
    next: (backwards || page.hasMore) && page.afterCursor !== null ? page.afterCursor : undefined,
    prev:
      (backwards ? page.hasMore : after !== undefined) && page.beforeCursor !== null
        ? page.beforeCursor
        : undefined,
    incomplete: page.incomplete === true,
  };
}
