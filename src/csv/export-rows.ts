/**
 * The organization's records as CSV cells, oldest first (src/crm/records-in-order.ts).
 * Relationships are ids, with `account_name` beside `account_id` and `booking_reference` beside
 * `booking_id` so the file reads well and imports into another organization (references.ts);
 * lists are joined by `;`, with the spaces' names beside their ids.
 */
import { recordsInOrder } from '../crm/records-in-order.js';
import { roomNames, spaceNamesOf } from '../crm/spaces/space-names.js';
import type { Db } from '../db/database.js';
import { type CsvType, LIST_SEPARATOR } from './columns.js';

export type Cells = Record<string, string | number | null>;

/** Every record of the type in the organization, as cells. */
export async function* recordsToExport(db: Db, organizationId: string, type: CsvType): AsyncGenerator<Cells> {
  if (type === 'accounts' || type === 'contacts') {
    yield* recordsInOrder(db, organizationId, type) as AsyncGenerator<Cells>;
    return;
  }
  const spaces = await spaceNamesOf(db, organizationId);
  if (type === 'events') {
    yield* eventsToExport(db, organizationId, spaces.names);
    return;
  }
  for await (const booking of recordsInOrder(db, organizationId, 'bookings')) {
    yield {
      ...booking,
      total_amount: Number(booking.total_amount),
      space_ids: (JSON.parse(booking.space_ids) as string[]).join(LIST_SEPARATOR),
      room_names: roomNames(booking.space_ids, spaces.names).join(LIST_SEPARATOR),
    };
  }
}

async function* eventsToExport(
  db: Db,
  organizationId: string,
  spaces: ReadonlyMap<string, string>,
): AsyncGenerator<Cells> {
  const count = (value: number | null) => (value === null ? null : Number(value));
  for await (const event of recordsInOrder(db, organizationId, 'events')) {
    yield {
      ...event,
      setup_minutes: Number(event.setup_minutes),
      teardown_minutes: Number(event.teardown_minutes),
      guest_count: count(event.guest_count),
      guaranteed_count: count(event.guaranteed_count),
      space_ids: (JSON.parse(event.space_ids) as string[]).join(LIST_SEPARATOR),
      space_names: roomNames(event.space_ids, spaces).join(LIST_SEPARATOR),
    };
  }
}
