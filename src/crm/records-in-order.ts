/**
 * The organization's records, oldest first, read in pages by keyset (keyset-pages.ts). Contacts and bookings
 * come with their account's name (bookings with their contact's e-mail too), events with their
 * booking's reference (as their values, `eventsInOrder`).
 */
import type { Db } from '../db/database.js';
import type { BookingRow } from './bookings/index.js';
import { decodeEvent, type EventValue } from './events/index.js';
import type { RowOf } from './data/rows.js';
import { PAGE, paged, type Position, pageWhere } from './keyset-pages.js';

interface Named {
  account_name: string | null;
}

/** The owner's e-mail address beside owner_id (an import into another organization finds the member by it). */
interface Owned {
  owner_email: string | null;
}

export interface RecordsInOrder {
  accounts: RowOf<'accounts'> & Owned;
  // The rows as the CSV reads them, column by column (its cells are the columns' own).
  contacts: RowOf<'contacts'> & Named;
  bookings: BookingRow & Named & Owned & { contact_email: string | null };
  events: RowOf<'events'> & { booking_reference: string | null };
}

/** A page of the kind's records; contacts and bookings each with its account's name, events with their booking's reference. */
function pageOf<Kind extends keyof RecordsInOrder>(kind: Kind) {
  return (db: Db, organizationId: string, position?: Position) => {
    const page = db
      .selectFrom(`${kind} as r` as 'contacts as r')
      .selectAll('r')
      .where(pageWhere(organizationId, position))
      .orderBy('r.created_at')
      .orderBy('r.id')
      .limit(PAGE);
    const named =
      kind === 'accounts'
        ? page.leftJoin('users as u', 'u.id', 'r.owner_id' as 'r.id').select('u.email as owner_email')
        : kind === 'events'
          ? // The page is typed as contacts' (above); the column is the event's own.
            page
              .leftJoin('bookings as b', 'b.id', 'r.booking_id' as 'r.id')
              .select('b.reference as booking_reference')
          : kind === 'bookings'
            ? page
                .leftJoin('accounts as a', 'a.id', 'r.account_id')
                .leftJoin('contacts as c', 'c.id', 'r.contact_id' as 'r.id')
                .leftJoin('users as u', 'u.id', 'r.owner_id' as 'r.id')
                .select(['a.name as account_name', 'c.email as contact_email', 'u.email as owner_email'])
            : page.leftJoin('accounts as a', 'a.id', 'r.account_id').select('a.name as account_name');
    return named.execute() as unknown as Promise<Array<RecordsInOrder[Kind]>>;
  };
}

const PAGES = {
  accounts: pageOf('accounts'),
  contacts: pageOf('contacts'),
  bookings: pageOf('bookings'),
  events: pageOf('events'),
};

/** Every record of the kind in the organization, oldest first, page by page. */
export async function* recordsInOrder<Kind extends keyof RecordsInOrder>(
  db: Db,
  organizationId: string,
  kind: Kind,
): AsyncGenerator<RecordsInOrder[Kind]> {
  yield* paged((position) => PAGES[kind](db, organizationId, position) as Promise<RecordsInOrder[Kind][]>);
}

/** Every event of the organization, oldest first, as its value with its booking's reference. */
export async function* eventsInOrder(
  db: Db,
  organizationId: string,
): AsyncGenerator<{ event: EventValue; bookingReference: string | null }> {
  for await (const row of recordsInOrder(db, organizationId, 'events')) {
    yield { event: decodeEvent(row), bookingReference: row.booking_reference };
  }
}
