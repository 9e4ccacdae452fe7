/**
 * Writing spaces (SPEC §7), as units of work (src/writes/unit-of-work.ts): the rules of
 * space-rules.ts. A rename changes the space alone (its bookings' room_names are read from it,
 * src/crm/spaces/space-names.ts) and is told as `space.updated`; deleting a space that bookings
 * hold is refused.
 */
import type { Db, Trx } from '../../db/database.js';
import { ConflictError } from '../../errors.js';
import type { Actor } from '../../identity/actor.js';
import { createCommand, deleteCommand, updateCommand } from '../record-commands.js';
import { checkSpace, type SpaceFacts, type SpaceInput } from './space-rules.js';
import { countBookingsHolding, countBookingsOver, nameTaken } from './space.repository.js';
import { spaceDefinition } from './space.resource.js';
import type { SpaceTable } from './space.table.js';

export type { SpaceInput } from './space-rules.js';

async function spaceFacts(
  db: Db | Trx,
  actor: Actor,
  input: SpaceInput,
  current?: SpaceTable,
): Promise<SpaceFacts> {
  const name = input.name?.trim() ?? '';
  const capacity = input.capacity;
  return {
    nameTaken: name !== '' && (await nameTaken(db, actor.organizationId, name, current?.id)),
    bookingsOver:
      current && typeof capacity === 'number' && Number.isInteger(capacity)
        ? await countBookingsOver(db, current.id, capacity)
        : 0,
  };
}

async function judged(db: Db | Trx, actor: Actor, input: SpaceInput, current?: SpaceTable) {
  return checkSpace(input, current, await spaceFacts(db, actor, input, current));
}

/** Every problem of a space input, writing nothing (forms, and the API's one 422 per bad field). */
export async function spaceProblems(db: Db, actor: Actor, input: SpaceInput, current?: SpaceTable) {
  return (await judged(db, actor, input, current)).problems;
}

export const createSpace = createCommand<'spaces', SpaceInput>({
  definition: spaceDefinition,
  check: (trx, actor, input) => judged(trx, actor, input),
  values: (given) => ({ name: given.name ?? '', capacity: given.capacity ?? null }),
});

export const updateSpace = updateCommand<'spaces', SpaceInput>({
  definition: spaceDefinition,
  check: (trx, actor, input, current) => judged(trx, actor, input, current),
});

export const deleteSpace = deleteCommand({
  definition: spaceDefinition,
  async before({ trx }, current) {
    const held = await countBookingsHolding(trx, current.id);
    if (held > 0) {
      throw new ConflictError(
        `${held} booking${held === 1 ? ' holds' : 's hold'} this space; move ${held === 1 ? 'it' : 'them'} to another space first.`,
        'has_dependents',
      );
    }
  },
});
