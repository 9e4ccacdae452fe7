/**
 * The organization's records as CSV cells, oldest first (src/crm/records-in-order.ts).
 * Relationships are ids, with `account_name` beside `account_id` (and the names of a booking's
 * stage and referral source beside theirs) and `booking_reference` beside `booking_id` so the file reads well and imports into another organization (references.ts);
 * lists are joined by `;`, with the spaces' names beside their ids.
 */
import { spaceIds } from '../crm/data/row-mappers.js';
import { eventTypesOf } from '../crm/event-types/index.js';
import { eventsInOrder, recordsInOrder } from '../crm/records-in-order.js';
import { namesOfSpaces, roomNames, spaceNamesOf } from '../crm/spaces/index.js';
import type { Db } from '../db/database.js';
import { type Cells, type ExportType, LIST_SEPARATOR } from './columns.js';

export type { Cells } from './columns.js';
import { lineItemsToExport, paymentsToExport } from './export-prices.js';
import { shownTotal } from '../crm/bookings/index.js';
import { namesById } from '../crm/pipelines/index.js';

/** Every record of the type in the organization, as cells. */
export async function* recordsToExport(
  db: Db,
  organizationId: string,
  type: ExportType,
): AsyncGenerator<Cells> {
  if (type === 'line_items') return yield* lineItemsToExport(db, organizationId);
  if (type === 'payments') return yield* paymentsToExport(db, organizationId);
  if (type === 'accounts' || type === 'contacts') {
    yield* recordsInOrder(db, organizationId, type) as AsyncGenerator<Cells>;
    return;
  }
  const spaces = await spaceNamesOf(db, organizationId);
  if (type === 'events') {
    yield* eventsToExport(db, organizationId, spaces.names);
    return;
  }
  const [stages, sources] = await Promise.all([
    namesById(db, 'stages', organizationId),
    namesById(db, 'referral_sources', organizationId),
  ]);
  for await (const booking of recordsInOrder(db, organizationId, 'bookings')) {
    yield {
      ...booking,
      stage_name: booking.stage_id === null ? null : (stages.get(booking.stage_id) ?? null),
      referral_source_name:
        booking.referral_source_id === null ? null : (sources.get(booking.referral_source_id) ?? null),
      total_amount: shownTotal(booking),
      space_ids: spaceIds(booking).join(LIST_SEPARATOR),
      room_names: roomNames(booking.space_ids, spaces.names).join(LIST_SEPARATOR),
    };
  }
}

async function* eventsToExport(
  db: Db,
  organizationId: string,
  spaces: ReadonlyMap<string, string>,
): AsyncGenerator<Cells> {
  const types = new Map((await eventTypesOf(db, organizationId)).map((t) => [t.id, t.value]));
  for await (const { event, bookingReference } of eventsInOrder(db, organizationId)) {
    yield {
      id: event.id,
      booking_id: event.bookingId,
      booking_reference: bookingReference,
      name: event.name,
      start_at: event.startAt,
      end_at: event.endAt,
      setup_minutes: event.setupMinutes,
      teardown_minutes: event.teardownMinutes,
      guest_count: event.guestCount,
      guaranteed_count: event.guaranteedCount,
      setup_style: event.setupStyle,
      space_ids: event.spaceIds.join(LIST_SEPARATOR),
      event_type: event.eventTypeId === null ? null : (types.get(event.eventTypeId) ?? null),
      space_names: namesOfSpaces(event.spaceIds, spaces).join(LIST_SEPARATOR),
      status: event.status,
      created_at: event.createdAt,
      updated_at: event.updatedAt,
      // Read by the custom fields' columns (export-csv.ts), not a column of its own.
      custom_fields: event.customFields,
    };
  }
}
