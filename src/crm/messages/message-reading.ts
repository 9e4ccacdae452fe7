/**
 * A member marked a booking's conversation read (SPEC §17; a post with the form's CSRF token,
 * never a GET another site could make): its inbound messages are read from then on,
 * so no list marks them unread. Read state is the workspace's, not the API's (`read_at` is no
 * attribute of a message resource), so it tells no change and leaves each message's version as it
 * was; messages read already keep the time they were first read.
 */
import { sql } from 'kysely';
import { isoTime } from '../../clock.js';
import { countOf } from '../../db/aggregates.js';
import type { Db } from '../../db/database.js';
import type { Command } from '../../writes/unit-of-work.js';
import { MESSAGE_ACTIONS } from './message.policy.js';

export interface ReadInput {
  bookingId: string;
}

/** How many messages it marked read. */
export const markMessagesRead: Command<ReadInput, number> = {
  action: MESSAGE_ACTIONS.read,
  lock: 'shared',
  async run({ trx, actor, now }, { bookingId }) {
    if (typeof bookingId !== 'string') return 0;
    const marked = await trx
      .updateTable('messages')
      .set({ read_at: isoTime(now) })
      .where('organization_id', '=', actor.organizationId)
      .where('booking_id', '=', bookingId)
      .where('direction', '=', 'in')
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(marked.numUpdatedRows);
  },
};

/**
 * How many inbound messages of a booking nobody has read: by messages_unread_idx, whose
 * condition it states in the same words.
 */
export async function unreadOnBooking(db: Db, organizationId: string, bookingId: string): Promise<number> {
  return countOf(
    db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('booking_id', '=', bookingId)
      .where(sql<boolean>`read_at is null and direction = 'in'`),
  );
}
