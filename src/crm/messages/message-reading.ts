/**
 * A member read a booking's conversation (SPEC §17): its inbound messages are read from then on,
 * so no list marks them unread. Read state is the workspace's, not the API's (`read_at` is no
 * attribute of a message resource), so it tells no change and leaves each message's version as it
 * was; messages read already keep the time they were first read.
 */
import { isoTime } from '../../clock.js';
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
