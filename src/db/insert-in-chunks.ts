import type { Insertable } from 'kysely';
import type { Database, Trx } from './database.js';

/** Multi-row inserts in chunks, so no statement exceeds SQLite's bound-parameter limit. */
export async function insertInChunks<T extends keyof Database & string>(
  trx: Trx,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  chunkSize = 40,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunkSize) {
    // Kysely cannot relate a generic table name to its row type; the signature above checks it.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + chunkSize) as never)
      .execute();
  }
}
