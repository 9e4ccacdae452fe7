/** How each kind of record is read from a row, stored, and told of, for an import. */
import { accountDefinition } from '../crm/accounts/account.resource.js';
import type { AccountTable } from '../crm/accounts/account.table.js';
import { bookingDefinition } from '../crm/bookings/booking.resource.js';
import type { Booking } from '../crm/bookings/booking.table.js';
import { contactDefinition } from '../crm/contacts/contact.resource.js';
import type { ContactTable } from '../crm/contacts/contact.table.js';
import type { Trx } from '../db/database.js';
import { insertInChunks } from '../db/insert-in-chunks.js';
import { accountFromRow } from './account-rows.js';
import { bookingFromRow } from './booking-rows.js';
import { recordCreatedInBulk } from './bulk-events.js';
import type { CsvType } from './columns.js';
import { contactFromRow } from './contact-rows.js';
import type { LookupNeeds, Lookups } from './lookups.js';
import type { CsvRow } from './read-rows.js';
import type { RowErrors } from './row-errors.js';
import type { NewRecord } from './stamp.js';

/** Rows per insert statement: well under SQLite's 32,766 bound parameters and PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 400;

export type ImportedRow = AccountTable | ContactTable | Booking;

export interface ImportKind<Row extends ImportedRow = ImportedRow> {
  needs: LookupNeeds;
  fromRow(row: CsvRow, errors: RowErrors, lookups: Lookups, stamp: NewRecord): Row;
  insert(trx: Trx, rows: readonly Row[]): Promise<void>;
  /** Writes the `*.created` events (bulk-events.ts). */
  tell(
    trx: Trx,
    organizationId: string,
    rows: readonly Row[],
    now: number,
    onProgress: (done: number) => void,
  ): Promise<void>;
}

async function insertBookingsWithSpaces(trx: Trx, rows: readonly Booking[]): Promise<void> {
  await insertInChunks(trx, 'bookings', rows, ROWS_PER_INSERT);
  const holdings = rows.flatMap((booking) =>
    (JSON.parse(booking.space_ids) as string[]).map((spaceId) => ({
      booking_id: booking.id,
      space_id: spaceId,
    })),
  );
  await insertInChunks(trx, 'booking_spaces', holdings, ROWS_PER_INSERT * 4);
}

const accounts: ImportKind<AccountTable> = {
  needs: {},
  fromRow: accountFromRow,
  insert: (trx, rows) => insertInChunks(trx, 'accounts', rows, ROWS_PER_INSERT),
  tell: (trx, org, rows, now, onProgress) =>
    recordCreatedInBulk(trx, accountDefinition, org, rows, now, onProgress),
};

const contacts: ImportKind<ContactTable> = {
  needs: { accounts: true },
  fromRow: contactFromRow,
  insert: (trx, rows) => insertInChunks(trx, 'contacts', rows, ROWS_PER_INSERT),
  tell: (trx, org, rows, now, onProgress) =>
    recordCreatedInBulk(trx, contactDefinition, org, rows, now, onProgress),
};

const bookings: ImportKind<Booking> = {
  needs: { accounts: true, contacts: true, spaces: true },
  fromRow: bookingFromRow,
  insert: insertBookingsWithSpaces,
  tell: (trx, org, rows, now, onProgress) =>
    recordCreatedInBulk(trx, bookingDefinition, org, rows, now, onProgress),
};

/** Each kind; the row types line up per kind, which a lookup by a runtime type cannot show the compiler. */
export const IMPORT_KINDS = { accounts, contacts, bookings } as unknown as Record<CsvType, ImportKind>;
