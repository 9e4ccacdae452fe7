/**
 * What an event occupies (SPEC §11): each space it names and, for a combined space, each of its
 * parts; from `start_at − setup_minutes` to `end_at + teardown_minutes` (half-open). Two events
 * clash when their times overlap and what they occupy shares a space that is not shareable: an
 * event in the ballroom (salons A and B) clashes with one in salon A, one in salon A never with
 * one in salon B. Pure functions over the organization's spaces (a venue has tens of them).
 */

/** What occupancy needs to know of a space. */
export interface SpaceShape {
  id: string;
  name: string;
  shareable: boolean;
  parts: readonly string[];
}

/** The spaces an event naming `spaceIds` occupies: each of them and its parts. */
export function occupied(spaceIds: Iterable<string>, spaces: ReadonlyMap<string, SpaceShape>): Set<string> {
  const held = new Set<string>();
  for (const id of spaceIds) {
    held.add(id);
    for (const part of spaces.get(id)?.parts ?? []) held.add(part);
  }
  return held;
}

/** The spaces of `a` and `b` that both occupy and that cannot be shared. */
function shared(a: ReadonlySet<string>, b: ReadonlySet<string>, spaces: ReadonlyMap<string, SpaceShape>) {
  return [...a].filter((id) => b.has(id) && !spaces.get(id)?.shareable);
}

/**
 * The spaces an event could name that would clash with an event naming `spaceIds` (at
 * overlapping times): those whose occupancy shares a space that cannot be shared with its own.
 */
export function clashingSpaces(
  spaceIds: readonly string[],
  spaces: ReadonlyMap<string, SpaceShape>,
): string[] {
  const mine = occupied(spaceIds, spaces);
  return [...spaces.keys()].filter((id) => shared(mine, occupied([id], spaces), spaces).length > 0);
}

/** Whether two events naming these spaces would clash if their times overlap. */
export function spacesClash(
  a: readonly string[],
  b: readonly string[],
  spaces: ReadonlyMap<string, SpaceShape>,
): boolean {
  return shared(occupied(a, spaces), occupied(b, spaces), spaces).length > 0;
}

const MINUTE = 60_000;

/** The stretch an event occupies its spaces: from setup to teardown. */
export function occupiedStretch(event: {
  start_at: string;
  end_at: string;
  setup_minutes: number;
  teardown_minutes: number;
}): { from: string; until: string; minutes: number } {
  const from = Date.parse(event.start_at) - event.setup_minutes * MINUTE;
  const until = Date.parse(event.end_at) + event.teardown_minutes * MINUTE;
  return {
    from: new Date(from).toISOString(),
    until: new Date(until).toISOString(),
    minutes: Math.ceil((until - from) / MINUTE),
  };
}
