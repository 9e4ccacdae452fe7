/**
 * No double booking survives a change of a space (SPEC §11): a space that stops being shareable,
 * or gains parts, may make two definite bookings' events that held it side by side clash. Such a
 * change is refused with a 409 `space_conflict` naming both bookings. Only events occupying the
 * changed space can start to clash: those holding it, and those holding a combined space it is a
 * part of (parts are one level deep), so those are the ones looked at, against every space that
 * now clashes with theirs (`spaces`: the organization's spaces as they are after the change).
 */
import type { Db, Trx } from '../../db/database.js';
import {
  type Holding,
  holdingOf,
  type SpaceChange,
  type SpaceClash,
  SpaceConflictError,
} from './event-clash.js';
import { clashingSpaces, type SpaceShape } from './occupancy.js';

/** Two definite bookings' events that clash in the space once it is changed. */
export interface SpaceChangeClash {
  holding: Holding;
  other: Holding;
}

/** The first clash (the pair whose later hold ends first) the changed space would let stand. */
export async function clashOfSpaceChange(
  db: Db | Trx,
  organizationId: string,
  spaceId: string,
  spaces: ReadonlyMap<string, SpaceShape>,
): Promise<SpaceChangeClash | undefined> {
  const occupying = [...spaces.values()].filter((s) => s.id === spaceId || s.parts.includes(spaceId));
  let first: { a: string; aSpace: string; b: string; bSpace: string; until: string } | undefined;
  for (const space of occupying) {
    const others = clashingSpaces([space.id], spaces);
    if (others.length === 0) continue;
    const pair = await db
      .selectFrom('event_spaces as a')
      .innerJoin('event_spaces as b', (join) =>
        join
          .onRef('b.booking_id', '<>', 'a.booking_id')
          .onRef('b.occupied_from', '<', 'a.occupied_until')
          .onRef('b.occupied_until', '>', 'a.occupied_from'),
      )
      .select([
        'a.event_id as a_event',
        'b.event_id as b_event',
        'b.space_id as b_space',
        'b.occupied_until as b_until',
      ])
      .where('a.organization_id', '=', organizationId)
      .where('a.space_id', '=', space.id)
      .where('a.status', '=', 'definite')
      .where('b.space_id', 'in', others)
      .where('b.status', '=', 'definite')
      .orderBy('b.occupied_until')
      .orderBy('b.event_id')
      .limit(1)
      .executeTakeFirst();
    if (pair && (first === undefined || pair.b_until < first.until)) {
      first = {
        a: pair.a_event,
        aSpace: space.id,
        b: pair.b_event,
        bSpace: pair.b_space,
        until: pair.b_until,
      };
    }
  }
  if (!first) return undefined;
  const [holding, other] = await Promise.all([
    holdingOf(db, first.a, first.aSpace),
    holdingOf(db, first.b, first.bSpace),
  ]);
  return holding && other ? { holding, other } : undefined;
}

export type { SpaceChange };

/**
 * Refused: after the change, two definite bookings' events would clash; `holding` is the event of
 * the one, `clash` (as with every space conflict) the other's.
 */
export class SpaceChangeConflictError extends SpaceConflictError {
  constructor(
    readonly spaceName: string,
    readonly change: SpaceChange,
    readonly holding: Holding,
    other: Holding,
  ) {
    const what = change === 'parts' ? 'take these parts' : 'stop being shared';
    const [a, b] = holding.occupiedFrom <= other.occupiedFrom ? [holding, other] : [other, holding];
    super(
      other,
      `${spaceName} cannot ${what}: ${a.reference} (definite), its event "${a.eventName}" in ${a.spaceName}, and ${b.reference} (definite), its event "${b.eventName}" in ${b.spaceName}, would then hold it at overlapping times (${a.occupiedFrom} to ${a.occupiedUntil} and ${b.occupiedFrom} to ${b.occupiedUntil}).`,
      change === 'parts' ? '/data/relationships/parts/data' : '/data/attributes/shareable',
    );
  }

  override payload(): SpaceClash {
    return { clash: this.clash, change: { kind: this.change, holding: this.holding } };
  }
}
