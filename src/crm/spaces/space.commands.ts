/**
 * Writing spaces (SPEC §7, §11), as units of work (src/writes/unit-of-work.ts): the rules of
 * space-rules.ts. A rename changes the space alone (its bookings' room_names are read from it,
 * src/crm/spaces/space-names.ts) and is told as `space.updated`; new parts of a combined space,
 * or a space no longer shared, that would make two definite bookings' events clash are refused
 * (409 space_conflict naming both);
 * deleting a space that events hold, or that is a part of a combined space, is refused.
 */
import type { Db, Trx } from '../../db/database.js';
import { ConflictError } from '../../errors.js';
import { spacesOf } from '../facts.js';
import type { Actor } from '../../identity/actor.js';
import { createCommand, deleteCommand, updateCommand } from '../record-commands.js';
import { clashOfSpaceChange, SpaceChangeConflictError } from './space-change-clash.js';
import { checkSpace, type SpaceFacts, type SpaceInput } from './space-rules.js';
import {
  combinedSpacesOf,
  countBookingsHolding,
  countBookingsOver,
  nameTaken,
  type SpaceLimits,
} from './space.repository.js';
import { spaceDefinition } from './space.resource.js';
import type { SpaceTable } from './space.table.js';
import { flag } from '../data/row-mappers.js';
import { SPACE_ACTIONS } from './space.policy.js';

export type { SpaceInput } from './space-rules.js';

async function spaceFacts(
  db: Db | Trx,
  actor: Actor,
  input: SpaceInput,
  current?: SpaceTable,
): Promise<SpaceFacts> {
  const name = input.name?.trim() ?? '';
  const all = await spacesOf(db, actor.organizationId);
  const partOf = new Set([...all.values()].flatMap((s) => s.parts));
  const limits = current && limitsAfter(input, current);
  return {
    nameTaken: name !== '' && (await nameTaken(db, actor.organizationId, name, current?.id)),
    bookingsOver: limits ? await countBookingsOver(db, current.id, limits) : 0,
    spaces: new Map([...all.values()].map((s) => [s.id, { parts: s.parts, isPart: partOf.has(s.id) }])),
    isPart: current !== undefined && partOf.has(current.id),
  };
}

/**
 * What the space would take after the change, when the change names its capacity or capacities
 * in whole numbers (the rules refuse the rest before counting matters); undefined otherwise.
 */
function limitsAfter(input: SpaceInput, current: SpaceTable): SpaceLimits | undefined {
  const { capacity, capacities } = input;
  if (capacity === undefined && capacities === undefined) return undefined;
  if (capacity !== undefined && capacity !== null && !Number.isInteger(capacity)) return undefined;
  if (capacities !== undefined && !Object.values(capacities).every((n) => Number.isInteger(n)))
    return undefined;
  return {
    capacity:
      capacity === undefined ? (current.capacity === null ? null : Number(current.capacity)) : capacity,
    capacities: capacities ?? (JSON.parse(current.capacities) as Record<string, number>),
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
  action: SPACE_ACTIONS.create,
  definition: spaceDefinition,
  check: (trx, actor, input) => judged(trx, actor, input),
  values: (given) => ({
    name: given.name ?? '',
    capacity: given.capacity ?? null,
    shareable: given.shareable ?? 0,
    capacities: given.capacities ?? '{}',
    part_ids: given.part_ids ?? '[]',
    area: given.area ?? null,
    archived_at: given.archived_at ?? null,
  }),
  async afterWrite({ trx, actor }, created) {
    await writeParts(trx, created);
    await refuseClashOfChange(trx, actor.organizationId, created);
  },
});

/** Makes space_parts say the space's parts (unchanged parts leave it as it is). */
async function writeParts(trx: Trx, space: SpaceTable, before = '[]') {
  if (space.part_ids === before) return;
  await trx.deleteFrom('space_parts').where('space_id', '=', space.id).execute();
  const parts = JSON.parse(space.part_ids) as string[];
  if (parts.length > 0) {
    await trx
      .insertInto('space_parts')
      .values(parts.map((part) => ({ space_id: space.id, part_id: part })))
      .execute();
  }
}

/**
 * Refuses a change of the space's parts or sharing after which two definite bookings' events
 * would clash (space-change-clash.ts); a space made shareable, or with no new parts, frees only.
 */
async function refuseClashOfChange(trx: Trx, organizationId: string, space: SpaceTable, before?: SpaceTable) {
  const newParts = (JSON.parse(space.part_ids) as string[]).filter(
    (part) => !(JSON.parse(before?.part_ids ?? '[]') as string[]).includes(part),
  );
  const unshared = before !== undefined && flag(before.shareable) && !Number(space.shareable);
  if (newParts.length === 0 && !unshared) return;
  const clash = await clashOfSpaceChange(trx, organizationId, space.id, await spacesOf(trx, organizationId));
  if (clash)
    throw new SpaceChangeConflictError(
      space.name,
      newParts.length > 0 ? 'parts' : 'sharing',
      clash.holding,
      clash.other,
    );
}

export const updateSpace = updateCommand<'spaces', SpaceInput>({
  action: SPACE_ACTIONS.update,
  definition: spaceDefinition,
  check: (trx, actor, input, current) => judged(trx, actor, input, current),
  async afterWrite({ trx, actor }, current, updated) {
    await writeParts(trx, updated, current.part_ids);
    await refuseClashOfChange(trx, actor.organizationId, updated, current);
  },
});

export const deleteSpace = deleteCommand({
  action: SPACE_ACTIONS.delete,
  definition: spaceDefinition,
  async before({ trx }, current) {
    const held = await countBookingsHolding(trx, current.id);
    if (held > 0) {
      throw new ConflictError(
        `${held} booking${held === 1 ? ' holds' : 's hold'} this space; move ${held === 1 ? 'it' : 'them'} to another space first.`,
        'has_dependents',
      );
    }
    const combined = await combinedSpacesOf(trx, current.id);
    if (combined.length > 0) {
      throw new ConflictError(
        `${current.name} is a part of ${combined.join(', ')}; take it out of ${combined.length === 1 ? 'that space' : 'those spaces'} first.`,
        'has_dependents',
      );
    }
  },
});
