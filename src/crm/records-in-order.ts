/**
 * The organization's records, oldest first, read in pages by keyset on the (organization_id,
 * created_at, id) index each of these tables has: a reader of any number of them (an export)
 * holds one page in memory at a time, and no page sorts the whole table. Contacts and bookings
 * come with their account's name.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { AccountTable } from './accounts/account.table.js';
import type { Booking } from './bookings/booking.table.js';
import type { ContactTable } from './contacts/contact.table.js';

const PAGE = 1000;

/** Where the previous page ended; undefined before the first page. */
interface Position {
  createdAt: string;
  id: string;
}

interface Named {
  account_name: string | null;
}

export interface RecordsInOrder {
  accounts: AccountTable;
  contacts: ContactTable & Named;
  bookings: Booking & Named;
}

function after(alias: string, position: Position | undefined) {
  if (!position) return sql<boolean>`true`;
  return sql<boolean>`(${sql.ref(`${alias}.created_at`)}, ${sql.ref(`${alias}.id`)}) > (${position.createdAt}, ${position.id})`;
}

const PAGES: {
  [Kind in keyof RecordsInOrder]: (db: Db, org: string, at?: Position) => Promise<RecordsInOrder[Kind][]>;
} = {
  accounts: (db, organizationId, position) =>
    db
      .selectFrom('accounts as a')
      .selectAll('a')
      .where('a.organization_id', '=', organizationId)
      .where(after('a', position))
      .orderBy('a.created_at')
      .orderBy('a.id')
      .limit(PAGE)
      .execute(),
  contacts: (db, organizationId, position) =>
    db
      .selectFrom('contacts as c')
      .leftJoin('accounts as a', 'a.id', 'c.account_id')
      .selectAll('c')
      .select('a.name as account_name')
      .where('c.organization_id', '=', organizationId)
      .where(after('c', position))
      .orderBy('c.created_at')
      .orderBy('c.id')
      .limit(PAGE)
      .execute(),
  bookings: (db, organizationId, position) =>
    db
      .selectFrom('bookings as b')
      .leftJoin('accounts as a', 'a.id', 'b.account_id')
      .selectAll('b')
      .select('a.name as account_name')
      .where('b.organization_id', '=', organizationId)
      .where(after('b', position))
      .orderBy('b.created_at')
      .orderBy('b.id')
      .limit(PAGE)
      .execute(),
};

/** Every record of the kind in the organization, oldest first, page by page. */
export async function* recordsInOrder<Kind extends keyof RecordsInOrder>(
  db: Db,
  organizationId: string,
  kind: Kind,
): AsyncGenerator<RecordsInOrder[Kind]> {
  let position: Position | undefined;
  for (;;) {
    const page = (await PAGES[kind](db, organizationId, position)) as RecordsInOrder[Kind][];
    yield* page;
    const last = page.at(-1);
    if (page.length < PAGE || !last) return;
    position = { createdAt: last.created_at, id: last.id };
  }
}
