/**
 * The organization's records as CSV cells, oldest first (src/crm/records-in-order.ts).
 * Relationships are ids, with `account_name` beside `account_id` so the file reads well and
 * imports into another organization (references.ts); lists are joined by `;`.
 */
import { recordsInOrder } from '../crm/records-in-order.js';
import { roomNames, spaceNamesOf } from '../crm/spaces/space-names.js';
import type { Db } from '../db/database.js';
import { type CsvType, LIST_SEPARATOR } from './columns.js';

export type Cells = Record<string, string | number | null>;

/** Every record of the type in the organization, as cells. */
export async function* recordsToExport(db: Db, organizationId: string, type: CsvType): AsyncGenerator<Cells> {
  if (type !== 'bookings') {
    yield* recordsInOrder(db, organizationId, type) as AsyncGenerator<Cells>;
    return;
  }
  const spaces = await spaceNamesOf(db, organizationId);
  for await (const booking of recordsInOrder(db, organizationId, 'bookings')) {
    yield {
      ...booking,
      total_amount: Number(booking.total_amount),
      space_ids: (JSON.parse(booking.space_ids) as string[]).join(LIST_SEPARATOR),
      room_names: roomNames(booking.space_ids, spaces.names).join(LIST_SEPARATOR),
    };
  }
}
