/**
 * Writing spaces (SPEC §7, §11), as units of work (src/writes/unit-of-work.ts): the rules of
 * space-rules.ts, over the space's value (space.value.ts). A rename changes the space alone (its
 * bookings' room_names are read from it, space-names.ts) and is told as `space.updated`; new
 * parts of a combined space, or a space no longer shared, that would make two definite bookings'
 * events clash are refused (409 space_conflict naming both); deleting a space that events hold, or
 * that is a part of a combined space, is refused. Every refusal is returned.
 */
import type { Db, Trx } from '../../db/database.js';
import type { Reads } from '../data/reads.js';
import type { Actor } from '../../policy/actor.js';
import { refuse, type Refusal, refusalOf } from '../../writes/refusal.js';
import type { Work } from '../../writes/unit-of-work.js';
import { spacesOf } from '../facts.js';
import { createValueCommand, deleteValueCommand, updateValueCommand } from '../value-commands.js';
import { clashOfSpaceChange, SpaceChangeConflictError } from '../occupancy/index.js';
import { checkSpace, type SpaceFacts, type SpaceInput } from './space-rules.js';
import {
  combinedSpacesOf,
  countBookingsHolding,
  countBookingsOver,
  nameTaken,
  type SpaceLimits,
} from './space.repository.js';
import { SPACE_ACTIONS } from './space.policy.js';
import { spaceDefinition } from './space.resource.js';
import { type Space, spaceCodec } from './space.value.js';

export type { SpaceInput } from './space-rules.js';

async function spaceFacts(
  db: Db | Trx,
  actor: Actor,
  input: SpaceInput,
  current?: Space,
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
function limitsAfter(input: SpaceInput, current: Space): SpaceLimits | undefined {
  const { capacity, capacities } = input;
  if (capacity === undefined && capacities === undefined) return undefined;
  if (capacity !== undefined && capacity !== null && !Number.isInteger(capacity)) return undefined;
  if (capacities !== undefined && !Object.values(capacities).every((n) => Number.isInteger(n)))
    return undefined;
  return {
    capacity: capacity === undefined ? current.capacity : capacity,
    capacities: capacities ?? current.capacities,
  };
}

async function judged(db: Db | Trx, actor: Actor, input: SpaceInput, current?: Space) {
  return checkSpace(input, current, await spaceFacts(db, actor, input, current));
}

/** Every problem of a space input, writing nothing (forms, and the API's one 422 per bad field). */
export async function spaceProblems(reads: Reads, actor: Actor, input: SpaceInput, current?: Space) {
  return (await judged(reads.db, actor, input, current)).problems;
}

const KIND = { definition: spaceDefinition, codec: spaceCodec };

export const createSpace = createValueCommand({
  ...KIND,
  action: SPACE_ACTIONS.create,
  check: (work: Work, input: SpaceInput) => judged(work.trx, work.actor, input),
  async afterWrite({ trx, actor }, created) {
    await writeParts(trx, created);
    return clashOfChange(trx, actor.organizationId, created);
  },
});

/** Makes space_parts say the space's parts (unchanged parts leave it as it is). */
async function writeParts(trx: Trx, space: Space, before: readonly string[] = []) {
  if (space.partIds.join() === before.join()) return;
  await trx.deleteFrom('space_parts').where('space_id', '=', space.id).execute();
  if (space.partIds.length > 0) {
    await trx
      .insertInto('space_parts')
      .values(space.partIds.map((part) => ({ space_id: space.id, part_id: part })))
      .execute();
  }
}

/**
 * The refusal of a change of the space's parts or sharing after which two definite bookings'
 * events would clash (space-change-clash.ts); a space made shareable, or with no new parts, frees only.
 */
async function clashOfChange(
  trx: Trx,
  organizationId: string,
  space: Space,
  before?: Space,
): Promise<Refusal | undefined> {
  const newParts = space.partIds.filter((part) => !(before?.partIds ?? []).includes(part));
  const unshared = before !== undefined && before.shareable && !space.shareable;
  if (newParts.length === 0 && !unshared) return undefined;
  const clash = await clashOfSpaceChange(trx, organizationId, space.id, await spacesOf(trx, organizationId));
  if (!clash) return undefined;
  const change = newParts.length > 0 ? 'parts' : 'sharing';
  return refusalOf(new SpaceChangeConflictError(space.name, change, clash.holding, clash.other));
}

export const updateSpace = updateValueCommand({
  ...KIND,
  action: SPACE_ACTIONS.update,
  check: (work: Work, input: SpaceInput, current: Space) => judged(work.trx, work.actor, input, current),
  async afterWrite({ trx, actor }, current, updated) {
    await writeParts(trx, updated, current.partIds);
    return clashOfChange(trx, actor.organizationId, updated, current);
  },
});

export const deleteSpace = deleteValueCommand({
  ...KIND,
  action: SPACE_ACTIONS.delete,
  async refusal({ trx }, current) {
    const held = await countBookingsHolding(trx, current.id);
    if (held > 0) {
      return refuse({
        status: 409,
        code: 'has_dependents',
        detail: `${held} booking${held === 1 ? ' holds' : 's hold'} this space; move ${held === 1 ? 'it' : 'them'} to another space first.`,
      });
    }
    const combined = await combinedSpacesOf(trx, current.id);
    if (combined.length === 0) return undefined;
    return refuse({
      status: 409,
      code: 'has_dependents',
      detail: `${current.name} is a part of ${combined.join(', ')}; take it out of ${combined.length === 1 ? 'that space' : 'those spaces'} first.`,
    });
  },
});
