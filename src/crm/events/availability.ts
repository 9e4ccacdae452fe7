/**
 * What is free when (SPEC §11): for a stretch of time (with the setup and teardown an event would
 * need) and, when given, a number of guests in a setup style, each space of the organization is
 * `free`, `held` (only options, lead or tentative, occupy it then) or `taken` (a definite event
 * occupies it: directly, through one of its parts, or through a combined space it is part of),
 * with the holds in the way and whether the guests fit. A shareable space is never taken: definite
 * events may share it. One read of the organization's holds around the stretch (event_spaces by
 * organization and start, looking back no further than its longest hold), then pure functions.
 */
import type { Db, Trx } from '../../db/database.js';
import type { BookingStatus } from '../bookings/beneath.js';
import { type SpaceFact, spacesOf } from '../facts.js';
import { longestHold } from '../occupancy/index.js';
import { capacityFor } from './event-rules.js';
import { occupied, spacesClash } from '../occupancy/index.js';

export interface AvailabilityQuery {
  startAt: string;
  endAt: string;
  guestCount?: number | undefined;
  setupStyle?: string | undefined;
  setupMinutes?: number | undefined;
  teardownMinutes?: number | undefined;
}

export interface Hold {
  booking_id: string;
  booking_reference: string;
  booking_name: string;
  status: BookingStatus;
  event_id: string;
  event_name: string;
  start_at: string;
  end_at: string;
}

export interface SpaceAvailability {
  spaceId: string;
  spaceName: string;
  /** The guests it takes for the setup style asked about (else its capacity); null: no limit set. */
  capacity: number | null;
  /** Whether the guests asked about fit (true when none were). */
  fits: boolean;
  /** Definite events may share it: it is held, never taken. */
  shareable: boolean;
  state: 'free' | 'held' | 'taken';
  holds: Hold[];
}

const OPEN: readonly BookingStatus[] = ['lead', 'tentative', 'definite'];
const MINUTE = 60_000;

interface HoldRow extends Hold {
  space_id: string;
}

/** Every open hold of the organization's spaces that overlaps [from, until). */
async function holdsAround(
  db: Db | Trx,
  organizationId: string,
  from: string,
  until: string,
): Promise<HoldRow[]> {
  const lowest = new Date(Date.parse(from) - (await longestHold(db, organizationId)) * MINUTE).toISOString();
  return db
    .selectFrom('event_spaces as es')
    .innerJoin('events as e', 'e.id', 'es.event_id')
    .innerJoin('bookings as b', 'b.id', 'es.booking_id')
    .select([
      'es.space_id',
      'es.booking_id',
      'b.reference as booking_reference',
      'b.name as booking_name',
      'es.status',
      'es.event_id',
      'e.name as event_name',
      'e.start_at',
      'e.end_at',
    ])
    .where('es.organization_id', '=', organizationId)
    .where('es.occupied_from', '<', until)
    .where('es.occupied_from', '>=', lowest)
    .where('es.occupied_until', '>', from)
    .where('es.status', 'in', [...OPEN])
    .orderBy('e.start_at')
    .orderBy('es.event_id')
    .execute();
}

/** Each space's state for the query, given the holds around it. */
export function availabilityOf(
  query: AvailabilityQuery,
  spaces: ReadonlyMap<string, SpaceFact>,
  holds: readonly HoldRow[],
): SpaceAvailability[] {
  const style = query.setupStyle ?? null;
  // An archived space is offered to nobody; it still joins its combined spaces' clashes.
  return [...spaces.values()]
    .filter((space) => !space.archived)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1))
    .map((space) => {
      const mine = occupied([space.id], spaces);
      const touching = holds.filter((h) => [...occupied([h.space_id], spaces)].some((id) => mine.has(id)));
      const taken = touching.some(
        (h) => h.status === 'definite' && spacesClash([space.id], [h.space_id], spaces),
      );
      const capacity = capacityFor(space, style);
      const seen = new Set<string>();
      return {
        spaceId: space.id,
        spaceName: space.name,
        capacity,
        fits: query.guestCount === undefined || capacity === null || query.guestCount <= capacity,
        shareable: space.shareable,
        state: taken ? 'taken' : touching.length > 0 ? 'held' : 'free',
        holds: touching
          .filter((h) => !seen.has(h.event_id) && seen.add(h.event_id))
          .map(({ space_id: _space, ...hold }) => hold),
      };
    });
}

/** The organization's spaces for the query. */
export async function availability(
  db: Db | Trx,
  organizationId: string,
  query: AvailabilityQuery,
): Promise<SpaceAvailability[]> {
  const from = new Date(Date.parse(query.startAt) - (query.setupMinutes ?? 0) * MINUTE).toISOString();
  const until = new Date(Date.parse(query.endAt) + (query.teardownMinutes ?? 0) * MINUTE).toISOString();
  const [spaces, holds] = await Promise.all([
    spacesOf(db, organizationId),
    holdsAround(db, organizationId, from, until),
  ]);
  return availabilityOf(query, spaces, holds);
}
