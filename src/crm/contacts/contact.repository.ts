/** Contacts' rows. */
import type { Insertable } from 'kysely';
import type { Trx } from '../../db/database.js';
import { insertInChunks } from '../../db/insert-in-chunks.js';
import type { ContactTable } from './contact.table.js';

export async function insertContacts(trx: Trx, rows: readonly Insertable<ContactTable>[]): Promise<void> {
  await insertInChunks(trx, 'contacts', rows);
}
