/** The events outbox: written in the transaction of the change it tells of; read by id for delivery. */
import type { Db, Trx } from '../db/database.js';
import { precompiledStatement } from '../db/precompiled.js';
import type { EventTable } from './event.table.js';

/** Every write adds an event: the insert is compiled once. */
const insertEventRow = precompiledStatement(
  (db, row: { id: string; organizationId: string; type: string; data: string; createdAt: string }) =>
    db.insertInto('events').values({
      id: row.id,
      organization_id: row.organizationId,
      type: row.type,
      data: row.data,
      created_at: row.createdAt,
      updated_at: row.createdAt,
    }),
);

export async function insertEvent(trx: Trx, row: EventTable): Promise<void> {
  await insertEventRow(trx, {
    id: row.id,
    organizationId: row.organization_id,
    type: row.type,
    data: row.data,
    createdAt: row.created_at,
  });
}

export async function findEvent(db: Db, id: string): Promise<EventTable | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes events older than `before` (EVENT_RETENTION); their deliveries go with them. */
export async function pruneEvents(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('events').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
