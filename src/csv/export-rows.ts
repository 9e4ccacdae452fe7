/**
 * The organization's records as CSV cells, read in pages in id order (so an export of any size
 * holds one page in memory at a time). Relationships are ids, with `account_name` beside
 * `account_id` so the file reads well and imports into another organization (references.ts).
 */
import type { Db } from '../db/database.js';
import { type CsvType, LIST_SEPARATOR } from './columns.js';

const PAGE = 1000;

export type Cells = Record<string, string | number | null>;

async function accountsPage(db: Db, organizationId: string, after: string): Promise<Cells[]> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(PAGE)
    .execute();
}

async function contactsPage(db: Db, organizationId: string, after: string): Promise<Cells[]> {
  return db
    .selectFrom('contacts as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .selectAll('c')
    .select('a.name as account_name')
    .where('c.organization_id', '=', organizationId)
    .where('c.id', '>', after)
    .orderBy('c.id')
    .limit(PAGE)
    .execute();
}

async function bookingsPage(db: Db, organizationId: string, after: string): Promise<Cells[]> {
  const rows = await db
    .selectFrom('bookings as b')
    .leftJoin('accounts as a', 'a.id', 'b.account_id')
    .selectAll('b')
    .select('a.name as account_name')
    .where('b.organization_id', '=', organizationId)
    .where('b.id', '>', after)
    .orderBy('b.id')
    .limit(PAGE)
    .execute();
  return rows.map((row) => ({
    ...row,
    total_amount: Number(row.total_amount),
    space_ids: (JSON.parse(row.space_ids) as string[]).join(LIST_SEPARATOR),
    room_names: (JSON.parse(row.room_names) as string[]).join(LIST_SEPARATOR),
  }));
}

const PAGES = { accounts: accountsPage, contacts: contactsPage, bookings: bookingsPage };

/** Every record of the type in the organization, page by page. */
export async function* recordsToExport(db: Db, organizationId: string, type: CsvType): AsyncGenerator<Cells> {
  let after = '';
  for (;;) {
    const page = await PAGES[type](db, organizationId, after);
    yield* page;
    if (page.length < PAGE) return;
    after = String(page[page.length - 1]!.id);
  }
}
