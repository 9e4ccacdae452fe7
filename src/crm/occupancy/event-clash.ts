/**
 * No double booking (SPEC §7, §11): two events of different definite bookings may not occupy a
 * space that cannot be shared at overlapping times, setup and teardown included (occupancy.ts).
 * When several events clash, the one named is the one whose hold ends first (then by event id, then
 * by the space's name and id), wherever the check runs: a write asks the database (`findClash`: event_spaces by space
 * and the time held, looking back no further than the organization's longest hold), an import
 * picks it among the holdings it loaded at once (`firstClash`).
 */
import { payloadOf, type Refusal } from '../../writes/refusal.js';
import { aggregateOf } from '../../db/aggregates.js';
import type { Db, Trx } from '../../db/database.js';
import { ConflictError } from '../../errors.js';
import { clashingSpaces, type SpaceShape, spacesClash } from './occupancy.js';

/** A definite booking's event holding a space. */
export interface Holding {
  bookingId: string;
  /** Its booking's reference, or for a row of an import not yet written, how the import names it. */
  reference: string;
  /** Its booking's name. */
  name: string;
  eventId: string;
  eventName: string;
  spaceId: string;
  spaceName: string;
  /** The event's own times (without setup and teardown). */
  startAt: string;
  endAt: string;
  timezone: string;
  /** What it occupies: from its setup to its teardown. */
  occupiedFrom: string;
  occupiedUntil: string;
}

/** Spaces an event would hold from setup to teardown. */
export interface SpaceHold {
  spaceIds: readonly string[];
  from: string;
  until: string;
  /** The booking whose events are changed, which do not clash with each other. */
  exceptBookingId?: string | undefined;
}

/** What a change of a space does (space-change-clash.ts): give it new parts, or stop sharing it. */
export type SpaceChange = 'parts' | 'sharing';

/**
 * What a refusal of a double booking carries for a page (src/writes/refusal.ts): the other
 * booking's event holding the space, and for a change of a space, what changed and the event of
 * the one booking that would then clash with `clash`.
 */
export interface SpaceClash {
  clash: Holding;
  change?: { kind: SpaceChange; holding: Holding } | undefined;
}

/** Refused: the space is held then by another definite booking's event, which the error carries. */
export class SpaceConflictError extends ConflictError {
  constructor(
    readonly clash: Holding,
    detail = clashMessage(clash),
    pointer = '/data/relationships/spaces/data',
  ) {
    super(detail, 'space_conflict', { pointer });
  }

  override payload(): SpaceClash {
    return { clash: this.clash };
  }
}

/** The clash a refusal names, when it refused a double booking (its code, as the API's). */
export function spaceClashOf(refusal: Refusal): SpaceClash | undefined {
  return payloadOf<SpaceClash>(refusal, 409, 'space_conflict');
}

export function clashMessage(clash: Holding): string {
  return `${clash.spaceName} is already held by ${clash.reference} (definite), its event "${clash.eventName}", from ${clash.occupiedFrom} to ${clash.occupiedUntil}.`;
}

/** Whether `a` is named before `b` when both clash: the hold ending first, then by event, then by space. */
function namedFirst(a: Holding, b: Holding): boolean {
  if (a.occupiedUntil !== b.occupiedUntil) return a.occupiedUntil < b.occupiedUntil;
  if (a.eventId !== b.eventId) return a.eventId < b.eventId;
  if (a.spaceName !== b.spaceName) return a.spaceName < b.spaceName;
  return a.spaceId < b.spaceId;
}

/** The holding the hold would clash with, among `holdings` (an import's, loaded at once). */
export function firstClash(
  hold: SpaceHold,
  holdings: Iterable<Holding>,
  spaces: ReadonlyMap<string, SpaceShape>,
): Holding | undefined {
  let first: Holding | undefined;
  for (const holding of holdings) {
    const clashes =
      holding.occupiedFrom < hold.until &&
      holding.occupiedUntil > hold.from &&
      holding.bookingId !== hold.exceptBookingId &&
      spacesClash([holding.spaceId], hold.spaceIds, spaces);
    if (clashes && (first === undefined || namedFirst(holding, first))) first = holding;
  }
  return first;
}

/** The longest any event of the organization holds its spaces, in minutes (how far back to look). */
export async function longestHold(db: Db | Trx, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('booking_references')
    .select('longest_hold_minutes')
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return aggregateOf(row?.longest_hold_minutes) ?? 0;
}

