/**
 * No double booking (SPEC §7): two definite bookings may not hold one space at overlapping times
 * (half-open: one ending as the other starts does not clash). When several bookings clash, the
 * one named is the one ending first (then by id, then by the space's name), wherever the check
 * runs: one write asks the database for it (`findClash`, read through the organization's
 * (status, end_at) index from the new booking's start on, i.e. mostly bookings still to come),
 * an import picks it among the holdings it loaded at once (`firstClash`).
 */
import type { Db, Trx } from '../../db/database.js';
import { ConflictError } from '../../errors.js';

/** A definite booking holding a space from startAt to endAt. */
export interface Holding {
  bookingId: string;
  /** Its reference, or for a row of an import not yet written, how the import names it. */
  reference: string;
  name: string;
  spaceId: string;
  spaceName: string;
  startAt: string;
  endAt: string;
  timezone: string;
}

/** A stretch of time in some spaces that a definite booking would hold. */
export interface SpaceHold {
  spaceIds: readonly string[];
  startAt: string;
  endAt: string;
  /** The booking being changed, which does not clash with itself. */
  exceptId?: string | undefined;
}

/** Refused: the space is held then by another definite booking, which the error carries. */
export class SpaceConflictError extends ConflictError {
  constructor(readonly clash: Holding) {
    super(clashMessage(clash), 'space_conflict', { pointer: '/data/relationships/spaces/data' });
  }
}

export function clashMessage(clash: Holding): string {
  return `${clash.spaceName} is already booked by ${clash.reference} (definite) from ${clash.startAt} to ${clash.endAt}.`;
}

/** Whether `a` is named before `b` when both clash: the one ending first, then by id, then by the space asked first. */
function namedFirst(a: Holding, b: Holding, hold: SpaceHold): boolean {
  if (a.endAt !== b.endAt) return a.endAt < b.endAt;
  if (a.bookingId !== b.bookingId) return a.bookingId < b.bookingId;
  return hold.spaceIds.indexOf(a.spaceId) < hold.spaceIds.indexOf(b.spaceId);
}

const overlaps = (holding: Holding, hold: SpaceHold) =>
  holding.startAt < hold.endAt &&
  holding.endAt > hold.startAt &&
  holding.bookingId !== hold.exceptId &&
  hold.spaceIds.includes(holding.spaceId);

/** The holding the hold would clash with, among `holdings`. */
export function firstClash(hold: SpaceHold, holdings: Iterable<Holding>): Holding | undefined {
  let first: Holding | undefined;
  for (const holding of holdings) {
    if (overlaps(holding, hold) && (first === undefined || namedFirst(holding, first, hold))) first = holding;
  }
  return first;
}

/**
 * Definite bookings of the organization, other than the one changed, holding one of the spaces
 * at a time overlapping the hold's, in the order a clash is named (through the organization's
 * (status, end_at, id) index).
 */
export function clashingBookingsQuery(db: Db | Trx, organizationId: string, hold: SpaceHold) {
  let query = db
    .selectFrom('bookings as b')
    .select(['b.id', 'b.reference', 'b.name', 'b.start_at', 'b.end_at', 'b.timezone'])
    .where('b.organization_id', '=', organizationId)
    .where('b.status', '=', 'definite')
    .where('b.start_at', '<', hold.endAt)
    .where('b.end_at', '>', hold.startAt)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('booking_spaces as bs')
          .select('bs.space_id')
          .whereRef('bs.booking_id', '=', 'b.id')
          .where('bs.space_id', 'in', [...hold.spaceIds]),
      ),
    );
  if (hold.exceptId) query = query.where('b.id', '<>', hold.exceptId);
  return query.orderBy('b.end_at').orderBy('b.id');
}

/** The spaces among the hold's that each of the bookings holds, with their names. */
async function heldSpaces(db: Db | Trx, bookingIds: readonly string[], hold: SpaceHold) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom('booking_spaces as bs')
    .innerJoin('spaces as s', 's.id', 'bs.space_id')
    .select(['bs.booking_id', 'bs.space_id', 's.name'])
    .where('bs.booking_id', 'in', [...bookingIds])
    .where('bs.space_id', 'in', [...hold.spaceIds])
    .execute();
}

type BookingRow = Awaited<ReturnType<ReturnType<typeof clashingBookingsQuery>['execute']>>[number];

async function holdingsOf(
  db: Db | Trx,
  bookings: readonly BookingRow[],
  hold: SpaceHold,
): Promise<Holding[]> {
  const byId = new Map(bookings.map((b) => [b.id, b]));
  return (await heldSpaces(db, [...byId.keys()], hold)).map((held) => {
    const b = byId.get(held.booking_id)!;
    return {
      bookingId: b.id,
      reference: b.reference,
      name: b.name,
      spaceId: held.space_id,
      spaceName: held.name,
      startAt: b.start_at,
      endAt: b.end_at,
      timezone: b.timezone,
    };
  });
}

/** The definite booking (and the space of it) the hold would clash with, if any. */
export async function findClash(db: Db | Trx, organizationId: string, hold: SpaceHold) {
  if (hold.spaceIds.length === 0) return undefined;
  const first = await clashingBookingsQuery(db, organizationId, hold).limit(1).executeTakeFirst();
  return first && firstClash(hold, await holdingsOf(db, [first], hold));
}

/** Every definite holding of the spaces that overlaps the hold (an import checks against them). */
export async function holdingsBetween(db: Db | Trx, organizationId: string, hold: SpaceHold) {
  if (hold.spaceIds.length === 0) return [];
  const bookings = await clashingBookingsQuery(db, organizationId, hold).execute();
  const holdings: Holding[] = [];
  for (let i = 0; i < bookings.length; i += 500) {
    holdings.push(...(await holdingsOf(db, bookings.slice(i, i + 500), hold)));
  }
  return holdings;
}
