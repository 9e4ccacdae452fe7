/**
 * The rules of spaces (SPEC §7): organization admins manage them; a name unique in the
 * organization; a capacity of at least one guest, or none. A renamed space is renamed in its
 * bookings' room_names; a capacity below an open booking's guest count, and deleting a space
 * that bookings hold, are refused.
 */
import type { RequestContext } from '../../app-context.js';
import { isoTime } from '../../clock.js';
import type { Trx } from '../../db/database.js';
import { ConflictError } from '../../errors.js';
import type { Actor } from '../../identity/actor.js';
import { lockBookings } from '../bookings/booking-lock.js';
import { bookingDefinition } from '../bookings/booking.resource.js';
import type { Booking } from '../bookings/booking.table.js';
import { recordCreated, recordDeleted, recordUpdated } from '../change-events.js';
import { changeEach, deleteRecord, recordToChange, updateRecord } from '../records.js';
import { Problems } from '../validation.js';
import {
  countBookingsHolding,
  countBookingsOver,
  insertSpace,
  nameTaken,
  bookingsHolding,
  spaceNames,
} from './space.repository.js';
import { spaceDefinition } from './space.resource.js';
import type { SpaceTable } from './space.table.js';

export interface SpaceInput {
  name?: string | undefined;
  capacity?: number | null | undefined;
}

async function checkedChanges(trx: Trx, actor: Actor, input: SpaceInput, current?: SpaceTable) {
  const problems = new Problems();
  const changes: Partial<Pick<SpaceTable, 'name' | 'capacity'>> = {};
  if (input.name !== undefined || !current) {
    const name = input.name?.trim() ?? '';
    if (name === '') problems.attribute('name', 'A space needs a name.', 'blank');
    else if (await nameTaken(trx, actor.organizationId, name, current?.id)) {
      problems.attribute('name', `Another space is called "${name}" already.`, 'taken');
    }
    changes.name = name;
  }
  if (input.capacity !== undefined) {
    const capacity = input.capacity;
    if (capacity !== null && (!Number.isInteger(capacity) || capacity < 1)) {
      problems.attribute('capacity', 'A capacity is a whole number of guests, at least 1.');
    } else if (capacity !== null && current) {
      const over = await countBookingsOver(trx, current.id, capacity);
      if (over > 0) {
        problems.attribute(
          'capacity',
          `${over} open booking${over === 1 ? ' holds' : 's hold'} this space with more than ${capacity} guests.`,
          'below_bookings',
        );
      }
    }
    changes.capacity = capacity;
  }
  problems.check();
  return changes;
}

export async function createSpace(
  trx: Trx,
  actor: Actor,
  input: SpaceInput,
  now: number,
): Promise<SpaceTable> {
  const changes = await checkedChanges(trx, actor, input);
  const space = await insertSpace(
    trx,
    actor.organizationId,
    { name: changes.name ?? '', capacity: changes.capacity ?? null },
    isoTime(now),
  );
  await recordCreated(trx, spaceDefinition, space, now);
  return space;
}

export async function updateSpace(
  ctx: RequestContext,
  actor: Actor,
  id: string,
  input: SpaceInput,
  ifMatch: string | undefined,
): Promise<SpaceTable> {
  return ctx.db.transaction().execute(async (trx) => {
    // Its bookings' room names and guest counts depend on it: serialized with booking writes.
    await lockBookings(trx, actor.organizationId);
    const current = await recordToChange(
      trx,
      spaceDefinition,
      actor.organizationId,
      id,
      ifMatch,
      ctx.config.baseUrl,
    );
    const changes = await checkedChanges(trx, actor, input, current);
    const updated = await updateRecord(trx, 'spaces', current, changes, ctx.now());
    await recordUpdated(trx, spaceDefinition, current, updated, ctx.now());
    if (updated.name !== current.name) {
      // The bookings holding it show its new name.
      const bookings = await bookingsHolding(trx, current.id);
      const rename = async (booking: Booking) => ({
        room_names: JSON.stringify(await spaceNames(trx, JSON.parse(booking.space_ids) as string[])),
      });
      await changeEach(trx, bookingDefinition, bookings, rename, ctx.now());
    }
    return updated;
  });
}

export async function deleteSpace(
  ctx: RequestContext,
  actor: Actor,
  id: string,
  ifMatch: string | undefined,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockBookings(trx, actor.organizationId);
    const current = await recordToChange(
      trx,
      spaceDefinition,
      actor.organizationId,
      id,
      ifMatch,
      ctx.config.baseUrl,
    );
    const held = await countBookingsHolding(trx, current.id);
    if (held > 0) {
      throw new ConflictError(
        `${held} booking${held === 1 ? ' holds' : 's hold'} this space; move ${held === 1 ? 'it' : 'them'} to another space first.`,
        'has_dependents',
      );
    }
    await deleteRecord(trx, 'spaces', current);
    await recordDeleted(trx, spaceDefinition, current, ctx.now());
  });
}
