/** Contacts' rows, and the bookings that name them. */
import type { Insertable } from 'kysely';
import { isoTime } from '../../clock.js';
import type { Trx } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { insertInChunks } from '../../db/insert-in-chunks.js';
import type { ContactTable } from './contact.table.js';

export async function insertContacts(trx: Trx, rows: readonly Insertable<ContactTable>[]): Promise<void> {
  await insertInChunks(trx, 'contacts', rows);
}

export async function insertContact(
  trx: Trx,
  organizationId: string,
  fields: Partial<ContactTable>,
  now: string,
): Promise<ContactTable> {
  const row: ContactTable = {
    account_id: null,
    first_name: '',
    last_name: '',
    email: null,
    phone: null,
    title: null,
    ...fields,
    id: newId(Date.parse(now)),
    organization_id: organizationId,
    created_at: now,
    updated_at: now,
  };
  await trx.insertInto('contacts').values(row).execute();
  return row;
}

/** A deleted contact leaves the bookings that named it (each moves to a new version). */
export async function detachFromBookings(trx: Trx, contactId: string, now: number): Promise<string[]> {
  const rows = await trx
    .updateTable('bookings')
    .set({ contact_id: null, updated_at: isoTime(now) })
    .where('contact_id', '=', contactId)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
