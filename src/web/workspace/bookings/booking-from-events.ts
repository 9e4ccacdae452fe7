/**
 * What a booking's several events give it (SPEC §11: its times, spaces and guests are theirs),
 * for its edit form to show read-only with the way to its events. One event or none: the form
 * types them itself.
 */
import { countText } from '../../../locale.js';
import type { Db } from '../../../db/database.js';
import { bookingEvents } from '../../../crm/events/index.js';
import type { BookingRow } from '../../../crm/bookings/index.js';
import type { Space } from '../../../crm/spaces/index.js';
import { organizationOf } from '../../../crm/organization/index.js';
import { bookingTimes } from '../time-zones.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import { spaceIdsOf } from './booking-badges.js';
import type { FromEvents } from './booking-from-events.view.js';

export async function fromEventsOf(
  db: Db,
  v: WorkspaceVisitor,
  booking: BookingRow,
  spaces: readonly Space[],
): Promise<FromEvents | undefined> {
  const org = v.organization.organizationId;
  const events = await bookingEvents({ db }, org, booking.id);
  if (events.length <= 1) return undefined;
  const zone = (await organizationOf(db, org))?.timezone ?? booking.timezone;
  const names = new Map(spaces.map((s) => [s.id, s.name]));
  return {
    count: events.length,
    when: bookingTimes(booking, zone),
    spaces: spaceIdsOf(booking)
      .map((id) => names.get(id) ?? '')
      .filter(Boolean)
      .join(', '),
    guests: booking.guest_count === null ? '' : `${countText(booking.guest_count)} guests`,
    href: orgPath(v, `/bookings/${booking.id}#events-title`),
  };
}
