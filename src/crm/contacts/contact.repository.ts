/** Contacts' rows, and the bookings that name them. */
import type { Insertable } from 'kysely';
import type { Trx } from '../../db/database.js';
import { insertInChunks } from '../../db/insert-in-chunks.js';
import type { Booking } from '../bookings/booking.table.js';
import type { ContactTable } from './contact.table.js';

export async function insertContacts(trx: Trx, rows: readonly Insertable<ContactTable>[]): Promise<void> {
  await insertInChunks(trx, 'contacts', rows);
}

/** A contact's fields, unset. */
export const EMPTY_CONTACT = {
  account_id: null,
  first_name: '',
  last_name: '',
  email: null,
  phone: null,
  title: null,
};

export async function bookingsNamingContact(trx: Trx, contactId: string): Promise<Booking[]> {
  return trx.selectFrom('bookings').selectAll().where('contact_id', '=', contactId).execute();
}
