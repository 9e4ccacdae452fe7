/**
 * The organization's records as CSV cells, oldest first, read in pages by keyset on the
 * (organization_id, created_at, id) index each of these tables has: an export of any size holds
 * one page in memory at a time, and no page sorts the whole table. Relationships are ids, with
 * `account_name` beside `account_id` so the file reads well and imports into another
 * organization (references.ts).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { type CsvType, LIST_SEPARATOR } from './columns.js';

const PAGE = 1000;

export type Cells = Record<string, string | number | null>;

/** Where the previous page ended; undefined before the first page. */
interface Position {
  createdAt: string;
  id: string;
}

function after(alias: string, position: Position | undefined) {
  if (!position) return sql<boolean>`true`;
  return sql<boolean>`(${sql.ref(`${alias}.created_at`)}, ${sql.ref(`${alias}.id`)}) > (${position.createdAt}, ${position.id})`;
}

async function accountsPage(
  db: Db,
  organizationId: string,
  position: Position | undefined,
): Promise<Cells[]> {
  return db
    .selectFrom('accounts as a')
    .selectAll('a')
    .where('a.organization_id', '=', organizationId)
    .where(after('a', position))
    .orderBy('a.created_at')
    .orderBy('a.id')
    .limit(PAGE)
    .execute();
}

async function contactsPage(
  db: Db,
  organizationId: string,
  position: Position | undefined,
): Promise<Cells[]> {
  return db
    .selectFrom('contacts as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .selectAll('c')
    .select('a.name as account_name')
    .where('c.organization_id', '=', organizationId)
    .where(after('c', position))
    .orderBy('c.created_at')
    .orderBy('c.id')
    .limit(PAGE)
    .execute();
}

async function bookingsPage(
  db: Db,
  organizationId: string,
  position: Position | undefined,
): Promise<Cells[]> {
  const rows = await db
    .selectFrom('bookings as b')
    .leftJoin('accounts as a', 'a.id', 'b.account_id')
    .selectAll('b')
    .select('a.name as account_name')
    .where('b.organization_id', '=', organizationId)
    .where(after('b', position))
    .orderBy('b.created_at')
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
  let position: Position | undefined;
  for (;;) {
    const page = await PAGES[type](db, organizationId, position);
    yield* page;
    const last = page.at(-1);
    if (page.length < PAGE || !last) return;
    position = { createdAt: String(last.created_at), id: String(last.id) };
  }
}
