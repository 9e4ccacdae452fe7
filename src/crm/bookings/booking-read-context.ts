/**
 * What showing a booking needs besides its value, read once for all the bookings of a document:
 * its organization's space names (the room names) and which categories count as food and
 * beverage (the F&B shortfall), and its custom fields. Its stamp moves when any of them does.
 */
import type { Db, Trx } from '../../db/database.js';
import { type SpaceNames, spaceNamesOf } from '../spaces/index.js';
import { type CustomField, customFieldsOf } from '../custom-fields/index.js';
import type { Booking } from './booking.value.js';

export interface BookingReadContext extends SpaceNames {
  readonly fnbCategories: readonly string[];
  /** The organization's custom fields of bookings (SPEC §19), archived ones too. */
  readonly customFields: readonly CustomField[];
}

export async function bookingReadContext(db: Db | Trx, organizationId: string): Promise<BookingReadContext> {
  const [spaces, custom, organization] = await Promise.all([
    spaceNamesOf(db, organizationId),
    customFieldsOf(db, organizationId, 'bookings'),
    db
      .selectFrom('organizations')
      .select('fnb_categories')
      .where('id', '=', organizationId)
      .executeTakeFirst(),
  ]);
  const categories = organization?.fnb_categories ?? '[]';
  return {
    names: spaces.names,
    fnbCategories: JSON.parse(categories) as string[],
    customFields: custom.fields,
    stamp: `${spaces.stamp}:${categories}:${custom.stamp}`,
  };
}

/** The names of the spaces a booking holds, in its order (the API's room names). */
export function roomNamesOf(
  booking: Pick<Booking, 'spaceIds'>,
  names: ReadonlyMap<string, string>,
): string[] {
  return booking.spaceIds.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [name];
  });
}

/** What the booking's food and beverage lines fall short of its minimum (0 when they reach it). */
export function fnbShortfall(
  booking: Pick<Booking, 'fnbMinimum' | 'categoryTotals'>,
  fnbCategories: readonly string[],
): number {
  const spent = fnbCategories.reduce((sum, category) => sum + (booking.categoryTotals[category] ?? 0), 0);
  return Math.max(0, booking.fnbMinimum - spent);
}
