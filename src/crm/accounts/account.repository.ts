/** Accounts' rows, and what refers to them (contacts, bookings). */
import type { Insertable } from 'kysely';
import type { Trx } from '../../db/database.js';
import { insertInChunks } from '../../db/insert-in-chunks.js';
import type { RowOf } from '../data/rows.js';
import type { AccountTable } from './account.value.js';
import { countOf } from '../../db/aggregates.js';

export async function insertAccounts(trx: Trx, rows: readonly Insertable<AccountTable>[]): Promise<void> {
  await insertInChunks(trx, 'accounts', rows);
}

export async function countBookingsOfAccount(trx: Trx, accountId: string): Promise<number> {
  return countOf(
    trx
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId),
  );
}

export async function contactsOfAccount(trx: Trx, accountId: string): Promise<Array<RowOf<'contacts'>>> {
  return trx.selectFrom('contacts').selectAll().where('account_id', '=', accountId).execute();
}
