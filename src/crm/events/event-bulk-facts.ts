/**
 * What the rules of many events written together (an import) need to know beyond their input:
 * every space of the organization (a venue has tens of them), and the bookings the entries name,
 * by id or by reference (BK-00001), read in blocks of ids rather than the organization's every
 * booking. Another organization's bookings are never among them, so naming one is refused exactly
 * like naming none.
 */
import type { Trx } from '../../db/database.js';
import { idsInOrganizationCondition } from '../../db/id-lookups.js';
import type { BookingRow } from '../bookings/beneath.js';
import { type EventType, eventTypesOf } from '../event-types/index.js';
import { type SpaceFact, spacesOf } from '../facts.js';

/** What an event's rules and the double-booking check need of its booking. */
export type BookingFact = Pick<
  BookingRow,
  'id' | 'reference' | 'name' | 'status' | 'timezone' | 'event_type'
>;

export interface EventBulkFacts {
  readonly spaces: ReadonlyMap<string, SpaceFact>;
  /** The organization's event types. */
  readonly eventTypes: readonly Pick<EventType, 'id' | 'value'>[];
  booking(id: string): BookingFact | undefined;
  /** The booking with this reference, written as shown (BK-00001) or in lower case. */
  bookingByReference(reference: string): BookingFact | undefined;
}

/** Ids and references per statement: well under either database's bound-parameter limit. */
const BLOCK = 500;

function blocks(values: Iterable<string>): string[][] {
  const all = [...new Set(values)].filter((v) => v !== '' && !v.includes('\u0000'));
  return Array.from({ length: Math.ceil(all.length / BLOCK) }, (_, i) =>
    all.slice(i * BLOCK, (i + 1) * BLOCK),
  );
}

const BOOKING_COLUMNS = ['id', 'reference', 'name', 'status', 'timezone', 'event_type'] as const;

export const normalReference = (reference: string) => reference.trim().toUpperCase();

export async function loadEventBulkFacts(
  trx: Trx,
  organizationId: string,
  named: { bookingIds: Iterable<string>; references: Iterable<string> },
): Promise<EventBulkFacts> {
  const found: BookingFact[] = [];
  for (const ids of blocks(named.bookingIds)) {
    found.push(
      ...(await trx
        .selectFrom('bookings')
        .select(BOOKING_COLUMNS)
        .where(idsInOrganizationCondition(trx, organizationId, ids))
        .execute()),
    );
  }
  for (const references of blocks([...named.references].map(normalReference))) {
    found.push(
      ...(await trx
        .selectFrom('bookings')
        .select(BOOKING_COLUMNS)
        .where('organization_id', '=', organizationId)
        .where('reference', 'in', references)
        .execute()),
    );
  }
  const byId = new Map(found.map((b) => [b.id, b]));
  const byReference = new Map(found.map((b) => [b.reference, b]));
  const spaces = await spacesOf(trx, organizationId);
  return {
    spaces,
    eventTypes: await eventTypesOf(trx, organizationId),
    booking: (id) => byId.get(id),
    bookingByReference: (reference) => byReference.get(normalReference(reference)),
  };
}
