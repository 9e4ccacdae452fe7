/**
 * A booking's events are read by organization and booking, in order of start (event.reads.ts
 * `eventsOf`: the booking's page, the API's events of a booking, documents, the assistant). SQLite
 * keeps no statistics here (docs/performance.md: they made every paging statement prepare again),
 * and between `events_booking_idx` (booking_id, start_at), which leaves the order's `id` to a
 * sort, and `events_org_start_at_idx` (organization_id, start_at, id), which gives the whole
 * order, its planner took the organization's index and read every event of the organization to
 * find one booking's: 117-245 ms over 165,187 events. The booking's index names the organization
 * and the whole order too, so it is the one that narrows to the booking at once (0.05 ms); reads
 * by booking alone still start from it and sort the booking's few events.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_booking_idx').execute();
  await db.schema
    .createIndex('events_booking_idx')
    .on('events')
    .columns(['booking_id', 'organization_id', 'start_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_booking_idx').execute();
  await db.schema
    .createIndex('events_booking_idx')
    .on('events')
    .columns(['booking_id', 'start_at'])
    .execute();
}
