/** The outbox of changes: written in the transaction of the change it tells of; read by id for delivery. */
import type { Db, Trx } from '../db/database.js';
import { precompiledStatement } from '../db/precompiled.js';
import type { ChangeTable } from './change.table.js';

/** Every write adds a change: the insert is compiled once. */
const insertChangeRow = precompiledStatement(
  (db, row: { id: string; organizationId: string; type: string; data: string; createdAt: string }) =>
    db.insertInto('changes').values({
      id: row.id,
      organization_id: row.organizationId,
      type: row.type,
      data: row.data,
      created_at: row.createdAt,
      updated_at: row.createdAt,
    }),
);

export async function insertChange(trx: Trx, row: ChangeTable): Promise<void> {
  await insertChangeRow(trx, {
    id: row.id,
    organizationId: row.organization_id,
    type: row.type,
    data: row.data,
    createdAt: row.created_at,
  });
}

export async function findChange(db: Db, id: string): Promise<ChangeTable | undefined> {
  return db.selectFrom('changes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes changes older than `before` (EVENT_RETENTION); their deliveries go with them. */
export async function pruneChanges(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('changes').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
