/**
 * Filing and dismissing a message by hand (SPEC §17, `PATCH /v2/messages/{id}`): a member files a
 * message waiting in the Inbox on a booking (or back into the Inbox with null), or dismisses it;
 * If-Match names the version read; `message.updated` tells what changed.
 */
import { recordChange } from '../../changes/record-change.js';
import { NotFoundError, PreconditionFailedError } from '../../errors.js';
import { Refusal } from '../../writes/refusal.js';
import type { Command, Change } from '../../writes/unit-of-work.js';
import { previousAttributes } from '../change-events.js';
import { matches } from '../data/etag.js';
import { nextVersion } from '../records.js';
import { Problems } from '../validation.js';
import { versionTag } from '../version-tag.js';
import { MESSAGE_ACTIONS } from './message.policy.js';
import { messageResource } from './message.resource.js';
import { type Message, messageCodec } from './message.value.js';

export interface MessageInput {
  /** The booking to file it on; null: back to the Inbox. */
  bookingId?: string | null | undefined;
  dismissed?: boolean | undefined;
}

export const updateMessage: Command<Change<MessageInput>, Message | Refusal> = {
  action: MESSAGE_ACTIONS.update,
  lock: 'shared',
  async run({ trx, actor, now }, { id, ifMatch, input }) {
    const row = await trx
      .selectFrom('messages')
      .selectAll()
      .where('organization_id', '=', actor.organizationId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return Refusal.from(new NotFoundError(`No messages resource has the id "${id}".`));
    if (!matches(ifMatch, versionTag('messages', row))) {
      return Refusal.from(
        new PreconditionFailedError(
          'The message has changed since you read it (If-Match does not match its ETag).',
        ),
      );
    }
    const problems = new Problems();
    let bookingId = row.booking_id;
    if (input.bookingId !== undefined) {
      if (input.bookingId === null) bookingId = null;
      else {
        const booking = input.bookingId.includes('\u0000')
          ? undefined
          : await trx
              .selectFrom('bookings')
              .select('id')
              .where('organization_id', '=', actor.organizationId)
              .where('id', '=', input.bookingId)
              .executeTakeFirst();
        if (!booking)
          problems.relationship(
            'booking',
            `No booking of this organization has the id "${input.bookingId}".`,
          );
        bookingId = input.bookingId;
      }
    }
    const refused = problems.refusal();
    if (refused) return refused;
    const current = messageCodec.decode(row);
    const dismissed = input.dismissed ?? current.dismissed;
    if (bookingId === current.bookingId && dismissed === current.dismissed) return current;
    const updated = {
      ...row,
      booking_id: bookingId,
      dismissed: dismissed ? 1 : 0,
      updated_at: nextVersion(row.updated_at, now),
    };
    await trx
      .updateTable('messages')
      .set({ booking_id: bookingId, dismissed: updated.dismissed, updated_at: updated.updated_at })
      .where('id', '=', row.id)
      .execute();
    const message = messageCodec.decode(updated);
    const object = messageResource(message, '');
    await recordChange(trx, {
      organizationId: actor.organizationId,
      type: 'message.updated',
      object,
      previousAttributes: previousAttributes(messageResource(current, ''), object),
      now,
    });
    return message;
  },
};
