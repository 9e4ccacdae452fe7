/**
 * The rules of a space's fields (SPEC §7), one pure function over facts loaded first: a name
 * unique in the organization; a capacity of at least one guest, or none, and never below the
 * guest count of an open booking that holds it.
 */
import { type Checked, Problems } from '../validation.js';
import type { SpaceTable } from './space.table.js';

export interface SpaceInput {
  name?: string | undefined;
  capacity?: number | null | undefined;
}

export type SpaceChanges = Partial<Pick<SpaceTable, 'name' | 'capacity'>>;

export interface SpaceFacts {
  /** Whether another space of the organization has the name asked for. */
  nameTaken: boolean;
  /** Open bookings holding this space with more guests than the capacity asked for. */
  bookingsOver: number;
}

export function checkSpace(
  input: SpaceInput,
  current: SpaceTable | undefined,
  facts: SpaceFacts,
): Checked<SpaceChanges> {
  const problems = new Problems();
  const changes: SpaceChanges = {};
  if (input.name !== undefined || !current) {
    const name = input.name?.trim() ?? '';
    if (name === '') problems.attribute('name', 'A space needs a name.', 'blank');
    else if (facts.nameTaken)
      problems.attribute('name', `Another space is called "${name}" already.`, 'taken');
    changes.name = name;
  }
  if (input.capacity !== undefined) {
    const capacity = input.capacity;
    if (capacity !== null && (!Number.isInteger(capacity) || capacity < 1)) {
      problems.attribute('capacity', 'A capacity is a whole number of guests, at least 1.');
    } else if (capacity !== null && facts.bookingsOver > 0) {
      const over = facts.bookingsOver;
      problems.attribute(
        'capacity',
        `${over} open booking${over === 1 ? ' holds' : 's hold'} this space with more than ${capacity} guests.`,
        'below_bookings',
      );
    }
    changes.capacity = capacity;
  }
  return { value: changes, problems: problems.list };
}
