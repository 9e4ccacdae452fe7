import type { Insertable } from 'kysely';
import type { Trx } from '../../db/database.js';
import { insertInChunks } from '../../db/insert-in-chunks.js';
import type { AccountTable } from './account.table.js';

export async function insertAccounts(trx: Trx, rows: readonly Insertable<AccountTable>[]): Promise<void> {
  await insertInChunks(trx, 'accounts', rows);
}
