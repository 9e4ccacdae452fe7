/**
 * The rules of a space's fields (SPEC §7, §11), one pure function over facts loaded first: a name
 * unique in the organization; a capacity of at least one guest, or none, and capacities by setup
 * style, never below the guests of an open event held there (for its setup style); parts that are the
 * organization's spaces, one level deep (a part has no parts, a combined space is no part) and
 * never the space itself; an area in whole square metres, and a time it was archived, or none
 * (SPEC §15).
 */
import { SETUP_STYLES } from './space.table.js';
import type { SpaceFact } from '../facts.js';
import { type Checked, instant, Problems } from '../validation.js';
import type { Space, SpaceChanges } from './space.value.js';

export interface SpaceInput {
  name?: string | undefined;
  capacity?: number | null | undefined;
  shareable?: boolean | undefined;
  capacities?: Readonly<Record<string, number>> | undefined;
  /** The parts of a combined space (replacing the set), when given. */
  partIds?: readonly string[] | undefined;
  area?: number | null | undefined;
  /** When it was archived (RFC 3339); null brings it back. */
  archivedAt?: string | null | undefined;
}

export type { SpaceChanges } from './space.value.js';

/** What the rules know of another space of the organization. */
export interface SpaceRelation {
  /** Its own parts. */
  parts: readonly string[];
  /** Whether it is a part of some combined space. */
  isPart: boolean;
}

export interface SpaceFacts {
  /** Whether another space of the organization has the name asked for. */
  nameTaken: boolean;
  /** Open bookings holding this space with more guests than the capacity asked for. */
  bookingsOver: number;
  /** The organization's spaces named as parts, by id (absent: no such space). */
  spaces: ReadonlyMap<string, SpaceRelation>;
  /** Whether the space changed is a part of a combined space. */
  isPart: boolean;
}

export function checkSpace(
  input: SpaceInput,
  current: Space | undefined,
  facts: SpaceFacts,
): Checked<SpaceChanges> {
  const problems = new Problems();
  const changes: SpaceChanges = {};
  if (!current) Object.assign(changes, { capacity: null, area: null, archivedAt: null });
  if (input.name !== undefined || !current) {
    const name = input.name?.trim() ?? '';
    if (name === '') problems.attribute('name', 'A space needs a name.', 'blank');
    else if (facts.nameTaken)
      problems.attribute('name', `Another space is called "${name}" already.`, 'taken');
    problems.text('name', name, 'name');
    changes.name = name;
  }
  // Open bookings whose events would no longer fit what the space takes for their setup style
  // (else in general): named on the capacity changed, or on capacities when only they change.
  const over = facts.bookingsOver;
  const holding = `${over} open booking${over === 1 ? ' holds' : 's hold'} this space`;
  if (input.capacity !== undefined) {
    const capacity = input.capacity;
    if (capacity !== null && (!Number.isInteger(capacity) || capacity < 1)) {
      problems.attribute('capacity', 'A capacity is a whole number of guests, at least 1.');
    } else if (over > 0) {
      problems.attribute(
        'capacity',
        capacity === null
          ? `${holding} with more guests than it would take for their setup style.`
          : `${holding} with more than ${capacity} guests (or more than it would take for their setup style).`,
        'below_bookings',
      );
    }
    changes.capacity = capacity;
  } else if (input.capacities !== undefined && over > 0) {
    problems.attribute(
      'capacities',
      `${holding} with more guests than it would take for their setup style.`,
      'below_bookings',
    );
  }
  if (input.shareable !== undefined || !current) changes.shareable = input.shareable ?? false;
  if (input.capacities !== undefined || !current) {
    const capacities = input.capacities ?? {};
    const unknown = Object.keys(capacities).filter(
      (style) => !(SETUP_STYLES as readonly string[]).includes(style),
    );
    const bad = Object.entries(capacities).filter(([, n]) => !Number.isInteger(n) || n < 0);
    if (unknown.length > 0) {
      problems.attribute(
        'capacities',
        `${unknown.map((s) => `"${s}"`).join(', ')} ${unknown.length === 1 ? 'is not a setup style' : 'are not setup styles'}: use ${SETUP_STYLES.join(', ')}.`,
      );
    } else if (bad.length > 0) {
      problems.attribute('capacities', 'Each capacity is a whole number of guests, 0 or more.');
    }
    changes.capacities = Object.fromEntries(Object.entries(capacities).sort());
  }
  if (input.partIds !== undefined || !current) {
    const parts = [...new Set(input.partIds ?? [])];
    const missing = parts.filter((id) => !facts.spaces.has(id));
    if (missing.length > 0) {
      problems.relationship('parts', `No space with the id "${missing[0]}" exists in this organization.`);
    } else if (current && parts.includes(current.id)) {
      problems.relationship('parts', 'A space cannot be a part of itself.', 'invalid_parts');
    } else if (parts.length > 0 && facts.isPart) {
      problems.relationship(
        'parts',
        'This space is a part of a combined space, so it cannot have parts of its own (one level deep).',
        'invalid_parts',
      );
    } else if (parts.some((id) => (facts.spaces.get(id)?.parts.length ?? 0) > 0)) {
      problems.relationship(
        'parts',
        'A part cannot be a combined space itself (one level deep).',
        'invalid_parts',
      );
    }
    changes.partIds = parts;
  }
  if (input.area !== undefined) {
    if (input.area !== null && (!Number.isInteger(input.area) || input.area < 0)) {
      problems.attribute('area', 'An area is a whole number of square metres, 0 or more.');
    }
    changes.area = input.area;
  }
  if (input.archivedAt !== undefined) {
    const archivedAt = input.archivedAt === null ? null : instant(input.archivedAt);
    if (archivedAt === undefined) {
      problems.attribute('archived_at', `"${input.archivedAt}" is not a date and time that exists.`);
    }
    changes.archivedAt = archivedAt ?? null;
  }
  return { value: changes, problems: problems.list };
}

/**
 * An archived space takes no new events (SPEC §15): refused when a write names it anew; an event
 * that held it before keeps it.
 */
export function archivedProblem(
  problems: Problems,
  spaceIds: readonly string[],
  held: readonly string[],
  space: (id: string) => SpaceFact | undefined,
): void {
  const archived = spaceIds.map(space).find((s) => s?.archived && !held.includes(s.id));
  if (archived) {
    problems.relationship('spaces', `${archived.name} is archived: it takes no new events.`, 'archived');
  }
}