/** Makes the organization's longest hold at least `minutes`. */
export async function noteHold(trx: Trx, organizationId: string, minutes: number): Promise<void> {
  await trx
    .updateTable('booking_references')
    .set({ longest_hold_minutes: minutes })
    .where('organization_id', '=', organizationId)
    .where('longest_hold_minutes', '<', minutes)
    .execute();
}

const back = (iso: string, minutes: number) => new Date(Date.parse(iso) - minutes * 60_000).toISOString();

interface Window {
  from: string;
  until: string;
  exceptBookingId?: string | undefined;
}

/**
 * Definite holdings of the spaces overlapping the window, first-named first, read through
 * event_spaces' (space_id, occupied_from) index from `lowest` (the window's start less the
 * organization's longest hold) on: never through the venue's whole past.
 */
export function holdingsQuery(db: Db | Trx, spaceIds: readonly string[], window: Window, lowest: string) {
  let query = holdingsSelect(db)
    .where('es.space_id', 'in', [...spaceIds])
    .where('es.status', '=', 'definite')
    .where('es.occupied_from', '<', window.until)
    .where('es.occupied_from', '>=', lowest)
    .where('es.occupied_until', '>', window.from)
    .orderBy('es.occupied_until')
    .orderBy('es.event_id')
    .orderBy('s.name')
    .orderBy('es.space_id');
  if (window.exceptBookingId) query = query.where('es.booking_id', '<>', window.exceptBookingId);
  return query;
}

/** What a holding is made of: an event's row of event_spaces, with its event, booking and space. */
function holdingsSelect(db: Db | Trx) {
  return db
    .selectFrom('event_spaces as es')
    .innerJoin('events as e', 'e.id', 'es.event_id')
    .innerJoin('bookings as b', 'b.id', 'es.booking_id')
    .innerJoin('spaces as s', 's.id', 'es.space_id')
    .select([
      'es.booking_id',
      'es.event_id',
      'es.space_id',
      'es.occupied_from',
      'es.occupied_until',
      'e.name as event_name',
      'e.start_at',
      'e.end_at',
      'b.reference',
      'b.name',
      'b.timezone',
      's.name as space_name',
    ]);
}

type HoldingRow = Awaited<ReturnType<ReturnType<typeof holdingsSelect>['execute']>>[number];

function toHolding(r: HoldingRow): Holding {
  return {
    bookingId: r.booking_id,
    reference: r.reference,
    name: r.name,
    eventId: r.event_id,
    eventName: r.event_name,
    spaceId: r.space_id,
    spaceName: r.space_name,
    startAt: r.start_at,
    endAt: r.end_at,
    timezone: r.timezone,
    occupiedFrom: r.occupied_from,
    occupiedUntil: r.occupied_until,
  };
}

/** The holding of one event in one space, if the event holds it. */
export async function holdingOf(
  db: Db | Trx,
  eventId: string,
  spaceId: string,
): Promise<Holding | undefined> {
  const row = await holdingsSelect(db)
    .where('es.event_id', '=', eventId)
    .where('es.space_id', '=', spaceId)
    .executeTakeFirst();
  return row && toHolding(row);
}

/** Definite holdings of the spaces from `from` to `until`, first-named first (`limit` of them). */
async function definiteHoldings(
  db: Db | Trx,
  organizationId: string,
  spaceIds: readonly string[],
  window: Window,
  limit?: number,
): Promise<Holding[]> {
  if (spaceIds.length === 0) return [];
  const lowest = back(window.from, await longestHold(db, organizationId));
  let query = holdingsQuery(db, spaceIds, window, lowest);
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map(toHolding);
}

/** The definite event (and the space of it) the hold would clash with, if any. */
export async function findClash(
  db: Db | Trx,
  organizationId: string,
  hold: SpaceHold,
  spaces: ReadonlyMap<string, SpaceShape>,
): Promise<Holding | undefined> {
  if (hold.spaceIds.length === 0) return undefined;
  const [first] = await definiteHoldings(db, organizationId, clashingSpaces(hold.spaceIds, spaces), hold, 1);
  return first;
}

/** Every definite holding of the organization's spaces between the times (an import checks against them). */
export function holdingsBetween(
  db: Db | Trx,
  organizationId: string,
  spaces: ReadonlyMap<string, SpaceShape>,
  window: { from: string; until: string },
): Promise<Holding[]> {
  return definiteHoldings(db, organizationId, [...spaces.keys()], window);
}
